package io.astragal.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Commands' events at different tables committed together ({@link GroupCommit}), against the real
 * PostgreSQL. To have events queue deterministically, the test's own transaction holds an
 * uncommitted row, and the first insert waits on it for as long as the test likes.
 */
@IntegrationTest
class GroupCommitTest {

    @Autowired
    GroupCommit commits;

    @Autowired
    DataSource dataSource;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    MeterRegistry meters;

    @Test
    void eventsQueuedDuringAnInsertGoInTogetherInTheNextAndAnEventTheLogHoldsIsRefusedAlone() throws Exception {
        UUID blocked = UUID.randomUUID();
        UUID held = UUID.randomUUID();
        append(held, 1, "held-1").join();
        double insertsBefore = inserts();
        Map<UUID, CompletableFuture<Void>> queued = new LinkedHashMap<>();
        try (Connection blocker = dataSource.getConnection()) {
            CompletableFuture<Void> first = holdSeq1(blocker, blocked);
            for (int table = 0; table < 5; table++) {
                UUID tableId = UUID.randomUUID();
                queued.put(tableId, append(tableId, 1, "c-" + table));
            }
            // Seq 1 of this table is in the log already.
            CompletableFuture<Void> repeat = append(held, 1, "held-again");
            await(() -> commits.waiting() == 6);
            blocker.commit();

            // The test's row took seq 1 of the first table, so its insert stored nothing.
            assertThat(failure(first)).isInstanceOf(DuplicateKeyException.class);
            for (CompletableFuture<Void> each : queued.values()) {
                each.get(10, TimeUnit.SECONDS);
            }
            assertThat(failure(repeat)).isInstanceOf(DuplicateKeyException.class)
                    .hasMessageContaining("seq 1 or command held-again");
        }
        // One statement for the first event, and one for all six queued behind it.
        assertThat(inserts() - insertsBefore).isEqualTo(2);
        assertThat(commandIdsOf(held)).containsExactly("held-1");
        assertThat(commandIdsOf(blocked)).containsExactly("blocker");
        int table = 0;
        for (UUID tableId : queued.keySet()) {
            assertThat(commandIdsOf(tableId)).containsExactly("c-" + table++);
        }
    }

    @Test
    void eachInsertIsTimedFromItsStatementUntilItsCommitReturns() throws Exception {
        Timer timer = meters.get("astragal.table.event.commit").timer();
        long countBefore = timer.count();
        double millisBefore = timer.totalTime(TimeUnit.MILLISECONDS);
        try (Connection blocker = dataSource.getConnection()) {
            CompletableFuture<Void> waiting = holdSeq1(blocker, UUID.randomUUID());
            Thread.sleep(300);
            blocker.commit();
            assertThat(failure(waiting)).isInstanceOf(DuplicateKeyException.class);
        }

        // The insert waited for the test's transaction: that wait is the database's, and it is in the time.
        assertThat(timer.count() - countBefore).isEqualTo(1);
        assertThat(timer.totalTime(TimeUnit.MILLISECONDS) - millisBefore).isGreaterThanOrEqualTo(300);
    }

    @Test
    void aRowTheDatabaseRefusesFailsOnlyItsOwnCommandAndTheOthersInItsInsertAreStored() throws Exception {
        UUID blocked = UUID.randomUUID();
        UUID fine = UUID.randomUUID();
        UUID tooLong = UUID.randomUUID();
        try (Connection blocker = dataSource.getConnection()) {
            CompletableFuture<Void> first = holdSeq1(blocker, blocked);
            CompletableFuture<Void> stored = append(fine, 1, "fine");
            // actor_name is varchar(64).
            CompletableFuture<Void> refused = append(tooLong, 1, "too-long", "x".repeat(65));
            await(() -> commits.waiting() == 2);
            blocker.rollback();

            first.get(10, TimeUnit.SECONDS);
            stored.get(10, TimeUnit.SECONDS);
            assertThat(failure(refused)).isInstanceOf(DataIntegrityViolationException.class)
                    .isNotInstanceOf(DuplicateKeyException.class);
        }
        assertThat(commandIdsOf(blocked)).containsExactly("first");
        assertThat(commandIdsOf(fine)).containsExactly("fine");
        assertThat(commandIdsOf(tooLong)).isEmpty();
    }

