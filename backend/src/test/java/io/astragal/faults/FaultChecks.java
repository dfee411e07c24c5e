package io.astragal.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.table.TableReplay;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/** What every fault test checks of the clients against the log in PostgreSQL. */
final class FaultChecks {

    private FaultChecks() {
    }

    record LoggedRow(long seq, String commandId, String actor, String type) {
    }

    static Map<Long, LoggedRow> log(JdbcClient jdbc, UUID table) {
        Map<Long, LoggedRow> rows = new HashMap<>();
        jdbc.sql("select seq, command_id, actor, type from table_events where table_id = ? order by seq")
                .param(table)
                .query((rs, n) -> new LoggedRow(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4)))
                .list()
                .forEach(row -> rows.put(row.seq(), row));
        return rows;
    }

    /**
     * The log of each table is gapless, every command acknowledged to a client is in it at the
     * seq it was acknowledged with, and every event a client was sent is in it as sent.
     * Returns the number of acknowledged commands checked.
     */
    static int everyAcknowledgedEventIsLogged(JdbcClient jdbc, List<SeatClient> clients) {
        Map<UUID, Map<Long, LoggedRow>> logs = new HashMap<>();
        int checked = 0;
        for (SeatClient client : clients) {
            client.absorb();
            Map<Long, LoggedRow> log = logs.computeIfAbsent(client.seat.table(), t -> log(jdbc, t));
            assertThat(log.keySet()).as("the log of %s is gapless", client.seat.table())
                    .containsExactlyInAnyOrderElementsOf(java.util.stream.LongStream.rangeClosed(1, log.size()).boxed().toList());
            for (Map.Entry<String, Long> ack : client.acked.entrySet()) {
                LoggedRow row = log.get(ack.getValue());
                assertThat(row).as("acknowledged %s at seq %d is in the log", ack.getKey(), ack.getValue()).isNotNull();
                assertThat(row.commandId()).as("seq %d of the log", ack.getValue()).isEqualTo(ack.getKey());
                checked++;
            }
            for (Map.Entry<Long, JsonNode> sent : client.seen.entrySet()) {
                LoggedRow row = log.get(sent.getKey());
                assertThat(row).as("event %d sent to %s is in the log", sent.getKey(), client.seat.displayName()).isNotNull();
                assertThat(row.actor()).isEqualTo(sent.getValue().get("actorId").asString());
                assertThat(row.type()).isEqualTo(sent.getValue().get("type").asString());
            }
        }
        return checked;
    }

    /**
     * Each client's latest snapshot (taken while nothing else happens at its table) is the view of
     * the whole log replayed from the start, snapshots ignored, at the log's last seq.
     */
    static void viewsEqualReplayOfTheLog(ApplicationContext context, List<SeatClient> clients) {
        List<String> mismatches = new ArrayList<>();
        for (SeatClient client : clients) {
            JsonNode snapshot = client.lastSnapshot;
            long last = TableReplay.lastSeq(context, client.seat.table());
            assertThat(snapshot.get("seq").asLong()).as("%s's snapshot is at the log's last seq", client.seat.displayName())
                    .isEqualTo(last);
            JsonNode replayed = TableReplay.tableView(context, client.seat.table(), client.player.userId(), client.seat.role());
            if (!replayed.equals(snapshot.get("view").get("table"))) {
                mismatches.add(client.seat.displayName() + " at seq " + last + ":\n  server: " + snapshot.get("view").get("table")
                        + "\n  replay: " + replayed);
            }
        }
        assertThat(mismatches).as("views that differ from a replay of their log").isEmpty();
    }

    static void noViolations(List<SeatClient> clients) {
        List<String> all = new ArrayList<>();
        for (SeatClient client : clients) {
            client.absorb();
            all.addAll(client.violations);
        }
        assertThat(all).as("gaps, duplicates and missing replies seen by clients").isEmpty();
    }
}
