package io.astragal.table;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Everything the server sends on a member's table stream; {@code kind} tells them apart (docs/protocol.md). */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
        @JsonSubTypes.Type(TableMessage.Snapshot.class),
        @JsonSubTypes.Type(TableMessage.Event.class),
        @JsonSubTypes.Type(TableMessage.Reply.class),
        @JsonSubTypes.Type(TableMessage.History.class)})
public sealed interface TableMessage {

    /** The member's whole view at {@code seq}, and the latest events for the log. */
    @JsonTypeName("snapshot")
    record Snapshot(String tableId, long seq, JsonNode view, List<EventView> recent) implements TableMessage {
    }

    /** One accepted command: the event as this member may see it, and the RFC 6902 patch of their view. */
    @JsonTypeName("event")
    record Event(long seq, EventView event, JsonNode patch) implements TableMessage {
    }

    /** The answer to one command, to the connection that sent it. */
    @JsonTypeName("reply")
    record Reply(String commandId, boolean accepted, Long seq, String code, String message) implements TableMessage {

        static Reply accepted(String commandId, long seq) {
            return new Reply(commandId, true, seq, null, null);
        }

        static Reply rejected(String commandId, String code, String message) {
            return new Reply(commandId, false, null, code, message);
        }
    }

    /** A page of older events, newest last; {@code complete} when it reaches the first event. */
    @JsonTypeName("history")
    record History(List<EventView> events, boolean complete) implements TableMessage {
    }
}
