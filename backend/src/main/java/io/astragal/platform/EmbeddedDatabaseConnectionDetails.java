package io.astragal.platform;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;

/** Connection details of the embedded server, in the form Spring Boot's DataSource auto-configuration takes. */
record EmbeddedDatabaseConnectionDetails(EmbeddedPostgres postgres, Path dataDir) implements JdbcConnectionDetails {

    @Override
    public String getUsername() {
        return "postgres";
    }

    @Override
    public String getPassword() {
        return "";
    }

    @Override
    public String getJdbcUrl() {
        return postgres.getJdbcUrl("postgres", "postgres");
    }
}
