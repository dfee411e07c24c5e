package io.astragal.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.astragal.support.IntegrationTest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Database loss (issue #9, "Faults"): the server (a separate process) reaches PostgreSQL through a
 * TCP proxy that the test cuts — every connection dropped, new ones refused — and later restores.
 * While it is cut, commands are answered {@code TRY_AGAIN} and change nothing, readiness is DOWN;
 * after, readiness is UP, the same commands go through, play resumes, and each table in the
 * server's memory still equals its log. Once with the tables idle at the cut, once in the middle
 * of play (commands in flight when the connections drop).
 */
@IntegrationTest
class DatabaseLossTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern HOST_PORT = Pattern.compile("^jdbc:postgresql://([^:/]+):(\\d+)/");

    @Autowired
    ApplicationContext context;

    @Autowired
    DataSource dataSource;

    @Autowired
    JdbcClient jdbc;

    @Test
    void whileThePostgresqlIsGoneCommandsAreRefusedToTryAgainAndPlayResumesAfter() throws Exception {
        HikariDataSource database = dataSource.unwrap(HikariDataSource.class);
        Matcher target = HOST_PORT.matcher(database.getJdbcUrl());
        assertThat(target.find()).as("a PostgreSQL JDBC URL: %s", database.getJdbcUrl()).isTrue();
        List<SeatClient> clients = new ArrayList<>();
        Map<String, Object> figures = new LinkedHashMap<>();
        try (TcpProxy proxy = new TcpProxy(target.group(1), Integer.parseInt(target.group(2)));
             ServerProcess server = ServerProcess.start("database-loss",
                     target.replaceFirst("jdbc:postgresql://127.0.0.1:" + proxy.port() + "/"),
                     database.getUsername(), database.getPassword())) {
            List<Seat> seats = Seat.actliteTables(server.port, 2, 2);
            for (int i = 0; i < seats.size(); i++) {
                clients.add(new SeatClient(seats.get(i), 104729L * (i + 1)));
            }
            for (SeatClient client : clients) {
                client.join(server.port);
                client.awaitSnapshot(Duration.ofSeconds(60));
            }
            ServerCrashTest.Load warmUp = ServerCrashTest.Load.start(clients);
            awaitAcks(clients, 15);
            warmUp.stopAndJoin();
            Map<UUID, Long> before = lastSeqs(clients);

            // 1. Idle tables, then the database goes away.
            proxy.cut();
            long cutAt = System.nanoTime();
            server.awaitReadiness(503, Duration.ofSeconds(60));
            figures.put("readinessDownAfterCutMillis", Duration.ofNanos(System.nanoTime() - cutAt).toMillis());
            Map<SeatClient, String> refused = new HashMap<>();
            long sent = System.nanoTime();
            for (SeatClient client : clients) {
                refused.put(client, client.client.command("during-outage-" + UUID.randomUUID(), "chat",
                        Map.of("text", "Anyone there?"), null));
            }
            for (Map.Entry<SeatClient, String> entry : refused.entrySet()) {
                JsonNode reply = reply(entry.getKey(), entry.getValue());
                assertThat(reply.get("accepted").asBoolean()).as(reply.toString()).isFalse();
                assertThat(reply.get("code").asString()).isEqualTo("TRY_AGAIN");
                assertThat(reply.get("message").asString()).as("the reply says to send it again").containsIgnoringCase("again");
            }
            long slowestRefusal = System.nanoTime() - sent;
            figures.put("allTryAgainRepliesMillis", Duration.ofNanos(slowestRefusal).toMillis());

            // A connected client asking for a snapshot: the table's copy in memory is its log (nothing is
            // folded in before it is stored), so it may be served from there; a copy that a failed append
            // retired has to be read from the database again, and then the sync is told to try again.
            SeatClient syncing = clients.getFirst();
            syncing.client.drainErrors();
            JsonNode syncAnswer = syncAnswer(syncing, syncing.viewSeq);
            assertThat(syncAnswer).as("a snapshot or an error for the sync within 10 s").isNotNull();
            if ("snapshot".equals(syncAnswer.path("kind").asString())) {
                assertThat(syncAnswer.get("seq").asLong()).as("the snapshot is what the log holds")
                        .isEqualTo(before.get(syncing.seat.table()));
            } else {
                assertThat(syncAnswer.get("code").asString()).as(syncAnswer.toString()).isEqualTo("TRY_AGAIN");
            }
            figures.put("syncDuringOutage", syncAnswer.has("kind") ? syncAnswer.get("kind").asString() : "TRY_AGAIN");
            // A client that missed more than the newest event needs the rest from the log, which cannot
            // be read: it is told to try again, never sent a snapshot whose log has a hole.
            assertThat(before.get(syncing.seat.table())).as("the table has more events than it keeps in memory").isGreaterThan(1);
            JsonNode behindAnswer = syncAnswer(syncing, 0);
            assertThat(behindAnswer).as("an answer to the sync from seq 0 within 10 s").isNotNull();
            assertThat(behindAnswer.path("code").asString()).as(behindAnswer.toString()).isEqualTo("TRY_AGAIN");
            // The REST API answers 503 with the same code instead of an internal error.
            HttpResponse<String> campaigns = syncing.player.request("GET", "/api/campaigns", null);
            assertThat(campaigns.statusCode()).as(campaigns.body()).isEqualTo(503);
            assertThat(JSON.readTree(campaigns.body()).get("code").asString()).isEqualTo("TRY_AGAIN");

            proxy.restore();
            long restoredAt = System.nanoTime();
            server.awaitReadiness(200, Duration.ofSeconds(60));
            figures.put("readinessUpAfterRestoreMillis", Duration.ofNanos(System.nanoTime() - restoredAt).toMillis());
            assertThat(lastSeqs(clients)).as("nothing was written while the database was gone").isEqualTo(before);

            // The same commands, sent again, now go through, once each.
            for (Map.Entry<SeatClient, String> entry : refused.entrySet()) {
                SeatClient client = entry.getKey();
                client.client.command(entry.getValue(), "chat", Map.of("text", "Anyone there?"), null);
                JsonNode reply = reply(client, entry.getValue());
                assertThat(reply.get("accepted").asBoolean()).as(reply.toString()).isTrue();
            }
            figures.put("firstAcceptedAfterRestoreMillis", Duration.ofNanos(System.nanoTime() - restoredAt).toMillis());
            for (SeatClient client : clients) {
                client.absorb();
            }
            rejoinAndCheck(clients, server.port);
            FaultChecks.everyAcknowledgedEventIsLogged(jdbc, clients);

            // 2. The connection breaks while an event is being appended: the test holds a lock that
            // makes the insert wait, then cuts. The insert may still commit once the lock is gone
            // (PostgreSQL does not notice the dead client while it waits), so the outcome is unknown
            // to the server: it must say so, keep nothing in memory, and count a resend once.
            SeatClient writer = clients.get(1);
            UUID writerTable = writer.seat.table();
            long seqBefore = lastSeqs(clients).get(writerTable);
            String appendId = "mid-append-" + UUID.randomUUID();
            try (Connection blocker = dataSource.getConnection()) {
                blocker.setAutoCommit(false);
                try (Statement statement = blocker.createStatement()) {
                    statement.execute("lock table table_events in share mode");
                }
                writer.client.command(appendId, "chat", Map.of("text", "Caught mid-write"), null);
                awaitInsertsWaiting(1);
                proxy.cut();
                JsonNode reply = reply(writer, appendId);
                assertThat(reply.get("code").asString()).as(reply.toString()).isEqualTo("TRY_AGAIN");
                assertThat(reply.get("message").asString()).contains("same commandId");
                blocker.rollback();
            }
            awaitInsertsWaiting(0);
            boolean committedLate = FaultChecks.log(jdbc, writerTable).values().stream()
                    .anyMatch(row -> row.commandId().equals(appendId));
            figures.put("appendCutMidWriteCommittedLate", committedLate);
            proxy.restore();
            server.awaitReadiness(200, Duration.ofSeconds(60));
            writer.client.command(appendId, "chat", Map.of("text", "Caught mid-write"), null);
            JsonNode resent = reply(writer, appendId);
            assertThat(resent.get("accepted").asBoolean()).as(resent.toString()).isTrue();
            assertThat(resent.get("seq").asLong()).isEqualTo(seqBefore + 1);
            assertThat(FaultChecks.log(jdbc, writerTable).values().stream().filter(row -> row.commandId().equals(appendId)))
                    .as("the command is in the log once").hasSize(1);
            for (SeatClient client : clients) {
                if (client.seat.table().equals(writerTable)) {
                    client.client.next(m -> "event".equals(m.path("kind").asString()) && m.get("seq").asLong() == seqBefore + 1);
                }
            }
            FaultChecks.noViolations(clients);
            rejoinAndCheck(clients, server.port);

            // 3. The database goes away in the middle of play.
            ServerCrashTest.Load load = ServerCrashTest.Load.start(clients);
            awaitAcks(clients, 15);
            proxy.cut();
            cutAt = System.nanoTime();
            server.awaitReadiness(503, Duration.ofSeconds(60));
            int tryAgainBefore = tryAgains(clients);
            awaitTryAgains(clients, tryAgainBefore + clients.size());
            figures.put("outageUnderLoadMillis", Duration.ofNanos(System.nanoTime() - cutAt).toMillis());
            proxy.restore();
            restoredAt = System.nanoTime();
            server.awaitReadiness(200, Duration.ofSeconds(60));
            awaitAcks(clients, 15);
            figures.put("playResumedUnderLoadMillis", Duration.ofNanos(System.nanoTime() - restoredAt).toMillis());
            load.stopAndJoin();
            rejoinAndCheck(clients, server.port);
            int checked = FaultChecks.everyAcknowledgedEventIsLogged(jdbc, clients);
            FaultChecks.noViolations(clients);

            figures.put("tryAgainReplies", tryAgains(clients));
            figures.put("acknowledgedCommandsChecked", checked);
            Map<String, Integer> rejections = new java.util.TreeMap<>();
            clients.forEach(c -> c.rejections.forEach((code, n) -> rejections.merge(code, n, Integer::sum)));
            assertThat(rejections.keySet()).doesNotContain("INVALID_COMMAND", "UNKNOWN_COMMAND", "NOT_A_MEMBER", "NOT_ALLOWED");
            figures.put("rejectionsByCode", rejections);
            figures.put("settings", "spring.datasource.hikari: connection-timeout 3000 ms, validation-timeout 1000 ms; "
                    + "PostgreSQL JDBC connectTimeout 3 s, loginTimeout 5 s, socketTimeout 10 s");
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("scenario", "2 Actlite tables x 3 STOMP clients; the server process reaches PostgreSQL through a TCP "
                    + "proxy; the proxy drops every connection and refuses new ones, first with the tables idle, then under load");
            result.putAll(figures);
            Measurements.write("faults-database-loss", result, "TRY_AGAIN within " + figures.get("allTryAgainRepliesMillis")
                    + " ms, readiness DOWN " + figures.get("readinessDownAfterCutMillis") + " ms after the cut and UP "
                    + figures.get("readinessUpAfterRestoreMillis") + " ms after the restore, play resumed under load after "
                    + figures.get("playResumedUnderLoadMillis") + " ms; " + checked + " acknowledged commands in the log, "
                    + figures.get("tryAgainReplies") + " TRY_AGAIN replies, nothing lost");
        } finally {
            clients.forEach(SeatClient::close);
        }
    }

    /** Fresh connections from each client's seq: no gap, and every table's view is the replay of its log. */
    private void rejoinAndCheck(List<SeatClient> clients, int serverPort) throws Exception {
        for (SeatClient client : clients) {
            client.join(serverPort);
            client.awaitSnapshot(Duration.ofSeconds(60));
        }
        FaultChecks.noViolations(clients);
        FaultChecks.viewsEqualReplayOfTheLog(context, clients);
    }

    /** Waits until {@code count} inserts into the log are waiting for a lock (or none, for 0). */
    private void awaitInsertsWaiting(int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            long waiting = jdbc.sql("""
                            select count(*) from pg_stat_activity
                            where state = 'active' and query like 'insert into table_events%'""")
                    .query(Long.class).single();
            if (waiting == count) {
                return;
            }
            assertThat(System.nanoTime()).as("%d inserts waiting, not %d", waiting, count).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    /** Sends a sync from {@code lastSeq} and waits up to 10 s for its answer: a new snapshot or an error; null if none came. */
    private static JsonNode syncAnswer(SeatClient client, long lastSeq) throws InterruptedException {
        JsonNode snapshotBefore = client.lastSnapshot;
        client.client.send("/app/tables/" + client.seat.table() + "/sync", Map.of("lastSeq", lastSeq));
        JsonNode answer = null;
        for (long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
             answer == null && System.nanoTime() < deadline; Thread.sleep(5)) {
            client.absorb();
            List<JsonNode> errors = client.client.drainErrors();
            answer = client.lastSnapshot != snapshotBefore ? client.lastSnapshot : errors.isEmpty() ? null : errors.getFirst();
        }
        return answer;
    }

    private static JsonNode reply(SeatClient client, String commandId) throws InterruptedException {
        JsonNode reply = client.client.poll(m -> "reply".equals(m.path("kind").asString())
                && commandId.equals(m.path("commandId").asString()), Duration.ofSeconds(60));
        assertThat(reply).as("a reply to %s", commandId).isNotNull();
        return reply;
    }

    private static int tryAgains(List<SeatClient> clients) {
        int total = 0;
        for (SeatClient client : clients) {
            client.absorb();
            total += client.rejections.getOrDefault("TRY_AGAIN", 0);
        }
        return total;
    }

    private static void awaitTryAgains(List<SeatClient> clients, int atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (tryAgains(clients) < atLeast) {
            assertThat(System.nanoTime()).as("%d TRY_AGAIN replies within a minute", atLeast).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private static void awaitAcks(List<SeatClient> clients, int perTable) throws InterruptedException {
        Map<UUID, Integer> start = ackedPerTable(clients);
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (true) {
            Map<UUID, Integer> now = ackedPerTable(clients);
            if (now.entrySet().stream().allMatch(e -> e.getValue() - start.getOrDefault(e.getKey(), 0) >= perTable)) {
                return;
            }
            assertThat(System.nanoTime()).as("%d more accepted commands per table within 2 minutes: %s", perTable, now)
                    .isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private static Map<UUID, Integer> ackedPerTable(List<SeatClient> clients) {
        Map<UUID, Integer> counts = new HashMap<>();
        for (SeatClient client : clients) {
            client.absorb();
            counts.merge(client.seat.table(), client.acked.size(), Integer::sum);
        }
        return counts;
    }

    private Map<UUID, Long> lastSeqs(List<SeatClient> clients) {
        Map<UUID, Long> seqs = new HashMap<>();
        for (SeatClient client : clients) {
            seqs.computeIfAbsent(client.seat.table(), t -> jdbc.sql(
                    "select coalesce(max(seq), 0) from table_events where table_id = ?").param(t).query(Long.class).single());
        }
        return seqs;
    }
}
