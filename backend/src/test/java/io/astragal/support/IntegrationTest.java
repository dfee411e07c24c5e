package io.astragal.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;

/**
 * A full Astragal on a random port against a real PostgreSQL ({@link TestDatabase}). The embedded
 * server's data lives under target/ so a test run never touches the data of a running app.
 *
 * <p>Test clients are programs, not people: the per-user rate limit (bursts of 20, 10 a second)
 * is out of their reach here. {@code realtime.RateLimitTest} puts the defaults back and tests them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"astragal.database.embedded.data-dir=target/test-postgres",
                "astragal.realtime.rate-limit.burst=1000000", "astragal.realtime.rate-limit.per-second=1000000"})
@Import(TestDatabase.class)
public @interface IntegrationTest {
}
