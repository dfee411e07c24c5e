package io.astragal.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.astragal.AstragalApplication;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.messaging.simp.SimpMessagingTemplate;
import org.springframework.messaging.simp.user.SimpSession;
import org.springframework.messaging.simp.user.SimpUser;
import org.springframework.messaging.simp.user.SimpUserRegistry;
import tools.jackson.databind.JsonNode;

/**
 * Issue 9, "Two nodes (cluster profile)": "Two app nodes on different ports share one PostgreSQL;
 * clients of one table on both nodes see one gapless sequence; two nodes writing one table never
 * fork it (the unique (table_id, seq) key decides, the loser reloads and retries); stopping one
 * node sends its clients to reconnect to the other and resume."
 *
 * <p>Two application contexts in this JVM with the {@code cluster} profile, on random ports, on one
 * real PostgreSQL (the second gets the first one's JDBC URL) and the machine's RabbitMQ with its
 * STOMP plugin. Six clients of one table, three on each node (the GM and a spectator on both), and
 * four of them sending commands at the same moments from both nodes. Everyone signs in once, on
 * node A; browser sessions live in PostgreSQL, so the same cookies work on node B.
 */
class TwoNodeClusterTest {

    private static final String BROKER_HOST = "127.0.0.1";
    private static final int BROKER_PORT = 61613;
    private static final int TICKS = 25;
    /** Replies TRY_AGAIN (after three lost races, or a stop) that were answered by sending the command again. */
    private static final java.util.concurrent.atomic.AtomicInteger TRIED_AGAIN = new java.util.concurrent.atomic.AtomicInteger();

