package io.astragal.realtime;

import io.astragal.table.TableMessage;
import io.astragal.table.TablePublisher;
import java.util.UUID;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.SimpMessageType;
import org.springframework.messaging.simp.SimpMessagingTemplate;
import org.springframework.stereotype.Component;

/** Table messages onto each member's private STOMP destination {@code /user/queue/tables/{tableId}}. */
@Component
class StompTablePublisher implements TablePublisher {

    private final SimpMessagingTemplate template;

    StompTablePublisher(SimpMessagingTemplate template) {
        this.template = template;
    }

    @Override
    public void toMember(UUID tableId, String userId, TableMessage message) {
        template.convertAndSendToUser(userId, destination(tableId), message);
    }

    @Override
    public void toSession(UUID tableId, String userId, String sessionId, TableMessage message) {
        // With the session id in the headers, the user destination resolves to that one session only.
        SimpMessageHeaderAccessor headers = SimpMessageHeaderAccessor.create(SimpMessageType.MESSAGE);
        headers.setSessionId(sessionId);
        headers.setLeaveMutable(true);
        template.convertAndSendToUser(userId, destination(tableId), message, headers.getMessageHeaders());
    }

    private static String destination(UUID tableId) {
        return "/queue/tables/" + tableId;
    }
}
