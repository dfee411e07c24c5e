package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A measurement, not a test of speed (issue 5, "Done when"): the time from a command sent to the
 * last of three clients receiving its event, over 1,000 commands, on this machine, through the real
 * server, real STOMP connections and the real PostgreSQL. It prints one line and writes
 * {@code target/measurements/command-latency.json}. It asserts only correctness: every command
 * accepted, every event received by all three clients once and in seq order; never a time.
 */
@IntegrationTest
@Tag("measurement")
class CommandLatencyMeasurementTest {

    private static final int WARM_UP = 100;
    private static final int COMMANDS = 1_000;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Test
    void commandToLastOfThreeClients() throws Exception {
        Player gm = Player.signUp(port, "Gemma");
        UUID table = gm.createCampaign("Latency Keep", "actlite");
        Player alda = Player.signUp(port, "Alda");
        alda.accept(gm.invite(table, "PLAYER"));
        Player bram = Player.signUp(port, "Bram");
        bram.accept(gm.invite(table, "PLAYER"));

        List<TableClient> clients = new ArrayList<>();
        try {
            List<Map<Long, Long>> arrivals = new ArrayList<>();
            Map<String, Long> replies = new ConcurrentHashMap<>();
            for (Player player : List.of(gm, alda, bram)) {
                TableClient client = TableClient.join(port, player, table, -1);
                Map<Long, Long> arrived = new ConcurrentHashMap<>();
                client.onArrival((message, nanos) -> {
                    switch (message.path("kind").asString()) {
                        case "event" -> arrived.put(message.get("seq").asLong(), nanos);
                        case "reply" -> replies.put(message.get("commandId").asString(), nanos);
                        default -> { }
                    }
                });
                assertThat(client.nextOfKind("snapshot").get("seq").asLong()).isZero();
                clients.add(client);
                arrivals.add(arrived);
            }

            long[] toLast = new long[COMMANDS];
            long[] toReply = new long[COMMANDS];
            for (int i = 0; i < WARM_UP + COMMANDS; i++) {
                long seq = i + 1;
                TableClient sender = clients.get(i % 3);
                String commandId = UUID.randomUUID().toString();
                long sent = System.nanoTime();
                if (i % 2 == 0) {
                    sender.command(commandId, "chat", Map.of("text", "Message " + i), null);
                } else {
                    sender.command(commandId, "roll", Map.of("notation", "2d6+1"), null);
                }
                for (TableClient client : clients) {
                    client.next(m -> "event".equals(m.path("kind").asString()) && m.get("seq").asLong() == seq);
                }
                JsonNode reply = sender.replyTo(commandId);
                assertThat(reply.get("accepted").asBoolean()).as(reply.toString()).isTrue();
                assertThat(reply.get("seq").asLong()).isEqualTo(seq);
                if (i >= WARM_UP) {
                    long last = arrivals.stream().mapToLong(a -> a.get(seq)).max().orElseThrow();
                    toLast[i - WARM_UP] = last - sent;
                    toReply[i - WARM_UP] = replies.get(commandId) - sent;
                }
            }

            List<Long> all = LongStream.rangeClosed(1, WARM_UP + COMMANDS).boxed().toList();
            for (TableClient client : clients) {
                List<Long> seqs = new ArrayList<>();
                for (String frame : List.copyOf(client.rawFrames)) {
                    JsonNode message = JSON.readTree(frame);
                    if ("event".equals(message.path("kind").asString())) {
                        seqs.add(message.get("seq").asLong());
                    }
                }
                assertThat(seqs).as("every event once, in seq order").isEqualTo(all);
            }

            Map<String, Object> result = new LinkedHashMap<>();
            result.put("measurement", "time from a command sent to the last of three clients receiving its event");
            result.put("commands", COMMANDS);
            result.put("warmUpCommandsNotCounted", WARM_UP);
            result.put("clients", 3);
            result.put("commandsMix", "alternately chat and a public 2d6+1 roll, senders in turn (GM, player, player)");
            result.put("p50Ms", millis(percentile(toLast, 50)));
            result.put("p95Ms", millis(percentile(toLast, 95)));
            result.put("p99Ms", millis(percentile(toLast, 99)));
            result.put("maxMs", millis(Arrays.stream(toLast).max().orElseThrow()));
            result.put("minMs", millis(Arrays.stream(toLast).min().orElseThrow()));
            result.put("meanMs", millis((long) Arrays.stream(toLast).average().orElseThrow()));
            result.put("senderReplyP50Ms", millis(percentile(toReply, 50)));
            result.put("senderReplyP95Ms", millis(percentile(toReply, 95)));
            result.put("availableProcessors", Runtime.getRuntime().availableProcessors());
            result.put("systemLoadAverage", java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            result.put("java", Runtime.version().toString());
            result.put("measuredAt", Instant.now().toString());
            Path out = Path.of("target", "measurements", "command-latency.json");
            Files.createDirectories(out.getParent());
            Files.writeString(out, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(result));
            System.out.printf("command→last-of-3 latency over %d commands: p50 %s ms, p95 %s ms, max %s ms%n",
                    COMMANDS, result.get("p50Ms"), result.get("p95Ms"), result.get("maxMs"));
        } finally {
            clients.forEach(TableClient::close);
        }
    }

    /** Nearest-rank percentile. */
    private static long percentile(long[] values, int p) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    private static double millis(long nanos) {
        return Math.round(nanos / 10_000.0) / 100.0;
    }
}
