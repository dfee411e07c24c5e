package io.astragal.support;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Reading a member's view of a table (docs/protocol.md): the actions it offers and the combatants it shows. */
public final class Views {

    private Views() {
    }

    /**
     * Every action the view offers, enabled or not, in order, each with its {@code needs} resolved as
     * the web client resolves them: the view sends them as indices into the table's {@code needs}.
     */
    public static List<JsonNode> actions(JsonNode view) {
        JsonNode needs = view.get("table").get("needs");
        List<JsonNode> actions = new ArrayList<>();
        for (JsonNode sent : view.get("table").get("actions")) {
            ObjectNode action = (ObjectNode) sent.deepCopy();
            ArrayNode resolved = action.putArray("needs");
            for (JsonNode index : sent.get("needs")) {
                if (!index.isInt() || !needs.has(index.asInt())) {
                    throw new AssertionError("need " + index + " is not in the table's needs " + needs);
                }
                resolved.add(needs.get(index.asInt()));
            }
            actions.add(action);
        }
        return actions;
    }

    /** The one action offered for {@code command} whose label contains {@code label}; fails unless there is exactly one. */
    public static JsonNode offered(JsonNode view, String command, String label) {
        List<JsonNode> matching = actions(view).stream()
                .filter(a -> a.get("command").asString().equals(command) && a.get("label").asString().contains(label))
                .toList();
        if (matching.size() != 1) {
            throw new AssertionError(matching.size() + " offered " + command + " \"" + label + "\" in "
                    + actions(view).stream().map(a -> a.get("label").asString()).toList());
        }
        return matching.getFirst();
    }

    /** The combatant with this id in the view's table. */
    public static JsonNode combatant(JsonNode view, String id) {
        for (JsonNode c : view.get("table").get("combatants")) {
            if (c.get("id").asString().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no combatant " + id + " in " + view.get("table").get("combatants"));
    }
}
