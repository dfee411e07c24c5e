package io.astragal.table;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.ObjectMapper;

/**
 * An RFC 6902 JSON Patch that turns one view into the next, both given as the JSON bytes that were
 * (or will be) sent. Objects are diffed key by key, arrays of equal length element by element; an
 * array whose length changed gets the few elements inserted into it or taken from it in one place,
 * or else is replaced whole.
 *
 * <p>No tree is built for either view: each is scanned once into an index of where every value
 * starts and ends, a subtree whose bytes are the same in both is skipped with one comparison, and
 * an operation carries its value's bytes as they are (docs/performance.md, "Tuning steps").
 */
final class JsonDiff {

    private JsonDiff() {
    }

    static Patch diff(ObjectMapper json, byte[] from, byte[] to) {
        List<byte[]> ops = new ArrayList<>();
        diff(json, new Indexes(), new ViewPart.Leaf(from), new ViewPart.Leaf(to), "", ops);
        return new Patch(ops);
    }

    /**
     * The two indexes of a diff, reused from one diff to the next by whoever holds them: a fan-out
     * diffs every member's view in turn, and growing fresh index arrays for each was a fifth of what
     * it allocated.
     */
    static final class Indexes {
        private final Index from = new Index();
        private final Index to = new Index();
    }

    /**
     * Adds to {@code ops} what turns {@code from} into {@code to}, two values found at the JSON pointer
     * {@code at}: each operation as its bytes ({@link Patch#op}).
     */
    static void diff(ObjectMapper json, Indexes indexes, ViewPart.Leaf from, ViewPart.Leaf to, String at, List<byte[]> ops) {
        if (!from.sameBytes(to)) {
            try {
                new Walk(json, indexes.from.of(from), indexes.to.of(to), ops, at, new ArrayList<>()).diff(0, 0);
            } finally {
                indexes.from.release();
                indexes.to.release();
            }
        }
    }

    /**
     * Every value of one document in document order: its kind, the bytes of its key in its parent
     * (without quotes), its own bytes, and where its subtree ends. The document is one a JSON writer
     * produced, so a plain scan of its bytes finds the values; keys stay bytes until an operation names them.
     */
    private static final class Index {

        static final byte OBJECT = 0;
        static final byte ARRAY = 1;
        static final byte SCALAR = 2;

        /** Past this many values an index's arrays are not kept for the next document. */
        private static final int KEPT = 1 << 14;

        byte[] doc;
        /** Where the indexed value ends in {@code doc}: a leaf may be one of many in its buffer. */
        private int limit;
        int size;
        byte[] kinds = new byte[64];
        int[] starts = new int[64];
        int[] ends = new int[64];
        /** The index just past this value's subtree: its next sibling, if it has one. */
        int[] after = new int[64];
        int[] keyStarts = new int[64];
        int[] keyEnds = new int[64];
        private int at;

        /** Indexes the leaf's bytes, reusing this index's arrays. */
        Index of(ViewPart.Leaf leaf) {
            this.doc = leaf.bytes();
            limit = leaf.end();
            size = 0;
            at = leaf.start();
            value(-1, -1);
            return this;
        }

        /** Lets go of the document, and of arrays grown for an unusually large one. */
        void release() {
            doc = null;
            if (kinds.length > KEPT) {
                kinds = new byte[64];
                starts = new int[64];
                ends = new int[64];
                after = new int[64];
                keyStarts = new int[64];
                keyEnds = new int[64];
            }
        }

