package io.astragal.table;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.DeckView;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import java.util.function.IntFunction;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.SequenceWriter;

/**
 * Writes members' views as {@link ViewPart}s and works out their patches, for one fan-out (or one
 * snapshot): the views of one table state. A part that several members see alike (a combatant seen
 * from outside, the deck, the member list, the event) is one {@link ViewPart.Leaf} for them all,
 * written at most once; a patch from one leaf to another is worked out once. Equal parts are found
 * by the records' value equality: every view here is built from the one state by the same code, so
 * equal records are written alike (their maps list their entries in the same order).
 *
 * <p>Nothing is kept for the next fan-out: a fan-out builds the view each member saw last again, from
 * what it was built from (docs/performance.md, step 46), and the view now against it. A part whose
 * value is the one in its place before is that same leaf, so the diff passes over it and neither is
 * ever written; only the parts that changed are written, both ways, to be diffed (step 50).
 *
 * <p>The leaves are written one after another into one buffer ({@link Scratch}), not each copied out
 * of it, as none outlives the fan-out; a writer that is closed hands its buffer to the next (step 49),
 * and its leaves are not to be read after that.
 */
final class ViewWriter implements AutoCloseable {

    static final ViewPart.Keys MEMBER_VIEW = ViewPart.Keys.of("tableId", "rulesetId", "rulesetName", "me", "members",
            "table", "roster", "undo");
    static final ViewPart.Keys SENT_TABLE = ViewPart.Keys.of("model", "combatants", "initiative", "actions", "needs");
    static final ViewPart.Keys DECK = ViewPart.Keys.of("round", "deckCount", "lastDealt", "hands", "discard", "lost", "awaiting");

    private static final byte[] EVENT_SEQ = "{\"kind\":\"event\",\"seq\":".getBytes(StandardCharsets.UTF_8);
    private static final byte[] EVENT_VIEW = ",\"event\":".getBytes(StandardCharsets.UTF_8);
    private static final byte[] EVENT_PATCH = ",\"patch\":".getBytes(StandardCharsets.UTF_8);

    private final ObjectMapper json;
    private Scratch scratch;
    /** What each of this writer's leaves is written by, when its bytes are first read. */
    private final Function<Object, ViewPart.Leaf> writeLeaf = this::write;
    /** The list of members the views were last made for, and it as they list it ({@link #listed}). */
    private List<Member> membersListed;
    private List<MemberView.Me> listed;
    /** The keys of the decks' hands (the participants' ids): one instance for all the members' decks. */
    private ViewPart.Keys handKeys;

    /** The operations that turn leaf {@code from}, found at {@code at}, into the leaf they are worked out for. */
    private record Diffed(ViewPart.Leaf from, String at, List<byte[]> ops) {
    }

    ViewWriter(ObjectMapper json) {
        this.json = json;
        this.scratch = Scratch.take(json);
    }

    /** Hands this writer's buffer to the next writer: the leaves it wrote are not to be read after this. */
    @Override
    public void close() {
        Scratch done = scratch;
        scratch = null;
        if (done != null) {
            done.give();
        }
    }

    ViewPart.Fields write(MemberView view) {
        return write(view, null);
    }

    /**
     * A ruleset's view as it is sent ({@link SentTable#of}), for a {@link MemberView} this writer will
     * write: an action offered alike in an earlier member's view is the same record again, and written once.
     */
    Object sent(Object rulesetView) {
        return SentTable.of(rulesetView, scratch.actionsMade);
    }

    /**
     * The members as a {@link MemberView} lists them: made once for all the views of one list of
     * members, and so one value, which the views' diffs find unchanged by identity.
     */
    List<MemberView.Me> listed(List<Member> members) {
        if (members != membersListed) {
            listed = members.stream().map(m -> new MemberView.Me(m.userId(), m.displayName(), m.role())).toList();
            membersListed = members;
        }
        return listed;
    }

