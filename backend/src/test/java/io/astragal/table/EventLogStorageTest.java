package io.astragal.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/** How PostgreSQL keeps the log of every table, as the migrations leave it. */
@IntegrationTest
class EventLogStorageTest {

    @Autowired
    JdbcClient jdbc;

    /**
     * V12: vacuumed after every 10,000 new rows, while they are still in memory, rather than once the
     * log has grown by a fifth, when vacuuming it rewrites most of its new pages (docs/performance.md, step 96).
     */
    @Test
    void theLogIsVacuumedAfterEveryTenThousandNewRowsWhateverItsSize() {
        List<String> options = jdbc.sql("select unnest(reloptions) from pg_class where oid = 'table_events'::regclass")
                .query(String.class).list();
        assertThat(options).containsExactlyInAnyOrder(
                "autovacuum_vacuum_insert_threshold=10000", "autovacuum_vacuum_insert_scale_factor=0");
    }

    /**
     * V13: ANALYZE samples 300 rows per point of a table's largest column statistics target, so the log's targets of
     * at most 10 make a sample of 3,000 rows where the default of 100 made 30,000 (docs/performance.md, step 103).
     */
    @Test
    void theLogIsAnalyzedFromASampleOfThreeThousandRowsWithStatisticsOnlyForItsKeys() {
        Map<String, Integer> targets = jdbc.sql("""
                        select attname, attstattarget from pg_attribute
                        where attrelid = 'table_events'::regclass and attnum > 0 and not attisdropped""")
                .query((rs, row) -> Map.entry(rs.getString(1), rs.getInt(2))).stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        assertThat(targets).containsExactlyInAnyOrderEntriesOf(Map.of(
                "table_id", 10, "seq", 10, "command_id", 10,
                "actor", 0, "actor_name", 0, "type", 0, "payload", 0, "created_at", 0));
    }
}
