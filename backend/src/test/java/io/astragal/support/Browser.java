package io.astragal.support;

import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One person's browser against the running server: real HTTP, a cookie jar, and CSRF handled the
 * way the single-page client does it (read the XSRF-TOKEN cookie, send it as X-XSRF-TOKEN).
 */
public final class Browser {

    public static final JsonMapper JSON = JsonMapper.builder().build();

    private final String base;
    private final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
    private final HttpClient http;
    private UUID userId;

    public Browser(int port) {
        this.base = "http://localhost:" + port;
        this.http = HttpClient.newBuilder().cookieHandler(cookies).connectTimeout(Duration.ofSeconds(10)).build();
    }

    /** A new account, signed in in this browser. */
    public static Browser signedUp(int port, String username, String displayName, String password) {
        Browser browser = new Browser(port);
        Response response = browser.post("/api/auth/signup",
                Map.of("username", username, "displayName", displayName, "password", password));
        if (response.status() != 201) {
            throw new IllegalStateException("sign-up of " + username + " failed: " + response);
        }
        browser.userId = UUID.fromString(response.json().get("id").asString());
        return browser;
    }

    public UUID userId() {
        return userId;
    }

    public Response get(String path) {
        return send("GET", path, null, Map.of(), true);
    }

    public Response post(String path, Object body) {
        return send("POST", path, body, Map.of(), true);
    }

    public Response put(String path, Object body) {
        return send("PUT", path, body, Map.of(), true);
    }

    public Response patch(String path, Object body) {
        return send("PATCH", path, body, Map.of(), true);
    }

    public Response delete(String path) {
        return send("DELETE", path, null, Map.of(), true);
    }

    /**
     * Any request. A body that is a String is sent as is (for malformed JSON); anything else as JSON.
     * With {@code csrf}, a state-changing request carries the token, fetching it first if needed.
     */
    public Response send(String method, String path, Object body, Map<String, String> headers, boolean csrf) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
            String json = body == null ? null : body instanceof String s ? s : JSON.writeValueAsString(body);
            request.method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
            if (json != null) {
                request.header("Content-Type", "application/json");
            }
            request.header("Accept", "application/json, application/problem+json");
            if (csrf && !method.equals("GET")) {
                if (cookie("XSRF-TOKEN").isEmpty()) {
                    get("/api/auth/csrf");
                }
                cookie("XSRF-TOKEN").ifPresent(token -> request.header("X-XSRF-TOKEN", token));
            }
            headers.forEach(request::header);
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.body(), response.headers().map());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public Optional<String> cookie(String name) {
        return cookies.getCookieStore().getCookies().stream().filter(c -> c.getName().equals(name))
                .map(HttpCookie::getValue).filter(v -> !v.isEmpty()).findFirst();
    }

    /** A JSON object literal helper that keeps insertion order and allows nulls. */
    public static Map<String, Object> object(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /** An HTTP answer. */
    public record Response(int status, String body, Map<String, java.util.List<String>> headers) {

        public JsonNode json() {
            return JSON.readTree(body);
        }

        public Optional<String> header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream()).findFirst();
        }

        public java.util.List<String> headerValues(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream()).toList();
        }

        public String code() {
            JsonNode code = json().get("code");
            return code == null ? null : code.asString();
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }
}
