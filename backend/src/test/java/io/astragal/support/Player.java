package io.astragal.support;

import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A person using Astragal over real HTTP, like a browser: a cookie jar for the session and the
 * CSRF cookie, which it sends back as the X-XSRF-TOKEN header on every change.
 */
public final class Player {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    public final String username;
    public final String displayName;
    private final int port;
    private final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
    private final HttpClient http;
    private String userId;

    public Player(int port, String username, String displayName) {
        this.port = port;
        this.username = username;
        this.displayName = displayName;
        this.http = HttpClient.newBuilder().cookieHandler(cookies).build();
    }

    /** Signs up a fresh user with a unique name based on {@code name}. */
    public static Player signUp(int port, String name) {
        String username = (name + "-" + UUID.randomUUID().toString().substring(0, 8)).toLowerCase();
        Player player = new Player(port, username, name);
        JsonNode me = player.send("POST", "/api/auth/signup",
                Map.of("username", username, "displayName", name, "password", "correct horse battery"), 201);
        player.userId = me.get("id").asString();
        return player;
    }

    /** The same person signing in again (on a server at {@code port}): a new browser session. */
    public Player signInAgain(int port) {
        Player player = new Player(port, username, displayName);
        JsonNode me = player.send("POST", "/api/auth/signin",
                Map.of("username", username, "password", "correct horse battery"), 200);
        player.userId = me.get("id").asString();
        return player;
    }

    public String userId() {
        return userId;
    }

    public String cookie(String name) {
        return cookies.getCookieStore().getCookies().stream()
                .filter(c -> c.getName().equals(name)).map(HttpCookie::getValue).findFirst().orElse(null);
    }

    public String csrfToken() {
        if (cookie("XSRF-TOKEN") == null) {
            request("GET", "/api/auth/csrf", null);
        }
        return cookie("XSRF-TOKEN");
    }

    /** The Cookie header a browser would send on the WebSocket handshake. */
    public String cookieHeader() {
        csrfToken();
        return String.join("; ", cookies.getCookieStore().getCookies().stream().map(c -> c.getName() + "=" + c.getValue()).toList());
    }

    public UUID createCampaign(String name, String rulesetId) {
        JsonNode campaign = send("POST", "/api/campaigns", Map.of("name", name, "description", "", "rulesetId", rulesetId), 201);
        return UUID.fromString(campaign.get("id").asString());
    }

    public String invite(UUID campaignId, String role) {
        return send("POST", "/api/campaigns/" + campaignId + "/invites", Map.of("role", role), 201).get("code").asString();
    }

    public void accept(String code) {
        send("POST", "/api/invites/" + code + "/accept", Map.of(), 200);
    }

    public String createCharacter(UUID campaignId, String name, boolean npc, Map<String, Object> sheet) {
        return send("POST", "/api/campaigns/" + campaignId + "/characters",
                Map.of("name", name, "npc", npc, "sheet", sheet), 201).get("id").asString();
    }

    /** Sends a JSON request and insists on the status; returns the body. */
    public JsonNode send(String method, String path, Object body, int expectedStatus) {
        HttpResponse<String> response = request(method, path, body);
        if (response.statusCode() != expectedStatus) {
            throw new AssertionError(method + " " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return response.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(response.body());
    }

    public HttpResponse<String> request(String method, String path, Object body) {
        try {
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                    .header("Accept", "application/json");
            if (!method.equals("GET")) {
                String token = cookie("XSRF-TOKEN");
                if (token == null) {
                    request("GET", "/api/auth/csrf", null);
                    token = cookie("XSRF-TOKEN");
                }
                builder.header("X-XSRF-TOKEN", token);
            }
            if (body != null) {
                builder.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
            } else {
                builder.method(method, HttpRequest.BodyPublishers.noBody());
            }
            return http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(method + " " + path + " failed", e);
        }
    }

    public List<HttpCookie> cookies() {
        return cookies.getCookieStore().getCookies();
    }
}
