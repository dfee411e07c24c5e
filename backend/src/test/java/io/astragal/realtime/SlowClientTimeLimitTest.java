package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.messaging.simp.user.SimpUserRegistry;
import org.springframework.test.context.TestPropertySource;

/**
 * The same slow client as {@link SlowClientTest}, with a 2 s send time limit and a buffer limit out
 * of reach: once a write to it has been stuck for 2 s, the server drops it, and the rest of the
 * table never notices.
 */
@IntegrationTest
@TestPropertySource(properties = {AbuseLimits.SEND_TIME_LIMIT, AbuseLimits.SEND_BUFFER_LIMIT})
class SlowClientTimeLimitTest {

    @LocalServerPort
    int port;

    @Autowired
    SimpUserRegistry users;

    @Test
    void aClientWhoseWriteIsStuckPastTheTimeLimitIsCutOffWithoutSlowingItsTable() throws Exception {
        try (LogCapture log = LogCapture.open()) {
            SlowClientScenario.Outcome outcome = new SlowClientScenario(port, users).run(40);
            System.out.printf("slow client (time limit 2 s): cut off after %d ms; the table's command->last-client"
                            + " latency meanwhile: max %d ms, median %d ms over %d rounds%n", outcome.cutOffMillis(),
                    outcome.maxMillis(), outcome.medianMillis(), outcome.latenciesMillis().size());
            assertThat(outcome.latenciesMillis()).as("every event reached the whole table within 5 s")
                    .allMatch(ms -> ms < 5_000);
            assertThat(outcome.closedSocket()).as("the server closed the slow client's connection").isTrue();
            assertThat(log.messagesFrom(UpgradedWebSocket.class)).anyMatch(m -> m.contains("cut off as too slow: its socket took nothing for"));
            assertThat(log.problems()).isEmpty();
        }
    }
}
