package io.astragal.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.Browser;
import io.astragal.support.Browser.Response;
import io.astragal.support.IntegrationTest;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

@IntegrationTest
class ApiDescriptionTest {

    @LocalServerPort
    int port;

    @Test
    void theOpenApiDescriptionListsEveryEndpointAndIsPublic() {
        Response docs = new Browser(port).get("/v3/api-docs");
        assertThat(docs.status()).isEqualTo(200);
        JsonNode paths = docs.json().get("paths");
        Map<String, String[]> expected = Map.ofEntries(
                Map.entry("/api/auth/signup", new String[] {"post"}),
                Map.entry("/api/auth/signin", new String[] {"post"}),
                Map.entry("/api/auth/signout", new String[] {"post"}),
                Map.entry("/api/auth/csrf", new String[] {"get"}),
                Map.entry("/api/me", new String[] {"get"}),
                Map.entry("/api/rulesets", new String[] {"get"}),
                Map.entry("/api/campaigns", new String[] {"get", "post"}),
                Map.entry("/api/campaigns/{id}", new String[] {"get", "patch", "delete"}),
                Map.entry("/api/campaigns/{id}/members", new String[] {"get"}),
                Map.entry("/api/campaigns/{id}/members/{userId}", new String[] {"put", "delete"}),
                Map.entry("/api/campaigns/{id}/invites", new String[] {"get", "post"}),
                Map.entry("/api/campaigns/{id}/invites/{code}", new String[] {"delete"}),
                Map.entry("/api/invites/{code}", new String[] {"get"}),
                Map.entry("/api/invites/{code}/accept", new String[] {"post"}),
                Map.entry("/api/campaigns/{id}/characters", new String[] {"get", "post"}),
                Map.entry("/api/campaigns/{id}/characters/{characterId}", new String[] {"get", "put", "delete"}),
                Map.entry("/api/campaigns/{id}/export", new String[] {"get"}),
                Map.entry("/api/campaigns/import", new String[] {"post"}));
        expected.forEach((path, methods) -> {
            assertThat(paths.has(path)).as(path).isTrue();
            for (String method : methods) {
                assertThat(paths.get(path).has(method)).as(method + " " + path).isTrue();
            }
        });
        assertThat(docs.body()).doesNotContain("\"currentUser\"");
    }
}
