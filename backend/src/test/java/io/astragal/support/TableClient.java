package io.astragal.support;

import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.springframework.messaging.simp.stomp.StompFrameHandler;
import org.springframework.messaging.simp.stomp.StompHeaders;
import org.springframework.messaging.simp.stomp.StompSession;
import org.springframework.messaging.simp.stomp.StompSessionHandlerAdapter;
import org.springframework.web.socket.WebSocketHttpHeaders;
import org.springframework.web.socket.client.standard.StandardWebSocketClient;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageHeaders;
import org.springframework.messaging.converter.AbstractMessageConverter;
import java.nio.charset.StandardCharsets;
import org.springframework.web.socket.messaging.WebSocketStompClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real STOMP client over a real WebSocket, signed in as a {@link Player}: it subscribes to the
 * player's stream of one table and records every frame it receives, raw, in order.
 */
public final class TableClient implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private StompSession session;
    private volatile org.springframework.web.socket.WebSocketSession socket;
    private final UUID tableId;
    private final BlockingQueue<JsonNode> inbox = new LinkedBlockingQueue<>();
    private final BlockingQueue<JsonNode> errors = new LinkedBlockingQueue<>();
    private final List<JsonNode> pending = new ArrayList<>();
    private final Object sendLock = new Object();
    /** Every frame body received, as text, for secrecy checks. Safe to iterate while frames still arrive. */
    public final List<String> rawFrames = new java.util.concurrent.CopyOnWriteArrayList<>();
    public final List<String> transportErrors = Collections.synchronizedList(new ArrayList<>());
    /** STOMP ERROR frames from the server, each as "message-header | body". */
    private final BlockingQueue<String> stompErrors = new LinkedBlockingQueue<>();
    /** Frames on destinations other than the table stream and the error queue, in order. */
    private final BlockingQueue<JsonNode> elsewhere = new LinkedBlockingQueue<>();
    private final java.util.concurrent.CountDownLatch closed = new java.util.concurrent.CountDownLatch(1);
    /** Called on the receiving thread for every table-stream message, with System.nanoTime() at arrival. */
    private volatile java.util.function.ObjLongConsumer<JsonNode> arrivals = (message, nanos) -> { };

    /** Frames as JSON text, both ways: the body is kept exactly as sent, for the secrecy checks. */
    private static final class JsonText extends AbstractMessageConverter {
        JsonText() {
            super(org.springframework.util.MimeTypeUtils.APPLICATION_JSON);
        }

        @Override
        protected boolean supports(Class<?> clazz) {
            return String.class == clazz;
        }

        @Override
        protected Object convertFromInternal(Message<?> message, Class<?> targetClass, Object conversionHint) {
            Object payload = message.getPayload();
            return payload instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : payload.toString();
        }

        @Override
        protected Object convertToInternal(Object payload, MessageHeaders headers, Object conversionHint) {
            return ((String) payload).getBytes(StandardCharsets.UTF_8);
        }
    }

    private TableClient(StompSession session, UUID tableId) {
        this.session = session;
        this.tableId = tableId;
    }

    public static StompSession connect(int port, Player player, StompSessionHandlerAdapter handler) throws Exception {
        return connect(port, player, handler, true);
    }

    /** Connects like a browser; {@code withCsrfToken} false leaves the token out of the CONNECT frame. */
    public static StompSession connect(int port, Player player, StompSessionHandlerAdapter handler, boolean withCsrfToken)
            throws Exception {
        return connect(port, player, handler, withCsrfToken, socket -> { });
    }

    private static StompSession connect(int port, Player player, StompSessionHandlerAdapter handler, boolean withCsrfToken,
                                        java.util.function.Consumer<org.springframework.web.socket.WebSocketSession> opened)
            throws Exception {
        // A browser takes any frame size; the Java client defaults to 8 KiB, less than a table view.
        jakarta.websocket.WebSocketContainer container = jakarta.websocket.ContainerProvider.getWebSocketContainer();
        container.setDefaultMaxTextMessageBufferSize(4 * 1024 * 1024);
        container.setDefaultMaxBinaryMessageBufferSize(4 * 1024 * 1024);
        StandardWebSocketClient standard = new StandardWebSocketClient(container);
        // Keeps hold of the WebSocket itself, so that a test can drop it without a STOMP DISCONNECT.
        org.springframework.web.socket.client.WebSocketClient webSocket = new org.springframework.web.socket.client.WebSocketClient() {
            @Override
            public java.util.concurrent.CompletableFuture<org.springframework.web.socket.WebSocketSession> execute(
                    org.springframework.web.socket.WebSocketHandler handler, String uriTemplate, Object... uriVariables) {
                return standard.execute(handler, uriTemplate, uriVariables).thenApply(socket -> {
                    opened.accept(socket);
                    return socket;
                });
            }

            @Override
            public java.util.concurrent.CompletableFuture<org.springframework.web.socket.WebSocketSession> execute(
                    org.springframework.web.socket.WebSocketHandler handler, WebSocketHttpHeaders headers, java.net.URI uri) {
                return standard.execute(handler, headers, uri).thenApply(socket -> {
                    opened.accept(socket);
                    return socket;
                });
            }
        };
        WebSocketStompClient stomp = new WebSocketStompClient(webSocket);
        stomp.setMessageConverter(new JsonText());
        stomp.setInboundMessageSizeLimit(4 * 1024 * 1024);
        WebSocketHttpHeaders handshake = new WebSocketHttpHeaders();
        handshake.add("Cookie", player.cookieHeader());
        handshake.add("Origin", "http://localhost:" + port);
        StompHeaders connect = new StompHeaders();
        if (withCsrfToken) {
            connect.add("X-XSRF-TOKEN", player.csrfToken());
        }
        return stomp.connectAsync("ws://localhost:" + port + "/ws", handshake, connect, handler).get(10, TimeUnit.SECONDS);
    }

    /** Connects, subscribes to the table stream and to errors, and asks for a snapshot from {@code lastSeq}. */
    public static TableClient join(int port, Player player, UUID tableId, long lastSeq) throws Exception {
        TableClient client = open(port, player, tableId);
        client.subscribeErrors();
        client.subscribeStream();
        // A receipt would be nicer, but the simple broker sends none; the sync goes after the subscription on one connection, so it is registered first.
        client.sync(lastSeq);
        return client;
    }

    /**
     * Connects without subscribing to anything: for probing what the server allows. STOMP ERROR
     * frames and the connection's end are recorded ({@link #nextStompError()}, {@link #awaitClosed()}).
     */
    public static TableClient open(int port, Player player, UUID tableId) throws Exception {
        TableClient client = new TableClient(null, tableId);
        client.session = connect(port, player, client.sessionHandler(), true, socket -> client.socket = socket);
        return client;
    }

    private StompSessionHandlerAdapter sessionHandler() {
        return new StompSessionHandlerAdapter() {
            @Override
            public void handleFrame(StompHeaders headers, Object payload) {
                // Only ERROR frames reach the session handler; MESSAGE frames go to their subscription.
                String body = payload == null ? "" : payload.toString();
                rawFrames.add(headers.getFirst("message") + " | " + body);
                stompErrors.add(headers.getFirst("message") + " | " + body);
            }

            @Override
            public void handleTransportError(StompSession s, Throwable exception) {
                transportErrors.add(String.valueOf(exception));
                if (!s.isConnected()) {
                    closed.countDown();
                }
            }

            @Override
            public void handleException(StompSession s, org.springframework.messaging.simp.stomp.StompCommand command,
                                        StompHeaders headers, byte[] payload, Throwable exception) {
                if (command == org.springframework.messaging.simp.stomp.StompCommand.ERROR) {
                    // An ERROR frame whose body is not JSON: the converter gives up, the frame is still kept.
                    String body = payload == null ? "" : new String(payload, StandardCharsets.UTF_8);
                    rawFrames.add(headers.getFirst("message") + " | " + body);
                    stompErrors.add(headers.getFirst("message") + " | " + body);
                    return;
                }
                transportErrors.add(String.valueOf(exception));
            }
        };
    }

    /** SUBSCRIBE {@code /user/queue/tables/{tableId}}: the member's private table stream. */
    public StompSession.Subscription subscribeStream() {
        return session.subscribe("/user/queue/tables/" + tableId, handler(inbox));
    }

    /** SUBSCRIBE {@code /user/queue/errors}. */
    public StompSession.Subscription subscribeErrors() {
        return session.subscribe("/user/queue/errors", handler(errors));
    }

    /** SUBSCRIBE to any destination; what arrives there is kept for {@link #nextElsewhere()}. */
    public StompSession.Subscription subscribe(String destination) {
        return session.subscribe(destination, handler(elsewhere));
    }

    /** SEND {@code /app/tables/{tableId}/sync}. */
    public void sync(long lastSeq) {
        send("/app/tables/" + tableId + "/sync", Map.of("lastSeq", lastSeq));
    }

    /** SEND {@code /app/tables/{tableId}/history}. */
    public void history(long beforeSeq, int limit) {
        send("/app/tables/" + tableId + "/history", Map.of("beforeSeq", beforeSeq, "limit", limit));
    }

    /** The server's STOMP ERROR frame ("message-header | body"); fails after 10 s. */
    public String nextStompError() throws InterruptedException {
        String error = stompErrors.poll(10, TimeUnit.SECONDS);
        if (error == null) {
            throw new AssertionError("no STOMP ERROR frame within 10 s; transport: " + transportErrors);
        }
        return error;
    }

    /** Waits (up to 10 s) for the server to close the connection; true if it did. */
    public boolean awaitClosed() throws InterruptedException {
        return closed.await(10, TimeUnit.SECONDS) || !session.isConnected();
    }

    /** ERROR frames received so far, not yet taken. */
    public List<String> stompErrors() {
        return List.copyOf(stompErrors);
    }

    /** What arrived on a destination subscribed with {@link #subscribe(String)}, if anything arrives within 10 s. */
    public JsonNode nextElsewhere() throws InterruptedException {
        return elsewhere.poll(10, TimeUnit.SECONDS);
    }

    /** What arrived on a destination subscribed with {@link #subscribe(String)} and is not yet taken; null if nothing. */
    public JsonNode nextElsewhereNow() {
        return elsewhere.poll();
    }

    /** Errors on {@code /user/queue/errors} received so far and not yet taken. */
    public List<JsonNode> drainErrors() {
        List<JsonNode> all = new ArrayList<>();
        errors.drainTo(all);
        return all;
    }

    /** Observes every table-stream message as it arrives, with its arrival time (System.nanoTime()). */
    public void onArrival(java.util.function.ObjLongConsumer<JsonNode> listener) {
        this.arrivals = listener;
    }

    private StompFrameHandler handler(BlockingQueue<JsonNode> queue) {
        return new StompFrameHandler() {
            @Override
            public Type getPayloadType(StompHeaders headers) {
                return String.class;
            }

            @Override
            public void handleFrame(StompHeaders headers, Object payload) {
                long at = System.nanoTime();
                rawFrames.add((String) payload);
                JsonNode message = JSON.readTree((String) payload);
                if (queue == inbox) {
                    arrivals.accept(message, at);
                }
                queue.add(message);
            }
        };
    }

    /** The WebSocket client is not thread-safe: one frame at a time per connection. */
    public void send(String destination, Object body) {
        sendRaw(destination, JSON.writeValueAsString(body));
    }

    public void sendRaw(String destination, String body) {
        StompHeaders headers = new StompHeaders();
        headers.setDestination(destination);
        headers.setContentType(org.springframework.util.MimeTypeUtils.APPLICATION_JSON);
        synchronized (sendLock) {
            session.send(headers, body);
        }
    }


    /** Sends a command with a fresh commandId; returns the id. */
    public String command(String type, Map<String, ?> args) {
        return command(UUID.randomUUID().toString(), type, args, null);
    }

    public String command(String commandId, String type, Map<String, ?> args, String rollMode) {
        Map<String, Object> body = new java.util.HashMap<>();
        body.put("commandId", commandId);
        body.put("type", type);
        body.put("args", args);
        if (rollMode != null) {
            body.put("rollMode", rollMode);
        }
        send("/app/tables/" + tableId + "/commands", body);
        return commandId;
    }

    /**
     * The first message on the table stream, in arrival order, that matches; messages passed over
     * stay for later calls. Fails after 10 s.
     */
    public synchronized JsonNode next(Predicate<JsonNode> matching) throws InterruptedException {
        JsonNode found = poll(matching, java.time.Duration.ofSeconds(10));
        if (found != null) {
            return found;
        }
        throw new AssertionError("no matching message within 10 s; passed over: " + pending + "; errors: " + errors + "; transport: " + transportErrors + "; all frames: " + rawFrames.size() + " last: " + (rawFrames.isEmpty() ? "" : rawFrames.get(rawFrames.size() - 1).substring(0, Math.min(600, rawFrames.get(rawFrames.size() - 1).length()))));
    }

    /**
     * Like {@link #next(Predicate)}, but waits at most {@code timeout} and answers null when
     * nothing matched (for load loops that must notice a dead server instead of failing).
     */
    public synchronized JsonNode poll(Predicate<JsonNode> matching, java.time.Duration timeout) throws InterruptedException {
        for (var it = pending.iterator(); it.hasNext(); ) {
            JsonNode message = it.next();
            if (matching.test(message)) {
                it.remove();
                return message;
            }
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            JsonNode message = inbox.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
            if (message == null) {
                return null;
            }
            if (matching.test(message)) {
                return message;
            }
            pending.add(message);
        }
    }

    public JsonNode nextOfKind(String kind) throws InterruptedException {
        return next(m -> kind.equals(m.path("kind").asString()));
    }

    /** The view in the next snapshot. */
    public JsonNode snapshotView() throws InterruptedException {
        return nextOfKind("snapshot").get("view");
    }

    /** The event message with this seq; events passed over stay for later calls. */
    public JsonNode awaitEvent(long seq) throws InterruptedException {
        return next(m -> "event".equals(m.path("kind").asString()) && m.get("seq").asLong() == seq);
    }

    /** The seqs of every event frame received so far, in arrival order, taken or not. */
    public List<Long> eventSeqs() {
        List<Long> seqs = new ArrayList<>();
        for (String frame : List.copyOf(rawFrames)) {
            JsonNode message = JSON.readTree(frame);
            if ("event".equals(message.path("kind").asString())) {
                seqs.add(message.get("seq").asLong());
            }
        }
        return seqs;
    }

    /** Sends a command with a fresh commandId; fails unless its reply accepts it. Returns the reply. */
    public JsonNode accepted(String type, Map<String, ?> args) throws InterruptedException {
        JsonNode reply = replyTo(command(type, args));
        if (!reply.path("accepted").asBoolean()) {
            throw new AssertionError(type + " " + args + " was refused: " + reply);
        }
        return reply;
    }

    /** Sends a command with a fresh commandId; fails unless its reply refuses it with {@code code}. Returns the reply. */
    public JsonNode refused(String type, Map<String, ?> args, String code) throws InterruptedException {
        JsonNode reply = replyTo(command(type, args));
        boolean refusedWithCode = reply.has("accepted") && !reply.get("accepted").asBoolean() && code.equals(reply.path("code").asString());
        if (!refusedWithCode) {
            throw new AssertionError(type + " " + args + " should be refused with " + code + ": " + reply);
        }
        return reply;
    }

    public JsonNode replyTo(String commandId) throws InterruptedException {
        return next(m -> "reply".equals(m.path("kind").asString()) && commandId.equals(m.path("commandId").asString()));
    }

    public JsonNode nextError() throws InterruptedException {
        JsonNode error = errors.poll(10, TimeUnit.SECONDS);
        if (error == null) {
            throw new AssertionError("no error within 10 s");
        }
        return error;
    }

    /** Everything received on the table stream so far and not yet taken. */
    public synchronized List<JsonNode> drain() {
        List<JsonNode> all = new ArrayList<>(pending);
        pending.clear();
        inbox.drainTo(all);
        return all;
    }

    /**
     * The connection drops as when a browser tab goes away: the WebSocket closes (1001, going away)
     * with no STOMP DISCONNECT. Returns once the client has noticed.
     */
    public void drop() throws Exception {
        socket.close(org.springframework.web.socket.CloseStatus.GOING_AWAY);
        if (!awaitClosed()) {
            throw new AssertionError("the connection did not close");
        }
    }

    public boolean isConnected() {
        return session.isConnected();
    }

    @Override
    public void close() {
        if (session.isConnected()) {
            session.disconnect();
        }
    }

    /** The events a table message carries: one event, a snapshot's recent ones, or a page of history. */
    public static List<JsonNode> eventsIn(String frame) {
        List<JsonNode> events = new ArrayList<>();
        if (!frame.startsWith("{")) {
            return events; // an ERROR frame's "message | body"
        }
        JsonNode message = JSON.readTree(frame);
        if (message.has("event")) {
            events.add(message.get("event"));
        }
        for (String list : List.of("recent", "events")) {
            message.path(list).forEach(events::add);
        }
        return events;
    }
}
