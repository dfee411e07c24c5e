package io.astragal.realtime;

import java.io.IOException;
import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.adapter.NativeWebSocketSession;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.WebSocketSessionDecorator;

/**
 * A WebSocket session whose sends never block the sender. Messages (and a close) are queued and
 * written in order by one writer at a time, on a virtual thread of {@code writers}; the STOMP
 * outbound thread only queues, so a client that stops reading holds up nobody but itself.
 *
 * <p>Such a client is cut off (closed with 1011-like {@link CloseStatus#SESSION_NOT_RELIABLE})
 * when more than {@code bufferLimit} bytes wait for it, or when one write has not gone through
 * within {@code sendTimeLimit} (the container's blocking-send timeout, set per session). The
 * abnormal close makes Tomcat drop the connection after 50 ms instead of waiting for the client.
 */
final class QueuedSendSession extends WebSocketSessionDecorator {

    private static final Logger log = LoggerFactory.getLogger(QueuedSendSession.class);
    /** Tomcat's per-session limit on one blocking write, in milliseconds. */
    static final String TOMCAT_BLOCKING_SEND_TIMEOUT = "org.apache.tomcat.websocket.BLOCKING_SEND_TIMEOUT";
    private static final TextMessage HEARTBEAT = new TextMessage("\n");

    private sealed interface Out {
        record Message(WebSocketMessage<?> message) implements Out {
        }

        record Close(CloseStatus status) implements Out {
        }
    }

    private final Executor writers;
    private final long bufferLimit;
    private final Queue<Out> queue = new ConcurrentLinkedQueue<>();
    private final AtomicLong queuedBytes = new AtomicLong();
    private final AtomicBoolean writing = new AtomicBoolean();
    private final AtomicBoolean closing = new AtomicBoolean();
    private final AtomicBoolean cut = new AtomicBoolean();
    /** The heart-beat interval agreed at CONNECT, 0 for none (see {@link SessionHeartbeats}). */
    private volatile long heartbeatNanos;
    private volatile long lastQueuedNanos = System.nanoTime();
    /** How long the client may stay silent, as agreed at CONNECT, 0 for as long as it likes. */
    private volatile long silenceLimitNanos;
    private volatile long lastReceivedNanos = System.nanoTime();

    QueuedSendSession(WebSocketSession session, Executor writers, long bufferLimit, Duration sendTimeLimit) {
        super(session);
        this.writers = writers;
        this.bufferLimit = bufferLimit;
        if (session instanceof NativeWebSocketSession nativeSession
                && nativeSession.getNativeSession(jakarta.websocket.Session.class) instanceof jakarta.websocket.Session ws) {
            ws.getUserProperties().put(TOMCAT_BLOCKING_SEND_TIMEOUT, sendTimeLimit.toMillis());
        }
    }

    /**
     * Ignored: Spring's STOMP handler raises every session's text buffer to 16,640 characters, 33 KiB
     * that Tomcat holds for the connection's whole life. The container's own limit stands
     * ({@link WebSocketConfiguration#FRAME_BUFFER}); longer messages arrive in parts that STOMP joins.
     */
    @Override
    public void setTextMessageSizeLimit(int messageSizeLimit) {
    }

    @Override
    public void sendMessage(WebSocketMessage<?> message) {
        if (closing.get()) {
            return;
        }
        if (queuedBytes.addAndGet(message.getPayloadLength()) > bufferLimit) {
            cutOff("more than " + bufferLimit + " bytes waited for it");
            return;
        }
        lastQueuedNanos = System.nanoTime();
        queue.add(new Out.Message(message));
        startWriting();
    }

    void heartbeatEvery(Duration interval, Duration silenceLimit) {
        heartbeatNanos = interval.toNanos();
        silenceLimitNanos = silenceLimit.toNanos();
    }

    /** The client sent something (a frame, part of one, or a heart-beat). */
    void received(long nowNanos) {
        lastReceivedNanos = nowNanos;
    }

    /** Whether the client has sent nothing for longer than it may. */
    boolean silentTooLong(long nowNanos) {
        long limit = silenceLimitNanos;
        return limit > 0 && nowNanos - lastReceivedNanos > limit;
    }

    /** Queues a heart-beat (a bare end of line, STOMP 1.2) if nothing was queued for the agreed interval. */
    void heartbeatIfQuiet(long nowNanos) {
        long every = heartbeatNanos;
        if (every > 0 && nowNanos - lastQueuedNanos >= every) {
            sendMessage(HEARTBEAT);
        }
    }

    /** Closes after what was queued before, as STOMP wants for an ERROR frame followed by a close. */
    @Override
    public void close(CloseStatus status) {
        if (closing.compareAndSet(false, true)) {
            queue.add(new Out.Close(status));
            startWriting();
        }
    }

    @Override
    public void close() {
        close(CloseStatus.NORMAL);
    }

    private void startWriting() {
        if (writing.compareAndSet(false, true)) {
            writers.execute(this::write);
        }
    }

    private void write() {
        while (true) {
            Out next;
            while ((next = queue.poll()) != null) {
                switch (next) {
                    case Out.Message m -> {
                        try {
                            getDelegate().sendMessage(m.message());
                        } catch (IllegalStateException e) {
                            // The session closed meanwhile (the client went away): what waited for it goes nowhere.
                            closing.set(true);
                            queue.clear();
                            return;
                        } catch (IOException | RuntimeException e) {
                            cutOff("a write failed or timed out (" + e + ")");
                            return;
                        }
                        queuedBytes.addAndGet(-m.message().getPayloadLength());
                    }
                    case Out.Close c -> closeNow(c.status());
                }
            }
            writing.set(false);
            if (queue.isEmpty() || !writing.compareAndSet(false, true)) {
                return;
            }
        }
    }

    /** Drops what waits and closes at once, on a writer thread: the current write may be stuck. */
    private void cutOff(String why) {
        closing.set(true);
        if (!cut.compareAndSet(false, true)) {
            return;
        }
        queue.clear();
        log.info("WebSocket session {} cut off as too slow: {}", getId(), why);
        writers.execute(() -> closeNow(CloseStatus.SESSION_NOT_RELIABLE.withReason("too slow to take its messages")));
    }

    private void closeNow(CloseStatus status) {
        try {
            getDelegate().close(status);
        } catch (IOException | RuntimeException e) {
            log.debug("Closing WebSocket session {} failed: {}", getId(), e.toString());
        }
    }
}
