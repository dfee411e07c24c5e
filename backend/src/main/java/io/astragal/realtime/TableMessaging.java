package io.astragal.realtime;

import io.astragal.table.Caller;
import io.astragal.table.CommandRequest;
import io.astragal.table.TableDirectory;
import io.astragal.table.TableEngine;
import io.astragal.table.TableMessage;
import io.astragal.table.TablePublisher;
import java.security.Principal;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.springframework.messaging.handler.annotation.DestinationVariable;
import org.springframework.messaging.handler.annotation.MessageMapping;
import org.springframework.messaging.handler.annotation.Payload;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.annotation.SendToUser;
import org.springframework.stereotype.Controller;

/**
 * The table's STOMP destinations (docs/protocol.md). Answers go on the caller's table stream; what
 * the caller could not see there (they do not follow the table) goes on {@code /user/queue/errors}.
 * Every request first passes the per-user, per-table rate limit.
 */
@Controller
class TableMessaging {

    /** Body of {@code /app/tables/{id}/sync}: the last seq the client holds, or -1 for none. */
    record SyncRequest(Long lastSeq) {
    }

    /** Body of {@code /app/tables/{id}/history}: a page of the log before {@code beforeSeq}. */
    record HistoryRequest(Long beforeSeq, Integer limit) {
    }

    /** Where every command goes; {@link TableCommandShortcut} takes the well-formed ones straight to {@link #command}. */
    static final String COMMANDS = "/tables/{tableId}/commands";

    private final TableEngine engine;
    private final CommandThrottle throttle;
    private final TablePublisher publisher;
    private final TableDirectory directory;
    private final TableStreams streams;

    TableMessaging(TableEngine engine, CommandThrottle throttle, TablePublisher publisher, TableDirectory directory,
                   TableStreams streams) {
        this.engine = engine;
        this.throttle = throttle;
        this.publisher = publisher;
        this.directory = directory;
        this.streams = streams;
    }

    @MessageMapping(COMMANDS)
    @SendToUser(destinations = "/queue/errors", broadcast = false)
    StompErrors.StompError command(@DestinationVariable UUID tableId, @Payload CommandRequest request,
                                   SimpMessageHeaderAccessor headers) {
        Caller caller = caller(headers);
        boolean following = follows(caller, tableId);
        Optional<Duration> wait = throttle.take(caller.userId(), tableId);
        if (wait.isPresent()) {
            String message = throttle.message(wait.get());
            if (!following) {
                return new StompErrors.StompError("RATE_LIMITED", message);
            }
            // Every command gets exactly one reply, a throttled one too, and nothing changes.
            publisher.toSession(tableId, caller.userId(), caller.sessionId(),
                    new TableMessage.Reply(String.valueOf(request.commandId()), false, null, "RATE_LIMITED", message));
            return null;
        }
        // Only subscribers of the table stream can see a reply; anyone else who is no member hears so here.
        if (!following && directory.members(tableId).stream().noneMatch(m -> m.userId().equals(caller.userId()))) {
            return notAMember();
        }
        streams.holdingWrites(caller.sessionId(), () -> engine.execute(tableId, caller, request));
        return null;
    }

    @MessageMapping("/tables/{tableId}/sync")
    @SendToUser(destinations = "/queue/errors", broadcast = false)
    StompErrors.StompError sync(@DestinationVariable UUID tableId, @Payload SyncRequest request,
              SimpMessageHeaderAccessor headers) {
        Caller caller = caller(headers);
        Optional<Duration> wait = throttle.take(caller.userId(), tableId);
        if (wait.isPresent()) {
            return new StompErrors.StompError("RATE_LIMITED", throttle.message(wait.get()));
        }
        long lastSeq = request.lastSeq() == null ? -1 : request.lastSeq();
        return engine.sync(tableId, caller, lastSeq) ? null : notAMember();
    }

    @MessageMapping("/tables/{tableId}/history")
    @SendToUser(destinations = "/queue/errors", broadcast = false)
    StompErrors.StompError history(@DestinationVariable UUID tableId, @Payload HistoryRequest request,
                 SimpMessageHeaderAccessor headers) {
        Caller caller = caller(headers);
        Optional<Duration> wait = throttle.take(caller.userId(), tableId);
        if (wait.isPresent()) {
            return new StompErrors.StompError("RATE_LIMITED", throttle.message(wait.get()));
        }
        long before = request.beforeSeq() == null ? Long.MAX_VALUE : request.beforeSeq();
        int limit = request.limit() == null ? 50 : request.limit();
        return engine.history(tableId, caller, before, limit) ? null : notAMember();
    }

    /**
     * Anything else under {@code /app/tables/}: Spring would drop it without a word, so it is
     * answered here. (The destinations above are more specific and always win.)
     */
    @MessageMapping("/tables/**")
    @SendToUser(destinations = "/queue/errors", broadcast = false)
    StompErrors.StompError unknownDestination() {
        return new StompErrors.StompError("UNKNOWN_DESTINATION", "There is no such destination: a table takes SEND to "
                + "/app/tables/{tableId}/commands, /sync and /history only (docs/protocol.md).");
    }

    /** Whether this connection subscribed to the table's stream (which only members may do). */
    private boolean follows(Caller caller, UUID tableId) {
        return streams.follows(tableId, caller.userId(), caller.sessionId());
    }

    private static StompErrors.StompError notAMember() {
        return new StompErrors.StompError("NOT_A_MEMBER", "You are not a member of this table's campaign.");
    }

    /**
     * The signed-in user of the frame. Taken from the headers rather than as a {@code Principal}
     * argument: Spring resolves that argument by reading the method's parameter annotations again
     * on every message (1.5 % of the server's CPU under load, docs/performance.md).
     */
    private static Caller caller(SimpMessageHeaderAccessor headers) {
        Principal user = headers.getUser();
        if (user == null) {
            // Unreachable: InboundFrameGuard refuses a SEND from anyone not signed in.
            throw new IllegalStateException("A table frame without a signed-in user");
        }
        return new Caller(user.getName(), headers.getSessionId());
    }
}