    /** Without the broker there is no cluster to test: that is a failure to fix, never a skip. */
    @BeforeAll
    static void rabbitMqStompIsReachable() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(BROKER_HOST, BROKER_PORT), 3000);
        } catch (IOException e) {
            fail("RabbitMQ's STOMP plugin is not reachable on " + BROKER_HOST + ":" + BROKER_PORT + " (" + e.getMessage()
                    + "). The cluster test needs it: start RabbitMQ (rabbitmq-server -detached) and enable the plugin "
                    + "(rabbitmq-plugins enable rabbitmq_stomp); .ci/run does both.");
        }
    }

    private static ConfigurableApplicationContext node(String... properties) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--spring.profiles.active=cluster",
                "--astragal.realtime.relay.host=" + BROKER_HOST, "--astragal.realtime.relay.port=" + BROKER_PORT));
        for (String property : properties) {
            args.add("--" + property);
        }
        return new SpringApplicationBuilder(AstragalApplication.class).run(args.toArray(String[]::new));
    }

    private static int port(ConfigurableApplicationContext node) {
        return node.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
    }

    private static double lostRaces(ConfigurableApplicationContext node) {
        return node.getBean(MeterRegistry.class).counter("astragal.table.lost.races").count();
    }

    @Test
    void clientsOnBothNodesSeeOneGaplessSequenceTheLogNeverForksAndAStoppedNodesClientsResumeOnTheOther()
            throws Exception {
        ConfigurableApplicationContext a = node("astragal.database.embedded.data-dir=target/test-postgres");
        ConfigurableApplicationContext b = null;
        ExecutorService senders = Executors.newFixedThreadPool(4);
        List<Seat> seats = new ArrayList<>();
        try {
            JdbcConnectionDetails database = a.getBean(JdbcConnectionDetails.class);
            b = node("spring.datasource.url=" + database.getJdbcUrl(),
                    "spring.datasource.username=" + database.getUsername(),
                    "spring.datasource.password=" + database.getPassword());
            int portA = port(a);
            int portB = port(b);
            JdbcClient jdbc = b.getBean(JdbcClient.class);

            // Accounts and the campaign on node A. Browser sessions are shared (in PostgreSQL):
            // the same cookies open connections on node B.
            Player gmA = Player.signUp(portA, "Gemma");
            Player aldaA = Player.signUp(portA, "Alda");
            Player bramA = Player.signUp(portA, "Bram");
            Player coraA = Player.signUp(portA, "Cora");
            UUID table = gmA.createCampaign("The Keep on Two Hills", "actlite");
            aldaA.accept(gmA.invite(table, "PLAYER"));
            bramA.accept(gmA.invite(table, "PLAYER"));
            coraA.accept(gmA.invite(table, "SPECTATOR"));
            String aldaHero = aldaA.createCharacter(table, "Alda the Bold", false, Map.of("AGI", 1));
            String bramHero = bramA.createCharacter(table, "Bram Ironfoot", false, Map.of("STR", 2));
            String goblin = gmA.createCharacter(table, "Grinning Goblin", true, Map.of("AGI", 2));

            Seat gmOnA = new Seat("Gemma@A", table);
            Seat aldaOnA = new Seat("Alda@A", table);
            Seat coraOnA = new Seat("Cora@A", table);
            Seat gmOnB = new Seat("Gemma@B", table);
            Seat bramOnB = new Seat("Bram@B", table);
            Seat coraOnB = new Seat("Cora@B", table);
            seats.addAll(List.of(gmOnA, aldaOnA, coraOnA, gmOnB, bramOnB, coraOnB));
            gmOnA.join(portA, gmA);
            aldaOnA.join(portA, aldaA);
            coraOnA.join(portA, coraA);
            gmOnB.join(portB, gmA);
            bramOnB.join(portB, bramA);
            coraOnB.join(portB, coraA);
            for (Seat seat : seats) {
                assertThat(seat.seq()).as(seat.name + " joins an empty table").isZero();
            }

            // The registries of the two nodes meet through the broker (user-registry broadcast):
            // node B knows Gemma's session on A besides her own.
            SimpUserRegistry registryB = b.getBean(SimpUserRegistry.class);
            long registryDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (sessionsOf(registryB, gmA.userId()).size() < 2 && System.nanoTime() < registryDeadline) {
                Thread.sleep(200);
            }
            Set<String> gmSessions = sessionsOf(registryB, gmA.userId());
            assertThat(gmSessions).as("node B's registry knows Gemma's sessions on both nodes").hasSize(2);

            // A message for Bram from node A, where Bram has no connection: it reaches him on node B
            // (Spring's user destinations across nodes, through the broker).
            a.getBean(SimpMessagingTemplate.class).convertAndSendToUser(bramA.userId(), "/queue/errors",
                    Map.of("code", "NOTICE", "message", "sent from node A"));
            assertThat(bramOnB.client.nextError().get("message").asString()).isEqualTo("sent from node A");

            JsonNode started = command(gmOnA, "actlite.startInitiative",
                    Map.of("characterIds", List.of(aldaHero, bramHero, goblin)), null);
            assertThat(started.get("seq").asLong()).isEqualTo(1);
            // Node B has handled no command or sync since: its clients learn of seq 1 from node A's
            // table-log message through the broker, and node B tells them.
            for (Seat seat : List.of(gmOnB, bramOnB, coraOnB)) {
                seat.catchUp(1);
            }

            // Four senders, two on each node, send at the same moments: 4 x 25 commands.
            Map<Seat, IntFunction<Object[]>> scripts = new LinkedHashMap<>();
            scripts.put(gmOnA, i -> switch (i % 3) {
                case 0 -> new Object[] {"actlite.grantTempAp", Map.of("target", aldaHero, "amount", 1), null};
                case 1 -> new Object[] {"chat", Map.of("text", "Gemma on A, " + i), null};
                default -> new Object[] {"roll", Map.of("notation", "1d20", "label", "lurking " + i), "GM"};
            });
            scripts.put(aldaOnA, i -> i % 2 == 0
                    ? new Object[] {"roll", Map.of("notation", "2d6", "characterId", aldaHero), "SELF"}
                    : new Object[] {"chat", Map.of("text", "Alda on A, " + i), null});
            scripts.put(gmOnB, i -> switch (i % 4) {
                case 3 -> new Object[] {"undo", Map.of(), null};
                case 0 -> new Object[] {"actlite.grantTempAp", Map.of("target", bramHero, "amount", 1), null};
                default -> new Object[] {"chat", Map.of("text", "Gemma on B, " + i), null};
            });
            scripts.put(bramOnB, i -> i % 2 == 0
                    ? new Object[] {"roll", Map.of("notation", "1d8+2"), null}
                    : new Object[] {"chat", Map.of("text", "Bram on B, " + i), null});
            CyclicBarrier together = new CyclicBarrier(scripts.size());
            Map<Seat, List<String>> sent = new HashMap<>();
            List<Future<?>> sending = new ArrayList<>();
            long playStart = System.nanoTime();
            for (Map.Entry<Seat, IntFunction<Object[]>> script : scripts.entrySet()) {
                List<String> ids = new ArrayList<>();
                sent.put(script.getKey(), ids);
                sending.add(senders.submit(() -> {
                    for (int i = 0; i < TICKS; i++) {
                        together.await(30, TimeUnit.SECONDS);
                        Object[] c = script.getValue().apply(i);
                        @SuppressWarnings("unchecked")
                        Map<String, ?> args = (Map<String, ?>) c[1];
                        ids.add(script.getKey().send((String) c[0], args, (String) c[2]));
                        // Within the per-user rate limit, also for Gemma who sends from both nodes.
                        Thread.sleep(250);
                    }
                    return null;
                }));
            }
            for (Future<?> f : sending) {
                f.get(2, TimeUnit.MINUTES);
            }
            int acceptedCount = 0;
            int refusedCount = 0;
            for (Map.Entry<Seat, List<String>> entry : sent.entrySet()) {
                for (String commandId : entry.getValue()) {
                    JsonNode reply = settle(entry.getKey(), commandId);
                    if (reply.get("accepted").asBoolean()) {
                        acceptedCount++;
                    } else {
                        refusedCount++;
                    }
                }
            }
            long playMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - playStart);
            long n = jdbc.sql("select max(seq) from table_events where table_id = ?").param(table).query(Long.class).single();

            // One log, never forked: seqs 1..n, each accepted command in it once, at the seq its sender was told.
            assertLogIsGaplessAndHolds(jdbc, table, n, seats);
            assertThat(n).as("every accepted command is one event, plus the start of initiative").isEqualTo(acceptedCount + 1);
            assertThat(acceptedCount).as("most commands are accepted (refused: " + refusedCount + ")").isGreaterThan(80);

            // Every client, on either node, received 1..n in order (Seat fails on any gap or duplicate).
            for (Seat seat : seats) {
                seat.catchUp(n);
                assertThat(seat.events().keySet()).as(seat.name + "'s events")
                        .containsExactlyElementsOf(LongStream.rangeClosed(1, n).boxed().toList());
            }
            // The same person sees the same thing on both nodes, and every patched view is the server's.
            assertThat(gmOnA.view()).as("Gemma's view on A and on B").isEqualTo(gmOnB.view());
            assertThat(gmOnA.events()).as("Gemma's log on A and on B").isEqualTo(gmOnB.events());
            assertThat(coraOnA.view()).as("Cora's view on A and on B").isEqualTo(coraOnB.view());
            assertThat(coraOnA.events()).as("Cora's log on A and on B").isEqualTo(coraOnB.events());
            for (Seat seat : seats) {
                assertThat(freshView(seat, table)).as(seat.name + "'s patched view is the server's").isEqualTo(seat.view());
            }
            double races = lostRaces(a) + lostRaces(b);
            int triedAgain = TRIED_AGAIN.get();
            String delivery = delivery(scripts.keySet(), seats);

            // Node A stops while Alda's command is on its way. Its clients find node B.
            String inFlight = aldaOnA.send("chat", Map.of("text", "sent as node A went down"), null);
            long stopStart = System.nanoTime();
            a.close();
            List<Seat> fromA = List.of(gmOnA, aldaOnA, coraOnA);
            for (Seat seat : fromA) {
                assertThat(seat.client.awaitClosed()).as(seat.name + " is disconnected by the stop").isTrue();
                seat.client.close();
            }
            // Play goes on on node B meanwhile.
            List<Long> whileAway = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                whileAway.add(command(bramOnB, "chat", Map.of("text", "while node A is away " + i), null).get("seq").asLong());
            }
            long resumeStart = System.nanoTime();
            // With the cookies they had: the session was in PostgreSQL, not in node A.
            gmOnA.join(portB, gmA);
            aldaOnA.join(portB, aldaA);
            coraOnA.join(portB, coraA);
            long resumeMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - resumeStart);
            long stopToResumedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopStart);
            long afterAway = whileAway.getLast();
            for (Seat seat : fromA) {
                assertThat(seat.seq()).as(seat.name + " resumed on node B at the log's end").isGreaterThanOrEqualTo(afterAway);
            }
            // The web client sends unanswered commands again with the same commandId: counted once.
            aldaOnA.sendAgain(inFlight);
            JsonNode again = settle(aldaOnA, inFlight);
            assertThat(again.get("accepted").asBoolean()).as(again.toString()).isTrue();
            aldaOnA.accepted.put(inFlight, again.get("seq").asLong());
            assertThat(jdbc.sql("select count(*) from table_events where table_id = ? and command_id = ?")
                    .params(table, inFlight).query(Long.class).single()).as("the command sent as A stopped, once").isEqualTo(1);

            JsonNode last = command(gmOnA, "actlite.grantTempAp", Map.of("target", aldaHero, "amount", 1), null);
            long end = last.get("seq").asLong();
            for (Seat seat : seats) {
                seat.catchUp(end);
                assertThat(seat.events().keySet()).as(seat.name + " holds every event, none twice")
                        .containsExactlyElementsOf(LongStream.rangeClosed(1, end).boxed().toList());
                assertThat(freshView(seat, table)).as(seat.name + " after resuming").isEqualTo(seat.view());
            }
            assertLogIsGaplessAndHolds(jdbc, table, end, seats);
            assertThat(gmOnA.events()).as("Gemma's log, resumed, and on B all along").isEqualTo(gmOnB.events());

            System.out.printf("Two nodes: %d commands from 4 senders on 2 nodes (%d accepted, %d refused) in %d ms; "
                            + "%.0f appends lost to the other node and decided again, %d commands answered TRY_AGAIN and sent again; %d events delivered to each of 6 clients "
                            + "in order; node A stopped: its 3 clients resumed on node B %d ms after the stop "
                            + "(%d ms to reconnect, sync and hold the snapshot); command sent -> event arrived: %s%n",
                    4 * TICKS, acceptedCount, refusedCount, playMillis, races, triedAgain, n, stopToResumedMillis, resumeMillis, delivery);
        } finally {
            senders.shutdownNow();
            for (Seat seat : seats) {
                if (seat.client != null) {
                    seat.client.close();
                }
            }
            if (b != null) {
                b.close();
            }
            a.close();
        }
    }

    /** Sends a command and waits for its reply, sending it again with the same commandId on TRY_AGAIN; it must be accepted. */
    private static JsonNode command(Seat seat, String type, Map<String, ?> args, String rollMode) throws InterruptedException {
        String commandId = seat.send(type, args, rollMode);
        JsonNode reply = settle(seat, commandId);
        assertThat(reply.get("accepted").asBoolean()).as(seat.name + " " + type + ": " + reply).isTrue();
        return reply;
    }

    /** The reply to a command sent; a TRY_AGAIN is sent again with the same commandId, as docs/protocol.md asks. */
    private static JsonNode settle(Seat seat, String commandId) throws InterruptedException {
        for (int attempt = 0; attempt < 5; attempt++) {
            JsonNode reply = seat.client.replyTo(commandId);
            if (!"TRY_AGAIN".equals(reply.path("code").asString())) {
                if (reply.get("accepted").asBoolean()) {
                    seat.accepted.put(commandId, reply.get("seq").asLong());
                }
                return reply;
            }
            TRIED_AGAIN.incrementAndGet();
            seat.sendAgain(commandId);
        }
        throw new AssertionError(seat.name + ": " + commandId + " answered TRY_AGAIN five times");
    }

    private static void assertLogIsGaplessAndHolds(JdbcClient jdbc, UUID table, long n, List<Seat> seats) {
        List<Map<String, Object>> rows = jdbc.sql("select seq, command_id from table_events where table_id = ? order by seq")
                .param(table).query().listOfRows();
        assertThat(rows.stream().map(r -> ((Number) r.get("seq")).longValue()).toList()).as("the log is gapless")
                .isEqualTo(LongStream.rangeClosed(1, n).boxed().toList());
        Map<String, Long> logged = rows.stream().collect(Collectors.toMap(r -> (String) r.get("command_id"),
                r -> ((Number) r.get("seq")).longValue()));
        assertThat(logged).as("no command twice in the log").hasSize(rows.size());
        for (Seat seat : seats) {
            for (Map.Entry<String, Long> accepted : seat.accepted.entrySet()) {
                assertThat(logged.get(accepted.getKey())).as(seat.name + "'s " + accepted.getKey() + " is in the log at its seq")
                        .isEqualTo(accepted.getValue());
            }
        }
    }

    /**
     * From a command's sending to its event's arrival at each client, split by whether the client
     * is on the sender's node: p50 / p95 / max in ms. (The first arrival is taken when the client
     * subscribed before the command was sent, which all six did.)
     */
    private static String delivery(Set<Seat> senders, List<Seat> seats) {
        List<Long> sameNode = new ArrayList<>();
        List<Long> otherNode = new ArrayList<>();
        List<Long> lastClient = new ArrayList<>();
        for (Seat sender : senders) {
            for (Map.Entry<String, Long> command : sender.accepted.entrySet()) {
                long sentAt = sender.sentAt.get(command.getKey());
                long last = 0;
                for (Seat seat : seats) {
                    Long arrived = seat.arrivedAt.get(command.getValue());
                    if (arrived == null) {
                        continue;
                    }
                    long micros = TimeUnit.NANOSECONDS.toMicros(arrived - sentAt);
                    (seat.port == sender.port ? sameNode : otherNode).add(micros);
                    last = Math.max(last, micros);
                }
                lastClient.add(last);
            }
        }
        return "same node " + percentiles(sameNode) + ", other node " + percentiles(otherNode)
                + ", last of the 6 clients " + percentiles(lastClient);
    }

    private static String percentiles(List<Long> micros) {
        List<Long> sorted = micros.stream().sorted().toList();
        if (sorted.isEmpty()) {
            return "(none)";
        }
        return String.format("p50 %.1f / p95 %.1f / max %.1f ms (n=%d)", sorted.get(sorted.size() / 2) / 1000.0,
                sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(sorted.size() * 0.95) - 1)) / 1000.0,
                sorted.getLast() / 1000.0, sorted.size());
    }

    private static Set<String> sessionsOf(SimpUserRegistry registry, String userId) {
        SimpUser user = registry.getUser(userId);
        return user == null ? Set.of() : user.getSessions().stream().map(SimpSession::getId).collect(Collectors.toSet());
    }

    /** What a fresh connection of this seat's person on its node is sent as the view now. */
    private static JsonNode freshView(Seat seat, UUID table) throws Exception {
        try (TableClient fresh = TableClient.join(seat.port, seat.player, table, -1)) {
            return fresh.nextOfKind("snapshot").get("view");
        }
    }
}
