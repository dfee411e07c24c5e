package io.astragal.table;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import tools.jackson.core.io.JsonStringEncoder;

/**
 * An RFC 6902 JSON Patch as the bytes sent: each operation is written once, straight from the bytes
 * of the value it carries, and members whose patches hold the same operation share its bytes. No
 * tree is built for a value only to be written out again (docs/performance.md, step 23).
 */
final class Patch {

    static final Patch NONE = new Patch(List.of());

    private static final byte[] OP = "{\"op\":\"".getBytes(StandardCharsets.UTF_8);
    private static final byte[] PATH = "\",\"path\":\"".getBytes(StandardCharsets.UTF_8);
    private static final byte[] VALUE = "\",\"value\":".getBytes(StandardCharsets.UTF_8);

    private final List<byte[]> ops;

    Patch(List<byte[]> ops) {
        this.ops = ops;
    }

    /** A patch that replaces what is at {@code path} (the empty pointer: the whole view) with {@code value}. */
    static Patch replace(String path, byte[] value) {
        return new Patch(List.of(op("replace", path, value, 0, value.length)));
    }

    /** A patch that replaces what is at {@code path} with {@code value}, a leaf's bytes read where they are. */
    static Patch replace(String path, ViewPart value) {
        return new Patch(List.of(replacing(path, value)));
    }

    /** The operation that replaces what is at {@code path} with {@code value}. */
    static byte[] replacing(String path, ViewPart value) {
        if (value instanceof ViewPart.Leaf leaf) {
            return op("replace", path, leaf.bytes(), leaf.start(), leaf.end());
        }
        byte[] whole = value.json();
        return op("replace", path, whole, 0, whole.length);
    }

    /**
     * One operation's bytes: {@code {"op":…,"path":…,"value":…}}, the value being {@code doc}'s bytes
     * from {@code start} to {@code end}; without a value when {@code doc} is null (a remove).
     */
    static byte[] op(String op, String path, byte[] doc, int start, int end) {
        byte[] name = op.getBytes(StandardCharsets.US_ASCII);
        byte[] pointer = JsonStringEncoder.getInstance().quoteAsUTF8(path);
        int value = doc == null ? 0 : end - start;
        byte[] bytes = new byte[OP.length + name.length + PATH.length + pointer.length
                + (doc == null ? 2 : VALUE.length + value + 1)];
        int at = put(bytes, 0, OP, 0, OP.length);
        at = put(bytes, at, name, 0, name.length);
        at = put(bytes, at, PATH, 0, PATH.length);
        at = put(bytes, at, pointer, 0, pointer.length);
        if (doc == null) {
            bytes[at++] = '"';
        } else {
            at = put(bytes, at, VALUE, 0, VALUE.length);
            at = put(bytes, at, doc, start, value);
        }
        bytes[at] = '}';
        return bytes;
    }

    List<byte[]> ops() {
        return ops;
    }

    boolean isEmpty() {
        return ops.isEmpty();
    }

    /** Bytes of the JSON array. */
    int length() {
        int length = 2 + Math.max(0, ops.size() - 1);
        for (byte[] op : ops) {
            length += op.length;
        }
        return length;
    }

    /** Writes the JSON array into {@code into} from {@code at}; returns where it ends. */
    int writeTo(byte[] into, int at) {
        into[at++] = '[';
        for (int i = 0; i < ops.size(); i++) {
            if (i > 0) {
                into[at++] = ',';
            }
            at = put(into, at, ops.get(i), 0, ops.get(i).length);
        }
        into[at++] = ']';
        return at;
    }

    byte[] json() {
        byte[] json = new byte[length()];
        writeTo(json, 0);
        return json;
    }

    private static int put(byte[] into, int at, byte[] bytes, int from, int length) {
        System.arraycopy(bytes, from, into, at, length);
        return at + length;
    }

    /** Same operations, byte for byte: shared bytes are found by identity first. */
    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Patch patch) || patch.ops.size() != ops.size()) {
            return false;
        }
        for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i) != patch.ops.get(i) && !Arrays.equals(ops.get(i), patch.ops.get(i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int hash = 1;
        for (byte[] op : ops) {
            hash = 31 * hash + Arrays.hashCode(op);
        }
        return hash;
    }

    @Override
    public String toString() {
        return new String(json(), StandardCharsets.UTF_8);
    }
}
