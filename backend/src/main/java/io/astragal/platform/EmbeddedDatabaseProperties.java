package io.astragal.platform;

import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The PostgreSQL that Astragal starts for itself when no {@code spring.datasource.url} is given.
 *
 * @param dataDir where its data lives; kept across restarts
 * @param port    TCP port on 127.0.0.1, or 0 for any free port
 */
@ConfigurationProperties("astragal.database.embedded")
record EmbeddedDatabaseProperties(Path dataDir, int port) {

    EmbeddedDatabaseProperties {
        if (dataDir == null) {
            dataDir = Path.of("data", "postgres");
        }
    }
}
