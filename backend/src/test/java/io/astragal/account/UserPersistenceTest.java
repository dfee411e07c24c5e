package io.astragal.account;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.AstragalApplication;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The Flyway-migrated schema is what JPA reads and writes (ddl-auto=validate would refuse to start
 * otherwise), and what was saved is still there after the application context is stopped and
 * started again on the same database.
 */
class UserPersistenceTest {

    private static ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(AstragalApplication.class, io.astragal.support.TestDatabase.class)
                // command-line arguments, because application.yml outranks builder default properties
                .run("--server.port=0", "--astragal.database.embedded.data-dir=target/test-postgres");
    }

    @Test
    void aUserSavedThroughJpaSurvivesAContextRestart() {
        UUID id = UUID.randomUUID();
        String username = "persist-" + id.toString().substring(0, 8);

        try (ConfigurableApplicationContext first = start()) {
            first.getBean(UserAccountRepository.class)
                    .save(new UserAccount(id, username, "Persistent Pat", "{noop}irrelevant", Instant.parse("2026-01-02T03:04:05Z")));
            Integer migrations = first.getBean(JdbcClient.class)
                    .sql("select count(*) from flyway_schema_history where success").query(Integer.class).single();
            assertThat(migrations).isPositive();
        }

        try (ConfigurableApplicationContext second = start()) {
            UserAccount reloaded = second.getBean(UserAccountRepository.class).findByUsernameIgnoreCase(username.toUpperCase()).orElseThrow();
            assertThat(reloaded.id()).isEqualTo(id);
            assertThat(reloaded.displayName()).isEqualTo("Persistent Pat");
            assertThat(reloaded.createdAt()).isEqualTo(Instant.parse("2026-01-02T03:04:05Z"));
        }
    }
}