    /**
     * The member's view as parts, against {@code before}, the view they saw last (null for none): a
     * part whose value is that of the part in its place there is that part, not written and not
     * compared again when diffed. Most parts of a view do not change from one event to the next
     * (docs/performance.md, steps 39 and 50).
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
            combatants.add(part(combatant, item(combatantsBefore, combatants.size())));
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

    /**
     * An action: the same record in several members' views ({@link #sent}) is written once and its
     * leaf shared. Found by identity alone: hashing every action to find its equal in another
     * member's view would walk each one as writing it does.
     */
    private ViewPart.Leaf action(SentTable.Action action, ViewPart before) {
        ViewPart.Leaf unchanged = unchanged(before, action);
        return unchanged != null ? unchanged : scratch.sharedRecords.computeIfAbsent(action, this::unwritten);
    }

    /** {@code before} if it is the leaf of {@code value} (the part in its place in the view before), else null. */
    private static ViewPart.Leaf unchanged(ViewPart before, Object value) {
        return before instanceof ViewPart.Leaf leaf && leaf.isOf(value) ? leaf : null;
    }

    /** A part only this member sees: written for them alone. */
    ViewPart.Leaf leaf(Object value) {
        return leaf(value, null);
    }

    /** A part only this member sees, {@code before} if it is the leaf of the same value ({@link #write(MemberView, ViewPart.Fields)}). */
    ViewPart.Leaf leaf(Object value, ViewPart before) {
        ViewPart.Leaf unchanged = unchanged(before, value);
        return unchanged != null ? unchanged : unwritten(value);
    }

    /** The value's leaf, to be written when its bytes are first read. */
    private ViewPart.Leaf unwritten(Object value) {
        return new ViewPart.Leaf(value, writeLeaf);
    }

    private ViewPart.Leaf write(Object value) {
        if (scratch == null) {
            throw new IllegalStateException("A leaf of a closed ViewWriter was read");
        }
        try {
            return scratch.write(value);
        } catch (RuntimeException e) {
            // The generator may be left inside the value it failed on: the next leaf gets new ones. The
            // buffer is not handed on, as the leaves written into it so far may still be read.
            scratch = new Scratch(json);
            throw e;
        }
    }

    /**
     * What a writer writes with: one generator and one serialization context that write every leaf in
     * turn into one buffer, and the indexes of its diffs. {@code writeValueAsBytes} made a generator,
     * its contexts and a serialization context for each of a fan-out's fifty-odd leaves (step 32), and
     * copying each leaf out of the buffer, most of them only to be compared and dropped, was a third of
     * what a fan-out allocated (step 49). So are the writer's maps, cleared for the next writer: made
     * anew for each fan-out, each grew by doubling to its size, 3 % of all the server allocated (step 71).
     * A fan-out runs on a virtual thread of its own, so these are handed from one writer to the next
     * ({@link #take}) rather than kept per thread.
     */
    private static final class Scratch {

        /** Past this size a buffer is not kept for the next writer. */
        private static final int KEPT = 1 << 20;
        /** The scratches no writer holds; a few suffice, as only so many fan-outs run at once. */
        private static final AtomicReferenceArray<Scratch> SPARE = new AtomicReferenceArray<>(8);

        /** More entries than a fan-out's maps hold: a scratch whose maps grew past this is not kept, nor their tables. */
        private static final int KEPT_ENTRIES = 4096;

        private final ObjectMapper json;
        private final Buffer buffer = new Buffer();
        /** The parts written that others may see alike, by value, and by the records a referee shares ({@code Referee.views}). */
        private final Map<Object, ViewPart.Leaf> shared = new HashMap<>();
        private final Map<Object, ViewPart.Leaf> sharedRecords = new IdentityHashMap<>();
        private final Map<ViewPart.Leaf, Diffed> diffed = new IdentityHashMap<>();
        /** The actions made for the members' views so far, by the option they offer ({@link ViewWriter#sent}). */
        private final Map<ActionOption, SentTable.Action> actionsMade = new IdentityHashMap<>();
        private final SequenceWriter values;
        private final JsonDiff.Indexes indexes = new JsonDiff.Indexes();

        Scratch(ObjectMapper json) {
            this.json = json;
            // No separator between root values: each leaf is cut out of the buffer alone.
            this.values = json.writer().withRootValueSeparator((String) null).writeValues(buffer);
        }

