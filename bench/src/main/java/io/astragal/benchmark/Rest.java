package io.astragal.benchmark;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The REST side of a browser, for many users over one {@link HttpClient}: each {@link Session} keeps
 * its own cookies (the session and {@code XSRF-TOKEN}) and sends the token back as
 * {@code X-XSRF-TOKEN} on every change, as the web client does.
 */
final class Rest {

    static final JsonMapper JSON = JsonMapper.builder().build();

    private final URI base;
    private final HttpClient http;

    Rest(URI base) {
        this.base = base;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    }

    /** One signed-in (or signing-in) user's cookies. */
    final class Session {
        private final Map<String, String> cookies = new LinkedHashMap<>();

        synchronized String cookie(String name) {
            return cookies.get(name);
        }

        /** The Cookie header of the WebSocket handshake: the session and the CSRF token, as a browser sends. */
        synchronized String cookieHeader() {
            return cookies.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("; "));
        }

        String csrfToken() throws IOException, InterruptedException {
            if (cookie("XSRF-TOKEN") == null) {
                send("GET", "/api/auth/csrf", null, 200);
            }
            return cookie("XSRF-TOKEN");
        }

        JsonNode send(String method, String path, Object body, int expected) throws IOException, InterruptedException {
            HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                    .timeout(Duration.ofSeconds(60))
                    .header("Accept", "application/json");
            if (!method.equals("GET")) {
                request.header("X-XSRF-TOKEN", csrfToken());
            }
            String cookieHeader = cookieHeader();
            if (!cookieHeader.isEmpty()) {
                request.header("Cookie", cookieHeader);
            }
            if (body != null) {
                request.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
            } else {
                request.method(method, HttpRequest.BodyPublishers.noBody());
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            synchronized (this) {
                for (String set : response.headers().allValues("Set-Cookie")) {
                    String pair = set.split(";", 2)[0];
                    int eq = pair.indexOf('=');
                    if (eq > 0) {
                        String value = pair.substring(eq + 1);
                        if (value.isEmpty()) {
                            cookies.remove(pair.substring(0, eq));
                        } else {
                            cookies.put(pair.substring(0, eq), value);
                        }
                    }
                }
            }
            if (response.statusCode() != expected) {
                throw new IOException(method + " " + path + " answered " + response.statusCode() + ": " + response.body());
            }
            return response.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(response.body());
        }
    }

    Session session() {
        return new Session();
    }

    /**
     * The few series the benchmark samples (a full scrape costs the server a few MB of garbage each
     * time), or null when they cannot be read.
     */
    String prometheus() {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(base.resolve("/actuator/prometheus?includedNames="
                            + "process_cpu_time_ns,process_uptime_seconds,jvm_memory_used_bytes,jvm_memory_max_bytes,"
                            + "jvm_gc_pause_seconds,jvm_gc_pause_seconds_max,jvm_gc_memory_allocated_bytes,"
                            + "jvm_gc_live_data_size_bytes,jvm_threads_live_threads,astragal_bench_allocated_bytes,"
                            + "astragal_table_event_commit_seconds"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? response.body() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
