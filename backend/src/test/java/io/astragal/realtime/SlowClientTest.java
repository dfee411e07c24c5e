package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.messaging.simp.user.SimpUserRegistry;

/**
 * A client that stops reading at a busy table, with the default limits (512 KiB waiting, 10 s for
 * one write): it asks for ~10 MB of history, so once the kernel's socket buffers are full the bytes
 * waiting for it pass the buffer limit and the server cuts it off; meanwhile everyone else at the
 * table keeps getting their events. (The time limit: {@link SlowClientTimeLimitTest}.)
 */
@IntegrationTest
class SlowClientTest {

    @LocalServerPort
    int port;

    @Autowired
    SimpUserRegistry users;

    @Test
    void aClientThatStopsReadingIsCutOffByTheBufferLimitWithoutSlowingItsTable() throws Exception {
        try (LogCapture log = LogCapture.open()) {
            SlowClientScenario.Outcome outcome = new SlowClientScenario(port, users).run(40);
            System.out.printf("slow client (buffer limit): cut off after %d ms; the table's command->last-client"
                            + " latency meanwhile: max %d ms, median %d ms over %d rounds%n", outcome.cutOffMillis(),
                    outcome.maxMillis(), outcome.medianMillis(), outcome.latenciesMillis().size());
            assertThat(outcome.latenciesMillis()).as("every event reached the whole table within 5 s")
                    .allMatch(ms -> ms < 5_000);
            assertThat(outcome.closedSocket()).as("the server closed the slow client's connection").isTrue();
            assertThat(log.messagesFrom(QueuedSendSession.class)).anyMatch(m -> m.contains("bytes waited for it"));
            assertThat(log.problems()).isEmpty();
        }
    }
}
