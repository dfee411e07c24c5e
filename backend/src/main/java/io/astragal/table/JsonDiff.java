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
        diff("", from, to, ops);
        return ops;
    }

    private static void diff(String path, JsonNode from, JsonNode to, ArrayNode ops) {
        if (from.equals(to)) {
            return;
        }
        if (from.isObject() && to.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = from.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                String child = path + "/" + escape(field.getKey());
                JsonNode next = to.get(field.getKey());
                if (next == null) {
                    ops.addObject().put("op", "remove").put("path", child);
                } else {
                    diff(child, field.getValue(), next, ops);
                }
            }
            for (Map.Entry<String, JsonNode> field : to.properties()) {
                if (!from.has(field.getKey())) {
                    add(ops, "add", path + "/" + escape(field.getKey()), field.getValue());
                }
            }
        } else if (from.isArray() && to.isArray() && from.size() == to.size()) {
            for (int i = 0; i < from.size(); i++) {
                diff(path + "/" + i, from.get(i), to.get(i), ops);
            }
        } else {
            add(ops, "replace", path, to);
        }
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
