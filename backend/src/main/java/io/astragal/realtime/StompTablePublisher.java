package io.astragal.realtime;

import io.astragal.table.TableMessage;
import io.astragal.table.TablePublisher;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.messaging.MessageHeaders;
import org.springframework.messaging.MessagingException;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.SimpMessageType;
import org.springframework.messaging.simp.SimpMessagingTemplate;
import org.springframework.messaging.simp.user.SimpSession;
import org.springframework.messaging.simp.user.SimpUser;
import org.springframework.messaging.simp.user.SimpUserRegistry;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.stereotype.Component;
import org.springframework.util.MimeTypeUtils;
import tools.jackson.databind.json.JsonMapper;

/**
 * Table messages onto each member's private STOMP destination {@code /user/queue/tables/{tableId}}.
 *
 * <p>On one node they go straight to the connections that follow the table ({@link TableStreams}).
 *
 * <p>Through RabbitMQ ({@link BrokerRelay}) the session destination is
 * {@code /exchange/amq.direct/tables.{id}-user{sessionId}} (the session's SUBSCRIBE to
 * {@code /user/queue/tables/{id}}, resolved for the broker), sent to directly rather than through
 * Spring's user-destination handler, which, with ordered inbound frames, fails on bursts ("Expected
 * mutable SimpMessageHeaderAccessor"); and only this node's own sessions are
 * sent to: every node tells its own connections each event of the log, in order. Each message
 * travels on its session's own broker connection, behind that session's SUBSCRIBE, so a snapshot
 * cannot overtake the subscription it answers, and the messages of one session keep their order.
 */
@Component
class StompTablePublisher implements TablePublisher {

    private static final Logger log = LoggerFactory.getLogger(StompTablePublisher.class);

    private final SimpMessagingTemplate template;
    private final SimpUserRegistry users;
    private final boolean relay;
    private final ObjectProvider<BrokerRelay> brokerRelay;
    private final TableStreams streams;
    private final JsonMapper json;

    StompTablePublisher(SimpMessagingTemplate template, SimpUserRegistry users, BrokerRelayProperties relay,
                        ObjectProvider<BrokerRelay> brokerRelay, TableStreams streams, JsonMapper json) {
        this.template = template;
        this.users = users;
        this.relay = relay.enabled();
        this.brokerRelay = brokerRelay;
        this.streams = streams;
        this.json = json;
    }

    @Override
    public void toMember(UUID tableId, String userId, byte[] message) {
        if (!relay) {
            streams.toMember(tableId, userId, message);
            return;
        }
        SimpUser user = users.getUser(userId);
        if (user == null) {
            return;
        }
        for (SimpSession session : user.getSessions()) {
            // In a multi-server registry a session on another node has no principal here: that node tells it.
            if (session.getUser().getPrincipal() != null) {
                template.send(destination(tableId, session.getId()),
                        MessageBuilder.createMessage(message, headers(tableId, session.getId())));
            }
        }
    }

    @Override
    public void toSession(UUID tableId, String userId, String sessionId, TableMessage message) {
        if (!relay) {
            streams.toSession(tableId, userId, sessionId, json.writeValueAsBytes(message));
            return;
        }
        template.convertAndSend(destination(tableId, sessionId), message, headers(tableId, sessionId));
    }

    private static String destination(UUID tableId, String sessionId) {
        return BrokerRelay.sessionDestination("/queue/tables/" + tableId, sessionId);
    }

    private static MessageHeaders headers(UUID tableId, String sessionId) {
        SimpMessageHeaderAccessor headers = SimpMessageHeaderAccessor.create(SimpMessageType.MESSAGE);
        headers.setContentType(MimeTypeUtils.APPLICATION_JSON);
        // The session's own broker connection carries it; the client sees the destination it subscribed to.
        headers.setSessionId(sessionId);
        headers.setNativeHeader(SimpMessageHeaderAccessor.ORIGINAL_DESTINATION, TableStreams.STREAM_PREFIX + tableId);
        headers.setLeaveMutable(true);
        return headers.getMessageHeaders();
    }

    @Override
    public void logGrew(UUID tableId, long seq) {
        if (!relay) {
            return;
        }
        try {
            template.send(BrokerRelay.TABLE_LOG, brokerRelay.getObject().logGrew(tableId, seq));
        } catch (MessagingException e) {
            // The event is stored and told here; the other nodes read it from the log at their next
            // command or sync on the table, and read on every loaded table when the broker is back.
            log.warn("Table {}: could not tell the other nodes of seq {}: {}", tableId, seq, e.getMessage());
        }
    }
}
