package io.astragal.account;

import static io.astragal.support.Browser.object;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.Browser;
import io.astragal.support.Browser.Response;
import io.astragal.support.IntegrationTest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

@IntegrationTest
class AuthenticationTest {

    private static final String PASSWORD = "correct horse battery";

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    private static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private int usersNamed(String username) {
        return jdbc.sql("select count(*) from users where lower(username) = lower(?)").param(username).query(Integer.class).single();
    }

    @Test
    void signingUpSignsInAndMeAnswersWhoIAm() {
        String username = unique("alda");
        Browser browser = new Browser(port);
        Response signup = browser.post("/api/auth/signup", Map.of("username", username, "displayName", "Alda the Bold", "password", PASSWORD));
        assertThat(signup.status()).isEqualTo(201);
        assertThat(signup.json().get("username").asString()).isEqualTo(username);
        assertThat(signup.json().has("password")).isFalse();

        Response me = browser.get("/api/me");
        assertThat(me.status()).isEqualTo(200);
        assertThat(me.json().get("id").asString()).isEqualTo(signup.json().get("id").asString());
        assertThat(me.json().get("displayName").asString()).isEqualTo("Alda the Bold");
    }

    @Test
    void theSessionCookieIsHttpOnlyAndSameSiteLax() {
        Browser browser = new Browser(port);
        Response signup = browser.post("/api/auth/signup", Map.of("username", unique("cookie"), "displayName", "C", "password", PASSWORD));
        String session = signup.headerValues("Set-Cookie").stream().filter(c -> c.startsWith("ASTRAGAL_SESSION=")).findFirst().orElseThrow();
        assertThat(session).containsIgnoringCase("HttpOnly").containsIgnoringCase("SameSite=Lax").doesNotContainIgnoringCase("Secure");
    }

    @Test
    void theSessionCookieIsSecureBehindATlsProxy() {
        Browser browser = new Browser(port);
        Response signup = browser.send("POST", "/api/auth/signup",
                Map.of("username", unique("tls"), "displayName", "T", "password", PASSWORD), Map.of("X-Forwarded-Proto", "https"), true);
        assertThat(signup.status()).isEqualTo(201);
        String session = signup.headerValues("Set-Cookie").stream().filter(c -> c.startsWith("ASTRAGAL_SESSION=")).findFirst().orElseThrow();
        assertThat(session).containsIgnoringCase("Secure").containsIgnoringCase("HttpOnly");
    }

    @Test
    void signingInAgainChangesTheSessionId() {
        String username = unique("fixation");
        Browser browser = Browser.signedUp(port, username, "F", PASSWORD);
        String before = browser.cookie("ASTRAGAL_SESSION").orElseThrow();
        Response signin = browser.post("/api/auth/signin", Map.of("username", username, "password", PASSWORD));
        assertThat(signin.status()).isEqualTo(200);
        assertThat(browser.cookie("ASTRAGAL_SESSION").orElseThrow()).isNotEqualTo(before);
        assertThat(browser.get("/api/me").status()).isEqualTo(200);
    }

    @Test
    void signingOutEndsTheSession() {
        Browser browser = Browser.signedUp(port, unique("leaver"), "L", PASSWORD);
        assertThat(browser.post("/api/auth/signout", null).status()).isEqualTo(204);
        Response me = browser.get("/api/me");
        assertThat(me.status()).isEqualTo(401);
        assertThat(me.header("Content-Type").orElseThrow()).startsWith("application/problem+json");
        assertThat(me.code()).isEqualTo("UNAUTHENTICATED");
    }

    @Test
    void signingInWithTheRightPasswordWorksInAFreshBrowser() {
        String username = unique("returner");
        Browser.signedUp(port, username, "R", PASSWORD);
        Browser fresh = new Browser(port);
        Response signin = fresh.post("/api/auth/signin", Map.of("username", username.toUpperCase(), "password", PASSWORD));
        assertThat(signin.status()).isEqualTo(200);
        assertThat(fresh.get("/api/me").json().get("username").asString()).isEqualTo(username);
    }

