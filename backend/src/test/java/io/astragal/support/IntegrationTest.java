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
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "astragal.database.embedded.data-dir=target/test-postgres")
@Import(TestDatabase.class)
public @interface IntegrationTest {
}
