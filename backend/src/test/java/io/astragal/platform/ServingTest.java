package io.astragal.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

@IntegrationTest
class ServingTest {

    @LocalServerPort
    int port;

    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theClientPageIsServedAtTheRoot() throws Exception {
        HttpResponse<String> page = get("/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("<title>Astragal</title>").contains("<div id=\"root\">");
    }

    @Test
    void clientRoutesGetTheClientPageSoReloadsAndSharedLinksWork() throws Exception {
        for (String path : new String[] {"/join/abc123", "/campaigns/7f0c/table", "/signin", "/signup"}) {
            HttpResponse<String> page = get(path);
            assertThat(page.statusCode()).as(path).isEqualTo(200);
            assertThat(page.body()).as(path).contains("<div id=\"root\">");
        }
    }

    @Test
    void apiPathsNeverGetTheClientPage() throws Exception {
        HttpResponse<String> api = get("/api/no-such-thing");
        assertThat(api.statusCode()).isEqualTo(401);
        assertThat(api.body()).doesNotContain("<div id=\"root\">");
    }

    @Test
    void healthReportsUpWithLivenessAndReadinessGroups() throws Exception {
        assertThat(get("/actuator/health").body()).contains("\"status\":\"UP\"");
        assertThat(get("/actuator/health/liveness").statusCode()).isEqualTo(200);
        HttpResponse<String> readiness = get("/actuator/health/readiness");
        assertThat(readiness.statusCode()).isEqualTo(200);
        assertThat(readiness.body()).contains("\"status\":\"UP\"");
    }

    @Test
    void prometheusMetricsAreExposed() throws Exception {
        HttpResponse<String> metrics = get("/actuator/prometheus");
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.body()).contains("jvm_memory_used_bytes");
    }
}
