package io.astragal.cluster;

import io.astragal.support.JsonPatch;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * One client of the table on one node, holding what the web client holds: the view of its last
 * snapshot with every later event's patch applied. Strict about order: after a snapshot at seq S,
 * the next event must be S + 1, then S + 2, and so on; a gap or a duplicate fails at once. Events
 * that arrive before the snapshot answering its sync (they were on the way when it subscribed)
 * must be covered by that snapshot, and are dropped as the web client drops them.
 */
final class Seat {

    final String name;
    Player player;
    TableClient client;
    int port;
    private final UUID table;
    private long seq = -1;
    private JsonNode view;
    private boolean awaitingSnapshot;
    private final List<Long> beforeSnapshot = new ArrayList<>();
    /** Every event this client holds, by seq: live ones and those a resuming snapshot carried. */
    private final Map<Long, JsonNode> events = new LinkedHashMap<>();
    /** Commands this client sent and had accepted: commandId to seq. */
    final Map<String, Long> accepted = new LinkedHashMap<>();
    /** Every command sent, by commandId, to send again as it was. */
    private final Map<String, Object[]> sent = new java.util.concurrent.ConcurrentHashMap<>();
    /** When each command was first sent (System.nanoTime()). */
    final Map<String, Long> sentAt = new java.util.concurrent.ConcurrentHashMap<>();
    /** When each event first arrived (System.nanoTime()), by seq, on the receiving thread. */
    final Map<Long, Long> arrivedAt = new java.util.concurrent.ConcurrentHashMap<>();

    Seat(String name, UUID table) {
        this.name = name;
        this.table = table;
    }

    /** Sends a command with a fresh commandId; returns the id. */
    String send(String type, Map<String, ?> args, String rollMode) {
        String commandId = "c-" + UUID.randomUUID();
        sent.put(commandId, new Object[] {type, args, rollMode});
        sentAt.put(commandId, System.nanoTime());
        return client.command(commandId, type, args, rollMode);
    }

    /** Sends a command again with the same commandId (after TRY_AGAIN, or after a reconnect). */
    @SuppressWarnings("unchecked")
    void sendAgain(String commandId) {
        Object[] command = sent.get(commandId);
        client.command(commandId, (String) command[0], (Map<String, ?>) command[1], (String) command[2]);
    }

    /** Connects to the node at {@code port}, subscribes and syncs from the seq held; returns once the snapshot is in. */
    void join(int port, Player player) throws Exception {
        this.port = port;
        this.player = player;
        this.client = TableClient.join(port, player, table, seq);
        client.onArrival((message, nanos) -> {
            if ("event".equals(message.path("kind").asString())) {
                arrivedAt.putIfAbsent(message.get("seq").asLong(), nanos);
            }
        });
        awaitingSnapshot = true;
        beforeSnapshot.clear();
        while (awaitingSnapshot) {
            take();
        }
    }

    /** Takes table-stream messages (not replies) until this client holds {@code until}. */
    void catchUp(long until) throws InterruptedException {
        while (seq < until) {
            take();
        }
    }

    private void take() throws InterruptedException {
        JsonNode message = client.next(m -> !"reply".equals(m.path("kind").asString())
                && !"history".equals(m.path("kind").asString()));
        String kind = message.path("kind").asString();
        if ("snapshot".equals(kind)) {
            snapshot(message);
        } else if ("event".equals(kind)) {
            event(message);
        }
    }

    private void snapshot(JsonNode snapshot) {
        long at = snapshot.get("seq").asLong();
        if (!awaitingSnapshot) {
            throw new AssertionError(name + ": a snapshot it did not ask for, at " + at);
        }
        for (long early : beforeSnapshot) {
            if (early > at) {
                throw new AssertionError(name + ": event " + early + " came before the snapshot at " + at);
            }
        }
        if (seq >= 0) {
            // Resuming: the snapshot's recent events are exactly the ones missed, in order.
            long next = seq + 1;
            for (JsonNode event : snapshot.get("recent")) {
                long s = event.get("seq").asLong();
                if (s <= seq) {
                    continue;
                }
                if (s != next) {
                    throw new AssertionError(name + ": resuming from " + seq + ", the snapshot's recent events skip " + next);
                }
                events.put(s, event);
                next++;
            }
            if (next != at + 1) {
                throw new AssertionError(name + ": resuming from " + seq + ", the snapshot at " + at + " lacks " + next + ".." + at);
            }
        }
        seq = at;
        view = snapshot.get("view");
        awaitingSnapshot = false;
    }

    private void event(JsonNode message) {
        long s = message.get("seq").asLong();
        if (awaitingSnapshot) {
            beforeSnapshot.add(s);
            return;
        }
        if (s != seq + 1) {
            throw new AssertionError(name + " on port " + port + ": expected seq " + (seq + 1) + " but received " + s
                    + (s <= seq ? " (a duplicate)" : " (a gap)"));
        }
        if (events.containsKey(s)) {
            throw new AssertionError(name + ": seq " + s + " twice");
        }
        view = JsonPatch.apply(view, message.get("patch"));
        seq = s;
        events.put(s, message.get("event"));
    }

    long seq() {
        return seq;
    }

    JsonNode view() {
        return view;
    }

    Map<Long, JsonNode> events() {
        return events;
    }
}