        private void value(int keyStart, int keyEnd) {
            space();
            int start = at;
            byte first = doc[at];
            if (first == '{' || first == '[') {
                int self = add(first == '{' ? OBJECT : ARRAY, start, keyStart, keyEnd);
                byte close = first == '{' ? (byte) '}' : (byte) ']';
                at++;
                space();
                while (doc[at] != close) {
                    if (first == '{') {
                        int nameStart = at + 1;
                        skipString();
                        int nameEnd = at - 1;
                        space();
                        at++; // the colon
                        value(nameStart, nameEnd);
                    } else {
                        value(-1, -1);
                    }
                    space();
                    if (doc[at] == ',') {
                        at++;
                        space();
                    }
                }
                at++;
                close(self, at);
            } else {
                if (first == '"') {
                    skipString();
                } else {
                    while (at < limit && doc[at] != ',' && doc[at] != '}' && doc[at] != ']' && doc[at] > ' ') {
                        at++;
                    }
                }
                close(add(SCALAR, start, keyStart, keyEnd), at);
            }
        }

        /** From an opening quote to just past its closing one. */
        private void skipString() {
            at++;
            while (doc[at] != '"') {
                at += doc[at] == '\\' ? 2 : 1;
            }
            at++;
        }

        private void space() {
            while (at < limit && (doc[at] == ' ' || doc[at] == '\n' || doc[at] == '\r' || doc[at] == '\t')) {
                at++;
            }
        }

        private int add(byte kind, int start, int keyStart, int keyEnd) {
            if (size == kinds.length) {
                int grown = size * 2;
                kinds = Arrays.copyOf(kinds, grown);
                starts = Arrays.copyOf(starts, grown);
                ends = Arrays.copyOf(ends, grown);
                after = Arrays.copyOf(after, grown);
                keyStarts = Arrays.copyOf(keyStarts, grown);
                keyEnds = Arrays.copyOf(keyEnds, grown);
            }
            kinds[size] = kind;
            starts[size] = start;
            keyStarts[size] = keyStart;
            keyEnds[size] = keyEnd;
            return size++;
        }

        private void close(int value, int end) {
            ends[value] = end;
            after[value] = size;
        }

        boolean sameBytes(int value, Index other, int otherValue) {
            return Arrays.equals(doc, starts[value], ends[value], other.doc, other.starts[otherValue], other.ends[otherValue]);
        }

        boolean sameKey(int value, Index other, int otherValue) {
            return Arrays.equals(doc, keyStarts[value], keyEnds[value], other.doc, other.keyStarts[otherValue], other.keyEnds[otherValue]);
        }

        /** The key as text: as written, unless it holds an escape. */
        String key(ObjectMapper json, int value) {
            for (int i = keyStarts[value]; i < keyEnds[value]; i++) {
                if (doc[i] == '\\') {
                    return json.readTree(doc, keyStarts[value] - 1, keyEnds[value] - keyStarts[value] + 2).asString();
                }
            }
            return new String(doc, keyStarts[value], keyEnds[value] - keyStarts[value], StandardCharsets.UTF_8);
        }

        /** How many values {@code container} holds. */
        int count(int container) {
            int count = 0;
            for (int child = container + 1; child < after[container]; child = after[child]) {
                count++;
            }
            return count;
        }

        /** The values {@code container} holds, in order, from its {@code skip}-th on. */
        int[] children(int container, int skip) {
            int[] children = new int[count(container) - skip];
            int i = 0;
            int n = 0;
            for (int child = container + 1; child < after[container]; child = after[child]) {
                if (n++ >= skip) {
                    children[i++] = child;
                }
            }
            return children;
        }
    }

    private record Walk(ObjectMapper json, Index from, Index to, List<byte[]> ops, String at, List<String> path) {

        /** Past this many elements inserted or taken, an array is replaced whole: one operation, not many. */
        private static final int SPLICED = 4;

