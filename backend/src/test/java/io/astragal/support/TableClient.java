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

    private final StompSession session;
    private final UUID tableId;
    private final BlockingQueue<JsonNode> inbox = new LinkedBlockingQueue<>();
    private final BlockingQueue<JsonNode> errors = new LinkedBlockingQueue<>();
    private final List<JsonNode> pending = new ArrayList<>();
    private final Object sendLock = new Object();
    /** Every frame body received, as text, for secrecy checks. */
    public final List<String> rawFrames = Collections.synchronizedList(new ArrayList<>());
    public final List<String> transportErrors = Collections.synchronizedList(new ArrayList<>());

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
        // A browser takes any frame size; the Java client defaults to 8 KiB, less than a table view.
        jakarta.websocket.WebSocketContainer container = jakarta.websocket.ContainerProvider.getWebSocketContainer();
        container.setDefaultMaxTextMessageBufferSize(4 * 1024 * 1024);
        container.setDefaultMaxBinaryMessageBufferSize(4 * 1024 * 1024);
        WebSocketStompClient stomp = new WebSocketStompClient(new StandardWebSocketClient(container));
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
        List<String> transport = Collections.synchronizedList(new ArrayList<>());
        StompSession session = connect(port, player, new StompSessionHandlerAdapter() {
            @Override
            public void handleTransportError(StompSession s, Throwable exception) {
                transport.add(String.valueOf(exception));
            }
        });
        TableClient client = new TableClient(session, tableId);
        client.transportErrors.addAll(transport);
        session.subscribe("/user/queue/errors", client.handler(client.errors));
        StompSession.Subscription subscription = session.subscribe("/user/queue/tables/" + tableId, client.handler(client.inbox));
        // A receipt would be nicer, but the simple broker sends none; the sync goes after the subscription on one connection, so it is registered first.
        client.send("/app/tables/" + tableId + "/sync", Map.of("lastSeq", lastSeq));
        return client;
    }

    private StompFrameHandler handler(BlockingQueue<JsonNode> queue) {
        return new StompFrameHandler() {
            @Override
            public Type getPayloadType(StompHeaders headers) {
                return String.class;
            }

            @Override
            public void handleFrame(StompHeaders headers, Object payload) {
                rawFrames.add((String) payload);
                queue.add(JSON.readTree((String) payload));
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
        for (var it = pending.iterator(); it.hasNext(); ) {
            JsonNode message = it.next();
            if (matching.test(message)) {
                it.remove();
                return message;
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            long left = deadline - System.nanoTime();
            JsonNode message = inbox.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
            if (message == null) {
                throw new AssertionError("no matching message within 10 s; passed over: " + pending + "; errors: " + errors + "; transport: " + transportErrors + "; all frames: " + rawFrames.size() + " last: " + (rawFrames.isEmpty() ? "" : rawFrames.get(rawFrames.size() - 1).substring(0, Math.min(600, rawFrames.get(rawFrames.size() - 1).length()))));
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

    public boolean isConnected() {
        return session.isConnected();
    }

    @Override
    public void close() {
        if (session.isConnected()) {
            session.disconnect();
        }
    }
}
