package io.astragal.realtime;

import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.messaging.Message;
import org.springframework.messaging.MessageChannel;
import org.springframework.messaging.MessageHandler;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.support.ChannelInterceptor;
import org.springframework.messaging.support.ExecutorChannelInterceptor;
import org.springframework.stereotype.Component;

/**
 * Who follows which table on this node: every SUBSCRIBE to a table stream
 * ({@code /user/queue/tables/{id}}) that was let in, by table, member and connection.
 *
 * <p>On one node it also delivers the tables' messages: each goes as a STOMP {@code MESSAGE} frame
 * written here straight onto the connection's send queue ({@link QueuedSendSession}), on the thread
 * that holds the table's lock, so one table's messages reach each connection in seq order. Spring's
 * path for a message (the simple broker's lookup of the session's destination, new headers, a
 * hand-off to the outbound thread, and the STOMP handler's conversion and encoding of them) was
 * about a tenth of the allocation per command under load (docs/performance.md, step 29). The frame
 * goes as a binary WebSocket message of its UTF-8 bytes: as a text message it was made a
 * {@code String} and encoded back to bytes by Tomcat, for every connection (step 34).
 * With RabbitMQ ({@link BrokerRelay}) messages go through the broker, and this only answers
 * {@link #follows}.
 */
@Component
final class TableStreams {

    static final String STREAM_PREFIX = "/user/queue/tables/";
    private static final byte[] LENGTH = "\ncontent-length:".getBytes(StandardCharsets.US_ASCII);
    /** The NUL that ends every frame; never written to. */
    private static final byte[] FRAME_END = {0};
    private static final AtomicLong MESSAGE_IDS = new AtomicLong();

    /**
     * One SUBSCRIBE to a table's stream, with the start of the frames it is sent: the command and
     * the headers up to the message id.
     */
    private record Follower(QueuedSendSession session, String subscriptionId, byte[] frameStart) {
    }

    /** What one connection subscribed to: subscription id → the stream's table and member. */
    private record Connection(QueuedSendSession session, Map<String, Stream> streams) {
    }

    private record Stream(UUID tableId, String userId) {
    }

    /** This node's open connections, by session id. */
    private final Map<String, Connection> connections = new ConcurrentHashMap<>();
    /** Table → member's user id → that member's subscriptions to the table's stream. */
    private final Map<UUID, Map<String, List<Follower>>> followers = new ConcurrentHashMap<>();

    void opened(QueuedSendSession session) {
        connections.put(session.getId(), new Connection(session, new ConcurrentHashMap<>()));
    }

    void closed(String sessionId) {
        Connection connection = connections.remove(sessionId);
        if (connection != null) {
            connection.streams().forEach((subscriptionId, stream) -> forget(stream, sessionId, subscriptionId));
        }
    }

    /**
     * On the inbound channel: records a table SUBSCRIBE, or forgets an UNSUBSCRIBE, as the frame is
     * handled, so after every interceptor let it through and before the connection's next frame is
     * handled (frames of a connection are handled in order, each once all its handlers are done). A
     * frame has several handlers, so this is done once and then seen to be done.
     */
    ChannelInterceptor subscriptions() {
        return new ExecutorChannelInterceptor() {
            @Override
            public Message<?> beforeHandle(Message<?> message, MessageChannel channel, MessageHandler handler) {
                var headers = message.getHeaders();
                String sessionId = SimpMessageHeaderAccessor.getSessionId(headers);
                String subscriptionId = SimpMessageHeaderAccessor.getSubscriptionId(headers);
                Connection connection = sessionId == null ? null : connections.get(sessionId);
                if (connection == null || subscriptionId == null) {
                    return message;
                }
                switch (SimpMessageHeaderAccessor.getMessageType(headers)) {
                    case SUBSCRIBE -> {
                        Principal user = SimpMessageHeaderAccessor.getUser(headers);
                        UUID tableId = tableOf(SimpMessageHeaderAccessor.getDestination(headers));
                        if (user != null && tableId != null) {
                            subscribed(connection, subscriptionId, new Stream(tableId, user.getName()));
                        }
                    }
                    case UNSUBSCRIBE -> {
                        Stream stream = connection.streams().remove(subscriptionId);
                        if (stream != null) {
                            forget(stream, sessionId, subscriptionId);
                        }
                    }
                    case null, default -> {
                    }
                }
                return message;
            }
        };
    }