        void diff(int a, int b) {
            if (from.sameBytes(a, to, b)) {
                return;
            }
            byte kind = from.kinds[a];
            if (kind == Index.OBJECT && to.kinds[b] == Index.OBJECT) {
                diffObjects(a, b);
            } else if (kind == Index.ARRAY && to.kinds[b] == Index.ARRAY) {
                if (from.count(a) != to.count(b)) {
                    resized(from.children(a, 0), to.children(b, 0), b);
                    return;
                }
                // Element by element, side by side; only an element that changed gets a pointer.
                int i = 0;
                for (int x = a + 1, y = b + 1; x < from.after[a]; x = from.after[x], y = to.after[y], i++) {
                    if (!from.sameBytes(x, to, y)) {
                        path.add(Integer.toString(i));
                        diff(x, y);
                        path.removeLast();
                    }
                }
            } else {
                // Scalars or different kinds; equal scalars have equal bytes, as both come from one writer.
                emit("replace", pointer(), b);
            }
        }

        /**
         * An array whose length changed. Where only a few elements were inserted in one place or
         * taken from one place (a card dealt into a hand, spent from it onto the discard pile), the
         * patch adds or removes just those; otherwise it replaces the array whole.
         */
        private void resized(int[] before, int[] now, int b) {
            int shorter = Math.min(before.length, now.length);
            int head = 0;
            while (head < shorter && from.sameBytes(before[head], to, now[head])) {
                head++;
            }
            int tail = 0;
            while (tail < shorter - head
                    && from.sameBytes(before[before.length - 1 - tail], to, now[now.length - 1 - tail])) {
                tail++;
            }
            int inserted = now.length - head - tail;
            int taken = before.length - head - tail;
            if (taken == 0 && inserted <= SPLICED) {
                for (int i = head; i < head + inserted; i++) {
                    path.add(Integer.toString(i));
                    emit("add", pointer(), now[i]);
                    path.removeLast();
                }
            } else if (inserted == 0 && taken <= SPLICED) {
                path.add(Integer.toString(head));
                String removed = pointer();
                path.removeLast();
                for (int i = 0; i < taken; i++) {
                    ops.add(Patch.op("remove", removed, null, 0, 0));
                }
            } else {
                emit("replace", pointer(), b);
            }
        }

        /**
         * Two objects, key by key. Both were written from the same types, so their keys usually come
         * in the same order: those are walked side by side, and only the rest, if any, matched by key.
         */
        private void diffObjects(int a, int b) {
            int x = a + 1;
            int y = b + 1;
            int same = 0;
            for (; x < from.after[a] && y < to.after[b] && from.sameKey(x, to, y); x = from.after[x], y = to.after[y], same++) {
                if (!from.sameBytes(x, to, y)) {
                    path.add(escape(from.key(json, x)));
                    diff(x, y);
                    path.removeLast();
                }
            }
            if (x == from.after[a] && y == to.after[b]) {
                return;
            }
            int[] before = from.children(a, same);
            int[] now = to.children(b, same);
            Map<String, Integer> nowByKey = new HashMap<>();
            for (int next : now) {
                nowByKey.put(to.key(json, next), next);
            }
            for (int child : before) {
                String key = from.key(json, child);
                Integer next = nowByKey.remove(key);
                path.add(escape(key));
                if (next == null) {
                    ops.add(Patch.op("remove", pointer(), null, 0, 0));
                } else {
                    diff(child, next);
                }
                path.removeLast();
            }
            for (int next : now) {
                String key = to.key(json, next);
                if (nowByKey.containsKey(key)) {
                    path.add(escape(key));
                    emit("add", pointer(), next);
                    path.removeLast();
                }
            }
        }

        private void emit(String op, String at, int value) {
            ops.add(Patch.op(op, at, to.doc, to.starts[value], to.ends[value]));
        }

        private String pointer() {
            if (path.isEmpty()) {
                return at;
            }
            StringBuilder pointer = new StringBuilder(at);
            for (String segment : path) {
                pointer.append('/').append(segment);
            }
            return pointer.toString();
        }
    }

    /** A key as a JSON pointer token (RFC 6901). */
    static String escape(String key) {
        return key.indexOf('~') < 0 && key.indexOf('/') < 0 ? key : key.replace("~", "~0").replace("/", "~1");
    }
}
