package io.astragal.table;

import java.util.Iterator;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * An RFC 6902 JSON Patch that turns one view into the next. Objects are diffed key by key, arrays
 * of equal length element by element; an array whose length changed is replaced whole, which keeps
 * the patch simple to apply and always correct.
 */
final class JsonDiff {

    private JsonDiff() {
    }

    static ArrayNode diff(JsonNode from, JsonNode to) {
        ArrayNode ops = JsonNodeFactory.instance.arrayNode();
        diff(null, from, to, ops);
        return ops;
    }

    /** Where a node sits: its parent's place and its own key, spelled out only when an operation needs it. */
    private record Pointer(Pointer parent, String segment) {

        static String of(Pointer pointer) {
            return pointer == null ? "" : of(pointer.parent) + "/" + pointer.segment;
        }
    }

    // One walk over both trees: containers are compared child by child, never whole first.
    private static void diff(Pointer at, JsonNode from, JsonNode to, ArrayNode ops) {
        if (from.isObject() && to.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = from.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                JsonNode next = to.get(field.getKey());
                Pointer child = new Pointer(at, escape(field.getKey()));
                if (next == null) {
                    ops.addObject().put("op", "remove").put("path", Pointer.of(child));
                } else {
                    diff(child, field.getValue(), next, ops);
                }
            }
            for (Map.Entry<String, JsonNode> field : to.properties()) {
                if (!from.has(field.getKey())) {
                    add(ops, "add", Pointer.of(new Pointer(at, escape(field.getKey()))), field.getValue());
                }
            }
        } else if (from.isArray() && to.isArray() && from.size() == to.size()) {
            for (int i = 0; i < from.size(); i++) {
                diff(new Pointer(at, Integer.toString(i)), from.get(i), to.get(i), ops);
            }
        } else if (!sameValue(from, to)) {
            add(ops, "replace", Pointer.of(at), to);
        }
    }

    /** Equal as JSON: a number read back from text may be an int where the view had a long. */
    private static boolean sameValue(JsonNode from, JsonNode to) {
        if (from.isIntegralNumber() && to.isIntegralNumber() && from.canConvertToLong() && to.canConvertToLong()) {
            return from.longValue() == to.longValue();
        }
        return from.equals(to);
    }

    private static void add(ArrayNode ops, String op, String path, JsonNode value) {
        ObjectNode node = ops.addObject();
        node.put("op", op);
        node.put("path", path);
        node.set("value", value);
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
