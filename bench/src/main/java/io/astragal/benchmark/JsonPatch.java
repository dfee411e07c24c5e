package io.astragal.benchmark;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Applies an RFC 6902 JSON Patch ({@code add}, {@code remove}, {@code replace}) to a document in
 * place, as the web client does with each event's patch of its view.
 */
final class JsonPatch {

    private JsonPatch() {
    }

    /** Returns the patched document (a new root when the patch replaces the whole). */
    static JsonNode apply(JsonNode document, JsonNode patch) {
        JsonNode root = document;
        for (JsonNode op : patch) {
            String kind = op.path("op").asString();
            String path = op.path("path").asString();
            JsonNode value = op.get("value");
            if (path.isEmpty()) {
                switch (kind) {
                    case "add", "replace" -> root = value;
                    default -> throw new IllegalArgumentException("cannot " + kind + " the whole document");
                }
                continue;
            }
            int slash = path.lastIndexOf('/');
            JsonNode parent = resolve(root, path.substring(0, slash));
            String key = unescape(path.substring(slash + 1));
            switch (parent) {
                case ObjectNode object -> {
                    switch (kind) {
                        case "add", "replace" -> {
                            if (kind.equals("replace") && !object.has(key)) {
                                throw new IllegalArgumentException("replace of a missing member " + path);
                            }
                            object.set(key, value);
                        }
                        case "remove" -> {
                            if (object.remove(key) == null) {
                                throw new IllegalArgumentException("remove of a missing member " + path);
                            }
                        }
                        default -> throw new IllegalArgumentException("unsupported op " + kind);
                    }
                }
                case ArrayNode array -> {
                    int index = key.equals("-") ? array.size() : Integer.parseInt(key);
                    switch (kind) {
                        case "add" -> array.insert(index, value);
                        case "replace" -> array.set(index, value);
                        case "remove" -> array.remove(index);
                        default -> throw new IllegalArgumentException("unsupported op " + kind);
                    }
                }
                default -> throw new IllegalArgumentException("no container at " + path);
            }
        }
        return root;
    }

    private static JsonNode resolve(JsonNode root, String pointer) {
        JsonNode node = root;
        if (pointer.isEmpty()) {
            return node;
        }
        for (String token : pointer.substring(1).split("/", -1)) {
            String key = unescape(token);
            node = node.isArray() ? node.get(Integer.parseInt(key)) : node.get(key);
            if (node == null) {
                throw new IllegalArgumentException("no such path " + pointer);
            }
        }
        return node;
    }

    private static String unescape(String token) {
        return token.replace("~1", "/").replace("~0", "~");
    }
}