        static Scratch take(ObjectMapper json) {
            for (int i = 0; i < SPARE.length(); i++) {
                Scratch spare = SPARE.get(i) == null ? null : SPARE.getAndSet(i, null);
                if (spare != null && spare.json == json) {
                    return spare;
                }
            }
            return new Scratch(json);
        }

        void give() {
            if (buffer.capacity() > KEPT
                    || shared.size() + sharedRecords.size() + diffed.size() + actionsMade.size() > KEPT_ENTRIES) {
                return;
            }
            buffer.reset();
            shared.clear();
            sharedRecords.clear();
            diffed.clear();
            actionsMade.clear();
            for (int i = 0; i < SPARE.length(); i++) {
                if (SPARE.get(i) == null && SPARE.compareAndSet(i, null, this)) {
                    return;
                }
            }
        }

        /** The value's bytes, where they were written in the buffer. */
        ViewPart.Leaf write(Object value) {
            int start = buffer.size();
            values.write(value).flush();
            return new ViewPart.Leaf(buffer.array(), start, buffer.size());
        }
    }

    /** A buffer whose written bytes are read in place: a grown buffer leaves the bytes before in the array they were written to. */
    private static final class Buffer extends ByteArrayOutputStream {
        Buffer() {
            super(1 << 15);
        }

        int capacity() {
            return buf.length;
        }

        byte[] array() {
            return buf;
        }
    }

    /** A part others may see alike: written once per distinct value. */
    ViewPart.Leaf part(Object value) {
        return part(value, null);
    }

    /** A part others may see alike: {@code before} if it is the leaf of the same value. */
    private ViewPart.Leaf part(Object value, ViewPart before) {
        ViewPart.Leaf unchanged = unchanged(before, value);
        if (unchanged != null) {
            return unchanged;
        }
        ViewPart.Leaf leaf = scratch.sharedRecords.get(value);
        if (leaf == null) {
            // Hashing a record walks all of it: a record the referee handed out before is found by identity.
            leaf = scratch.shared.get(value);
            if (leaf == null) {
                leaf = unwritten(value);
                scratch.shared.put(value, leaf);
            }
            scratch.sharedRecords.put(value, leaf);
        }
        return leaf;
    }

    /**
     * A {@link TableMessage.Event} as the bytes Jackson writes for it, around an event view written
     * once per fan-out for everyone who sees it alike ({@link #part}).
     */
    byte[] event(long seq, ViewPart.Leaf event, Patch patch) {
        byte[] number = Long.toString(seq).getBytes(StandardCharsets.US_ASCII);
        byte[] message = new byte[EVENT_SEQ.length + number.length + EVENT_VIEW.length + event.length()
                + EVENT_PATCH.length + patch.length() + 1];
        int at = put(message, 0, EVENT_SEQ);
        at = put(message, at, number);
        at = put(message, at, EVENT_VIEW);
        System.arraycopy(event.bytes(), event.start(), message, at, event.length());
        at += event.length();
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
            if (a.sameBytes(b)) {
                return;
            }
            Diffed known = scratch.diffed.get(b);
            if (known == null || known.from != a || !known.at.equals(at)) {
                List<byte[]> made = new ArrayList<>();
                JsonDiff.diff(json, scratch.indexes, a, b, at, made);
                known = new Diffed(a, at, made);
                scratch.diffed.put(b, known);
            }
            ops.addAll(known.ops);
        } else if (from instanceof ViewPart.Fields a && to instanceof ViewPart.Fields b && a.keys().lineUpWith(b.keys())) {
            diff(a.values(), b.values(), i -> at + "/" + JsonDiff.escape(b.keys().names().get(i)), ops);
        } else if (from instanceof ViewPart.Items a && to instanceof ViewPart.Items b && a.items().size() == b.items().size()) {
            diff(a.items(), b.items(), i -> at + "/" + i, ops);
        } else {
            // Another shape (an array of another length): replaced whole, as JsonDiff does.
            ops.add(Patch.replacing(at, to));
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
            if (before != now && !(before instanceof ViewPart.Leaf a && now instanceof ViewPart.Leaf b && a.sameBytes(b))) {
                diff(before, now, at.apply(i), ops);
            }
        }
    }
}
