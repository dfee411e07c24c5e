package io.astragal.benchmark;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One browser-like STOMP connection over the JDK's asynchronous WebSocket: no thread of its own.
 * Frames to send wait in a queue, since the JDK allows one outstanding send per WebSocket; frames
 * received go to the {@link Handler} with the time they arrived.
 */
final class Connection implements WebSocket.Listener {

    /** What a connection reports. Called on the HttpClient's executor threads. */
    interface Handler {
        void onFrame(Connection connection, Stomp.Frame frame, long arrivedNanos);

        void onProblem(Connection connection, String kind, String detail);
    }

    /** Each listener thread's buffer for the bytes of a whole binary message. */
    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[8192]);

    final int seat;
    private final Handler handler;
    private final String connectFrame;
    private final CompletableFuture<Connection> connected = new CompletableFuture<>();
    private final StringBuilder partial = new StringBuilder();
    private final ByteArrayOutputStream partialBytes = new ByteArrayOutputStream();
    private final ArrayDeque<String> queue = new ArrayDeque<>();
    private boolean sending;
    private volatile WebSocket socket;
    private volatile boolean closed;
    private volatile boolean closing;
    volatile long lastSentNanos = System.nanoTime();

    private Connection(int seat, Handler handler, String connectFrame) {
        this.seat = seat;
        this.handler = handler;
        this.connectFrame = connectFrame;
    }

    /** Opens the WebSocket with the session's cookies, sends CONNECT, and completes on CONNECTED. */
    static CompletableFuture<Connection> open(HttpClient http, URI uri, String origin, Rest.Session session, int seat,
                                              long heartbeatMillis, Handler handler) {
        String csrf;
        try {
            csrf = session.csrfToken();
        } catch (Exception e) {
            return CompletableFuture.failedFuture(e);
        }
        Connection connection = new Connection(seat, handler, Stomp.connect(uri.getHost(), csrf, heartbeatMillis));
        http.newWebSocketBuilder()
                .header("Cookie", session.cookieHeader())
                .header("Origin", origin)
                .subprotocols("v12.stomp")
                .connectTimeout(Duration.ofSeconds(30))
                .buildAsync(uri, connection)
                .whenComplete((ws, e) -> {
                    if (e != null) {
                        connection.connected.completeExceptionally(e);
                    }
                });
        return connection.connected;
    }

    boolean isOpen() {
        return socket != null && !closed;
    }

    @Override
    public void onOpen(WebSocket webSocket) {
        socket = webSocket;
        webSocket.request(1);
        send(connectFrame);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        long now = System.nanoTime();
        if (!last || !partial.isEmpty()) {
            partial.append(data);
        }
        if (last) {
            String text = partial.isEmpty() ? data.toString() : partial.toString();
            partial.setLength(0);
            receive(text, now);
        }
        webSocket.request(1);
        return null;
    }

    /** One whole message, text or binary; a failure to handle it is the client's problem, reported, not thrown. */
    private void receive(String text, long now) {
        if (Stomp.isHeartbeat(text)) {
            return;
        }
        try {
            Stomp.Frame frame = Stomp.parse(text);
            switch (frame.command()) {
                case "CONNECTED" -> connected.complete(this);
                case "ERROR" -> {
                    handler.onProblem(this, "ERROR frame", frame.header("message") + " " + frame.body());
                    connected.completeExceptionally(new IllegalStateException("ERROR frame: " + frame.header("message")));
                }
                default -> handler.onFrame(this, frame, now);
            }
        } catch (RuntimeException e) {
            handler.onProblem(this, "client", e.toString());
        }
    }

    /** A table message: the STOMP frame's UTF-8 bytes (the server's other frames come as text). */
    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
        long now = System.nanoTime();
        if (last && partialBytes.size() == 0) {
            // A whole message in one part, the usual case: read into this thread's scratch buffer and decoded
            // once. Copied into a part and a joining buffer first, its bytes were most of what the client
            // allocated, and the client's own collections delay the arrivals it times (docs/performance.md, step 47).
            int length = data.remaining();
            byte[] scratch = SCRATCH.get();
            if (scratch.length < length) {
                scratch = new byte[Math.max(length, 2 * scratch.length)];
                SCRATCH.set(scratch);
            }
            data.get(scratch, 0, length);
            receive(new String(scratch, 0, length, StandardCharsets.UTF_8), now);
            webSocket.request(1);
            return null;
        }
        byte[] part = new byte[data.remaining()];
        data.get(part);
        partialBytes.writeBytes(part);
        if (last) {
            String text = partialBytes.toString(StandardCharsets.UTF_8);
            partialBytes.reset();
            receive(text, now);
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        closed = true;
        if (!closing) {
            handler.onProblem(this, "closed by server", statusCode + " " + reason + " (" + sendState() + ")");
        }
        connected.completeExceptionally(new IllegalStateException("closed " + statusCode + " " + reason));
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        closed = true;
        if (!closing) {
            handler.onProblem(this, "transport error", error.toString());
        }
        connected.completeExceptionally(error);
    }

    /** Queues a frame; it goes out when the previous one has. */
    void send(String frame) {
        synchronized (queue) {
            if (sending) {
                queue.add(frame);
                return;
            }
            sending = true;
        }
        write(frame);
    }

    private void write(String frame) {
        WebSocket ws = socket;
        if (ws == null || closed) {
            synchronized (queue) {
                queue.clear();
                sending = false;
            }
            return;
        }
        lastSentNanos = System.nanoTime();
        ws.sendText(frame, true).whenComplete((w, e) -> {
            if (e != null && !closing) {
                handler.onProblem(this, "send failed", e.toString());
            }
            String next;
            synchronized (queue) {
                next = e == null ? queue.poll() : null;
                if (next == null) {
                    if (e != null) {
                        queue.clear();
                    }
                    sending = false;
                }
            }
            if (next != null) {
                write(next);
            }
        });
    }

    /** For a report: how long since the last frame went out, and what waits to. */
    String sendState() {
        synchronized (queue) {
            return "last frame sent " + (System.nanoTime() - lastSentNanos) / 1_000_000 + " ms ago, "
                    + (sending ? "a send in progress, " : "") + queue.size() + " queued";
        }
    }

    /** A heart-beat when nothing else was sent for {@code idleNanos}. */
    void heartbeatIfIdle(long idleNanos) {
        if (isOpen() && System.nanoTime() - lastSentNanos >= idleNanos) {
            send("\n");
        }
    }

    /** A normal close (the server treats it as a DISCONNECT). */
    void close() {
        closing = true;
        if (isOpen()) {
            try {
                socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye");
            } catch (RuntimeException e) {
                socket.abort();
            }
        }
    }
}
