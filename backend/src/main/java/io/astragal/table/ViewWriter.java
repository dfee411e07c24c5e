package io.astragal.table;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.DeckView;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.SequenceWriter;

/**
 * Writes members' views as {@link ViewPart}s and works out their patches, for one fan-out (or one
 * snapshot): the views of one table state. A part that several members see alike (a combatant seen
 * from outside, the deck, the member list, the event) is written once and they all get the same
 * {@link ViewPart.Leaf}; a patch from one leaf to another is worked out once. Equal parts are found
 * by the records' value equality: every view here is built from the one state by the same code, so
 * equal records are written alike (their maps list their entries in the same order).
 *
 * <p>Nothing written is kept for the next fan-out but the leaves of the combatant records a referee
 * hands out again for combatants no command changed ({@link #combatants()}, docs/performance.md, step 35):
 * a fan-out writes the view each member saw last again, from what it was built from, and the view now
 * against it, so the parts that did not change are the same parts and the diff passes over them (step 46).
 */
final class ViewWriter {

    static final ViewPart.Keys MEMBER_VIEW = ViewPart.Keys.of("tableId", "rulesetId", "rulesetName", "me", "members",
            "table", "roster", "undo");
    static final ViewPart.Keys SENT_TABLE = ViewPart.Keys.of("model", "combatants", "initiative", "actions", "needs");
    static final ViewPart.Keys DECK = ViewPart.Keys.of("round", "deckCount", "lastDealt", "hands", "discard", "lost", "awaiting");

    private static final byte[] EVENT_SEQ = "{\"kind\":\"event\",\"seq\":".getBytes(StandardCharsets.UTF_8);
    private static final byte[] EVENT_VIEW = ",\"event\":".getBytes(StandardCharsets.UTF_8);
    private static final byte[] EVENT_PATCH = ",\"patch\":".getBytes(StandardCharsets.UTF_8);

    private final ObjectMapper json;
    /** The parts written that others may see alike, by value, and by the records a referee shares ({@code Referee.views}). */
    private final Map<Object, ViewPart.Leaf> shared = new HashMap<>();
    private final Map<Object, ViewPart.Leaf> sharedRecords = new IdentityHashMap<>();
    private final Map<ViewPart.Leaf, Diffed> diffed = new IdentityHashMap<>();

    /**
     * The leaves of the combatant records a referee handed out at the table's fan-out before, by record:
     * a combatant no command changed since is the same record again ({@code Referee.views}), and its leaf
     * is not written again (docs/performance.md, step 35).
     */
    private final Map<Object, ViewPart.Leaf> combatantsBefore;
    /** This fan-out's: the leaf each combatant record stands for. */
    private final Map<Object, ViewPart.Leaf> combatants = new IdentityHashMap<>();
    /** The actions made for the members' views so far, by the option they offer ({@link #sent}). */
    private final Map<ActionOption, SentTable.Action> actionsMade = new IdentityHashMap<>();
    /** The keys of the decks' hands (the participants' ids): one instance for all the members' decks. */
    private ViewPart.Keys handKeys;

    /** The operations that turn leaf {@code from}, found at {@code at}, into the leaf they are worked out for. */
    private record Diffed(ViewPart.Leaf from, String at, List<byte[]> ops) {
    }

    ViewWriter(ObjectMapper json) {
        this(json, Map.of());
    }

    /** For a table's fan-out, with the leaves of the combatant records of the fan-out before ({@link #combatants()}). */
    ViewWriter(ObjectMapper json, Map<Object, ViewPart.Leaf> combatantsBefore) {
        this.json = json;
        this.combatantsBefore = combatantsBefore;
    }

    /** The leaf of each combatant record this writer wrote or was handed. Empty when no view was written. */
    Map<Object, ViewPart.Leaf> combatants() {
        return combatants;
    }

    ViewPart.Fields write(MemberView view) {
        return write(view, null);
    }

