package io.astragal.support;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a client holds of a table, kept as the web client keeps it (docs/protocol.md): the view and
 * seq of a snapshot, then each event's patch applied in seq order. Fails on a gap or a duplicate.
 */
public final class ClientView {

    private static final JsonMapper JSON = JsonMapper.builder().build();

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

    /**
     * What {@code client} holds by now, rebuilt from the frames it received: its first snapshot, then
     * every event after it in arrival order. Later snapshots (answers to a sync) are passed over.
     */
    public static ClientView replay(TableClient client) {
        ClientView held = null;
        for (String frame : List.copyOf(client.rawFrames)) {
            JsonNode message = JSON.readTree(frame);
            String kind = message.path("kind").asString();
            if (held == null && kind.equals("snapshot")) {
                held = of(message);
            } else if (held != null && kind.equals("event")) {
                held.apply(message);
            }
        }
        if (held == null) {
            throw new AssertionError("no snapshot received");
        }
        return held;
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
