package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.realtime.RawStompSocket.Received;
import io.astragal.realtime.RawStompSocket.StompFrame;
import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import io.astragal.support.TwoPlayerTable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The table stream's MESSAGE frames as a client reads them off the socket, now that the server
 * writes them itself (TableStreams): headers as STOMP 1.2 has them, one copy per subscription, none
 * after an UNSUBSCRIBE, and the answer to a frame before what a later frame causes.
 */
@IntegrationTest
class TableStreamFramesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    TwoPlayerTable cast;
    Player gm;
    Player alda;
    UUID table;

    @BeforeEach
    void aTableWithPlayers() {
        cast = TwoPlayerTable.create(port, "The Open Road", "actlite");
        gm = cast.gm();
        alda = cast.alda();
        table = cast.id();
    }

    @Test
    void tableMessagesAreMessageFramesOnTheStreamTheClientSubscribedTo() throws Exception {
        try (RawStompSocket socket = connected(alda);
             TableClient g = cast.join(gm)) {
            g.nextOfKind("snapshot");
            // The id s:1\x goes escaped, as STOMP 1.2 writes a colon and a backslash in a header value.
            socket.sendText(RawStompSocket.stomp("SUBSCRIBE",
                    Map.of("id", "s\\c1\\\\x", "destination", "/user/queue/tables/" + table), ""));
            socket.send("/app/tables/" + table + "/sync", "{\"lastSeq\":-1}");
            StompFrame snapshot = nextMessage(socket);
            assertThat(JSON.readTree(snapshot.body()).get("kind").asString()).isEqualTo("snapshot");

            g.replyTo(g.command("chat", Map.of("text", "Grüße, Wanderer ⚔")));
            Received received = socket.nextFrame(RawStompSocket.ANSWER);
            assertThat(received).isInstanceOfSatisfying(Received.Text.class, message -> assertThat(message.binary())
                    .as("a table message is one binary WebSocket message of the frame's UTF-8 bytes").isTrue());
            StompFrame event = ((Received.Text) received).frame();
            assertThat(event.command()).isEqualTo("MESSAGE");
            JsonNode body = JSON.readTree(event.body());
            assertThat(body.get("kind").asString()).isEqualTo("event");
            assertThat(event.headers())
                    .containsEntry("destination", "/user/queue/tables/" + table)
                    .containsEntry("subscription", "s:1\\x")
                    .containsEntry("content-type", "application/json")
                    .containsEntry("content-length", Integer.toString(event.body().getBytes(StandardCharsets.UTF_8).length));
            assertThat(event.headers().get("message-id")).isNotBlank().isNotEqualTo(snapshot.headers().get("message-id"));
            assertThat(event.body()).contains("Grüße, Wanderer ⚔");
        }
    }

    @Test
    void eachSubscriptionGetsItsCopyAndAnUnsubscribedOneNoMore() throws Exception {
        try (RawStompSocket socket = connected(alda);
             TableClient g = cast.join(gm)) {
            g.nextOfKind("snapshot");
            socket.subscribe("e", "/user/queue/errors");
            socket.subscribe("one", "/user/queue/tables/" + table);
            socket.subscribe("two", "/user/queue/tables/" + table);
            // The GM's command comes on another connection: a marker's answer says Alda's frames before it were handled.
            assertThat(untilMarker(socket, 1)).isEmpty();

            g.replyTo(g.command("chat", Map.of("text", "to both")));
            assertThat(untilMarker(socket, 2)).containsExactlyInAnyOrder("one: event", "two: event");

            socket.sendText(RawStompSocket.stomp("UNSUBSCRIBE", Map.of("id", "one"), ""));
            assertThat(untilMarker(socket, 3)).isEmpty();
            g.replyTo(g.command("chat", Map.of("text", "to two")));
            assertThat(untilMarker(socket, 4)).containsExactly("two: event");

            socket.sendText(RawStompSocket.stomp("UNSUBSCRIBE", Map.of("id", "two"), ""));
            assertThat(untilMarker(socket, 5)).isEmpty();
            g.replyTo(g.command("chat", Map.of("text", "to no one")));
            assertThat(untilMarker(socket, 6)).isEmpty();
        }
    }

    @Test
    void theAnswerToAFrameComesBeforeWhatTheNextFrameCauses() throws Exception {
        try (RawStompSocket socket = connected(alda)) {
            socket.subscribe("e", "/user/queue/errors");
            socket.subscribe("t", "/user/queue/tables/" + table);
            socket.send("/app/tables/" + table + "/sync", "{\"lastSeq\":-1}");
            assertThat(JSON.readTree(nextMessage(socket).body()).get("kind").asString()).isEqualTo("snapshot");
            for (int i = 0; i < 20; i++) {
                socket.send("/app/tables/" + table + "/commands", "{\"commandId\":42}"); // MALFORMED, on the error queue
                socket.send("/app/tables/" + table + "/commands",
                        "{\"commandId\":\"c-" + i + "\",\"type\":\"chat\",\"args\":{\"text\":\"hi\"}}");
                StompFrame error = nextMessage(socket);
                assertThat(error.headers()).as("round %d", i).containsEntry("subscription", "e");
                assertThat(JSON.readTree(error.body()).get("code").asString()).isEqualTo("MALFORMED");
                List<String> kinds = new ArrayList<>();
                while (kinds.size() < 2) { // the chat's event and its reply, in either order
                    StompFrame frame = nextMessage(socket);
                    assertThat(frame.headers()).containsEntry("subscription", "t");
                    kinds.add(JSON.readTree(frame.body()).get("kind").asString());
                }
                assertThat(kinds).containsExactlyInAnyOrder("event", "reply");
            }
        }
    }

    @Test
    void aCommandsEventAndItsReplyReachTheSenderAsOneMessage() throws Exception {
        try (RawStompSocket socket = connected(alda)) {
            socket.subscribe("t", "/user/queue/tables/" + table);
            socket.send("/app/tables/" + table + "/sync", "{\"lastSeq\":-1}");
            assertThat(JSON.readTree(nextMessage(socket).body()).get("kind").asString()).isEqualTo("snapshot");
            for (int i = 0; i < 5; i++) {
                socket.send("/app/tables/" + table + "/commands",
                        "{\"commandId\":\"j-" + i + "\",\"type\":\"chat\",\"args\":{\"text\":\"together " + i + "\"}}");
                Received.Text event = (Received.Text) socket.nextFrame(RawStompSocket.ANSWER);
                Received.Text reply = (Received.Text) socket.nextFrame(RawStompSocket.ANSWER);
                assertThat(JSON.readTree(event.frame().body()).get("kind").asString()).isEqualTo("event");
                assertThat(JSON.readTree(reply.frame().body()).get("commandId").asString()).isEqualTo("j-" + i);
                assertThat(reply.message()).as("round %d: the reply came in the event's WebSocket message", i)
                        .isEqualTo(event.message());
                assertThat(event.frame().headers().get("message-id")).isNotEqualTo(reply.frame().headers().get("message-id"));
            }
        }
    }

    @Test
    void framesSentTogetherAreHandledOneAfterAnotherInTheOrderSent() throws Exception {
        try (RawStompSocket socket = connected(alda)) {
            // One WebSocket message of many frames: the subscriptions, a sync and a dozen commands.
            StringBuilder frames = new StringBuilder()
                    .append(RawStompSocket.stomp("SUBSCRIBE", Map.of("id", "e", "destination", "/user/queue/errors"), ""))
                    .append(RawStompSocket.stomp("SUBSCRIBE", Map.of("id", "t", "destination", "/user/queue/tables/" + table), ""))
                    .append(RawStompSocket.sendFrame("/app/tables/" + table + "/sync", "{\"lastSeq\":-1}"));
            int commands = 12; // within the rate limit's burst
            for (int i = 0; i < commands; i++) {
                frames.append(RawStompSocket.sendFrame("/app/tables/" + table + "/commands",
                        "{\"commandId\":\"in-order-" + i + "\",\"type\":\"chat\",\"args\":{\"text\":\"line " + i + "\"}}"));
            }
            socket.sendText(frames.toString());

            assertThat(JSON.readTree(nextMessage(socket).body()).get("kind").asString())
                    .as("the sync was handled after the SUBSCRIBE before it").isEqualTo("snapshot");
            List<String> acceptedInSeqOrder = new ArrayList<>();
            long lastSeq = -1;
            while (acceptedInSeqOrder.size() < commands) {
                JsonNode body = JSON.readTree(nextMessage(socket).body());
                if (body.get("kind").asString().equals("reply")) {
                    assertThat(body.get("accepted").asBoolean()).as(body.toString()).isTrue();
                    assertThat(body.get("seq").asLong()).isGreaterThan(lastSeq);
                    lastSeq = body.get("seq").asLong();
                    acceptedInSeqOrder.add(body.get("commandId").asString());
                }
            }
            assertThat(acceptedInSeqOrder).as("each command was decided after the one sent before it")
                    .containsExactlyElementsOf(IntStream.range(0, commands).mapToObj(i -> "in-order-" + i).toList());
        }
    }

    private RawStompSocket connected(Player player) throws Exception {
        RawStompSocket socket = RawStompSocket.open(port, player, 0, new Random(1)).startReading();
        socket.connect(player);
        assertThat(nextFrame(socket).command()).isEqualTo("CONNECTED");
        return socket;
    }

    /**
     * The table frames (as "subscription: kind") that arrive before the answer to a SEND to an
     * unknown destination, which the server gives on the error queue after anything sent earlier.
     */
    private List<String> untilMarker(RawStompSocket socket, int marker) throws Exception {
        socket.send("/app/tables/" + table + "/marker-" + marker, "{}");
        List<String> seen = new ArrayList<>();
        while (true) {
            StompFrame frame = nextMessage(socket);
            JsonNode body = JSON.readTree(frame.body());
            if ("e".equals(frame.headers().get("subscription"))) {
                assertThat(body.get("code").asString()).isEqualTo("UNKNOWN_DESTINATION");
                return seen;
            }
            seen.add(frame.headers().get("subscription") + ": " + body.get("kind").asString());
        }
    }

    private static StompFrame nextMessage(RawStompSocket socket) throws InterruptedException {
        StompFrame frame = nextFrame(socket);
        assertThat(frame.command()).isEqualTo("MESSAGE");
        return frame;
    }

    private static StompFrame nextFrame(RawStompSocket socket) throws InterruptedException {
        Received received = socket.nextFrame(RawStompSocket.ANSWER);
        assertThat(received).isInstanceOf(Received.Text.class);
        return ((Received.Text) received).frame();
    }
}
