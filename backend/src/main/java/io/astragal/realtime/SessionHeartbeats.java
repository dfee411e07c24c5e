package io.astragal.realtime;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.SimpMessageType;
import org.springframework.messaging.simp.stomp.StompCommand;
import org.springframework.messaging.simp.stomp.StompEncoder;
import org.springframework.messaging.simp.stomp.StompHeaderAccessor;
import org.springframework.messaging.support.ChannelInterceptor;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;

/**
 * STOMP heart-beats with the simple broker (RabbitMQ keeps its own when several nodes share it),
 * kept by each connection rather than by the broker.
 *
 * <p>Spring's simple broker writes heart-beats from one task that runs once an interval: every
 * session sent nothing since the last run gets its heart-beat then, all at once. With thousands of
 * quiet connections that is a burst of thousands of frames through the one outbound thread every
 * 10 s, and the tables' events wait behind it (docs/performance.md, step 25). And each client's
 * heart-beat went the whole way in, through the inbound channel and Spring Security's authorization
 * of every frame, to the broker, only to mark the session alive (step 26).
 *
 * <p>So the broker keeps none ({@link #brokerValue}). The CONNECTED frame still offers the server's
 * interval, each connection's intervals are agreed at CONNECT as STOMP 1.2 says
 * ({@link #connectAcks}), a client's heart-beat stops at the first inbound interceptor
 * ({@link #inboundHeartbeats}), anything it sends marks it alive ({@link #received}), and
 * {@link #beat()}, run every {@link #tick()}, sends each connection its heart-beat when it falls
 * due and closes one whose client has been silent for three of its intervals, as the broker did.
 */
final class SessionHeartbeats {

    private static final Logger log = LoggerFactory.getLogger(SessionHeartbeats.class);
    /** How often sessions are looked at, as a part of the interval: a heart-beat is at most this late. */
    private static final int TICKS_PER_INTERVAL = 50;
    /** Intervals a client may miss before it is taken for gone (Spring's broker allows three too). */
    private static final int MISSED_BEATS_ALLOWED = 3;

    private final long serverMillis;
    private final Map<String, QueuedSendSession> sessions = new ConcurrentHashMap<>();

    /** @param serverMillis the least interval between the server's heart-beats, and what it asks of clients */
    SessionHeartbeats(long serverMillis) {
        this.serverMillis = serverMillis;
    }

    /** For the simple broker: it neither sends nor checks heart-beats. */
    long[] brokerValue() {
        return new long[] {0, 0};
    }

    Duration tick() {
        return Duration.ofMillis(Math.max(10, serverMillis / TICKS_PER_INTERVAL));
    }

    void opened(QueuedSendSession session) {
        sessions.put(session.getId(), session);
    }

    void closed(String sessionId) {
        sessions.remove(sessionId);
    }

    /** Something arrived from the session's client. */
    void received(String sessionId) {
        QueuedSendSession session = sessions.get(sessionId);
        if (session != null) {
            session.received(System.nanoTime());
        }
    }

    /**
     * Sends a heart-beat to every session due one, and closes those whose client went silent. One
     * session's failure is caught: a scheduled task that throws is never run again, and every
     * connection would then lose its heart-beats.
     */
    void beat() {
        long now = System.nanoTime();
        for (QueuedSendSession session : sessions.values()) {
            try {
                if (session.silentTooLong(now)) {
                    sessions.remove(session.getId());
                    closeSilent(session);
                } else {
                    session.heartbeatIfQuiet(now);
                }
            } catch (RuntimeException e) {
                log.warn("Session {}: heart-beat failed: {}", session.getId(), e.toString());
            }
        }
    }

    private void closeSilent(QueuedSendSession session) {
        String why = "No heart-beat from the client for " + MISSED_BEATS_ALLOWED + " of its intervals: the connection is closed.";
        log.debug("Session {}: {}", session.getId(), why);
        StompHeaderAccessor error = StompHeaderAccessor.create(StompCommand.ERROR);
        error.setMessage(why);
        session.sendMessage(new TextMessage(new StompEncoder().encode(error.getMessageHeaders(), new byte[0])));
        session.close(CloseStatus.SESSION_NOT_RELIABLE.withReason("no heart-beat"));
    }

    /**
     * On the inbound channel, after {@link InboundFrameGuard}: a client's heart-beat has done its
     * work once it arrived ({@link #received}), so it goes no further.
     */
    ChannelInterceptor inboundHeartbeats() {
        return new ChannelInterceptor() {
            @Override
            public Message<?> preSend(Message<?> message, MessageChannel channel) {
                return SimpMessageHeaderAccessor.getMessageType(message.getHeaders()) == SimpMessageType.HEARTBEAT ? null : message;
            }
        };
    }

    /**
     * On the outbound channel: on the broker's CONNECT_ACK, agrees the session's intervals as
     * STOMP 1.2 does (each way, the larger of what the sender offers and the receiver asks for, or
     * none if either is 0) and states the server's offer in it, which becomes the CONNECTED
     * frame's heart-beat.
     */
    ChannelInterceptor connectAcks() {
        return new ChannelInterceptor() {
            @Override
            public Message<?> preSend(Message<?> message, MessageChannel channel) {
                if (SimpMessageHeaderAccessor.getMessageType(message.getHeaders()) != SimpMessageType.CONNECT_ACK) {
                    return message;
                }
                SimpMessageHeaderAccessor ack = SimpMessageHeaderAccessor.wrap(message);
                Message<?> connect = (Message<?>) ack.getHeader(SimpMessageHeaderAccessor.CONNECT_MESSAGE_HEADER);
                long[] client = connect == null ? null : SimpMessageHeaderAccessor.getHeartbeat(connect.getHeaders());
                QueuedSendSession session = ack.getSessionId() == null ? null : sessions.get(ack.getSessionId());
                if (session != null && client != null && client.length == 2) {
                    session.heartbeatEvery(agreed(serverMillis, client[1]),
                            agreed(client[0], serverMillis).multipliedBy(MISSED_BEATS_ALLOWED));
                }
                ack.setHeader(SimpMessageHeaderAccessor.HEART_BEAT_HEADER, new long[] {serverMillis, serverMillis});
                return MessageBuilder.createMessage(message.getPayload(), ack.getMessageHeaders());
            }
        };
    }

    private static Duration agreed(long offered, long asked) {
        return offered > 0 && asked > 0 ? Duration.ofMillis(Math.max(offered, asked)) : Duration.ZERO;
    }
}
