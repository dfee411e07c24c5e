package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Connections' frames are read on Tomcat's poller, which serves every connection, so a frame whose
 * check waits for the database must not wait there. Against the real PostgreSQL: the test's own
 * transaction locks the campaigns' members, so a SUBSCRIBE to a table whose members the server has
 * not read yet waits for as long as the test likes.
 */
@IntegrationTest
class PollerReadsTest {

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    @Test
    void aSubscribeWaitingForTheDatabaseHoldsUpNeitherOtherConnectionsNorItsOwnNextFrames() throws Exception {
        Player gm = Player.signUp(port, "Odile");
        TableClient playing = TableClient.join(port, gm, gm.createCampaign("Open Gate", "actlite"), -1);
        TableClient waiting = null;
        try {
            playing.nextOfKind("snapshot");
            UUID unread = gm.createCampaign("Barred Gate", "actlite"); // no one has subscribed: its members are not in memory
            try (Connection blocker = dataSource.getConnection(); Statement statement = blocker.createStatement()) {
                blocker.setAutoCommit(false);
                statement.execute("lock table campaign_members in access exclusive mode");
                waiting = TableClient.open(port, gm, unread);
                // A connection's first reads may still run elsewhere, as Tomcat hands over the upgraded socket;
                // a moment later each read is the poller's.
                Thread.sleep(200);
                waiting.subscribeStream();
                waiting.sync(-1); // behind the SUBSCRIBE on its connection: must not overtake it
                awaitAQueryWaitingForTheLock(statement);

                JsonNode reply = playing.replyTo(playing.command("chat", Map.of("text", "Still open")));

                assertThat(reply.path("accepted").asBoolean()).as("reply %s", reply).isTrue();
                blocker.rollback();
            }
            // The SUBSCRIBE went through once the lock was gone, and the sync after it found it in place.
            assertThat(waiting.nextOfKind("snapshot").path("view").isObject()).isTrue();
        } finally {
            playing.close();
            if (waiting != null) {
                waiting.close();
            }
        }
    }

    private static void awaitAQueryWaitingForTheLock(Statement statement) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            // Waiting from the statement's parse, before pg_stat_activity shows it: pg_locks has it.
            try (ResultSet waiting = statement.executeQuery(
                    "select count(*) from pg_locks where relation = 'campaign_members'::regclass and not granted")) {
                waiting.next();
                if (waiting.getLong(1) > 0) {
                    return;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no query waited for the lock on campaign_members within 10 s");
    }
}
