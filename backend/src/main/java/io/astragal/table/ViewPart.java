package io.astragal.table;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import tools.jackson.core.io.JsonStringEncoder;

/**
 * A member's view as a fan-out writes it: the JSON bytes of its parts (the view's fields, the
 * table's fields, the deck's, each combatant, each action) rather than of the whole. Players' views
 * repeat most of the table (every combatant seen from outside, the discard pile): a fan-out writes
 * each such part once and hands the same {@link Leaf} to every member who sees it alike, and a patch
 * between two leaves is worked out once for all of them ({@link ViewWriter}). Written out in order,
 * the parts are the bytes Jackson writes for the whole {@link MemberView}.
 */
sealed interface ViewPart {

    /**
     * A value and its JSON bytes, written when first read: a fan-out builds the view each member saw
     * last and the view now, and a part whose value is the one the view before showed is that part
     * again, so neither is written (docs/performance.md, step 50). A leaf's bytes are written into
     * its writer's buffer, one leaf after another, and read there ({@link ViewWriter}, step 49).
     */
    final class Leaf implements ViewPart {

        /** The value of a leaf made of bytes alone: none that a view holds. */
        private static final Object BYTES_ALONE = new Object();

        private final Object value;
        /** Writes the value; null once the bytes are here. */
        private Function<Object, Leaf> writer;
        private byte[] bytes;
        private int start;
        private int end;
        /** Whether {@code bytes} is this leaf's own array, not a buffer that other leaves share and that is reused. */
        private boolean own;

        /** The value, to be written by {@code writer} when its bytes are first read. */
        Leaf(Object value, Function<Object, Leaf> writer) {
            this.value = value;
            this.writer = writer;
        }

        /** The bytes {@code json} from {@code start} to {@code end}. */
        Leaf(byte[] json, int start, int end) {
            this.value = BYTES_ALONE;
            this.bytes = json;
            this.start = start;
            this.end = end;
        }

        /** The whole of {@code json}, an array of this leaf's own. */
        Leaf(byte[] json) {
            this(json, 0, json.length);
            own = true;
        }

        /**
         * Whether this is the leaf of {@code other}: the same record, or an equal one. Equal records
         * are written alike (a view's maps list their entries in one order), so their leaves need
         * not be written to tell.
         */
        boolean isOf(Object other) {
            return value == other || value != null && value != BYTES_ALONE && value.equals(other);
        }

        /** Whether the bytes have been written: not for a part that was the same as in the view before. */
        boolean written() {
            return writer == null;
        }

        private void write() {
            if (writer != null) {
                Leaf written = writer.apply(value);
                bytes = written.bytes;
                start = written.start;
                end = written.end;
                writer = null;
            }
        }

        byte[] bytes() {
            write();
            return bytes;
        }

        int start() {
            write();
            return start;
        }

        int end() {
            write();
            return end;
        }

        int length() {
            write();
            return end - start;
        }

        /** Whether the two leaves' bytes are the same; known without writing them when their values are equal. */
        boolean sameBytes(Leaf other) {
            if (this == other || other.value != BYTES_ALONE && isOf(other.value)) {
                return true;
            }
            write();
            other.write();
            return Arrays.equals(bytes, start, end, other.bytes, other.start, other.end);
        }

        /** The bytes as an array of their own, never the buffer they were written into. */
        @Override
        public byte[] json() {
            write();
            return own ? bytes : Arrays.copyOfRange(bytes, start, end);
        }

        @Override
        public String toString() {
            return writer != null ? "Leaf(" + value + ")" : new String(bytes, start, end - start, StandardCharsets.UTF_8);
        }
    }

    /** An object whose values are parts, under {@code keys}. */
    record Fields(Keys keys, List<ViewPart> values) implements ViewPart {

        /** These fields with the one under {@code key} replaced. */
        Fields with(String key, ViewPart value) {
            List<ViewPart> changed = new ArrayList<>(values);
            changed.set(keys.names().indexOf(key), value);
            return new Fields(keys, changed);
        }

        ViewPart get(String key) {
            return values.get(keys.names().indexOf(key));
        }
    }

    /** An array whose elements are parts. */
    record Items(List<ViewPart> items) implements ViewPart {
    }

    /**
     * The keys of a {@link Fields}, in the order a record's components are written, each also as
     * its written {@code "key":} bytes. One instance per record type, so two views' fields line up
     * when their keys are the same object.
     */
    record Keys(List<String> names, List<byte[]> written) {

        static Keys of(String... names) {
            return new Keys(List.of(names),
                    List.of(names).stream().map(n -> ("\"" + n + "\":").getBytes(StandardCharsets.UTF_8)).toList());
        }

        /** Keys that are data (a map's keys, such as combatant ids), escaped as JSON requires. */
        static Keys ofData(Collection<String> names) {
            JsonStringEncoder encoder = JsonStringEncoder.getInstance();
            List<byte[]> written = new ArrayList<>(names.size());
            for (String name : names) {
                byte[] quoted = encoder.quoteAsUTF8(name);
                byte[] key = new byte[quoted.length + 3];
                key[0] = '"';
                System.arraycopy(quoted, 0, key, 1, quoted.length);
                key[quoted.length + 1] = '"';
                key[quoted.length + 2] = ':';
                written.add(key);
            }
            return new Keys(List.copyOf(names), List.copyOf(written));
        }

        /** Whether fields under these keys and under {@code other} line up one for one. */
        boolean lineUpWith(Keys other) {
            return this == other || names.equals(other.names);
        }
    }

    /** The whole value as JSON bytes. */
    default byte[] json() {
        if (this instanceof Leaf leaf) {
            return leaf.json();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        writeTo(out);
        return out.toByteArray();
    }

    private void writeTo(ByteArrayOutputStream out) {
        switch (this) {
            case Leaf leaf -> out.write(leaf.bytes(), leaf.start(), leaf.length());
            case Fields fields -> {
                out.write('{');
                for (int i = 0; i < fields.values().size(); i++) {
                    if (i > 0) {
                        out.write(',');
                    }
                    out.writeBytes(fields.keys().written().get(i));
                    fields.values().get(i).writeTo(out);
                }
                out.write('}');
            }
            case Items items -> {
                out.write('[');
                for (int i = 0; i < items.items().size(); i++) {
                    if (i > 0) {
                        out.write(',');
                    }
                    items.items().get(i).writeTo(out);
                }
                out.write(']');
            }
        }
    }
}
