package io.astragal.realtime;

import io.astragal.table.TableMessage;
import io.astragal.table.TablePublisher;
import java.util.UUID;
import org.springframework.messaging.simp.SimpMessagingTemplate;
import org.springframework.messaging.simp.user.SimpUser;
import org.springframework.messaging.simp.user.SimpUserRegistry;
import org.springframework.stereotype.Component;

/**
 * Table messages onto each member's private STOMP destination {@code /user/queue/tables/{tableId}}.
 *
 * <p>A client's SUBSCRIBE to {@code /user/queue/tables/{id}} is registered with the broker as
 * {@code /queue/tables/{id}-user{sessionId}}; this publisher sends to those session destinations
 * itself rather than through Spring's user-destination handler, which, with ordered inbound frames,
 * fails on bursts ("Expected mutable SimpMessageHeaderAccessor").
 */
@Component
class StompTablePublisher implements TablePublisher {

    private final SimpMessagingTemplate template;
    private final SimpUserRegistry users;

    StompTablePublisher(SimpMessagingTemplate template, SimpUserRegistry users) {
        this.template = template;
        this.users = users;
    }

    @Override
    public void toMember(UUID tableId, String userId, TableMessage message) {
        SimpUser user = users.getUser(userId);
        if (user == null) {
            return;
        }
        user.getSessions().forEach(session -> template.convertAndSend(destination(tableId, session.getId()), message));
    }

    @Override
    public void toSession(UUID tableId, String userId, String sessionId, TableMessage message) {
        template.convertAndSend(destination(tableId, sessionId), message);
    }

    private static String destination(UUID tableId, String sessionId) {
        return "/queue/tables/" + tableId + "-user" + sessionId;
    }
}
