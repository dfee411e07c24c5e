package io.astragal.benchmark;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One browser-like STOMP connection over one of the client's {@link WebSockets}: no thread of its
 * own. Frames are written as they are sent; frames received go to the {@link Handler} with the
 * time they arrived, on the socket's reading thread.
 */
final class Connection implements WebSockets.Socket.Listener {

    /** What a connection reports. Called on the sockets' reading threads. */
    interface Handler {
        void onFrame(Connection connection, Stomp.Frame frame, long arrivedNanos);

        void onProblem(Connection connection, String kind, String detail);
    }

    final int seat;
    private final Handler handler;
    private final String connectFrame;
    private final CompletableFuture<Connection> connected = new CompletableFuture<>();
    private volatile WebSockets.Socket socket;
    private volatile boolean closing;
    volatile long lastSentNanos = System.nanoTime();

    private Connection(int seat, Handler handler, String connectFrame) {
        this.seat = seat;
        this.handler = handler;
        this.connectFrame = connectFrame;
    }

    /** Opens the WebSocket with the session's cookies, sends CONNECT, and completes on CONNECTED. */
    static CompletableFuture<Connection> open(WebSockets sockets, URI uri, String origin, Rest.Session session, int seat,
                                              long heartbeatMillis, Handler handler) {
        String csrf;
        try {
            csrf = session.csrfToken();
        } catch (Exception e) {
            return CompletableFuture.failedFuture(e);
        }
        Connection connection = new Connection(seat, handler, Stomp.connect(uri.getHost(), csrf, heartbeatMillis));
        sockets.open(uri, Map.of("Cookie", session.cookieHeader(), "Origin", origin, "Sec-WebSocket-Protocol", "v12.stomp"),
                        connection)
                .whenComplete((ws, e) -> {
                    if (e != null) {
                        connection.connected.completeExceptionally(e);
                    }
                });
        return connection.connected;
    }

    boolean isOpen() {
        WebSockets.Socket ws = socket;
        return ws != null && ws.isOpen();
    }

    @Override
    public void onOpen(WebSockets.Socket webSocket) {
        socket = webSocket;
        send(connectFrame);
    }

    /** One whole message, text or binary; a failure to handle it is the client's problem, reported, not thrown. */
    @Override
    public void onMessage(WebSockets.Socket webSocket, String text, long now) {
        try {
            for (Stomp.Frame frame : Stomp.parseAll(text)) {
                switch (frame.command()) {
                    case "CONNECTED" -> connected.complete(this);
                    case "ERROR" -> {
                        handler.onProblem(this, "ERROR frame", frame.header("message") + " " + frame.body());
                        connected.completeExceptionally(new IllegalStateException("ERROR frame: " + frame.header("message")));
                    }
                    default -> handler.onFrame(this, frame, now);
                }
            }
        } catch (RuntimeException e) {
            handler.onProblem(this, "client", e.toString());
        }
    }

    @Override
    public void onClosed(WebSockets.Socket webSocket, String why) {
        if (!closing) {
            handler.onProblem(this, why.startsWith("closed by the server") ? "closed by server" : "transport error",
                    why + " (" + sendState() + ")");
        }
        connected.completeExceptionally(new IllegalStateException(why));
    }

    /** Writes a frame, or queues it on the socket while the server is not reading. */
    void send(String frame) {
        WebSockets.Socket ws = socket;
        if (ws == null || !ws.isOpen()) {
            return;
        }
        lastSentNanos = System.nanoTime();
        ws.sendText(frame);
    }

    /** For a report: how long since the last frame went out, and what waits to. */
    String sendState() {
        WebSockets.Socket ws = socket;
        return "last frame sent " + (System.nanoTime() - lastSentNanos) / 1_000_000 + " ms ago, "
                + (ws == null ? 0 : ws.unsentFrames()) + " queued";
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
        WebSockets.Socket ws = socket;
        if (ws != null && ws.isOpen()) {
            ws.sendClose(1000, "bye");
        }
    }
}
