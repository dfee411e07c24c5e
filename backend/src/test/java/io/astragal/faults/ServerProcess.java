package io.astragal.faults;

import io.astragal.AstragalApplication;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Astragal as a separate OS process (this JVM's {@code java} and classpath, the application's main
 * class), so a test can kill it with SIGKILL while the database it uses lives on in the test's JVM.
 * Its output goes to {@code target/faults/<name>.log}.
 */
final class ServerProcess implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    final int port;
    final Path logFile;
    private final Process process;

    private ServerProcess(int port, Path logFile, Process process) {
        this.port = port;
        this.logFile = logFile;
        this.process = process;
    }

    /** Starts the server on a free port against {@code jdbcUrl} and waits until it is ready (at most 3 minutes). */
    static ServerProcess start(String name, String jdbcUrl, String username, String password) throws Exception {
        int port = freePort();
        Path logFile = Path.of("target", "faults", name + ".log").toAbsolutePath();
        Files.createDirectories(logFile.getParent());
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", System.getProperty("java.class.path"),
                AstragalApplication.class.getName(),
                "--server.port=" + port,
                "--spring.datasource.url=" + jdbcUrl,
                "--spring.datasource.username=" + username,
                "--spring.datasource.password=" + (password == null ? "" : password),
                "--spring.main.banner-mode=off",
                // As in support.IntegrationTest: the per-user rate limit is for people, not for load-driving clients.
                "--astragal.realtime.rate-limit.burst=1000000",
                "--astragal.realtime.rate-limit.per-second=1000000"));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(logFile.toFile())
                .start();
        ServerProcess server = new ServerProcess(port, logFile, process);
        // Never leave a server behind if the test JVM goes away first.
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly));
        try {
            server.awaitReadiness(200, Duration.ofMinutes(3));
        } catch (Throwable e) {
            server.kill();
            throw e;
        }
        return server;
    }

    /** The status of {@code /actuator/health/readiness}, or -1 when nothing answers. */
    int readinessStatus() {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(
                            URI.create("http://localhost:" + port + "/actuator/health/readiness"))
                    .timeout(Duration.ofSeconds(20)).GET().build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Polls readiness until it answers {@code status}; fails after {@code timeout}. Returns the time it took. */
    Duration awaitReadiness(int status, Duration timeout) throws InterruptedException {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("the server process exited with " + process.exitValue() + "; see " + logFile);
            }
            if (readinessStatus() == status) {
                return Duration.ofNanos(System.nanoTime() - start);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("readiness did not answer " + status + " within " + timeout + "; see " + logFile);
    }

    /** kill -9: no shutdown hooks, no graceful close, nothing flushed. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                kill();
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
