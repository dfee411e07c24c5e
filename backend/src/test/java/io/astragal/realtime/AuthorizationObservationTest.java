package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import io.astragal.support.TableClient;
import io.astragal.support.TwoPlayerTable;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Every STOMP frame is authorized, heart-beats included; recording each authorization as an
 * observation cost more than the check (docs/decisions.md), so authorizations are not observed,
 * while HTTP requests still are.
 */
@IntegrationTest
class AuthorizationObservationTest {

    @Autowired
    MeterRegistry meters;

    @Test
    void framesAreAuthorizedWithoutAnObservationEach(@LocalServerPort int port) throws Exception {
        TwoPlayerTable table = TwoPlayerTable.create(port, "Quiet Halls", "actlite");
        try (TableClient alda = table.join(table.alda())) {
            alda.nextOfKind("snapshot");
            assertThat(alda.replyTo(alda.command("chat", Map.of("text", "Anyone counting?"))).get("accepted").asBoolean())
                    .isTrue();
        }
        assertThat(meters.find("http.server.requests").timers()).as("HTTP requests are observed").isNotEmpty();
        assertThat(meters.find("spring.security.authorizations").meters()).as("authorizations are not").isEmpty();
        assertThat(meters.find("spring.security.authorizations.active").meters()).isEmpty();
    }
}
