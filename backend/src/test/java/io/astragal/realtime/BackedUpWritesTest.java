package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.realtime.RawStompSocket.Received;
import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A client that stops reading for a moment while megabytes are sent to it: what its socket cannot
 * take waits in the connection as the pieces its frames are made of (a head of its own and a body
 * shared with others), and reaches it whole and in order once it reads again. The limits are
 * {@link SlowClientTimeLimitTest}'s, so that the wait is not cut short by the buffer limit.
 */
@IntegrationTest
@TestPropertySource(properties = {AbuseLimits.SEND_TIME_LIMIT, AbuseLimits.SEND_BUFFER_LIMIT})
class BackedUpWritesTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int CHATS = 100;
    /** Pages of history of about 200 KB: 6 MB, more than the kernel holds for the socket (its send buffer grows to 4 MB). */
    private static final int PAGES = 30;

    @LocalServerPort
    int port;

    @Test
    void framesThatWaitForAClientThatStoppedReadingReachItWholeAndInOrderOnceItReads() throws Exception {
        Player alda = Player.signUp(port, "Alda");
        UUID table = alda.createCampaign("The Long Log", "actlite");
        String longText = "The road is blocked. ".repeat(90);
        List<String> expected = IntStream.range(0, CHATS).mapToObj(i -> longText + i).toList();
        try (TableClient gm = TableClient.join(port, alda, table, -1)) {
            gm.nextOfKind("snapshot");
            for (String text : expected) {
                assertThat(gm.replyTo(gm.command("chat", Map.of("text", text))).get("accepted").asBoolean()).isTrue();
            }
        }
        try (RawStompSocket slow = RawStompSocket.open(port, alda, 4096, new Random(4))) {
            slow.connect(alda);
            slow.subscribe("t", "/user/queue/tables/" + table);
            for (int i = 0; i < PAGES; i++) {
                slow.send("/app/tables/" + table + "/history", "{\"limit\":" + CHATS + "}");
            }
            Thread.sleep(300); // well within the 2 s the server waits for a socket that takes nothing

            slow.startReading();
            assertThat(slow.nextFrame(RawStompSocket.ANSWER))
                    .isInstanceOfSatisfying(Received.Text.class, t -> assertThat(t.frame().command()).isEqualTo("CONNECTED"));
            for (int p = 0; p < PAGES; p++) {
                int page = p;
                assertThat(slow.nextFrame(RawStompSocket.ANSWER)).as("page %d", page).isInstanceOfSatisfying(Received.Text.class, t -> {
                    RawStompSocket.StompFrame frame = t.frame();
                    assertThat(frame.command()).isEqualTo("MESSAGE");
                    assertThat(Integer.parseInt(frame.headers().get("content-length")))
                            .isEqualTo(frame.body().getBytes(StandardCharsets.UTF_8).length);
                    JsonNode history = JSON.readTree(frame.body());
                    assertThat(history.get("kind").asString()).isEqualTo("history");
                    List<String> chats = new ArrayList<>();
                    for (JsonNode event : history.get("events")) {
                        chats.add(event.get("lines").get(0).get("text").asString());
                    }
                    assertThat(chats).as("page %d", page).isEqualTo(expected);
                });
            }
            assertThat(slow.closedByServer()).isFalse();
        }
    }
}
