package io.astragal.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

class EmbeddedDatabaseTest {

    /** The data directory the integration tests use, so this finds their server rather than starting another. */
    private static final Path DATA_DIR = Path.of("target", "test-postgres");

    @Test
    void aCommitReturnsOnlyOnceItsWriteAheadLogIsOnDisk() {
        DataSource postgres = EmbeddedDatabase.start(DATA_DIR, 0).getPostgresDatabase();
        JdbcClient sql = JdbcClient.create(postgres);

        // The library starts PostgreSQL with "-F" (no fsync) and synchronous_commit=off unless told otherwise.
        assertThat(sql.sql("show fsync").query(String.class).single()).isEqualTo("on");
        assertThat(sql.sql("show synchronous_commit").query(String.class).single()).isEqualTo("on");
    }
}
