package io.astragal.benchmark;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark's settings, from {@code --name value} arguments.
 *
 * @param url             the running server
 * @param tables          tables played at once, each by 6 clients (1 GM + 5 players)
 * @param rate            commands a second over all tables together (open loop: sent on schedule)
 * @param warmupSeconds   played before each measured window, not counted
 * @param durationSeconds measured window of each phase
 * @param phases          what to run: {@code astragal} (the table engine) and/or {@code relay} (the floor)
 * @param pad             size of a relay message's padding; 0 = the mean event size of the astragal phase
 * @param heartbeatMillis STOMP heart-beat offered and sent by the clients
 * @param listenerThreads threads that read every WebSocket and run their callbacks
 * @param setupParallel   REST requests in flight while signing up / in
 * @param connectParallel WebSocket handshakes in flight while connecting
 * @param verifyViews     every client applies every patch to its view and compares it with a fresh snapshot at the end
 * @param jdbc            optional JDBC URL of the server's database, to count the events persisted and read how it commits
 * @param fixtures        where the users and tables made for this server are kept between runs
 * @param results         directory of the JSON results
 * @param label           free text stored with the results (e.g. the server's settings)
 * @param seed            seed of the script's choices
 * @param setupOnly       make or sign in the fixtures, then stop
 * @param serverPid       the server's process id when it runs on this machine: its CPU and its children's (the embedded PostgreSQL) are read from /proc
 * @param metricsEverySeconds how often the server's metrics endpoint is read during a measured window
 * @param slowMillis      measured commands whose event reached the table's last client later than this are printed
 *                        after the window (when sent, how late, what), to line a tail up with the server's GC log; 0 = none
 */
record Options(URI url, int tables, double rate, int warmupSeconds, int durationSeconds, List<String> phases, int pad,
               long heartbeatMillis, int listenerThreads, int setupParallel, int connectParallel,
               boolean verifyViews, String jdbc, Path fixtures, Path results, String label, long seed, boolean setupOnly,
               Integer serverPid, int metricsEverySeconds, int slowMillis) {

    static final String USAGE = """
            Astragal load benchmark: T tables x 6 real STOMP clients playing Actlite against a running server.

              --url URL             server (default http://localhost:8080)
              --tables N            tables, 6 clients each (default 10)
              --rate R              commands/s over all tables (default 20)
              --warmup S            seconds played before each measured window (default 10)
              --duration S          measured seconds per phase (default 30)
              --phases LIST         astragal,relay (default both; relay needs astragal.bench.enabled=true)
              --pad BYTES           relay message padding; 0 = the astragal phase's mean event size (default 0)
              --heartbeat MS        STOMP heart-beat (default 10000)
              --listener-threads N  threads reading all WebSockets and running their callbacks (default 2)
              --setup-parallel N    REST requests in flight during setup (default 8)
              --connect-parallel N  handshakes in flight (default 32)
              --verify-views        every client keeps its patched view; compared with a snapshot at the end
              --jdbc URL            the server's database, to count persisted events and show its fsync and
                                    synchronous_commit (e.g. jdbc:postgresql://localhost:PORT/postgres?user=postgres)
              --fixtures FILE       users and tables kept between runs (default target/fixtures/<host>-<port>.json)
              --results DIR         JSON results (default target/results)
              --label TEXT          stored with the results
              --seed N              the script's random seed (default 1)
              --server-pid PID      server process on this machine: also report its CPU with its children's (embedded PostgreSQL)
              --metrics-every S     seconds between reads of the server's /actuator/prometheus in a measured window;
                                    each read costs the server CPU that it counts (default 5)
              --slow-ms MS          print, after the window, every measured command whose last client got its event
                                    more than MS ms after it was sent: "slow <epoch ms sent> <ms> <type>" (default 0: none)
              --setup-only          create (or sign in) the tables' users, campaigns and characters, then stop
            """;

    static Options parse(String[] args) {
        Map<String, String> given = new LinkedHashMap<>();
        List<String> flags = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + arg + "'");
            }
            String name = arg.substring(2);
            if (name.equals("verify-views") || name.equals("help") || name.equals("setup-only")) {
                flags.add(name);
            } else if (i + 1 < args.length) {
                given.put(name, args[++i]);
            } else {
                throw new IllegalArgumentException("--" + name + " needs a value");
            }
        }
        if (flags.contains("help")) {
            throw new IllegalArgumentException("");
        }
        URI url = URI.create(take(given, "url", "http://localhost:8080").replaceAll("/+$", ""));
        int tables = positive(given, "tables", 10);
        double rate = Double.parseDouble(take(given, "rate", "20"));
        if (!(rate > 0)) {
            throw new IllegalArgumentException("--rate must be above 0");
        }
        int warmup = Integer.parseInt(take(given, "warmup", "10"));
        int duration = positive(given, "duration", 30);
        List<String> phases = List.of(take(given, "phases", "astragal,relay").split(","));
        for (String phase : phases) {
            if (!phase.equals("astragal") && !phase.equals("relay")) {
                throw new IllegalArgumentException("unknown phase '" + phase + "' (astragal, relay)");
            }
        }
        int pad = Integer.parseInt(take(given, "pad", "0"));
        long heartbeat = Long.parseLong(take(given, "heartbeat", "10000"));
        int listenerThreads = positive(given, "listener-threads", 2);
        int setupParallel = positive(given, "setup-parallel", 8);
        int connectParallel = positive(given, "connect-parallel", 32);
        String jdbc = take(given, "jdbc", null);
        Path fixtures = Path.of(take(given, "fixtures",
                "target/fixtures/" + url.getHost() + "-" + (url.getPort() < 0 ? 80 : url.getPort()) + ".json"));
        Path results = Path.of(take(given, "results", "target/results"));
        String label = take(given, "label", "");
        long seed = Long.parseLong(take(given, "seed", "1"));
        String pid = take(given, "server-pid", null);
        int metricsEvery = positive(given, "metrics-every", 5);
        int slowMillis = Integer.parseInt(take(given, "slow-ms", "0"));
        if (!given.isEmpty()) {
            throw new IllegalArgumentException("unknown option(s) " + given.keySet());
        }
        return new Options(url, tables, rate, warmup, duration, phases, pad, heartbeat, listenerThreads,
                setupParallel, connectParallel, flags.contains("verify-views"), jdbc, fixtures, results, label, seed,
                flags.contains("setup-only"), pid == null ? null : Integer.valueOf(pid), metricsEvery, slowMillis);
    }

    URI webSocket() {
        return URI.create(url.toString().replaceFirst("^http", "ws") + "/ws");
    }

    private static String take(Map<String, String> given, String name, String otherwise) {
        String value = given.remove(name);
        return value == null ? otherwise : value;
    }

    private static int positive(Map<String, String> given, String name, int otherwise) {
        int value = Integer.parseInt(take(given, name, String.valueOf(otherwise)));
        if (value < 1) {
            throw new IllegalArgumentException("--" + name + " must be at least 1");
        }
        return value;
    }
}
