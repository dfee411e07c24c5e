package io.astragal.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import java.util.List;
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
}
