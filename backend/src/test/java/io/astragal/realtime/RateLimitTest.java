package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import io.astragal.support.TableClient;
import io.astragal.support.TwoPlayerTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The rate limit over real STOMP with its defaults (bursts of 20, 10 a second per user and table):
 * a flooding player is throttled with RATE_LIMITED, each throttled command still gets its one reply
 * and changes nothing, and the other players at the table go on as before.
 */
@IntegrationTest
@TestPropertySource(properties = {AbuseLimits.DEFAULT_RATE_LIMIT_BURST, AbuseLimits.DEFAULT_RATE_LIMIT_RATE})
class RateLimitTest {

    static final int BURST = 20;
    static final double PER_SECOND = 10;

    TwoPlayerTable table;

    @BeforeEach
    void aTableWithTwoPlayers(@LocalServerPort int port) {
        table = TwoPlayerTable.create(port, "The Flooded Crypt", "actlite");
    }

    @Test
    void aFloodingPlayerIsThrottledWhileTheOthersAtTheTablePlayOn() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda());
             TableClient b = table.join(table.bram())) {
            for (TableClient c : List.of(g, a, b)) {
                c.nextOfKind("snapshot");
            }
            int flood = 300;
            List<String> floodIds = new ArrayList<>();
            List<String> bramIds = new ArrayList<>();
            long start = System.nanoTime();
            Thread flooder = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < flood; i++) {
                    floodIds.add(a.command("chat", Map.of("text", "spam " + i)));
                }
            });
            // Bram plays at a human pace meanwhile, well under the limit.
            for (int i = 0; i < 10; i++) {
                bramIds.add(b.command("chat", Map.of("text", "Bram's move " + i)));
                Thread.sleep(150);
            }
            flooder.join();

            Map<String, JsonNode> floodReplies = new HashMap<>();
            for (String id : floodIds) {
                floodReplies.put(id, a.replyTo(id));
            }
            long elapsedNanos = System.nanoTime() - start;
            List<JsonNode> limited = floodReplies.values().stream()
                    .filter(r -> "RATE_LIMITED".equals(r.path("code").asString())).toList();
            long floodAccepted = floodReplies.values().stream().filter(r -> r.get("accepted").asBoolean()).count();
            System.out.printf("rate limit: a flood of %d commands in %.1f s -> %d accepted, %d RATE_LIMITED;"
                            + " the other player's %d commands meanwhile: all answered%n", flood, elapsedNanos / 1e9,
                    floodAccepted, limited.size(), bramIds.size());
            assertThat(floodReplies).as("every command of the flood got its one reply").hasSize(flood);
            assertThat(limited.size() + floodAccepted).as("each reply is an acceptance or RATE_LIMITED").isEqualTo(flood);
            assertThat(limited).as("the flood was throttled").isNotEmpty();
            assertThat(floodAccepted).as("no more than the burst and the rate over the flood's duration")
                    .isLessThanOrEqualTo((long) (BURST + PER_SECOND * elapsedNanos / 1e9) + 1)
                    .isGreaterThanOrEqualTo(BURST - 1); // joining took one: its sync
            JsonNode sample = limited.getFirst();
            assertThat(sample.get("accepted").asBoolean()).isFalse();
            assertThat(sample.get("seq").isNull()).isTrue();
            assertThat(sample.get("message").asString()).contains("Slow down").containsPattern("Retry in \\d+ ms");

            for (String id : bramIds) {
                JsonNode reply = b.replyTo(id);
                assertThat(reply.get("accepted").asBoolean()).as("Bram's command %s", id).isTrue();
            }

            // The throttled commands changed nothing: the log holds exactly the accepted ones, gapless.
            long accepted = floodAccepted + bramIds.size();
            for (TableClient c : List.of(g, b)) {
                List<Long> seqs = new ArrayList<>();
                for (int i = 0; i < accepted; i++) {
                    seqs.add(c.nextOfKind("event").get("seq").asLong());
                }
                assertThat(seqs.getLast()).isEqualTo(accepted);
                assertThat(seqs).doesNotHaveDuplicates();
            }
            Thread.sleep(300);
            assertThat(g.drain()).as("nothing beyond the accepted commands reached the GM")
                    .noneMatch(m -> "event".equals(m.path("kind").asString()));

            // After a pause the flooder may play again.
            Thread.sleep((long) (1000 * BURST / PER_SECOND) + 500);
            for (int i = 0; i < BURST; i++) {
                JsonNode reply = a.replyTo(a.command("chat", Map.of("text", "calm " + i)));
                assertThat(reply.get("accepted").asBoolean()).as("command %d after the pause", i).isTrue();
            }
        }
    }

    @Test
    void aFloodOfSyncRequestsIsThrottledOnTheErrorQueue() throws Exception {
        try (TableClient a = table.join(table.alda());
             TableClient b = table.join(table.bram())) {
            a.nextOfKind("snapshot");
            b.nextOfKind("snapshot");
            for (int i = 0; i < 60; i++) {
                a.send("/app/tables/" + table.id() + "/sync", Map.of("lastSeq", -1));
            }
            JsonNode error = a.nextError();
            assertThat(error.get("code").asString()).isEqualTo("RATE_LIMITED");
            assertThat(error.get("message").asString()).contains("Retry in");
            // Bram's own budget is untouched.
            for (int i = 0; i < 5; i++) {
                b.send("/app/tables/" + table.id() + "/sync", Map.of("lastSeq", -1));
                assertThat(b.nextOfKind("snapshot").get("seq").asLong()).isZero();
            }
            JsonNode reply = b.replyTo(b.command("chat", Map.of("text", "still here")));
            assertThat(reply.get("accepted").asBoolean()).isTrue();
        }
    }

    @Test
    void aUserCannotEscapeTheLimitByOpeningMoreConnections() throws Exception {
        List<TableClient> connections = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                TableClient c = table.join(table.alda());
                c.nextOfKind("snapshot");
                connections.add(c);
            }
            long start = System.nanoTime();
            List<List<String>> ids = new ArrayList<>();
            for (TableClient c : connections) {
                List<String> sent = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    sent.add(c.command("chat", Map.of("text", "again " + i)));
                }
                ids.add(sent);
            }
            long accepted = 0;
            for (int i = 0; i < connections.size(); i++) {
                for (String id : ids.get(i)) {
                    if (connections.get(i).replyTo(id).get("accepted").asBoolean()) {
                        accepted++;
                    }
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            assertThat(accepted).as("three connections share one budget")
                    .isLessThanOrEqualTo((long) (BURST + PER_SECOND * seconds) + 1);
        } finally {
            connections.forEach(TableClient::close);
        }
    }
}
