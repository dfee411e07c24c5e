package io.astragal.table;

import io.astragal.rules.GameEvent;
import io.astragal.rules.Referee;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Table events to and from the JSON of the event log. A ruleset's events are stored as {@code {type, data}}. */
final class EventCodec {

    private final JsonMapper json;
    private final Map<String, Class<? extends GameEvent>> eventTypes;
    private final Map<Class<?>, String> eventNames = new HashMap<>();

    EventCodec(JsonMapper json, Referee<?> referee) {
        this.json = json;
        this.eventTypes = referee.eventTypes();
        eventTypes.forEach((name, type) -> eventNames.put(type, name));
    }

    static String type(TableEvent event) {
        return switch (event) {
            case TableEvent.ChatPosted c -> "chat";
            case TableEvent.DiceRolled d -> "roll";
            case TableEvent.RulesPlayed r -> "rules";
            case TableEvent.Reverted r -> "revert";
        };
    }

    String gameEventName(GameEvent event) {
        String name = eventNames.get(event.getClass());
        if (name == null) {
            throw new IllegalStateException("the referee emitted an event it does not declare: " + event.getClass().getName());
        }
        return name;
    }

    String encode(TableEvent event) {
        if (event instanceof TableEvent.RulesPlayed played) {
            ObjectNode node = json.createObjectNode();
            node.put("command", played.command());
            node.put("mode", played.mode().name());
            ArrayNode events = node.putArray("events");
            for (GameEvent gameEvent : played.events()) {
                ObjectNode entry = events.addObject();
                entry.put("type", gameEventName(gameEvent));
                entry.set("data", json.valueToTree(gameEvent));
            }
            return json.writeValueAsString(node);
        }
        return json.writeValueAsString(event);
    }

    TableEvent decode(String type, String payload) {
        return switch (type) {
            case "chat" -> json.readValue(payload, TableEvent.ChatPosted.class);
            case "roll" -> json.readValue(payload, TableEvent.DiceRolled.class);
            case "revert" -> json.readValue(payload, TableEvent.Reverted.class);
            case "rules" -> {
                JsonNode node = json.readTree(payload);
                List<GameEvent> events = new ArrayList<>();
                for (JsonNode entry : node.get("events")) {
                    Class<? extends GameEvent> eventType = eventTypes.get(entry.get("type").asString());
                    if (eventType == null) {
                        throw new IllegalStateException("unknown ruleset event in the log: " + entry.get("type"));
                    }
                    events.add(json.treeToValue(entry.get("data"), eventType));
                }
                yield new TableEvent.RulesPlayed(node.get("command").asString(),
                        RollMode.valueOf(node.get("mode").asString()), events);
            }
            default -> throw new IllegalStateException("unknown table event type in the log: " + type);
        };
    }
}
