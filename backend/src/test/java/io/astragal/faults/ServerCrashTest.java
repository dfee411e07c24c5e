package io.astragal.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.astragal.support.IntegrationTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Crash (issue #9, "Faults"): the server, a separate process, is killed with SIGKILL while its
 * tables are under load, then started again on the same PostgreSQL, several times. Every command
 * acknowledged to a client must be in the log, every client resumes from its last seq without a
 * gap or a duplicate, each table's view equals a replay of its log, and play goes on.
 */
@IntegrationTest
class ServerCrashTest {

    private static final int TABLES = 3;
    private static final int PLAYERS = 2;
    private static final int CYCLES = 3;
    /** Accepted commands per table before each kill, so every kill lands in the middle of play. */
    private static final int ACKS_PER_TABLE_BEFORE_KILL = 60;

    @Autowired
    ApplicationContext context;

    @Autowired
    DataSource dataSource;

    @Autowired
    JdbcClient jdbc;

    @Test
    void killedDuringLoadItLosesNoAcknowledgedEventAndPlayResumes() throws Exception {
        HikariDataSource database = dataSource.unwrap(HikariDataSource.class);
        List<SeatClient> clients = new ArrayList<>();
        List<Map<String, Object>> cycles = new ArrayList<>();
        ServerProcess server = ServerProcess.start("crash-0", database.getJdbcUrl(), database.getUsername(), database.getPassword());
        try {
            List<Seat> seats = Seat.actliteTables(server.port, TABLES, PLAYERS);
            for (int i = 0; i < seats.size(); i++) {
                clients.add(new SeatClient(seats.get(i), 7919L * (i + 1)));
            }
            connectAll(clients, server.port);
            for (int cycle = 1; cycle <= CYCLES; cycle++) {
                Map<String, Object> figures = new LinkedHashMap<>();
                figures.put("cycle", cycle);
                Load load = Load.start(clients);
                awaitAcks(clients, load.acksAtStart, ACKS_PER_TABLE_BEFORE_KILL);
                long pid = server.pid();
                server.kill();
                long killedAt = System.nanoTime();
                load.stopAndJoin();
                figures.put("killedPid", pid);
                figures.put("commandsAcknowledgedThisCycle", acks(clients) - load.acksAtStart);
                figures.put("acknowledgedCommandsChecked", FaultChecks.everyAcknowledgedEventIsLogged(jdbc, clients));

                server = ServerProcess.start("crash-" + cycle, database.getJdbcUrl(), database.getUsername(), database.getPassword());
                figures.put("restartMillis", Duration.ofNanos(System.nanoTime() - killedAt).toMillis());
                SeatClient.signInAll(clients, server.port); // a restarted server has forgotten every session
                long reconnecting = System.nanoTime();
                connectAll(clients, server.port);
                figures.put("allResumedMillis", Duration.ofNanos(System.nanoTime() - reconnecting).toMillis());
                FaultChecks.noViolations(clients);
                FaultChecks.viewsEqualReplayOfTheLog(context, clients);
                figures.put("logSeqs", lastSeqs(clients));
                cycles.add(figures);
            }

            // Play continues after the last restart, and the live tables still equal their logs.
            Load load = Load.start(clients);
            awaitAcks(clients, load.acksAtStart, 20);
            load.stopAndJoin();
            for (SeatClient client : clients) {
                client.join(server.port);
                client.awaitSnapshot(Duration.ofSeconds(60));
            }
            FaultChecks.noViolations(clients);
            FaultChecks.viewsEqualReplayOfTheLog(context, clients);
            int checked = FaultChecks.everyAcknowledgedEventIsLogged(jdbc, clients);
            Map<String, Integer> rejections = new TreeMap<>();
            clients.forEach(c -> c.rejections.forEach((code, n) -> rejections.merge(code, n, Integer::sum)));
            assertThat(rejections.keySet()).as("only refusals the rules give in play")
                    .doesNotContain("INVALID_COMMAND", "UNKNOWN_COMMAND", "NOT_A_MEMBER", "NOT_ALLOWED", "TRY_AGAIN");

            int seen = clients.stream().mapToInt(c -> c.seen.size()).sum();
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("scenario", TABLES + " Actlite tables x " + (1 + PLAYERS) + " STOMP clients, closed-loop commands; "
                    + "server killed with SIGKILL after " + ACKS_PER_TABLE_BEFORE_KILL + "+ accepted commands per table, "
                    + CYCLES + " times, then restarted on the same PostgreSQL");
            result.put("crashCycles", CYCLES);
            result.put("acknowledgedCommandsChecked", checked);
            result.put("eventsDeliveredChecked", seen);
            result.put("eventsInLogs", lastSeqs(clients).values().stream().mapToLong(Long::longValue).sum());
            result.put("snapshotsStored", clients.stream().map(c -> c.seat.table()).distinct()
                    .mapToLong(t -> jdbc.sql("select count(*) from table_snapshots where table_id = ?").param(t)
                            .query(Long.class).single())
                    .sum());
            result.put("rejectionsByCode", rejections);
            result.put("earlyEventsSkipped", clients.stream().mapToInt(c -> c.earlyEvents).sum());
            result.put("cycles", cycles);
            Measurements.write("faults-crash", result, CYCLES + " kill -9 cycles, " + checked
                    + " acknowledged commands and " + seen + " delivered events all in the log, no gap or duplicate, "
                    + "views equal replays; restart+resume ms per cycle: "
                    + cycles.stream().map(c -> c.get("restartMillis") + "+" + c.get("allResumedMillis")).toList());
        } finally {
            clients.forEach(SeatClient::close);
            server.close();
        }
    }

    private static void connectAll(List<SeatClient> clients, int serverPort) throws Exception {
        for (SeatClient client : clients) {
            client.join(serverPort);
        }
        for (SeatClient client : clients) {
            client.awaitSnapshot(Duration.ofSeconds(60));
        }
    }

    private static long acks(List<SeatClient> clients) {
        long total = 0;
        for (SeatClient client : clients) {
            client.absorb();
            total += client.acked.size();
        }
        return total;
    }

    /** Waits (at most 2 minutes) until every table has at least {@code perTable} more accepted commands. */
    private static void awaitAcks(List<SeatClient> clients, long atStart, int perTable) throws InterruptedException {
        Map<UUID, Integer> before = perTable(clients);
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            Map<UUID, Integer> now = perTable(clients);
            if (now.entrySet().stream().allMatch(e -> e.getValue() - before.getOrDefault(e.getKey(), 0) >= perTable)) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("play did not go on: " + perTable(clients) + " accepted per table, " + atStart + " at start");
    }

    private static Map<UUID, Integer> perTable(List<SeatClient> clients) {
        Map<UUID, Integer> counts = new TreeMap<>();
        for (SeatClient client : clients) {
            client.absorb();
            counts.merge(client.seat.table(), client.acked.size(), Integer::sum);
        }
        return counts;
    }

    private Map<String, Long> lastSeqs(List<SeatClient> clients) {
        Set<UUID> tables = new HashSet<>();
        clients.forEach(c -> tables.add(c.seat.table()));
        Map<String, Long> seqs = new TreeMap<>();
        for (UUID table : tables) {
            seqs.put(table.toString(), jdbc.sql("select coalesce(max(seq), 0) from table_events where table_id = ?")
                    .param(table).query(Long.class).single());
        }
        return seqs;
    }

    /** One thread per client, each sending a command and waiting for its reply, until stopped or cut off. */
    static final class Load {
        final long acksAtStart;
        private final AtomicBoolean stop = new AtomicBoolean();
        private final List<Thread> threads = new ArrayList<>();

        private Load(long acksAtStart) {
            this.acksAtStart = acksAtStart;
        }

        static Load start(List<SeatClient> clients) {
            Load load = new Load(acks(clients));
            for (SeatClient client : clients) {
                load.threads.add(Thread.ofPlatform().name("load-" + client.seat.displayName()).start(
                        () -> client.play(load.stop::get, Duration.ofMillis(2))));
            }
            return load;
        }

        void stopAndJoin() throws InterruptedException {
            stop.set(true);
            for (Thread thread : threads) {
                thread.join(Duration.ofSeconds(60));
                assertThat(thread.isAlive()).as("%s stopped", thread.getName()).isFalse();
            }
        }
    }
}
