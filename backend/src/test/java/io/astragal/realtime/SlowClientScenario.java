package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.Player;
import io.astragal.support.TableClient;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.springframework.messaging.simp.user.SimpUser;
import org.springframework.messaging.simp.user.SimpUserRegistry;
import tools.jackson.databind.JsonNode;

/**
 * A busy table of three (GM and two players, real STOMP clients) and a fourth member whose client
 * stops reading: a raw WebSocket on a socket with a 4 KiB receive buffer that, after the upgrade,
 * only writes. It asks for pages of history (about 250 KB each) and lets them pile up, while the
 * three play on at a human pace and the time from each command to its event at all three is taken.
 */
final class SlowClientScenario {

    /** When the server dropped the slow client, and the table's command->last-client latencies meanwhile. */
    record Outcome(long cutOffMillis, List<Long> latenciesMillis, boolean closedSocket) {
        long maxMillis() {
            return latenciesMillis.stream().mapToLong(Long::longValue).max().orElseThrow();
        }

        long medianMillis() {
            return latenciesMillis.stream().sorted().toList().get(latenciesMillis.size() / 2);
        }
    }

    static final Duration CUT_OFF_WITHIN = Duration.ofSeconds(60);

    private final int port;
    private final SimpUserRegistry users;

    SlowClientScenario(int port, SimpUserRegistry users) {
        this.port = port;
        this.users = users;
    }

    Outcome run(int historyRequests) throws Exception {
        Player gm = Player.signUp(port, "Gemma");
        UUID table = gm.createCampaign("The Stalled Road", "actlite");
        Player alda = Player.signUp(port, "Alda");
        alda.accept(gm.invite(table, "PLAYER"));
        Player bram = Player.signUp(port, "Bram");
        bram.accept(gm.invite(table, "PLAYER"));
        Player slowpoke = Player.signUp(port, "Slowpoke");
        slowpoke.accept(gm.invite(table, "PLAYER"));

        try (TableClient g = TableClient.join(port, gm, table, -1);
             TableClient a = TableClient.join(port, alda, table, -1);
             TableClient b = TableClient.join(port, bram, table, -1)) {
            List<TableClient> three = List.of(g, a, b);
            for (TableClient c : three) {
                c.nextOfKind("snapshot");
            }
            // A log of long messages, so that one page of history is about 250 KB.
            String longText = "The road is blocked. ".repeat(94);
            for (int i = 0; i < 40; i++) {
                List<String> ids = new ArrayList<>();
                for (TableClient c : three) {
                    ids.add(c.command("chat", Map.of("text", longText + i)));
                }
                for (int k = 0; k < 3; k++) {
                    assertThat(three.get(k).replyTo(ids.get(k)).get("accepted").asBoolean()).isTrue();
                }
                Thread.sleep(110); // under the rate limit
            }
            for (TableClient c : three) {
                c.drain();
            }

            try (RawStompSocket slow = RawStompSocket.open(port, slowpoke, 4096, new Random(7))) {
                slow.connect(slowpoke);
                slow.subscribe("t", "/user/queue/tables/" + table);
                slow.subscribe("e", "/user/queue/errors");
                long registered = System.nanoTime() + Duration.ofSeconds(10).toNanos();
                while (sessions(slowpoke) != 1) {
                    assertThat(System.nanoTime()).as("the slow client's session is registered").isLessThan(registered);
                    Thread.sleep(20);
                }
                long flooded = System.nanoTime();
                Thread pump = Thread.ofVirtual().start(() -> {
                    try {
                        for (int i = 0; i < historyRequests; i++) {
                            slow.send("/app/tables/" + table + "/history", "{\"limit\":100}");
                            Thread.sleep(110); // under the rate limit
                        }
                    } catch (IOException | InterruptedException e) {
                        // the server cut the connection: what the test waits for
                    }
                });

                List<Long> latencies = new ArrayList<>();
                long cutOff = -1;
                for (int round = 0; round < 20 || cutOff < 0; round++) {
                    TableClient sender = three.get(round % 3);
                    long sent = System.nanoTime();
                    String id = sender.command("chat", Map.of("text", longText + "round " + round));
                    JsonNode reply = sender.replyTo(id);
                    assertThat(reply.get("accepted").asBoolean()).as("round %d: %s", round, reply).isTrue();
                    long seq = reply.get("seq").asLong();
                    for (TableClient c : three) {
                        c.next(m -> "event".equals(m.path("kind").asString()) && m.get("seq").asLong() == seq);
                    }
                    latencies.add((System.nanoTime() - sent) / 1_000_000);
                    if (cutOff < 0 && sessions(slowpoke) == 0) {
                        cutOff = (System.nanoTime() - flooded) / 1_000_000;
                    }
                    assertThat(Duration.ofNanos(System.nanoTime() - flooded))
                            .as("the server cuts off the slow client within a bounded time").isLessThan(CUT_OFF_WITHIN);
                    Thread.sleep(150);
                }
                pump.join();
                return new Outcome(cutOff, latencies, endOfStream(slow));
            }
        }
    }

    private long sessions(Player player) {
        SimpUser user = users.getUser(player.userId());
        return user == null ? 0 : user.getSessions().size();
    }

    /** Reads what was left in the socket until the server's close shows; false after 30 s of silence. */
    private static boolean endOfStream(RawStompSocket slow) throws IOException {
        slow.socket().setSoTimeout(30_000);
        InputStream in = slow.socket().getInputStream();
        byte[] buffer = new byte[64 * 1024];
        try {
            while (in.read(buffer) >= 0) {
                // discard what was queued before the close
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset by the server
        }
    }
}
