package io.astragal.bench;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.event.EventListener;
import org.springframework.messaging.MessageHeaders;
import org.springframework.messaging.handler.annotation.DestinationVariable;
import org.springframework.messaging.handler.annotation.MessageMapping;
import org.springframework.messaging.handler.annotation.Payload;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.SimpMessagingTemplate;
import org.springframework.stereotype.Controller;
import org.springframework.web.socket.messaging.SessionDisconnectEvent;
import org.springframework.web.socket.messaging.SessionSubscribeEvent;
import org.springframework.web.socket.messaging.SessionUnsubscribeEvent;

/**
 * The load benchmark's floor: a SEND to {@code /app/bench/rooms/{room}} is relayed to every
 * session subscribed to {@code /user/queue/bench/{room}}, then answered to the sender, through the
 * same broker, converter, channels and per-session destinations as a table's events, but with no
 * membership lookup, no rules, no views and no database. Only with {@code astragal.bench.enabled=true}.
 *
 * <p>Like a table, a room numbers its messages with a gapless {@code seq} under its own lock, so
 * the benchmark matches replies and deliveries the same way for both.
 */
@Controller
@ConditionalOnProperty(name = "astragal.bench.enabled", havingValue = "true")
class BenchRelay {

    private static final Pattern ROOM = Pattern.compile("[A-Za-z0-9-]{1,64}");
    private static final Pattern ROOM_STREAM = Pattern.compile("/user/queue/bench/([A-Za-z0-9-]{1,64})");

    /** Body of a SEND: an id to answer to, and padding that makes the message as large as a table event. */
    record Relay(String id, String pad) {
    }

    /** What every subscriber of the room gets. */
    record Relayed(String kind, long seq, String pad) {
    }

    /** What the sender gets after the room's messages have been handed to the broker. */
    record Reply(String kind, String commandId, boolean accepted, Long seq) {
    }

    private static final class Room {
        final Set<String> sessions = ConcurrentHashMap.newKeySet();
        long seq;
    }

    private final SimpMessagingTemplate template;
    private final Map<String, Room> rooms = new ConcurrentHashMap<>();
    /** session id -> subscription id -> room, to forget a session's rooms when it leaves. */
    private final Map<String, Map<String, String>> subscriptions = new ConcurrentHashMap<>();

    BenchRelay(SimpMessagingTemplate template) {
        this.template = template;
    }

    @MessageMapping("/bench/rooms/{room}")
    void relay(@DestinationVariable String room, @Payload Relay body, SimpMessageHeaderAccessor headers) {
        if (!ROOM.matcher(room).matches()) {
            return;
        }
        String sender = headers.getSessionId();
        Room target = rooms.get(room);
        if (target == null) {
            template.convertAndSend(destination(room, sender), new Reply("reply", body.id(), false, null));
            return;
        }
        synchronized (target) {
            long seq = ++target.seq;
            Relayed message = new Relayed("event", seq, body.pad());
            for (String session : target.sessions) {
                template.convertAndSend(destination(room, session), message);
            }
            template.convertAndSend(destination(room, sender), new Reply("reply", body.id(), true, seq));
        }
    }

    // The headers are read one by one, never copied (SimpMessageHeaderAccessor.wrap iterates them): with
    // frames handled in order, Spring may still be adding headers to this very message on the
    // inbound thread, and a copy then failed with a ConcurrentModificationException that cost the
    // client its connection (docs/performance.md, session 10).
    @EventListener
    void subscribed(SessionSubscribeEvent event) {
        MessageHeaders headers = event.getMessage().getHeaders();
        String destination = SimpMessageHeaderAccessor.getDestination(headers);
        String session = SimpMessageHeaderAccessor.getSessionId(headers);
        String subscription = SimpMessageHeaderAccessor.getSubscriptionId(headers);
        Matcher room = destination == null ? null : ROOM_STREAM.matcher(destination);
        if (room == null || !room.matches() || session == null || subscription == null) {
            return;
        }
        subscriptions.computeIfAbsent(session, s -> new ConcurrentHashMap<>()).put(subscription, room.group(1));
        rooms.compute(room.group(1), (id, r) -> {
            Room joined = r == null ? new Room() : r;
            joined.sessions.add(session);
            return joined;
        });
    }

    @EventListener
    void unsubscribed(SessionUnsubscribeEvent event) {
        MessageHeaders headers = event.getMessage().getHeaders();
        String session = SimpMessageHeaderAccessor.getSessionId(headers);
        String subscription = SimpMessageHeaderAccessor.getSubscriptionId(headers);
        Map<String, String> ofSession = session == null ? null : subscriptions.get(session);
        String room = ofSession == null || subscription == null ? null : ofSession.remove(subscription);
        if (room != null && !ofSession.containsValue(room)) {
            leave(room, session);
        }
    }

    @EventListener
    void disconnected(SessionDisconnectEvent event) {
        Map<String, String> ofSession = subscriptions.remove(event.getSessionId());
        if (ofSession != null) {
            ofSession.values().forEach(room -> leave(room, event.getSessionId()));
        }
    }

    private void leave(String room, String session) {
        rooms.computeIfPresent(room, (id, r) -> {
            r.sessions.remove(session);
            return r.sessions.isEmpty() ? null : r;
        });
    }

    private static String destination(String room, String session) {
        return "/queue/bench/" + room + "-user" + session;
    }
}
