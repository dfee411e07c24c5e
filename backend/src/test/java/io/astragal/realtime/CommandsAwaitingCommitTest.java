package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A command holds the thread that runs it until its event is committed, so the number of those
 * threads bounds how many commands one commit can carry: with Spring's default of two per core,
 * a disk that syncs slowly held every thread and queued commands for seconds (docs/performance.md,
 * step 77). Against the real PostgreSQL: the test's own transaction locks the events table, so the
 * first insert waits for as long as the test likes while more commands arrive.
 */
@IntegrationTest
class CommandsAwaitingCommitTest {

    private static final int TABLES = 8;

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    @Autowired
    MeterRegistry meters;

    @Test
    void commandsAtEightTablesAllWaitForOneCommitAtOnceAndAreAllStoredAfterIt() throws Exception {
        Player gm = Player.signUp(port, "Wren");
        List<TableClient> clients = new ArrayList<>();
        try {
            for (int i = 0; i < TABLES; i++) {
                TableClient client = TableClient.join(port, gm, gm.createCampaign("Held Keep " + i, "actlite"), -1);
                client.nextOfKind("snapshot");
                clients.add(client);
            }
            Gauge waiting = meters.get("astragal.table.events.waiting").gauge();
            List<String> commandIds = new ArrayList<>();
            try (Connection blocker = dataSource.getConnection(); Statement statement = blocker.createStatement()) {
                blocker.setAutoCommit(false);
                statement.execute("lock table table_events in exclusive mode");
                // The first command's insert takes the queue and waits for the lock; sent together, the
                // insert could have carried several commands.
                commandIds.add(clients.getFirst().command("chat", Map.of("text", "Held at the gate")));
                awaitAnInsertWaitingForTheLock();
                for (TableClient client : clients.subList(1, TABLES)) {
                    commandIds.add(client.command("chat", Map.of("text", "Held at the gate")));
                }
                // The seven commands behind it wait on threads of their own. With four threads, three at most could.
                within10s(() -> waiting.value() >= TABLES - 1);
                assertThat(waiting.value()).isEqualTo(TABLES - 1);
                blocker.rollback();
            }
            for (int i = 0; i < TABLES; i++) {
                JsonNode reply = clients.get(i).replyTo(commandIds.get(i));
                assertThat(reply.path("accepted").asBoolean()).as("reply %s", reply).isTrue();
                assertThat(reply.path("seq").asLong()).isEqualTo(1);
                assertThat(clients.get(i).awaitEvent(1).path("event").toString()).contains("Held at the gate");
            }
            assertThat(waiting.value()).isZero();
        } finally {
            for (TableClient client : clients) {
                client.close();
            }
        }
    }

    /**
     * Waits until PostgreSQL shows an insert of events waiting for the test's lock; asked on a
     * connection of its own, as a transaction sees the server's activity as it was when first asked.
     */
    private void awaitAnInsertWaitingForTheLock() throws Exception {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            connection.setAutoCommit(true);
            boolean seen = within10s(() -> {
                try (ResultSet waiting = statement.executeQuery("select count(*) from pg_stat_activity"
                        + " where wait_event_type = 'Lock' and query like 'insert into table_events%'")) {
                    waiting.next();
                    return waiting.getInt(1) > 0;
                }
            });
            if (!seen) {
                throw new AssertionError("No insert of events came to wait for the lock within 10 s");
            }
        }
    }

    private interface Condition {
        boolean holds() throws Exception;
    }

    /** Whether the condition came to hold within 10 s, asked every 10 ms. */
    private static boolean within10s(Condition condition) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.holds()) {
            if (System.nanoTime() >= deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }
}
