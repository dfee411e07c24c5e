package io.astragal.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.messaging.Message;
import org.springframework.messaging.simp.SimpMessageHeaderAccessor;
import org.springframework.messaging.simp.SimpMessageType;
import org.springframework.messaging.support.MessageBuilder;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.messaging.simp.stomp.StompFrameHandler;
import org.springframework.messaging.simp.stomp.StompHeaders;
import org.springframework.messaging.simp.stomp.StompSession;
import org.springframework.messaging.simp.stomp.StompSessionHandlerAdapter;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The benchmark's floor relay: present only when switched on, and then a plain numbered fan-out. */
class BenchRelayTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** One STOMP connection that records what arrives on the room stream and any ERROR frame. */
    static final class Connection {
        final BlockingQueue<JsonNode> room = new LinkedBlockingQueue<>();
        final BlockingQueue<String> errors = new LinkedBlockingQueue<>();
        final StompSession session;

        Connection(int port, Player player) throws Exception {
            session = TableClient.connect(port, player, new StompSessionHandlerAdapter() {
                @Override
                public Type getPayloadType(StompHeaders headers) {
                    return String.class;
                }

                @Override
                public void handleFrame(StompHeaders headers, Object payload) {
                    errors.add(headers.getFirst("message") + " " + (String) payload);
                }
            });
        }

        void subscribe(String roomId) {
            session.subscribe("/user/queue/bench/" + roomId, new StompFrameHandler() {
                @Override
                public Type getPayloadType(StompHeaders headers) {
                    return String.class;
                }

                @Override
                public void handleFrame(StompHeaders headers, Object payload) {
                    room.add(JSON.readTree((String) payload));
                }
            });
        }

        void send(String roomId, String id) {
            StompHeaders headers = new StompHeaders();
            headers.setDestination("/app/bench/rooms/" + roomId);
            headers.setContentType(org.springframework.util.MimeTypeUtils.APPLICATION_JSON);
            session.send(headers, "{\"id\":\"" + id + "\",\"pad\":\"xxxx\"}");
        }

        JsonNode next() throws InterruptedException {
            JsonNode message = room.poll(10, TimeUnit.SECONDS);
            assertThat(message).as("a message within 10 s; errors: " + errors).isNotNull();
            return message;
        }
    }

    @Nested
    @IntegrationTest
    @TestPropertySource(properties = "astragal.bench.enabled=true")
    class SwitchedOn {

        @LocalServerPort
        int port;

        @Autowired
        AuthorizationManager<Message<?>> messages;

        @Test
        void signedInUsersMaySubscribeToARoomAndSendToIt() {
            assertThat(granted(messages, SimpMessageType.SUBSCRIBE, "/user/queue/bench/room-1")).isTrue();
            assertThat(granted(messages, SimpMessageType.MESSAGE, "/app/bench/rooms/room-1")).isTrue();
            assertThat(granted(messages, SimpMessageType.SUBSCRIBE, "/queue/bench/room-1-usersomeone")).isFalse();
        }

        @Test
        void aSendReachesEverySubscriberOfTheRoomInSeqOrderAndTheSenderGetsAReplyAfterIt() throws Exception {
            Connection a = new Connection(port, Player.signUp(port, "Ann"));
            Connection b = new Connection(port, Player.signUp(port, "Ben"));
            Connection elsewhere = new Connection(port, Player.signUp(port, "Cid"));
            a.subscribe("room-1");
            b.subscribe("room-1");
            elsewhere.subscribe("room-2");
            // Subscriptions are registered in the order frames arrive; wait until both are in the room.
            a.send("room-1", "probe");
            List<JsonNode> first = new ArrayList<>();
            while (first.size() < 2) {
                JsonNode m = a.next();
                first.add(m);
            }
            assertThat(first.getLast().get("kind").asString()).isEqualTo("reply");
            b.send("room-1", "c-1");
            b.send("room-1", "c-2");
            List<Long> seqsAtA = List.of(a.next().get("seq").asLong(), a.next().get("seq").asLong());
            assertThat(seqsAtA).containsExactly(2L, 3L);
            List<JsonNode> atB = new ArrayList<>();
            while (atB.isEmpty() || !"c-2".equals(atB.getLast().path("commandId").asString())) {
                atB.add(b.next());
            }
            assertThat(atB.stream().map(m -> m.get("kind").asString() + ":" + m.get("seq").asLong()).toList())
                    .as("b may have got the probe's event; then each event before its reply")
                    .containsSubsequence("event:2", "reply:2", "event:3", "reply:3");
            JsonNode reply = atB.stream().filter(m -> "reply".equals(m.get("kind").asString())
                    && "c-2".equals(m.get("commandId").asString())).findFirst().orElseThrow();
            assertThat(reply.get("accepted").asBoolean()).isTrue();
            assertThat(atB.stream().filter(m -> "event".equals(m.get("kind").asString())).findFirst().orElseThrow()
                    .get("pad").asString()).isEqualTo("xxxx");
            assertThat(elsewhere.room.poll(300, TimeUnit.MILLISECONDS)).as("another room hears nothing").isNull();
            assertThat(a.errors).isEmpty();
            assertThat(b.errors).isEmpty();
        }
    }

    @Nested
    @IntegrationTest
    class OffByDefault {

        @LocalServerPort
        int port;

        @Autowired
        ApplicationContext context;

        @Autowired
        AuthorizationManager<Message<?>> messages;

        @Test
        void thereIsNoRelayAndItsDestinationsAreDenied() throws Exception {
            assertThat(context.getBeansOfType(BenchRelay.class)).isEmpty();
            assertThat(granted(messages, SimpMessageType.SUBSCRIBE, "/user/queue/bench/room-1")).isFalse();
            assertThat(granted(messages, SimpMessageType.MESSAGE, "/app/bench/rooms/room-1")).isFalse();
            // A denied frame is answered with an ERROR frame and the connection is closed, so each try
            // gets its own connection: a send after a denied subscribe would race the close.
            Connection subscriber = new Connection(port, Player.signUp(port, "Ann"));
            subscriber.subscribe("room-1");
            assertThat(subscriber.errors.poll(10, TimeUnit.SECONDS)).as("the subscribe is refused")
                    .startsWith("Not allowed: SUBSCRIBE to /user/queue/bench/room-1");
            Connection sender = new Connection(port, Player.signUp(port, "Ben"));
            sender.send("room-1", "c-1");
            assertThat(sender.errors.poll(10, TimeUnit.SECONDS)).as("the send is refused")
                    .startsWith("Not allowed: SEND to /app/bench/rooms/room-1");
            assertThat(subscriber.room).as("nothing is relayed").isEmpty();
        }
    }

    /** What the STOMP authorization decides for a signed-in user's frame. */
    static boolean granted(AuthorizationManager<Message<?>> messages, SimpMessageType type, String destination) {
        SimpMessageHeaderAccessor headers = SimpMessageHeaderAccessor.create(type);
        headers.setDestination(destination);
        headers.setSessionId("s-1");
        headers.setSubscriptionId("sub-1");
        Message<byte[]> message = MessageBuilder.createMessage(new byte[0], headers.getMessageHeaders());
        var user = UsernamePasswordAuthenticationToken.authenticated("someone", null, List.of());
        return messages.authorize(() -> user, message).isGranted();
    }
}
