package io.astragal.realtime;

import io.astragal.table.Caller;
import io.astragal.table.CommandRequest;
import io.astragal.table.TableEngine;
import java.security.Principal;
import java.util.UUID;
import org.springframework.messaging.handler.annotation.DestinationVariable;
import org.springframework.messaging.handler.annotation.MessageMapping;
import org.springframework.messaging.handler.annotation.Payload;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.annotation.SendToUser;
import org.springframework.stereotype.Controller;

/** The table's STOMP destinations (docs/protocol.md). Everything is answered on the caller's table stream. */
@Controller
class TableMessaging {

    /** Body of {@code /app/tables/{id}/sync}: the last seq the client holds, or -1 for none. */
    record SyncRequest(Long lastSeq) {
    }

    /** Body of {@code /app/tables/{id}/history}: a page of the log before {@code beforeSeq}. */
    record HistoryRequest(Long beforeSeq, Integer limit) {
    }

    private final TableEngine engine;

    TableMessaging(TableEngine engine) {
        this.engine = engine;
    }

    @MessageMapping("/tables/{tableId}/commands")
    void command(@DestinationVariable UUID tableId, @Payload CommandRequest request, Principal principal,
                 SimpMessageHeaderAccessor headers) {
        engine.execute(tableId, caller(principal, headers), request);
    }

    @MessageMapping("/tables/{tableId}/sync")
    @SendToUser(destinations = "/queue/errors", broadcast = false)
    StompErrors.StompError sync(@DestinationVariable UUID tableId, @Payload SyncRequest request, Principal principal,
              SimpMessageHeaderAccessor headers) {
        long lastSeq = request.lastSeq() == null ? -1 : request.lastSeq();
        return engine.sync(tableId, caller(principal, headers), lastSeq) ? null : notAMember();
    }

    @MessageMapping("/tables/{tableId}/history")
    @SendToUser(destinations = "/queue/errors", broadcast = false)
    StompErrors.StompError history(@DestinationVariable UUID tableId, @Payload HistoryRequest request, Principal principal,
                 SimpMessageHeaderAccessor headers) {
        long before = request.beforeSeq() == null ? Long.MAX_VALUE : request.beforeSeq();
        int limit = request.limit() == null ? 50 : request.limit();
        return engine.history(tableId, caller(principal, headers), before, limit) ? null : notAMember();
    }

    private static StompErrors.StompError notAMember() {
        return new StompErrors.StompError("NOT_A_MEMBER", "You are not a member of this table's campaign.");
    }

    private static Caller caller(Principal principal, SimpMessageHeaderAccessor headers) {
        return new Caller(principal.getName(), headers.getSessionId());
    }
}
