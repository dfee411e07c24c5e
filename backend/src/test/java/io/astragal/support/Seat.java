package io.astragal.support;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/**
 * One member at a table: their connection and the view it holds, kept as the browser keeps it (a
 * {@link ClientView}), with every step on the way so a test can check what the member held at any time.
 */
public final class Seat implements AutoCloseable {

    /** An event message as received, and the view it left the member holding. */
    public record Step(JsonNode event, JsonNode view) {
    }

    private final String who;
    private final TableClient client;
    private final ClientView held;
    private final JsonNode snapshotView;
    private final List<Step> steps = new ArrayList<>();

    /** Takes {@code client}'s next snapshot as the view to start from; closing the seat closes the client. */
    Seat(String who, TableClient client) throws InterruptedException {
        this.who = who;
        this.client = client;
        this.held = ClientView.of(client.nextOfKind("snapshot"));
        this.snapshotView = held.view();
    }

    /** Applies event messages in arrival order until this seat holds {@code seq}; a gap or a duplicate fails. */
    public void catchUp(long seq) throws InterruptedException {
        while (held.seq() < seq) {
            JsonNode event = client.nextOfKind("event");
            held.apply(event);
            steps.add(new Step(event, held.view()));
        }
    }

    public static void allCatchUp(long seq, Seat... seats) throws InterruptedException {
        for (Seat seat : seats) {
            seat.catchUp(seq);
        }
    }

    public String who() {
        return who;
    }

    public TableClient client() {
        return client;
    }

    public JsonNode view() {
        return held.view();
    }

    public long seq() {
        return held.seq();
    }

    /** Every event applied so far, each with the view it produced. */
    public List<Step> steps() {
        return Collections.unmodifiableList(steps);
    }

    /** Every view this member held: the snapshot's, then one for each event. */
    public List<JsonNode> views() {
        List<JsonNode> views = new ArrayList<>();
        views.add(snapshotView);
        steps.forEach(step -> views.add(step.view()));
        return views;
    }

    public JsonNode initiative() {
        return view().get("table").get("initiative");
    }

    public JsonNode combatant(String id) {
        return Views.combatant(view(), id);
    }

    /** The offered actions that match, enabled or not. */
    public List<JsonNode> actions(Predicate<JsonNode> which) {
        return Views.actions(view()).stream().filter(which).toList();
    }

    /** See {@link Views#offered}. */
    public JsonNode action(String command, String label) {
        return Views.offered(view(), command, label);
    }

    /** Sends a command with a fresh commandId and answers its reply, whatever it is. */
    public JsonNode send(String type, Map<String, ?> args) throws InterruptedException {
        return client.replyTo(client.command(type, args));
    }

    /** See {@link TableClient#refused}. */
    public JsonNode refused(String type, Map<String, ?> args, String code) throws InterruptedException {
        return client.refused(type, args, code);
    }

    /** A fresh snapshot of this member's view at the seq the seat holds: what the server would send now. */
    public JsonNode freshView() throws InterruptedException {
        client.sync(seq());
        JsonNode snapshot = client.nextOfKind("snapshot");
        if (snapshot.get("seq").asLong() != seq()) {
            throw new AssertionError(who + " asked for a snapshot at " + seq() + " and was sent one at " + snapshot.get("seq"));
        }
        return snapshot.get("view");
    }

    @Override
    public void close() {
        client.close();
    }
}