    /**
     * A ruleset's view as it is sent ({@link SentTable#of}), for a {@link MemberView} this writer will
     * write: an action offered alike in an earlier member's view is the same record again, and written once.
     */
    Object sent(Object rulesetView) {
        return SentTable.of(rulesetView, actionsMade);
    }

    /**
     * The member's view as parts, against {@code before}, the view they saw last (null for none): a
     * part whose bytes are those of the part in its place there is that part, neither copied out of
     * the writer's buffer nor compared again when diffed. Most parts of a view do not change from one
     * event to the next, and copying each out only to drop it was a sixth of what the server
     * allocated (docs/performance.md, step 39).
     */
    ViewPart.Fields write(MemberView view, ViewPart.Fields before) {
        return new ViewPart.Fields(MEMBER_VIEW, List.of(part(view.tableId(), field(before, MEMBER_VIEW, "tableId")),
                part(view.rulesetId(), field(before, MEMBER_VIEW, "rulesetId")),
                part(view.rulesetName(), field(before, MEMBER_VIEW, "rulesetName")),
                leaf(view.me(), field(before, MEMBER_VIEW, "me")), part(view.members(), field(before, MEMBER_VIEW, "members")),
                table(view.table(), field(before, MEMBER_VIEW, "table")), leaf(view.roster(), field(before, MEMBER_VIEW, "roster")),
                leaf(view.undo(), field(before, MEMBER_VIEW, "undo"))));
    }

    /** The part under {@code key} of {@code fields} if it is an object of those keys, else null. */
    private static ViewPart field(ViewPart fields, ViewPart.Keys keys, String key) {
        return fields instanceof ViewPart.Fields f && f.keys() == keys ? f.get(key) : null;
    }

    /** Element {@code i} of {@code items} if it is an array that long, else null. */
    private static ViewPart item(ViewPart items, int i) {
        return items instanceof ViewPart.Items list && i < list.items().size() ? list.items().get(i) : null;
    }

    private ViewPart table(Object table, ViewPart before) {
        if (!(table instanceof SentTable sent)) {
            return part(table, before);
        }
        ViewPart combatantsBefore = field(before, SENT_TABLE, "combatants");
        List<ViewPart> combatants = new ArrayList<>(sent.combatants().size());
        for (CombatantView combatant : sent.combatants()) {
            combatants.add(combatant(combatant, item(combatantsBefore, combatants.size())));
        }
        // Each action its own leaf: an event changes a few of a member's actions, and the diff compares
        // the rest byte for byte instead of scanning the whole list (docs/performance.md, step 33).
        ViewPart actionsBefore = field(before, SENT_TABLE, "actions");
        List<ViewPart> actions = new ArrayList<>(sent.actions().size());
        for (SentTable.Action action : sent.actions()) {
            actions.add(action(action, item(actionsBefore, actions.size())));
        }
        return new ViewPart.Fields(SENT_TABLE, List.of(part(sent.model(), field(before, SENT_TABLE, "model")),
                new ViewPart.Items(combatants), initiative(sent.initiative(), field(before, SENT_TABLE, "initiative")),
                new ViewPart.Items(actions), part(sent.needs(), field(before, SENT_TABLE, "needs"))));
    }

    /**
     * A card deck as parts: each member sees a deck of their own (their hands' cards), but its
     * discard pile, the count of every hand they may not see and the rest alike. Written whole, each
     * member's deck was written and diffed anew at every event, the discard pile and all (docs/performance.md, step 43).
     */
    private ViewPart initiative(Object initiative, ViewPart before) {
        if (!(initiative instanceof DeckView deck)) {
            return part(initiative, before);
        }
        if (handKeys == null || !inOrder(handKeys.names(), deck.hands().keySet())) {
            handKeys = ViewPart.Keys.ofData(deck.hands().keySet());
        }
        ViewPart handsBefore = field(before, DECK, "hands");
        List<ViewPart> handsKept = handsBefore instanceof ViewPart.Fields f && f.keys().lineUpWith(handKeys) ? f.values() : null;
        List<ViewPart> hands = new ArrayList<>(deck.hands().size());
        for (DeckView.Hand hand : deck.hands().values()) {
            hands.add(part(hand, handsKept == null ? null : handsKept.get(hands.size())));
        }
        return new ViewPart.Fields(DECK, List.of(part(deck.round(), field(before, DECK, "round")),
                part(deck.deckCount(), field(before, DECK, "deckCount")), part(deck.lastDealt(), field(before, DECK, "lastDealt")),
                new ViewPart.Fields(handKeys, hands), part(deck.discard(), field(before, DECK, "discard")),
                part(deck.lost(), field(before, DECK, "lost")), part(deck.awaiting(), field(before, DECK, "awaiting"))));
    }

