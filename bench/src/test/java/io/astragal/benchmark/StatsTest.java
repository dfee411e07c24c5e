package io.astragal.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a phase keeps of the last client's latency. */
class StatsTest {

    @Test
    void theLastClientsLatencyIsKeptOverallAndByCommandType() {
        Stats stats = new Stats("astragal");
        for (int i = 1; i <= 100; i++) {
            stats.window.lastClient("chat", i * 1_000_000L);
        }
        stats.window.lastClient("actlite.endRound", 50_000_000L);
        stats.window.lastClient("actlite.endRound", 70_000_000L);

        assertThat(stats.window.lastClient.size()).isEqualTo(102);
        Map<String, Map<String, Object>> byType = stats.window.lastClientByCommandPercentiles();
        assertThat(byType.keySet()).containsExactly("actlite.endRound", "chat");
        assertThat(byType.get("chat")).containsEntry("count", 100).containsEntry("p50", 50.0)
                .containsEntry("p99", 99.0).containsEntry("max", 100.0);
        assertThat(byType.get("actlite.endRound")).containsEntry("count", 2).containsEntry("p50", 50.0)
                .containsEntry("max", 70.0);
    }
}