    private void subscribed(Connection connection, String subscriptionId, Stream stream) {
        if (connection.streams().putIfAbsent(subscriptionId, stream) != null) {
            return; // recorded by another of the frame's handlers (or the id is taken: STOMP gives each one subscription)
        }
        var follower = new Follower(connection.session(), subscriptionId, frameStart(stream.tableId(), subscriptionId));
        followers.computeIfAbsent(stream.tableId(), id -> new ConcurrentHashMap<>())
                .merge(stream.userId(), List.of(follower), TableStreams::joined);
        if (!connections.containsKey(connection.session().getId())) {
            forget(stream, connection.session().getId(), subscriptionId); // it closed while being recorded
        }
    }

    private void forget(Stream stream, String sessionId, String subscriptionId) {
        Map<String, List<Follower>> byUser = followers.get(stream.tableId());
        if (byUser != null) {
            byUser.computeIfPresent(stream.userId(), (user, list) -> {
                List<Follower> rest = list.stream()
                        .filter(f -> !(f.session().getId().equals(sessionId) && f.subscriptionId().equals(subscriptionId)))
                        .toList();
                return rest.isEmpty() ? null : rest;
            });
        }
    }

    private static List<Follower> joined(List<Follower> old, List<Follower> added) {
        var all = new ArrayList<>(old);
        all.addAll(added);
        return List.copyOf(all);
    }

    /** Whether that connection of the user subscribed to the table's stream (which only members may). */
    boolean follows(UUID tableId, String userId, String sessionId) {
        return followersOf(tableId, userId).stream().anyMatch(f -> f.session().getId().equals(sessionId));
    }

    /**
     * Runs {@code handling} (a command of that connection) with the connection's writes held, so that
     * what it sends the connection, its event and its reply, goes out in one write.
     */
    void holdingWrites(String sessionId, Runnable handling) {
        Connection connection = connections.get(sessionId);
        if (connection == null) {
            handling.run();
            return;
        }
        connection.session().hold();
        try {
            handling.run();
        } finally {
            connection.session().release();
        }
    }

    /** Sends a table message (JSON) to every connection of the member that follows the table. */
    void toMember(UUID tableId, String userId, byte[] message) {
        for (Follower follower : followersOf(tableId, userId)) {
            follower.session().sendMessage(frame(follower, message));
        }
    }

    /** Sends a table message (JSON) to one connection of the member, if it follows the table. */
    void toSession(UUID tableId, String userId, String sessionId, byte[] message) {
        for (Follower follower : followersOf(tableId, userId)) {
            if (follower.session().getId().equals(sessionId)) {
                follower.session().sendMessage(frame(follower, message));
            }
        }
    }

    private List<Follower> followersOf(UUID tableId, String userId) {
        Map<String, List<Follower>> byUser = followers.get(tableId);
        List<Follower> list = byUser == null ? null : byUser.get(userId);
        return list == null ? List.of() : list;
    }

    /** The table of a stream destination, or null if it names none. */
    static UUID tableOf(String destination) {
        if (destination == null || !destination.startsWith(STREAM_PREFIX)) {
            return null;
        }
        try {
            return UUID.fromString(destination.substring(STREAM_PREFIX.length()));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The frame as Spring's STOMP encoder writes a MESSAGE from its broker, with the stream's own
     * destination: this connection's head, then the message as it is, shared by every frame that
     * carries it, then the frame's end.
     */
    private static PiecedMessage frame(Follower follower, byte[] body) {
        long id = MESSAGE_IDS.getAndIncrement();
        byte[] start = follower.frameStart();
        int idDigits = digits(id);
        int lengthDigits = digits(body.length);
        byte[] head = new byte[start.length + idDigits + LENGTH.length + lengthDigits + 2];
        System.arraycopy(start, 0, head, 0, start.length);
        int at = putDigits(head, start.length, id, idDigits);
        System.arraycopy(LENGTH, 0, head, at, LENGTH.length);
        at = putDigits(head, at + LENGTH.length, body.length, lengthDigits);
        head[at++] = '\n';
        head[at] = '\n';
        return PiecedMessage.of(head, body, FRAME_END);
    }

    /** The decimal digits of {@code value} (not negative). */
    private static int digits(long value) {
        int digits = 1;
        while (value >= 10) {
            value /= 10;
            digits++;
        }
        return digits;
    }

    /** Writes the {@code digits} decimal digits of {@code value} at {@code at}, straight into the frame; where they end. */
    private static int putDigits(byte[] into, int at, long value, int digits) {
        for (int i = at + digits - 1; i >= at; i--) {
            into[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        return at + digits;
    }

    private static byte[] frameStart(UUID tableId, String subscriptionId) {
        return ("MESSAGE\ndestination:" + STREAM_PREFIX + tableId + "\ncontent-type:application/json\nsubscription:"
                + escape(subscriptionId) + "\nmessage-id:").getBytes(StandardCharsets.UTF_8);
    }

    /** A header value as STOMP 1.2 writes it. */
    private static String escape(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case ':' -> out.append("\\c");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
