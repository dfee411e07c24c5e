package io.astragal.platform;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/** Says, once the app is ready, where it listens and which database it uses. */
@Component
class StartupLog {

    private static final Logger log = LoggerFactory.getLogger(StartupLog.class);

    private final Environment environment;
    private final JdbcConnectionDetails connectionDetails;

    StartupLog(Environment environment, JdbcConnectionDetails connectionDetails) {
        this.environment = environment;
        this.connectionDetails = connectionDetails;
    }

    @EventListener
    void onReady(ApplicationReadyEvent event) {
        String port = environment.getProperty("local.server.port", environment.getProperty("server.port", "8080"));
        String database = connectionDetails instanceof EmbeddedDatabaseConnectionDetails embedded
                ? "embedded PostgreSQL at " + embedded.getJdbcUrl() + " (data in "
                        + embedded.dataDir() + ")"
                : "PostgreSQL at " + connectionDetails.getJdbcUrl();
        log.info("Astragal is listening on http://localhost:{} and uses {}", port, database);
    }
}
