package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.realtime.RawStompSocket.Received;
import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The weaknesses {@link StompFuzzTest} found, one by one: each input now gets a clear error and
 * changes nothing.
 */
@IntegrationTest
class StompHardeningTest {

    @LocalServerPort
    int port;

    Player gm;
    Player alda;
    UUID table;
    String aldaHero;
    String warden;

    @BeforeEach
    void aTableWithAPlayerAndAnNpc() {
        gm = Player.signUp(port, "Gemma");
        table = gm.createCampaign("The Hardened Gate", "actlite");
        alda = Player.signUp(port, "Alda");
        alda.accept(gm.invite(table, "PLAYER"));
        aldaHero = alda.createCharacter(table, "Alda the Bold", false, Map.of("STR", 2));
        warden = gm.createCharacter(table, "The Warden", true, Map.of("STR", 7));
    }

    @Test
    void aPlayerCannotRollWithAnNpcsHiddenNumbers() throws Exception {
        try (TableClient g = TableClient.join(port, gm, table, -1);
             TableClient a = TableClient.join(port, alda, table, -1)) {
            g.nextOfKind("snapshot");
            a.nextOfKind("snapshot");
            // 1d1+@STR would give the Warden's STR away.
            JsonNode refused = a.replyTo(a.command("roll", Map.of("notation", "1d1+@STR", "characterId", warden)));
            assertThat(refused.get("code").asString()).isEqualTo("NOT_YOUR_CHARACTER");
            JsonNode own = a.replyTo(a.command("roll", Map.of("notation", "1d1+@STR", "characterId", aldaHero)));
            assertThat(own.get("accepted").asBoolean()).isTrue();
            JsonNode gmRoll = g.replyTo(g.command("roll", Map.of("notation", "1d1+@STR", "characterId", warden)));
            assertThat(gmRoll.get("accepted").asBoolean()).as("the GM rolls with any character").isTrue();
            assertThat(gmRoll.get("seq").asLong()).isEqualTo(2L);
        }
    }

    @Test
    void argumentsOfTheWrongJsonTypeAreRefusedNotConverted() throws Exception {
        try (TableClient a = TableClient.join(port, alda, table, -1)) {
            a.nextOfKind("snapshot");
            JsonNode label = a.replyTo(a.command("roll", Map.of("notation", "1d6", "label", 42)));
            assertThat(label.get("code").asString()).isEqualTo("INVALID_COMMAND");
            JsonNode character = a.replyTo(a.command("roll", Map.of("notation", "1d6", "characterId", 7)));
            assertThat(character.get("code").asString()).isEqualTo("INVALID_COMMAND");
            JsonNode dc = a.replyTo(a.command("actlite.rollCheck", Map.of("characterId", aldaHero, "attribute", "STR", "dc", 10.5)));
            assertThat(dc.get("code").asString()).isEqualTo("INVALID_COMMAND");
            JsonNode action = a.replyTo(a.command("actlite.rollCheck", Map.of("characterId", aldaHero, "attribute", 5, "dc", 10)));
            assertThat(action.get("code").asString()).isEqualTo("INVALID_COMMAND");

            // The envelope: a number for the commandId, an enum's index, an empty enum, two JSON values in one body.
            String commands = "/app/tables/" + table + "/commands";
            a.sendRaw(commands, "{\"commandId\":42,\"type\":\"chat\",\"args\":{\"text\":\"hi\"}}");
            assertThat(a.nextError().get("code").asString()).isEqualTo("MALFORMED");
            a.sendRaw(commands, "{\"commandId\":\"c-1\",\"type\":\"chat\",\"args\":{\"text\":\"hi\"},\"rollMode\":2}");
            assertThat(a.nextError().get("code").asString()).isEqualTo("MALFORMED");
            a.sendRaw(commands, "{\"commandId\":\"c-2\",\"type\":\"chat\",\"args\":{\"text\":\"hi\"},\"rollMode\":\"\"}");
            assertThat(a.nextError().get("code").asString()).isEqualTo("MALFORMED");
            a.sendRaw(commands, "{\"commandId\":\"c-3\",\"type\":\"chat\",\"args\":{\"text\":\"hi\"}} {\"x\":1}");
            assertThat(a.nextError().get("code").asString()).isEqualTo("MALFORMED");
            a.sendRaw("/app/tables/" + table + "/sync", "{\"lastSeq\":1.5}");
            assertThat(a.nextError().get("code").asString()).isEqualTo("MALFORMED");

            // None of it changed the table: the next command is the first event.
            assertThat(a.replyTo(a.command("chat", Map.of("text", "still nothing"))).get("seq").asLong()).isEqualTo(1L);
        }
    }

