package io.astragal.support;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Applies an RFC 6902 JSON Patch as a client does to keep its view: the operations the server sends
 * ({@code add}, {@code remove}, {@code replace}). Any other operation, or a path that does not
 * resolve, fails loudly: a client could not apply it either.
 */
public final class JsonPatch {

    private JsonPatch() {
    }

    /** A new document: {@code document} with {@code patch} applied; the argument is left unchanged. */
    public static JsonNode apply(JsonNode document, JsonNode patch) {
        if (!patch.isArray()) {
            throw new IllegalArgumentException("a patch is an array of operations: " + patch);
        }
        JsonNode result = document.deepCopy();
        for (JsonNode operation : patch) {
            result = applyOne(result, operation);
        }
        return result;
    }

    private static JsonNode applyOne(JsonNode document, JsonNode operation) {
        String op = operation.path("op").asString();
        List<String> path = pointer(operation.path("path").asString());
        if (path.isEmpty()) {
            return switch (op) {
                case "add", "replace" -> operation.get("value").deepCopy();
                default -> throw new IllegalArgumentException("cannot " + op + " the whole document: " + operation);
            };
        }
        JsonNode parent = document;
        for (String token : path.subList(0, path.size() - 1)) {
            parent = parent.isArray() ? parent.get(Integer.parseInt(token)) : parent.get(token);
            if (parent == null) {
                throw new IllegalArgumentException("no such path in the document: " + operation);
            }
        }
        String last = path.getLast();
        switch (op) {
            case "add" -> {
                if (parent instanceof ObjectNode object) {
                    object.set(last, operation.get("value").deepCopy());
                } else if (parent instanceof ArrayNode array) {
                    if (last.equals("-")) {
                        array.add(operation.get("value").deepCopy());
                    } else {
                        array.insert(index(array, last, true, operation), operation.get("value").deepCopy());
                    }
                } else {
                    throw new IllegalArgumentException("cannot add into a value: " + operation);
                }
            }
            case "remove" -> {
                if (parent instanceof ObjectNode object && object.has(last)) {
                    object.remove(last);
                } else if (parent instanceof ArrayNode array) {
                    array.remove(index(array, last, false, operation));
                } else {
                    throw new IllegalArgumentException("nothing to remove at: " + operation);
                }
            }
            case "replace" -> {
                if (parent instanceof ObjectNode object && object.has(last)) {
                    object.set(last, operation.get("value").deepCopy());
                } else if (parent instanceof ArrayNode array) {
                    array.set(index(array, last, false, operation), operation.get("value").deepCopy());
                } else {
                    throw new IllegalArgumentException("nothing to replace at: " + operation);
                }
            }
            default -> throw new IllegalArgumentException("an operation the server does not send: " + operation);
        }
        return document;
    }

    private static int index(ArrayNode array, String token, boolean mayAppend, JsonNode operation) {
        int index = Integer.parseInt(token);
        if (index < 0 || index > array.size() || (!mayAppend && index == array.size())) {
            throw new IllegalArgumentException("array index out of range: " + operation);
        }
        return index;
    }

    /** RFC 6901: "" is the whole document; "/a/b~1c" is a, then "b/c". */
    private static List<String> pointer(String path) {
        List<String> tokens = new ArrayList<>();
        if (path.isEmpty()) {
            return tokens;
        }
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("a JSON pointer starts with '/': " + path);
        }
        for (String token : path.substring(1).split("/", -1)) {
            tokens.add(token.replace("~1", "/").replace("~0", "~"));
        }
        return tokens;
    }
}
