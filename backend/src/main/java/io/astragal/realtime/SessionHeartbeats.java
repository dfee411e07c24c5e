package io.astragal.realtime;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.SimpMessageType;
import org.springframework.messaging.support.ChannelInterceptor;
import org.springframework.messaging.support.MessageBuilder;

/**
 * The heart-beats the server sends its clients, each written by its own session when that session
 * has been sent nothing for the agreed interval (with the simple broker; RabbitMQ sends its own).
 *
 * <p>Spring's simple broker writes them from one task that runs once an interval: every session sent
 * nothing since the last run gets its heart-beat then, all at once. With thousands of quiet
 * connections that is a burst of thousands of frames through the one outbound thread every 10 s,
 * and the tables' events wait behind it (docs/performance.md, step 25). So the broker is told to
 * send none ({@link #brokerValue}) and only checks the clients' heart-beats; the CONNECTED frame
 * still offers the server's, and {@link #beat()}, run every {@link #tick()}, sends each session's
 * as it falls due: one connection's heart-beats keep to its own rhythm, set by its own traffic.
 */
final class SessionHeartbeats {

    /** How often sessions are looked at, as a part of the interval: a heart-beat is at most this late. */
    private static final int TICKS_PER_INTERVAL = 50;

    private final long serverMillis;
    private final Map<String, QueuedSendSession> sessions = new ConcurrentHashMap<>();

    /** @param serverMillis the least interval between the server's heart-beats, and what it asks of clients */
    SessionHeartbeats(long serverMillis) {
        this.serverMillis = serverMillis;
    }

    /** For the simple broker: it sends no heart-beats, and expects the clients' at this interval. */
    long[] brokerValue() {
        return new long[] {0, serverMillis};
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

    /** Sends a heart-beat to every session due one. */
    void beat() {
        long now = System.nanoTime();
        for (QueuedSendSession session : sessions.values()) {
            session.heartbeatIfQuiet(now);
        }
    }

    /**
     * On the outbound channel: on the broker's CONNECT_ACK, agrees the session's interval as STOMP
     * 1.2 does (the larger of what the server offers and the client asks for, or none if either is
     * 0) and puts the server's offer back into it, which becomes the CONNECTED frame's heart-beat.
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
                long[] asked = connect == null ? null : SimpMessageHeaderAccessor.getHeartbeat(connect.getHeaders());
                long wanted = asked == null || asked.length < 2 ? 0 : asked[1];
                QueuedSendSession session = ack.getSessionId() == null ? null : sessions.get(ack.getSessionId());
                if (session != null) {
                    session.heartbeatEvery(wanted > 0 && serverMillis > 0 ? Duration.ofMillis(Math.max(wanted, serverMillis)) : Duration.ZERO);
                }
                long[] offered = ack.getHeader(SimpMessageHeaderAccessor.HEART_BEAT_HEADER) instanceof long[] value ? value : brokerValue();
                ack.setHeader(SimpMessageHeaderAccessor.HEART_BEAT_HEADER, new long[] {serverMillis, offered[1]});
                return MessageBuilder.createMessage(message.getPayload(), ack.getMessageHeaders());
            }
        };
    }
}
