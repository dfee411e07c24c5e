package io.astragal.support;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Integration tests always run against a real PostgreSQL: a Testcontainers {@code postgres:18}
 * when a Docker engine is there, otherwise the same embedded PostgreSQL the app starts for itself
 * (its data directory under {@code target/}, see {@link IntegrationTest}). Never H2, never skipped.
 */
@TestConfiguration(proxyBeanMethods = false)
public class TestDatabase {

    @Bean
    @ServiceConnection
    @Conditional(DockerAvailable.class)
    PostgreSQLContainer postgres() {
        return new PostgreSQLContainer("postgres:18");
    }

    static final class DockerAvailable implements org.springframework.context.annotation.Condition {

        private static final boolean AVAILABLE = probe();

        private static boolean probe() {
            try {
                return DockerClientFactory.instance().isDockerAvailable();
            } catch (RuntimeException | LinkageError e) {
                return false;
            }
        }

        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return AVAILABLE;
        }
    }
}