    @Test
    void aWaitingThreadThatIsInterruptedStillGetsItsOutcomeAndKeepsItsInterrupt() throws Exception {
        UUID blocked = UUID.randomUUID();
        UUID waiting = UUID.randomUUID();
        try (Connection blocker = dataSource.getConnection()) {
            CompletableFuture<Void> first = holdSeq1(blocker, blocked);
            CompletableFuture<Boolean> interruptedAfter = new CompletableFuture<>();
            Thread waiter = Thread.ofVirtual().start(() -> {
                commits.append(waiting, row(1, "waiting", "Alda"));
                interruptedAfter.complete(Thread.currentThread().isInterrupted());
            });
            await(() -> commits.waiting() == 1);
            waiter.interrupt();
            blocker.rollback();

            first.get(10, TimeUnit.SECONDS);
            assertThat(interruptedAfter.get(10, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(commandIdsOf(waiting)).containsExactly("waiting");
    }

    @Test
    void manyTablesAppendingAtOnceAreAllStoredInOrderPerTable() {
        List<UUID> tables = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            tables.add(UUID.randomUUID());
        }
        // Each table appends its seqs one after the other, as its lock makes it; the tables run at once.
        List<CompletableFuture<Void>> players = tables.stream()
                .map(tableId -> CompletableFuture.runAsync(() -> {
                    for (long seq = 1; seq <= 25; seq++) {
                        commits.append(tableId, row(seq, "c-" + seq, "Alda"));
                    }
                }, runnable -> Thread.ofVirtual().start(runnable)))
                .toList();
        players.forEach(CompletableFuture::join);
        for (UUID tableId : tables) {
            assertThat(jdbc.sql("select seq from table_events where table_id = ? order by seq").param(tableId)
                    .query(Long.class).list()).hasSize(25).startsWith(1L).endsWith(25L);
        }
    }

    /** Begins a transaction on {@code blocker} that inserts seq 1 of the table, then appends seq 1 of it, which waits. */
    private CompletableFuture<Void> holdSeq1(Connection blocker, UUID tableId) throws Exception {
        blocker.setAutoCommit(false);
        try (PreparedStatement insert = blocker.prepareStatement("""
                insert into table_events (table_id, seq, command_id, actor, actor_name, type, payload, created_at)
                values (?, 1, 'blocker', 'test', 'Test', 'chat', '{}', now())""")) {
            insert.setObject(1, tableId);
            insert.executeUpdate();
        }
        CompletableFuture<Void> first = append(tableId, 1, "first");
        // Its insert is under way (nothing left queued) and waits for the test's transaction.
        await(() -> commits.waiting() == 0 && waitsForALock());
        return first;
    }

    private boolean waitsForALock() {
        return jdbc.sql("select count(*) from pg_stat_activity where wait_event_type = 'Lock' and query like 'insert into table_events%'")
                .query(Long.class).single() == 1;
    }

    private CompletableFuture<Void> append(UUID tableId, long seq, String commandId) {
        return append(tableId, seq, commandId, "Alda");
    }

    private CompletableFuture<Void> append(UUID tableId, long seq, String commandId, String actorName) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                commits.append(tableId, row(seq, commandId, actorName));
                done.complete(null);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        return done;
    }

    private static EventStore.Row row(long seq, String commandId, String actorName) {
        return new EventStore.Row(seq, commandId, "alda", actorName, Instant.now(), "chat", "{\"text\":\"hi\"}");
    }

    private static Throwable failure(CompletableFuture<Void> future) {
        try {
            future.orTimeout(10, TimeUnit.SECONDS).join();
            return null;
        } catch (CompletionException e) {
            return e.getCause();
        }
    }

    private List<String> commandIdsOf(UUID tableId) {
        return jdbc.sql("select command_id from table_events where table_id = ? order by seq").param(tableId)
                .query(String.class).list();
    }

    private double inserts() {
        return meters.get("astragal.table.event.inserts").counter().count();
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("condition met within 10 s").isLessThan(deadline);
            Thread.sleep(5);
        }
    }
}
