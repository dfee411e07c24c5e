package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.realtime.FuzzInputs.Category;
import io.astragal.realtime.FuzzInputs.Input;
import io.astragal.realtime.RawStompSocket.Received;
import io.astragal.realtime.RawStompSocket.StompFrame;
import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Thousands of abusive inputs over real sockets (see {@link FuzzInputs}): broken STOMP and
 * WebSocket frames, bodies that are not JSON, mistyped and unknown commands, dice bombs, other
 * tables, oversized frames. Each input goes out on a raw WebSocket of a player at the table, followed
 * by a harmless marker command; whatever arrives before the marker's reply (or the close) is the
 * input's answer. Every input must get an error (a rejected reply, a message on
 * {@code /user/queue/errors}, an ERROR frame) or a disconnect; nothing may change at any table; the
 * server logs no error and no stack trace, and stays healthy and playable.
 *
 * <p>Reproducible: {@code -Dfuzz.seed=...} and {@code -Dfuzz.inputs=...} (defaults below). Counts go
 * to stdout and to {@code target/measurements/fuzz.json}. Runs without the rate limit (as every
 * integration test but RateLimitTest) so the inputs reach the parsers; the limit has its own test.
 */
@IntegrationTest
class StompFuzzTest {

    static final long SEED = Long.getLong("fuzz.seed", 9L);
    static final int INPUTS = Integer.getInteger("fuzz.inputs", 3000);
    static final Duration ANSWER_WITHIN = Duration.ofSeconds(5);
    static final JsonMapper JSON = JsonMapper.builder().build();

    /** What the server did with one input. */
    enum Outcome {
        /** a {@code reply} with {@code accepted: false} and a code, on the table stream */
        ERROR_REPLY,
        /** a {@code {code, message}} on {@code /user/queue/errors} */
        ERROR_MESSAGE,
        /** a STOMP ERROR frame (the connection is closed after it) */
        ERROR_FRAME,
        /** the connection closed without a STOMP ERROR frame (a WebSocket close or reset) */
        DISCONNECT,
        /** an event, or an accepted reply: the input changed a table. Never allowed. */
        CHANGE,
        /** something else arrived instead of an error. Never allowed. */
        OTHER,
        /** no answer at all within the time. Never allowed. */
        NOTHING
    }

    @LocalServerPort
    int port;

