package io.astragal.realtime;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.WebSocketSessionDecorator;

/**
 * A connection's sends in order, one writer at a time. Messages (and a close) are queued, and the
 * thread that finds no writer at work writes them to the {@link UpgradedWebSocket} below, whose
 * writes never block: so the sender writes its own message at once, and a client that stops reading
 * holds up nobody but itself. ({@code writers} runs the writer: the sender's own thread in the
 * server, a test's hand in tests.)
 *
 * <p>Such a client is cut off (closed with {@link CloseStatus#SESSION_NOT_RELIABLE}) when more than
 * {@code bufferLimit} bytes wait for it here or in the connection, or when its socket takes nothing
 * for the send time limit (timed by the connection).
 *
 * <p>Binary messages (whole STOMP frames) that wait together go out as one WebSocket message of up
 * to {@link #JOINED_BYTES} bytes, in one write: STOMP lets a message carry several frames. While the
 * connection's command is handled its writes are {@linkplain #hold() held}, so the event it caused and
 * the reply to it go out together (docs/performance.md, step 81).
 */
final class QueuedSendSession extends WebSocketSessionDecorator {

    private static final Logger log = LoggerFactory.getLogger(QueuedSendSession.class);
    private static final TextMessage HEARTBEAT = new TextMessage("\n");
    /**
     * The most bytes of waiting frames joined into one message; a longer frame goes alone. 8 KiB is
     * what a WebSocket client takes by default (Tomcat's, and so Spring's Java STOMP client).
     */
    static final int JOINED_BYTES = 8 * 1024;

    private sealed interface Out {
        record Message(WebSocketMessage<?> message) implements Out {
        }

        record Close(CloseStatus status) implements Out {
        }
    }

    private final Executor writers;
    /** What a writer thread runs: one object for the session, not one per message. */
    private final Runnable writeQueued = this::write;
    private final long bufferLimit;
    /**
     * What waits to be written, guarded by itself. An array whose slots are cleared as they are
     * written, not a linked queue: a linked queue keeps pointing at the node of the last message, so
     * at each young collection every busy connection held a reference into the young generation
     * that G1 had to find by scanning (docs/performance.md, step 40).
     */
    private final ArrayDeque<Out> queue = new ArrayDeque<>(4);
    /** Whether a writer is at work or about to be; guarded by {@link #queue}. */
    private boolean writing;
    /** How many holds keep a writer from starting; guarded by {@link #queue}. */
    private int holds;
    private final AtomicLong queuedBytes = new AtomicLong();
    private final AtomicBoolean closing = new AtomicBoolean();
    private final AtomicBoolean cut = new AtomicBoolean();
    /** The heart-beat interval agreed at CONNECT, 0 for none (see {@link SessionHeartbeats}). */
    private volatile long heartbeatNanos;
    private volatile long lastQueuedNanos = System.nanoTime();
    /** How long the client may stay silent, as agreed at CONNECT, 0 for as long as it likes. */
    private volatile long silenceLimitNanos;
    private volatile long lastReceivedNanos = System.nanoTime();

    QueuedSendSession(WebSocketSession session, Executor writers, long bufferLimit) {
        super(session);
        this.writers = writers;
        this.bufferLimit = bufferLimit;
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
        enqueue(new Out.Message(message));
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
            enqueue(new Out.Close(status));
        }
    }

    @Override
    public void close() {
        close(CloseStatus.NORMAL);
    }

    /**
     * Keeps what is queued from now on waiting until {@link #release()}: sent while a command of the
     * connection is handled, its event and its reply are then written as one. A writer already at
     * work goes on.
     */
    void hold() {
        synchronized (queue) {
            holds++;
        }
    }

    /** Ends a {@link #hold()}, starting a writer for what waits if no other hold remains. */
    void release() {
        boolean start;
        synchronized (queue) {
            holds--;
            start = holds == 0 && !writing && !queue.isEmpty();
            writing |= start;
        }
        if (start) {
            writers.execute(writeQueued);
        }
    }

    private void enqueue(Out out) {
        boolean start;
        synchronized (queue) {
            queue.addLast(out);
            start = !writing && holds == 0;
            writing |= start;
        }
        if (start) {
            writers.execute(writeQueued);
        }
    }

    /**
     * The next thing to write, or null when there is none, and then the writer's work is done.
     * Binary messages waiting one after another come joined, up to {@link #JOINED_BYTES} bytes.
     */
    private Out next() {
        synchronized (queue) {
            Out next = queue.pollFirst();
            if (next == null) {
                writing = false;
                return null;
            }
            if (!(next instanceof Out.Message(WebSocketMessage<?> first)) || !binary(first)) {
                return next;
            }
            int bytes = first.getPayloadLength();
            int joining = 0;
            for (Out queued : queue) {
                if (!(queued instanceof Out.Message(WebSocketMessage<?> more)) || !binary(more)
                        || bytes + more.getPayloadLength() > JOINED_BYTES) {
                    break;
                }
                bytes += more.getPayloadLength();
                joining++;
            }
            if (joining == 0) {
                return next;
            }
            List<WebSocketMessage<?>> joined = new ArrayList<>(joining + 1);
            joined.add(first);
            for (int i = 0; i < joining; i++) { // the binary messages just counted
                joined.add(((Out.Message) queue.pollFirst()).message());
            }
            return new Out.Message(PiecedMessage.joining(joined));
        }
    }

    private static boolean binary(WebSocketMessage<?> message) {
        return message instanceof BinaryMessage || message instanceof PiecedMessage;
    }

    private void dropQueued() {
        synchronized (queue) {
            queue.clear();
        }
    }

    private void write() {
        Out next;
        while ((next = next()) != null) {
            switch (next) {
                case Out.Message m -> {
                    try {
                        getDelegate().sendMessage(m.message());
                    } catch (IllegalStateException e) {
                        // The session closed meanwhile (the client went away): what waited for it goes nowhere.
                        closing.set(true);
                        dropQueued();
                        return;
                    } catch (IOException | RuntimeException e) {
                        cutOff("a write failed (" + e + ")");
                        return;
                    }
                    queuedBytes.addAndGet(-m.message().getPayloadLength());
                }
                case Out.Close c -> closeNow(c.status());
            }
        }
    }

    /** Drops what waits and closes at once. */
    private void cutOff(String why) {
        closing.set(true);
        if (!cut.compareAndSet(false, true)) {
            return;
        }
        dropQueued();
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