    private static boolean inOrder(List<String> names, Collection<String> keys) {
        if (names.size() != keys.size()) {
            return false;
        }
        int i = 0;
        for (String key : keys) {
            if (!key.equals(names.get(i++))) {
                return false;
            }
        }
        return true;
    }

    private ViewPart.Leaf combatant(CombatantView view, ViewPart before) {
        ViewPart.Leaf leaf = combatants.get(view);
        if (leaf == null) {
            leaf = combatantsBefore.get(view);
            if (leaf == null) {
                leaf = part(view, before);
            }
            combatants.put(view, leaf);
        }
        return leaf;
    }

    /**
     * An action: the same record in several members' views ({@link #sent}) is written once and its
     * leaf shared. Found by identity alone: hashing every action to find its equal in another
     * member's view would walk each one as writing it does.
     */
    private ViewPart.Leaf action(SentTable.Action action, ViewPart before) {
        ViewPart.Leaf leaf = sharedRecords.get(action);
        if (leaf == null) {
            leaf = write(action, before);
            sharedRecords.put(action, leaf);
        }
        return leaf;
    }

    /** A part only this member sees: written for them alone. */
    ViewPart.Leaf leaf(Object value) {
        return leaf(value, null);
    }

    /** A part only this member sees, {@code before} if it is a leaf of the same bytes ({@link #write(MemberView, ViewPart.Fields)}). */
    ViewPart.Leaf leaf(Object value, ViewPart before) {
        return write(value, before);
    }

    private ViewPart.Leaf write(Object value, ViewPart before) {
        LeafWriter writer = LEAF_WRITERS.get();
        if (writer == null || writer.json != json) {
            writer = new LeafWriter(json);
            LEAF_WRITERS.set(writer);
        }
        try {
            byte[] same = before instanceof ViewPart.Leaf leaf ? leaf.json() : null;
            byte[] written = writer.write(value, same);
            return written == same ? (ViewPart.Leaf) before : new ViewPart.Leaf(written);
        } catch (RuntimeException e) {
            // The generator may be left inside the value it failed on: the next leaf gets a new one.
            LEAF_WRITERS.remove();
            throw e;
        }
    }

    /**
     * Each thread's writer of leaves: one generator and one serialization context that write every
     * leaf in turn into a buffer, from which the leaf's bytes are copied. A fan-out writes about fifty
     * leaves, and {@code writeValueAsBytes} made a generator, its contexts and a serialization context
     * for each, about a tenth of what the server allocated (docs/performance.md, step 32).
     */
    private static final ThreadLocal<LeafWriter> LEAF_WRITERS = new ThreadLocal<>();

    private static final class LeafWriter {
        private final ObjectMapper json;
        private final Buffer buffer = new Buffer();
        private final SequenceWriter values;

        LeafWriter(ObjectMapper json) {
            this.json = json;
            // No separator between root values: each leaf is cut out of the buffer alone.
            this.values = json.writer().withRootValueSeparator((String) null).writeValues(buffer);
        }

        /** The value's bytes: {@code same} itself if they are those, else a copy of what was written. */
        byte[] write(Object value, byte[] same) {
            buffer.reset();
            values.write(value).flush();
            return same != null && buffer.holds(same) ? same : buffer.toByteArray();
        }
    }

    private static final class Buffer extends ByteArrayOutputStream {
        Buffer() {
            super(4096);
        }