    @Test
    void aTakenUsernameIsAConflictWhateverItsCase() {
        String username = unique("taken");
        Browser.signedUp(port, username, "First", PASSWORD);
        Response again = new Browser(port).post("/api/auth/signup", Map.of("username", username.toUpperCase(), "displayName", "Second", "password", PASSWORD));
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.code()).isEqualTo("USERNAME_TAKEN");
        assertThat(usersNamed(username)).isEqualTo(1);
    }

    @Test
    void anUnknownUserAndAWrongPasswordGetTheSameAnswer() {
        String username = unique("known");
        Browser.signedUp(port, username, "K", PASSWORD);
        Response wrongPassword = new Browser(port).post("/api/auth/signin", Map.of("username", username, "password", "not the password"));
        Response unknownUser = new Browser(port).post("/api/auth/signin", Map.of("username", unique("nobody"), "password", "not the password"));
        assertThat(wrongPassword.status()).isEqualTo(401);
        assertThat(unknownUser.status()).isEqualTo(wrongPassword.status());
        assertThat(unknownUser.body()).isEqualTo(wrongPassword.body());
        assertThat(wrongPassword.code()).isEqualTo("BAD_CREDENTIALS");
        assertThat(wrongPassword.json().get("detail").asString()).isEqualTo("Wrong username or password.");
    }

    @Test
    void repeatedFailuresForOneUsernameAreThrottledWithRetryAfter() {
        String username = unique("target");
        Browser.signedUp(port, username, "Target", PASSWORD);
        Browser attacker = new Browser(port);
        for (int i = 0; i < 5; i++) {
            Map<String, String> from = Map.of("X-Forwarded-For", "198.51.100." + (10 + i));
            assertThat(attacker.send("POST", "/api/auth/signin", Map.of("username", username, "password", "guess " + i), from, true).status())
                    .isEqualTo(401);
        }
        Response throttled = attacker.send("POST", "/api/auth/signin", Map.of("username", username, "password", PASSWORD),
                Map.of("X-Forwarded-For", "198.51.100.99"), true);
        assertThat(throttled.status()).isEqualTo(429);
        assertThat(throttled.code()).isEqualTo("TOO_MANY_ATTEMPTS");
        long retryAfter = Long.parseLong(throttled.header("Retry-After").orElseThrow());
        assertThat(retryAfter).isBetween(1L, 300L);
        assertThat(attacker.get("/api/me").status()).isEqualTo(401);
    }

    @Test
    void repeatedFailuresFromOneAddressAreThrottledWhateverTheUsername() {
        Map<String, String> from = Map.of("X-Forwarded-For", "203.0.113.7");
        Browser attacker = new Browser(port);
        for (int i = 0; i < 20; i++) {
            assertThat(attacker.send("POST", "/api/auth/signin", Map.of("username", unique("spray"), "password", "guess"), from, true).status())
                    .isEqualTo(401);
        }
        String victim = unique("victim");
        Browser.signedUp(port, victim, "V", PASSWORD);
        Response throttled = attacker.send("POST", "/api/auth/signin", Map.of("username", victim, "password", PASSWORD), from, true);
        assertThat(throttled.status()).isEqualTo(429);
        assertThat(throttled.header("Retry-After")).isPresent();
        Response elsewhere = new Browser(port).send("POST", "/api/auth/signin", Map.of("username", victim, "password", PASSWORD),
                Map.of("X-Forwarded-For", "203.0.113.8"), true);
        assertThat(elsewhere.status()).isEqualTo(200);
    }

    @Test
    void theDatabaseHoldsNoPlainPassword() {
        String username = unique("hashed");
        String password = "plain-" + UUID.randomUUID();
        Browser.signedUp(port, username, "H", password);
        String hash = jdbc.sql("select password_hash from users where username = ?").param(username).query(String.class).single();
        assertThat(hash).startsWith("{bcrypt}$2").doesNotContain(password);
        List<String> rows = jdbc.sql("select u::text from users u").query(String.class).list();
        assertThat(rows).isNotEmpty().noneMatch(row -> row.contains(password));
    }

    @Test
    void aStateChangingRequestWithoutTheCsrfTokenIsRefused() {
        String username = unique("csrf");
        Response noToken = new Browser(port).send("POST", "/api/auth/signup",
                Map.of("username", username, "displayName", "C", "password", PASSWORD), Map.of(), false);
        assertThat(noToken.status()).isEqualTo(403);
        assertThat(noToken.code()).isEqualTo("CSRF_INVALID");
        assertThat(usersNamed(username)).isZero();

        Browser signedIn = Browser.signedUp(port, unique("csrf2"), "C", PASSWORD);
        Response forged = signedIn.send("POST", "/api/campaigns", Map.of("name", "Forged", "rulesetId", "actlite"),
                Map.of("X-XSRF-TOKEN", "forged-token-value"), false);
        assertThat(forged.status()).isEqualTo(403);
        Response missing = signedIn.send("POST", "/api/campaigns", Map.of("name", "Forged", "rulesetId", "actlite"), Map.of(), false);
        assertThat(missing.status()).isEqualTo(403);
        assertThat(signedIn.get("/api/campaigns").json().get("totalItems").asLong()).isZero();
    }

    @Test
    void theCsrfEndpointHandsOutTheTokenAndSetsTheCookie() {
        Browser browser = new Browser(port);
        Response csrf = browser.get("/api/auth/csrf");
        assertThat(csrf.status()).isEqualTo(200);
        assertThat(csrf.json().get("headerName").asString()).isEqualTo("X-XSRF-TOKEN");
        assertThat(browser.cookie("XSRF-TOKEN")).contains(csrf.json().get("token").asString());
    }

    @Test
    void badSignUpsAreRefusedAndCreateNobody() {
        String username = unique("bad");
        List<Object> bodies = List.of(
                object("username", "ab", "displayName", "X", "password", PASSWORD),
                object("username", "x".repeat(33), "displayName", "X", "password", PASSWORD),
                object("username", username + " <script>", "displayName", "X", "password", PASSWORD),
                object("username", username + "'--", "displayName", "X", "password", PASSWORD),
                object("username", username, "displayName", "", "password", PASSWORD),
                object("username", username, "displayName", "   ", "password", PASSWORD),
                object("username", username, "displayName", "x".repeat(65), "password", PASSWORD),
                object("username", username, "displayName", "X", "password", "short"),
                object("username", username, "displayName", "X", "password", "p".repeat(129)),
                object("username", username, "displayName", "X", "password", "é".repeat(40)),
                object("username", username, "displayName", "X", "password", PASSWORD, "admin", true),
                object("username", username, "displayName", List.of("X"), "password", PASSWORD),
                object("username", username, "displayName", "X"),
                "{\"username\": \"" + username + "\", ",
                "");
        for (Object body : bodies) {
            Response response = new Browser(port).post("/api/auth/signup", body);
            assertThat(response.status()).as(String.valueOf(body)).isEqualTo(400);
            assertThat(response.code()).as(String.valueOf(body)).isEqualTo("VALIDATION_FAILED");
            assertThat(response.body()).doesNotContain("Exception").doesNotContain("at io.astragal");
        }
        assertThat(usersNamed(username)).isZero();
    }
}
