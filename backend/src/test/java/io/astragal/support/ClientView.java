package io.astragal.support;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * What a client holds of a table, kept as the web client keeps it (docs/protocol.md): the view and
 * seq of a snapshot, then each event's patch applied in seq order. Fails on a gap or a duplicate.
 */
public final class ClientView {

    private JsonNode view;
    private long seq;
    private final Map<Long, JsonNode> events = new LinkedHashMap<>();

    private ClientView(JsonNode view, long seq) {
        this.view = view;
        this.seq = seq;
    }

    /** Starts from a {@code snapshot} message. */
    public static ClientView of(JsonNode snapshot) {
        if (!"snapshot".equals(snapshot.path("kind").asString())) {
            throw new IllegalArgumentException("not a snapshot: " + snapshot);
        }
        return new ClientView(snapshot.get("view"), snapshot.get("seq").asLong());
    }

    /** Applies one {@code event} message; it must be the next seq. */
    public void apply(JsonNode event) {
        long next = event.get("seq").asLong();
        if (next != seq + 1) {
            throw new AssertionError("expected seq " + (seq + 1) + " but received " + next + (next <= seq ? " (a duplicate)" : " (a gap)"));
        }
        view = JsonPatch.apply(view, event.get("patch"));
        seq = next;
        events.put(next, event.get("event"));
    }

    /** Takes the client's events in arrival order and applies them until it holds {@code until}. */
    public ClientView catchUp(TableClient client, long until) throws InterruptedException {
        while (seq < until) {
            apply(client.nextOfKind("event"));
        }
        return this;
    }

    public JsonNode view() {
        return view;
    }

    public long seq() {
        return seq;
    }

    /** Every event applied, as this member saw it, by seq. */
    public Map<Long, JsonNode> events() {
        return Collections.unmodifiableMap(events);
    }
}