    @Test
    void thousandsOfAbusiveInputsGetErrorsOrDisconnectsAndChangeNothing() throws Exception {
        Player gm = Player.signUp(port, "Gemma");
        UUID table = gm.createCampaign("The Fuzzed Keep", "actlite");
        Player mallory = Player.signUp(port, "Mallory");
        mallory.accept(gm.invite(table, "PLAYER"));
        String hero = mallory.createCharacter(table, "Mallory the Sly", false, Map.of("STR", 1));
        String npc = gm.createCharacter(table, "The Warden", true, Map.of("STR", 4));
        Player otherGm = Player.signUp(port, "Otto");
        UUID otherTable = otherGm.createCampaign("Someone Else's Table", "actlite");

        try (TableClient g = TableClient.join(port, gm, table, -1);
             TableClient o = TableClient.join(port, otherGm, otherTable, -1);
             LogCapture log = LogCapture.open()) {
            g.nextOfKind("snapshot");
            o.nextOfKind("snapshot");
            // Initiative running and cards dealt, so ruleset commands get past "not now" to their arguments.
            JsonNode started = g.replyTo(g.command("actlite.startInitiative", Map.of("characterIds", List.of(hero, npc))));
            assertThat(started.get("accepted").asBoolean()).as(started.toString()).isTrue();
            for (int i = 0; i < 3; i++) {
                assertThat(g.replyTo(g.command("actlite.dealCard", Map.of())).get("accepted").asBoolean()).isTrue();
            }
            JsonNode before = snapshot(g, table);
            JsonNode otherBefore = snapshot(o, otherTable);
            g.drain();
            o.drain();

            Map<Category, Map<Outcome, Integer>> counts = new EnumMap<>(Category.class);
            Map<String, Map<Outcome, Integer>> byLabel = new LinkedHashMap<>();
            List<String> failures = new ArrayList<>();
            FuzzInputs inputs = new FuzzInputs(SEED, table, otherTable, hero, npc, mallory.csrfToken());
            Random masks = new Random(SEED);
            RawStompSocket connection = null;
            long started_ = System.nanoTime();
            try {
                for (int n = 0; n < INPUTS; n++) {
                    Input input = inputs.next();
                    Outcome outcome;
                    if (input.fresh()) {
                        try (RawStompSocket fresh = RawStompSocket.open(port, mallory, 0, masks).startReading()) {
                            send(input, fresh);
                            outcome = answer(fresh, null);
                        }
                    } else {
                        if (connection == null) {
                            connection = connected(mallory, table, masks);
                        }
                        send(input, connection);
                        String marker = "marker-" + n;
                        try {
                            connection.send("/app/tables/" + table + "/commands",
                                    "{\"commandId\":\"" + marker + "\",\"type\":\"undo\",\"args\":{}}");
                        } catch (IOException e) {
                            // already closed by the server: the answer shows it
                        }
                        outcome = answer(connection, marker);
                        if (outcome == Outcome.ERROR_FRAME || outcome == Outcome.DISCONNECT || outcome == Outcome.NOTHING) {
                            connection.close();
                            connection = null;
                        }
                    }
                    counts.computeIfAbsent(input.category(), c -> new EnumMap<>(Outcome.class)).merge(outcome, 1, Integer::sum);
                    byLabel.computeIfAbsent(input.category() + ": " + input.label(), c -> new EnumMap<>(Outcome.class))
                            .merge(outcome, 1, Integer::sum);
                    if (outcome == Outcome.CHANGE || outcome == Outcome.OTHER || outcome == Outcome.NOTHING) {
                        failures.add("#" + n + " " + input.category() + " / " + input.label() + " -> " + outcome + "  " + input.detail());
                        if (failures.size() >= 25) {
                            break; // enough to see what is wrong
                        }
                    }
                }
            } finally {
                if (connection != null) {
                    connection.close();
                }
            }
            double seconds = (System.nanoTime() - started_) / 1e9;

            Map<Outcome, Integer> totals = new EnumMap<>(Outcome.class);
            counts.values().forEach(m -> m.forEach((k, v) -> totals.merge(k, v, Integer::sum)));
            int sent = totals.values().stream().mapToInt(Integer::intValue).sum();
            report(counts, byLabel, totals, sent, seconds);

            // Nothing changed at either table: the same seq and the same view, and no event reached anyone.
            JsonNode after = snapshot(g, table);
            JsonNode otherAfter = snapshot(o, otherTable);
            List<String> problems = log.problems();

            assertThat(failures).as("inputs that got no error and no disconnect").isEmpty();
            assertThat(sent).isEqualTo(INPUTS);
            assertThat(after.get("seq")).isEqualTo(before.get("seq"));
            assertThat(after.get("view")).isEqualTo(before.get("view"));
            assertThat(otherAfter.get("seq")).isEqualTo(otherBefore.get("seq"));
            assertThat(otherAfter.get("view")).isEqualTo(otherBefore.get("view"));
            assertThat(g.drain()).noneMatch(m -> "event".equals(m.path("kind").asString()));
            assertThat(o.drain()).noneMatch(m -> "event".equals(m.path("kind").asString()));
            assertThat(problems).as("errors or stack traces the server logged").isEmpty();

            // Still healthy, and a normal client still plays.
            assertThat(gm.send("GET", "/actuator/health", null, 200).get("status").asString()).isEqualTo("UP");
            JsonNode chat = g.replyTo(g.command("chat", Map.of("text", "Is everyone still here?")));
            assertThat(chat.get("accepted").asBoolean()).isTrue();
            try (TableClient m = TableClient.join(port, mallory, table, -1)) {
                assertThat(m.nextOfKind("snapshot").get("seq").asLong()).isEqualTo(chat.get("seq").asLong());
                assertThat(m.replyTo(m.command("roll", Map.of("notation", "2d6"))).get("accepted").asBoolean()).isTrue();
            }
        }
    }

    /** A raw connection of the fuzzing player: CONNECTed, subscribed to the table's stream and to errors. */
    private RawStompSocket connected(Player player, UUID table, Random masks) throws Exception {
        RawStompSocket socket = RawStompSocket.open(port, player, 0, masks).startReading();
        socket.connect(player);
        Received connected = socket.nextFrame(RawStompSocket.ANSWER);
        if (!(connected instanceof Received.Text text) || !"CONNECTED".equals(text.frame().command())) {
            throw new AssertionError("no CONNECTED frame but " + connected);
        }
        socket.subscribe("t", "/user/queue/tables/" + table);
        socket.subscribe("e", "/user/queue/errors");
        return socket;
    }