        boolean holds(byte[] bytes) {
            return Arrays.equals(buf, 0, count, bytes, 0, bytes.length);
        }
    }

    /** A part others may see alike: written once per distinct value. */
    ViewPart.Leaf part(Object value) {
        return part(value, null);
    }

    /** A part others may see alike; when first written, {@code before} if it is a leaf of the same bytes. */
    private ViewPart.Leaf part(Object value, ViewPart before) {
        ViewPart.Leaf leaf = sharedRecords.get(value);
        if (leaf == null) {
            // Hashing a record walks all of it: a record the referee handed out before is found by identity.
            leaf = shared.get(value);
            if (leaf == null) {
                leaf = write(value, before);
                shared.put(value, leaf);
            }
            sharedRecords.put(value, leaf);
        }
        return leaf;
    }

    /**
     * A {@link TableMessage.Event} as the bytes Jackson writes for it, around an event view written
     * once per fan-out for everyone who sees it alike ({@link #part}).
     */
    byte[] event(long seq, ViewPart.Leaf event, Patch patch) {
        byte[] number = Long.toString(seq).getBytes(StandardCharsets.US_ASCII);
        byte[] message = new byte[EVENT_SEQ.length + number.length + EVENT_VIEW.length + event.json().length
                + EVENT_PATCH.length + patch.length() + 1];
        int at = put(message, 0, EVENT_SEQ);
        at = put(message, at, number);
        at = put(message, at, EVENT_VIEW);
        at = put(message, at, event.json());
        at = put(message, at, EVENT_PATCH);
        at = patch.writeTo(message, at);
        message[at] = '}';
        return message;
    }

    private static int put(byte[] into, int at, byte[] bytes) {
        System.arraycopy(bytes, 0, into, at, bytes.length);
        return at + bytes.length;
    }

    /** The RFC 6902 patch from one view to the next. */
    Patch diff(ViewPart from, ViewPart to) {
        List<byte[]> ops = new ArrayList<>();
        diff(from, to, "", ops);
        return new Patch(ops);
    }

    private void diff(ViewPart from, ViewPart to, String at, List<byte[]> ops) {
        if (from == to) {
            return;
        }
        if (from instanceof ViewPart.Leaf a && to instanceof ViewPart.Leaf b) {
            if (Arrays.equals(a.json(), b.json())) {
                return;
            }
            Diffed known = diffed.get(b);
            if (known == null || known.from != a || !known.at.equals(at)) {
                List<byte[]> made = new ArrayList<>();
                JsonDiff.diff(json, a.json(), b.json(), at, made);
                known = new Diffed(a, at, made);
                diffed.put(b, known);
            }
            ops.addAll(known.ops);
        } else if (from instanceof ViewPart.Fields a && to instanceof ViewPart.Fields b && a.keys().lineUpWith(b.keys())) {
            diff(a.values(), b.values(), i -> at + "/" + JsonDiff.escape(b.keys().names().get(i)), ops);
        } else if (from instanceof ViewPart.Items a && to instanceof ViewPart.Items b && a.items().size() == b.items().size()) {
            diff(a.items(), b.items(), i -> at + "/" + i, ops);
        } else {
            // Another shape (an array of another length): replaced whole, as JsonDiff does.
            byte[] whole = to.json();
            ops.add(Patch.op("replace", at, whole, 0, whole.length));
        }
    }

    /**
     * Diffs two lists of parts pairwise. A pair of leaves with the same bytes (most of a member's
     * actions) is settled before its pointer is made.
     */
    private void diff(List<ViewPart> from, List<ViewPart> to, IntFunction<String> at, List<byte[]> ops) {
        for (int i = 0; i < to.size(); i++) {
            ViewPart before = from.get(i);
            ViewPart now = to.get(i);
            if (before != now && !(before instanceof ViewPart.Leaf a && now instanceof ViewPart.Leaf b
                    && Arrays.equals(a.json(), b.json()))) {
                diff(before, now, at.apply(i), ops);
            }
        }
    }
}
