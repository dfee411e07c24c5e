package io.astragal.table;

import io.astragal.rules.CombatantView;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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
 * <p>Little is kept for the next fan-out: parts kept from one event to the next outlive the young
 * generation, and a table's view records kept per table filled a 512 MiB heap at 1,000 tables
 * (docs/performance.md, step 19). Only the leaves of the combatant records a referee hands out
 * again for combatants no command changed are ({@link #combatants()}, step 35).
 */
final class ViewWriter {

    static final ViewPart.Keys MEMBER_VIEW = ViewPart.Keys.of("tableId", "rulesetId", "rulesetName", "me", "members",
            "table", "roster", "undo");
    static final ViewPart.Keys SENT_TABLE = ViewPart.Keys.of("model", "combatants", "initiative", "actions", "needs");

    private static final byte[] EVENT_SEQ = "{\"kind\":\"event\",\"seq\":".getBytes(StandardCharsets.UTF_8);
    private static final byte[] EVENT_VIEW = ",\"event\":".getBytes(StandardCharsets.UTF_8);
    private static final byte[] EVENT_PATCH = ",\"patch\":".getBytes(StandardCharsets.UTF_8);

    private final ObjectMapper json;
    /** The parts written that others may see alike, by value, and by the records a referee shares ({@code Referee.views}). */
    private final Map<Object, ViewPart.Leaf> shared = new HashMap<>();
    private final Map<Object, ViewPart.Leaf> sharedRecords = new IdentityHashMap<>();
    private final Map<ViewPart.Leaf, Diffed> diffed = new IdentityHashMap<>();
    /** For a part just written whose bytes did not change, the part kept before in its place ({@link #diff}). */
    private final Map<ViewPart.Leaf, ViewPart.Leaf> keptFor = new IdentityHashMap<>();

    /**
     * The leaves of the combatant records a referee handed out at the table's fan-out before, by record:
     * a combatant no command changed since is the same record again ({@code Referee.views}), and its leaf
     * is not written again (docs/performance.md, step 35).
     */
    private final Map<Object, ViewPart.Leaf> combatantsBefore;
    /** This fan-out's: the leaf each combatant record stands for. */
    private final Map<Object, ViewPart.Leaf> combatants = new IdentityHashMap<>();

    /** The operations that turn leaf {@code from}, found at {@code at}, into the leaf this is kept for. */
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

    /**
     * The leaf of each combatant record this writer wrote or was handed, as kept: where a member's
     * earlier part with the same bytes stayed in place of the one just written ({@link #diff}), that
     * earlier part, so a table keeps one copy of each. Empty when no view was written.
     */
    Map<Object, ViewPart.Leaf> combatants() {
        combatants.replaceAll((record, leaf) -> keptFor.getOrDefault(leaf, leaf));
        return combatants;
    }

    ViewPart.Fields write(MemberView view) {
        return new ViewPart.Fields(MEMBER_VIEW, List.of(part(view.tableId()), part(view.rulesetId()),
                part(view.rulesetName()), leaf(view.me()), part(view.members()), table(view.table()),
                leaf(view.roster()), leaf(view.undo())));
    }

    private ViewPart table(Object table) {
        if (!(table instanceof SentTable sent)) {
            return part(table);
        }
        List<ViewPart> combatants = new ArrayList<>(sent.combatants().size());
        for (CombatantView combatant : sent.combatants()) {
            combatants.add(combatant(combatant));
        }
        // Each action its own leaf: an event changes a few of a member's actions, and the diff compares
        // the rest byte for byte instead of scanning the whole list (docs/performance.md, step 33).
        List<ViewPart> actions = new ArrayList<>(sent.actions().size());
        for (SentTable.Action action : sent.actions()) {
            actions.add(leaf(action));
        }
        return new ViewPart.Fields(SENT_TABLE, List.of(part(sent.model()), new ViewPart.Items(combatants),
                part(sent.initiative()), new ViewPart.Items(actions), part(sent.needs())));
    }

    private ViewPart.Leaf combatant(CombatantView view) {
        ViewPart.Leaf leaf = combatants.get(view);
        if (leaf == null) {
            leaf = combatantsBefore.get(view);
            if (leaf == null) {
                leaf = part(view);
            }
            combatants.put(view, leaf);
        }
        return leaf;
    }

    /** A part only this member sees: written for them alone. */
    ViewPart.Leaf leaf(Object value) {
        return write(value, false);
    }

    private ViewPart.Leaf write(Object value, boolean shared) {
        LeafWriter writer = LEAF_WRITERS.get();
        if (writer == null || writer.json != json) {
            writer = new LeafWriter(json);
            LEAF_WRITERS.set(writer);
        }
        try {
            return new ViewPart.Leaf(writer.write(value), shared);
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
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(4096);
        private final SequenceWriter values;

        LeafWriter(ObjectMapper json) {
            this.json = json;
            // No separator between root values: each leaf is cut out of the buffer alone.
            this.values = json.writer().withRootValueSeparator((String) null).writeValues(buffer);
        }

        byte[] write(Object value) {
            buffer.reset();
            values.write(value).flush();
            return buffer.toByteArray();
        }
    }

    /** A part others may see alike: written once per distinct value. */
    ViewPart.Leaf part(Object value) {
        ViewPart.Leaf leaf = sharedRecords.get(value);
        if (leaf == null) {
            // Hashing a record walks all of it: a record the referee handed out before is found by identity.
            leaf = shared.get(value);
            if (leaf == null) {
                leaf = write(value, true);
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

    /**
     * The patch from one view to the next, and the next view as it is kept: where a part's bytes did
     * not change, the part kept before stays and the one just written is let go.
     */
    record Diff(Patch patch, ViewPart kept) {
    }

    /**
     * The RFC 6902 patch from one view to the next. Keeping the earlier parts where nothing changed
     * leaves only the changed ones to outlive the young generation: a member's view lives from one
     * event of its table to the next, seconds at a busy server, and every part replaced after that
     * long is garbage in the old generation (docs/performance.md, step 24).
     */
    Diff diff(ViewPart from, ViewPart to) {
        List<byte[]> ops = new ArrayList<>();
        ViewPart kept = diff(from, to, "", ops);
        return new Diff(new Patch(ops), kept);
    }

    private ViewPart diff(ViewPart from, ViewPart to, String at, List<byte[]> ops) {
        if (from == to) {
            return from;
        }
        if (from instanceof ViewPart.Leaf a && to instanceof ViewPart.Leaf b) {
            if (Arrays.equals(a.json(), b.json())) {
                return unchanged(a, b);
            }
            Diffed known = diffed.get(b);
            if (known == null || known.from != a || !known.at.equals(at)) {
                List<byte[]> made = new ArrayList<>();
                JsonDiff.diff(json, a.json(), b.json(), at, made);
                known = new Diffed(a, at, made);
                diffed.put(b, known);
            }
            ops.addAll(known.ops);
            return b;
        } else if (from instanceof ViewPart.Fields a && to instanceof ViewPart.Fields b && a.keys() == b.keys()) {
            List<ViewPart> kept = diff(a.values(), b.values(), i -> at + "/" + b.keys().names().get(i), ops);
            return kept == null ? a : new ViewPart.Fields(b.keys(), kept);
        } else if (from instanceof ViewPart.Items a && to instanceof ViewPart.Items b && a.items().size() == b.items().size()) {
            List<ViewPart> kept = diff(a.items(), b.items(), i -> at + "/" + i, ops);
            return kept == null ? a : new ViewPart.Items(kept);
        } else {
            // Another shape (an array of another length): replaced whole, as JsonDiff does.
            byte[] whole = to.json();
            ops.add(Patch.op("replace", at, whole, 0, whole.length));
            return to;
        }
    }

    /**
     * Diffs two lists of parts pairwise: the parts as kept, or null when all of {@code from}'s are. A
     * pair of leaves with the same bytes (most of a member's actions) is settled before its pointer is made.
     */
    private List<ViewPart> diff(List<ViewPart> from, List<ViewPart> to, IntFunction<String> at, List<byte[]> ops) {
        List<ViewPart> kept = new ArrayList<>(to.size());
        boolean changed = false;
        for (int i = 0; i < to.size(); i++) {
            ViewPart before = from.get(i);
            ViewPart now = to.get(i);
            ViewPart part;
            if (before == now) {
                part = before;
            } else if (before instanceof ViewPart.Leaf a && now instanceof ViewPart.Leaf b && Arrays.equals(a.json(), b.json())) {
                part = unchanged(a, b);
            } else {
                part = diff(before, now, at.apply(i), ops);
            }
            changed |= part != before;
            kept.add(part);
        }
        return changed ? kept : null;
    }

    /**
     * The part kept for leaf {@code now}, whose bytes are those of {@code before}. For a shared leaf the
     * first member's earlier part stands for it for everyone, so members whose views were written apart
     * (each joined with a snapshot of their own) come to share it; a member's own leaf has no one to share with.
     */
    private ViewPart.Leaf unchanged(ViewPart.Leaf before, ViewPart.Leaf now) {
        if (!now.shared()) {
            return before;
        }
        ViewPart.Leaf first = keptFor.putIfAbsent(now, before);
        return first == null ? before : first;
    }
}