    private static void send(Input input, RawStompSocket socket) {
        try {
            input.sender().send(socket);
        } catch (IOException e) {
            // the server may close while the input is still going out: the answer shows it
        }
    }

    /**
     * What arrived for one input: everything before the marker's reply, or before the close. Without a
     * marker (a fresh connection), whatever comes first.
     */
    private static Outcome answer(RawStompSocket socket, String marker) throws InterruptedException {
        Outcome seen = null;
        long deadline = System.nanoTime() + ANSWER_WITHIN.toNanos();
        while (true) {
            Received received = socket.nextFrame(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            switch (received) {
                case Received.Silence s -> {
                    return seen == null ? Outcome.NOTHING : seen;
                }
                case Received.Closed c -> {
                    return worst(seen, Outcome.DISCONNECT);
                }
                case Received.Text text -> {
                    StompFrame frame = text.frame();
                    Outcome outcome = switch (frame.command()) {
                        case "ERROR" -> Outcome.ERROR_FRAME;
                        case "MESSAGE" -> {
                            JsonNode body = JSON.readTree(frame.body());
                            if ("e".equals(frame.headers().get("subscription"))) {
                                yield body.hasNonNull("code") ? Outcome.ERROR_MESSAGE : Outcome.OTHER;
                            }
                            String kind = body.path("kind").asString();
                            if ("reply".equals(kind) && marker != null && marker.equals(body.path("commandId").asString())) {
                                yield null; // the marker: the input's answer, if any, came before it
                            }
                            if ("reply".equals(kind)) {
                                yield body.get("accepted").asBoolean() ? Outcome.CHANGE
                                        : body.hasNonNull("code") ? Outcome.ERROR_REPLY : Outcome.OTHER;
                            }
                            yield "event".equals(kind) ? Outcome.CHANGE : Outcome.OTHER;
                        }
                        default -> Outcome.OTHER;
                    };
                    if (outcome == null) {
                        return seen == null ? Outcome.NOTHING : seen;
                    }
                    seen = worst(seen, outcome);
                    if (marker == null && outcome != Outcome.ERROR_FRAME) {
                        return seen;
                    }
                }
            }
        }
    }

    /** Of two answers to one input, the one that matters: a failure over an error, an ERROR frame over its close. */
    private static Outcome worst(Outcome seen, Outcome next) {
        if (seen == null) {
            return next;
        }
        List<Outcome> rank = List.of(Outcome.CHANGE, Outcome.OTHER, Outcome.ERROR_FRAME, Outcome.ERROR_REPLY,
                Outcome.ERROR_MESSAGE, Outcome.DISCONNECT, Outcome.NOTHING);
        return rank.indexOf(seen) <= rank.indexOf(next) ? seen : next;
    }

    private static JsonNode snapshot(TableClient client, UUID table) throws InterruptedException {
        client.send("/app/tables/" + table + "/sync", Map.of("lastSeq", -1));
        return client.nextOfKind("snapshot");
    }

    private static void report(Map<Category, Map<Outcome, Integer>> counts, Map<String, Map<Outcome, Integer>> byLabel,
                               Map<Outcome, Integer> totals, int sent, double seconds) throws IOException {
        System.out.printf("fuzz: %d inputs (seed %d) in %.1f s — %d error replies, %d error messages, %d ERROR frames,"
                        + " %d disconnects, %d changes, %d other answers, %d unanswered%n", sent, SEED, seconds,
                totals.getOrDefault(Outcome.ERROR_REPLY, 0), totals.getOrDefault(Outcome.ERROR_MESSAGE, 0),
                totals.getOrDefault(Outcome.ERROR_FRAME, 0), totals.getOrDefault(Outcome.DISCONNECT, 0),
                totals.getOrDefault(Outcome.CHANGE, 0), totals.getOrDefault(Outcome.OTHER, 0),
                totals.getOrDefault(Outcome.NOTHING, 0));
        counts.forEach((category, outcomes) -> System.out.printf("fuzz:   %-16s %s%n", category, outcomes));
        byLabel.forEach((label, outcomes) -> System.out.printf("fuzz:     %-70s %s%n", label, outcomes));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("seed", SEED);
        result.put("inputs", sent);
        result.put("seconds", Math.round(seconds * 10) / 10.0);
        result.put("outcomes", totals);
        result.put("byCategory", counts);
        result.put("byInput", byLabel);
        Path file = Path.of("target", "measurements", "fuzz.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(result));
    }
}
