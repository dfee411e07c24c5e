package io.astragal.table;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
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

    /** A value as JSON bytes. */
    record Leaf(byte[] json) implements ViewPart {
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
            case Leaf leaf -> out.writeBytes(leaf.json());
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
