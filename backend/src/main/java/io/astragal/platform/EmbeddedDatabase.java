package io.astragal.platform;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One embedded PostgreSQL server per data directory for the life of the JVM. Application contexts
 * come and go (tests restart them, on purpose), the server they talk to stays up until the JVM exits.
 */
final class EmbeddedDatabase {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabase.class);
    private static final Map<Path, EmbeddedPostgres> RUNNING = new HashMap<>();

    private EmbeddedDatabase() {
    }

    static synchronized EmbeddedPostgres start(Path dataDir, int port) {
        Path dir = dataDir.toAbsolutePath().normalize();
        EmbeddedPostgres running = RUNNING.get(dir);
        if (running != null) {
            return running;
        }
        try {
            Files.createDirectories(dir);
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setDataDirectory(dir)
                    .setCleanDataDirectory(false)
                    .setServerConfig("max_connections", "100")
                    // The library's defaults are for throwaway test databases: no fsync (its "-F", which a later
                    // setting overrides) and commits that return before their WAL is on disk. Astragal tells a
                    // player their command counts only once it is stored, so a commit here waits for the disk.
                    .setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("listen_addresses", "127.0.0.1");
            if (port > 0) {
                builder.setPort(port);
            }
            log.info("Starting embedded PostgreSQL with its data in {}", dir);
            EmbeddedPostgres postgres = builder.start();
            RUNNING.put(dir, postgres);
            return postgres;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the embedded PostgreSQL in " + dir, e);
        }
    }
}
