package io.astragal.e2e;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import io.astragal.support.IntegrationTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A browser end-to-end test: the real server (with the built web client in its static resources)
 * on a random port against a real PostgreSQL, driven by the system Chromium through Playwright.
 *
 * <p>One Playwright and one Chromium per test class; one {@link Person} (a browser context of its
 * own, so its own cookies and session) per person in a test. Screenshots go to
 * {@code target/e2e-artifacts/<Class>.<method>/<role>-<screen>.png}; when a test fails, every open
 * page is saved there with its console log as {@code <role>-failure.png} and {@code <role>-console.log}.
 */
@IntegrationTest
public abstract class BrowserTest {

    /** A laptop. */
    public static final Viewport LAPTOP = new Viewport(1366, 768);
    /** A tablet held upright. */
    public static final Viewport TABLET = new Viewport(820, 1180);

    /** Generous: two loaded cores share this machine with other builds. */
    static final double WAIT_MILLIS = 20_000;

    private static final Path ARTIFACTS = Paths.get("target", "e2e-artifacts");

    private static Playwright playwright;
    private static Browser chromium;

    @LocalServerPort
    protected int port;

    private final List<Person> people = new ArrayList<>();
    private Path artifacts;

    /** Right after the test method, before {@code @AfterEach} closes the pages: keep evidence of a failure. */
    @RegisterExtension
    final AfterTestExecutionCallback evidence = context -> {
        if (context.getExecutionException().isPresent()) {
            for (Person person : people) {
                person.saveFailure();
            }
        }
    };

    public record Viewport(int width, int height) {
    }

    @BeforeAll
    static void launchChromium() {
        playwright = Playwright.create(new Playwright.CreateOptions()
                .setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
        chromium = playwright.chromium().launch(new BrowserType.LaunchOptions()
                .setExecutablePath(Paths.get("/usr/bin/chromium"))
                .setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-background-networking"))
                .setHeadless(true));
        PlaywrightAssertions.setDefaultAssertionTimeout(WAIT_MILLIS);
    }

    @AfterAll
    static void closeChromium() {
        if (chromium != null) {
            chromium.close();
        }
        if (playwright != null) {
            playwright.close();
        }
    }

    @BeforeEach
    void artifactDirectory(TestInfo test) throws IOException {
        String name = getClass().getSimpleName() + "." + test.getTestMethod().map(m -> m.getName()).orElse("test");
        artifacts = ARTIFACTS.resolve(name);
        if (Files.isDirectory(artifacts)) {
            try (var old = Files.list(artifacts)) {
                old.forEach(file -> {
                    try {
                        Files.delete(file);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
        }
        Files.createDirectories(artifacts);
    }

    @AfterEach
    void closePeople() {
        people.forEach(Person::close);
        people.clear();
    }

    /** Someone with a laptop-sized browser of their own; {@code role} names their screenshots. */
    protected Person person(String role) {
        return person(role, LAPTOP);
    }

    protected Person person(String role, Viewport viewport) {
        Person person = new Person(chromium, "http://localhost:" + port, role, viewport, artifacts);
        people.add(person);
        return person;
    }

    /** Where this test's screenshots and logs go. */
    protected Path artifacts() {
        return artifacts;
    }
}