    @Test
    void aSendToAnUnknownTableDestinationIsAnswered() throws Exception {
        try (TableClient a = TableClient.join(port, alda, table, -1)) {
            a.nextOfKind("snapshot");
            a.send("/app/tables/" + table + "/bogus", Map.of());
            JsonNode error = a.nextError();
            assertThat(error.get("code").asString()).isEqualTo("UNKNOWN_DESTINATION");
            assertThat(error.get("message").asString()).contains("/app/tables/{tableId}/commands");
            a.send("/app/tables/" + table + "/commands/extra", Map.of("commandId", "x-1", "type", "chat", "args", Map.of("text", "hi")));
            assertThat(a.nextError().get("code").asString()).isEqualTo("UNKNOWN_DESTINATION");
            assertThat(a.replyTo(a.command("chat", Map.of("text", "here"))).get("seq").asLong()).isEqualTo(1L);
        }
    }

    @Test
    void aTableIdThatIsNoUuidIsMalformed() throws Exception {
        try (TableClient a = TableClient.join(port, alda, table, -1)) {
            a.nextOfKind("snapshot");
            for (String id : java.util.List.of("not-a-uuid", "x".repeat(500), table + "0")) {
                a.send("/app/tables/" + id + "/sync", Map.of("lastSeq", -1));
                assertThat(a.nextError().get("code").asString()).as(id).isEqualTo("MALFORMED");
            }
        }
    }

    @Test
    void aNonMembersCommandIsAnsweredOnTheErrorQueue() throws Exception {
        Player stranger = Player.signUp(port, "Stranger");
        try (TableClient s = TableClient.open(port, stranger, table)) {
            s.subscribeErrors();
            Map<String, Object> chat = new LinkedHashMap<>();
            chat.put("commandId", "s-1");
            chat.put("type", "chat");
            chat.put("args", Map.of("text", "let me in"));
            s.send("/app/tables/" + table + "/commands", chat);
            assertThat(s.nextError().get("code").asString()).isEqualTo("NOT_A_MEMBER");
        }
    }

    @Test
    void framesTheServerWillNotTakeGetAnErrorFrameAndTheConnectionIsClosed() throws Exception {
        Map<String, String> frames = new LinkedHashMap<>();
        frames.put(RawStompSocket.stomp("SUBSCRIBE", Map.of("id", "x", "destination", "/topic/tables"), ""), "Not allowed: SUBSCRIBE");
        frames.put(RawStompSocket.stomp("SEND", Map.of("destination", "/queue/tables/" + table), "{}"), "Not allowed: SEND");
        frames.put(RawStompSocket.stomp("SUBSCRIBE", Map.of("destination", "/user/queue/errors"), ""), "needs an id");
        // Spring's user registry refuses this one too, as it is published; that must cost nothing more (StompEventPublishing).
        frames.put(RawStompSocket.stomp("SUBSCRIBE", Map.of("id", "x", "destination", ""), ""), "SUBSCRIBE");
        frames.put(RawStompSocket.stomp("SEND", Map.of("content-type", "application/json"), "{}"), "needs a destination");
        frames.put(RawStompSocket.stomp("ACK", Map.of("id", "1"), ""), "does not take ACK");
        frames.put(RawStompSocket.stomp("MESSAGE", Map.of("destination", "/app/tables/" + table + "/commands"), "{}"), "only a server sends");
        frames.put(RawStompSocket.stomp("SEND", Map.of("destination", "/app/tables/" + table + "/commands", "content-length", "abc"),
                "{}"), "content-length");
        frames.put(RawStompSocket.stomp("SEND", Map.of("destination", "/app/tables/\u0000" + table + "/commands"), "{}"), "control characters");
        try (LogCapture log = LogCapture.open()) {
            for (Map.Entry<String, String> frame : frames.entrySet()) {
                refusedAndClosed(frame.getKey(), frame.getValue());
            }
            assertThat(log.problems()).as("a client's bad frames are no server problem").isEmpty();
        }
    }

    private void refusedAndClosed(String frame, String why) throws Exception {
        try (RawStompSocket socket = RawStompSocket.open(port, alda, 0, new Random(1)).startReading()) {
            socket.connect(alda);
            assertThat(socket.nextFrame(RawStompSocket.ANSWER)).isInstanceOfSatisfying(Received.Text.class,
                    t -> assertThat(t.frame().command()).isEqualTo("CONNECTED"));
            socket.sendText(frame);
            Received answer = socket.nextFrame(RawStompSocket.ANSWER);
            assertThat(answer).as(why).isInstanceOfSatisfying(Received.Text.class, t -> {
                assertThat(t.frame().command()).isEqualTo("ERROR");
                assertThat(t.frame().headers().get("message")).contains(why);
            });
            assertThat(socket.nextFrame(RawStompSocket.ANSWER)).as("closed after " + why).isInstanceOf(Received.Closed.class);
        }
    }

    @Test
    void aConnectWithoutTheCsrfTokenGetsAnErrorFrame() throws Exception {
        try (RawStompSocket socket = RawStompSocket.open(port, alda, 0, new Random(2)).startReading()) {
            socket.sendText(RawStompSocket.stomp("CONNECT", Map.of("accept-version", "1.2"), ""));
            Received answer = socket.nextFrame(RawStompSocket.ANSWER);
            assertThat(answer).isInstanceOfSatisfying(Received.Text.class, t -> {
                assertThat(t.frame().command()).isEqualTo("ERROR");
                assertThat(t.frame().headers().get("message")).contains("CSRF");
            });
            assertThat(socket.nextFrame(RawStompSocket.ANSWER)).isInstanceOf(Received.Closed.class);
        }
    }

    /**
     * The server reads a connection's bytes {@link UpgradedWebSocket#READ_BYTES} at a time and holds
     * no more between reads than a frame needs; a STOMP frame far longer (here a 2,000-character chat of quotes, 4,000+ once
     * escaped) is taken whether it comes in one WebSocket message or split over several, as the web
     * client sends it. One message over the frame limit (16 KiB) closes the connection and changes
     * nothing.
     */
    @Test
    void aFrameLongerThanTheConnectionsBufferIsTakenWholeOrSplitAndOneOverTheLimitIsRefused() throws Exception {
        String frame = longChat("long-chat");
        assertThat(frame.length()).isGreaterThan(2 * UpgradedWebSocket.READ_BYTES);

        try (RawStompSocket socket = joined(alda, 3)) {
            socket.sendText(frame);
            assertThat(replyIn(socket)).as("the reply to the frame in one message")
                    .contains("\"accepted\":true").contains("\"seq\":1");
        }
        try (RawStompSocket socket = joined(alda, 4)) {
            String split = longChat("long-chat-split");
            for (int at = 0; at < split.length(); at += 1000) {
                socket.sendText(split.substring(at, Math.min(split.length(), at + 1000)));
            }
            assertThat(replyIn(socket)).as("the reply to the split frame")
                    .contains("\"accepted\":true").contains("\"seq\":2");
        }

        String tooLong = RawStompSocket.stomp("SEND", Map.of("destination", "/app/tables/" + table + "/commands",
                "content-type", "application/json"), "{\"text\":\"" + "x".repeat(20_000) + "\"}");
        try (RawStompSocket socket = joined(alda, 5)) {
            socket.sendText(tooLong);
            Received answer = socket.nextFrame(RawStompSocket.ANSWER);
            while (answer instanceof Received.Text t && "ERROR".equals(t.frame().command())) {
                answer = socket.nextFrame(RawStompSocket.ANSWER);
            }
            assertThat(answer).as("one message over the frame limit").isInstanceOf(Received.Closed.class);
        }
        try (TableClient g = TableClient.join(port, gm, table, -1)) {
            assertThat(g.nextOfKind("snapshot").get("seq").asLong()).as("nothing more changed").isEqualTo(2);
        }
    }

    private String longChat(String commandId) {
        String chat = "\"".repeat(2000); // the longest chat a table takes
        String body = "{\"commandId\":\"" + commandId + "\",\"type\":\"chat\",\"args\":{\"text\":" + json(chat) + "}}";
        return RawStompSocket.stomp("SEND", Map.of("destination", "/app/tables/" + table + "/commands",
                "content-type", "application/json"), body);
    }

    private static String replyIn(RawStompSocket socket) throws InterruptedException {
        for (int i = 0; i < 5; i++) {
            if (socket.nextFrame(RawStompSocket.ANSWER) instanceof Received.Text t && t.text().contains("\"kind\":\"reply\"")) {
                return t.text();
            }
        }
        return null;
    }

    private RawStompSocket joined(Player player, int seed) throws Exception {
        RawStompSocket socket = RawStompSocket.open(port, player, 0, new Random(seed)).startReading();
        socket.connect(player);
        assertThat(socket.nextFrame(RawStompSocket.ANSWER)).isInstanceOfSatisfying(Received.Text.class,
                t -> assertThat(t.frame().command()).isEqualTo("CONNECTED"));
        socket.subscribe("t", "/user/queue/tables/" + table);
        return socket;
    }

    private static String json(String text) {
        return tools.jackson.databind.json.JsonMapper.builder().build().writeValueAsString(text);
    }
}
