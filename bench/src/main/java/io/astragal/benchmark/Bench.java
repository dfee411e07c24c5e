package io.astragal.benchmark;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The load benchmark (docs/performance.md, "Load benchmark"): T tables x 6 real STOMP clients play
 * Actlite against a running server at a fixed total command rate, then the same clients and fan-out
 * go through the server's benchmark relay (the floor: no rules, no persistence); latencies, errors,
 * and the server's CPU and heap are reported for both, with the ratio.
 */
public final class Bench {

    private final Options options;
    private final Rest rest;
    private final String runId = "b" + UUID.randomUUID().toString().substring(0, 6);
    private final List<TableRun> tables = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Map<String, Object> machine = new LinkedHashMap<>();

    private Bench(Options options) {
        this.options = options;
        this.rest = new Rest(options.url());
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            if (!e.getMessage().isEmpty()) {
                System.err.println(e.getMessage());
            }
            System.err.print(Options.USAGE);
            System.exit(2);
            return;
        }
        int status = new Bench(options).run();
        System.exit(status);
    }

    private int run() throws Exception {
        machine.put("cores", Runtime.getRuntime().availableProcessors());
        machine.put("loadAverageAtStart", loadAverage());
        machine.put("clientJvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                + " " + ManagementFactory.getRuntimeMXBean().getInputArguments());
        Map<String, String> commits = commitSettings();
        if (commits != null) {
            machine.put("databaseCommits", commits);
        }
        System.out.printf("Astragal load benchmark %s: %d tables x %d clients at %.0f commands/s against %s (load average %s)%n",
                runId, options.tables(), TableRun.SEATS, options.rate(), options.url(), loadAverage());
        if (rest.prometheus() == null) {
            System.err.println("The server's /actuator/prometheus does not answer at " + options.url() + "; is it running?");
            return 1;
        }
        long warmUpStarted = System.nanoTime();
        CollectorWarmUp.run().ifPresent(cycles -> System.out.printf("ZGC: %d major cycles before the run, in %.1f s%n",
                cycles, (System.nanoTime() - warmUpStarted) / 1e9));
        List<Fixtures.Signed> fixtures = Fixtures.prepare(options, rest);
        if (options.setupOnly()) {
            Fixtures.signOut(options, fixtures);
            return 0;
        }
        WebSockets sockets = new WebSockets(options.listenerThreads());
        for (int i = 0; i < fixtures.size(); i++) {
            tables.add(new TableRun(i, fixtures.get(i), options, runId));
        }
        ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("heartbeats").factory());
        if (options.heartbeatMillis() > 0) {
            long idle = TimeUnit.MILLISECONDS.toNanos(options.heartbeatMillis());
            // Each connection beats when it has sent nothing for the interval, as stomp.js does in a
            // browser, so each keeps its own rhythm. The task runs 50 times an interval: run once
            // every few seconds, it sent thousands of heart-beats at the same moment, a burst no
            // set of browsers would send (docs/performance.md, step 25).
            // From the first connection on: a table connected early would otherwise sit silent while
            // the others connect, and the server closes a connection whose heart-beats stop. A task
            // that throws is never run again: catch, so every connection keeps its heart-beat.
            heartbeats.scheduleAtFixedRate(() -> {
                try {
                    tables.forEach(t -> t.clients().forEach(c -> c.heartbeatIfIdle(idle)));
                } catch (RuntimeException e) {
                    System.err.println("heart-beat failed: " + e);
                }
            }, options.heartbeatMillis() / 50, Math.max(1, options.heartbeatMillis() / 50), TimeUnit.MILLISECONDS);
        }
        int connected = connect(sockets);
        if (connected == 0) {
            System.err.println("No table could connect.");
            return 1;
        }
        List<Stats> phases = new ArrayList<>();
        Stats astragal = null;
        for (String phase : options.phases()) {
            Stats stats = phase.equals("astragal") ? runAstragal() : runRelay(astragal);
            if (phase.equals("astragal")) {
                astragal = stats;
            }
            phases.add(stats);
        }
        int mismatches = options.verifyViews() ? verifyViews(phases.getLast()) : 0;
        machine.put("loadAverageAtEnd", loadAverage());
        tables.forEach(TableRun::close);
        heartbeats.shutdownNow();
        Fixtures.signOut(options, fixtures);
        sockets.close(); // after signing out, by when the connections have closed
        Report.print(options, machine, tables.size(), connected, phases, mismatches);
        Path file = Report.write(options, runId, machine, tables.size(), connected, phases, mismatches);
        System.out.println("Results: " + file.toAbsolutePath());
        return 0;
    }

    /**
     * Opens every table's six connections, a few tables at a time; returns the tables that made it.
     * Stops trying once many tables have failed (a server out of memory refuses or stalls them all).
     */
    private int connect(WebSockets sockets) throws InterruptedException {
        long started = System.nanoTime();
        Semaphore inFlight = new Semaphore(Math.max(1, options.connectParallel() / TableRun.SEATS));
        String origin = options.url().toString();
        List<CompletableFuture<Void>> all = new ArrayList<>();
        List<TableRun> failed = new ArrayList<>();
        int giveUpAfter = Math.max(10, tables.size() / 50);
        List<TableRun> tried = new ArrayList<>();
        for (TableRun table : tables) {
            synchronized (failed) {
                if (failed.size() >= giveUpAfter) {
                    System.err.printf("Giving up connecting after %d tables failed%n", failed.size());
                    break;
                }
            }
            inFlight.acquire();
            tried.add(table);
            CompletableFuture<Void> done = table.connect(sockets, options.webSocket(), origin)
                    .orTimeout(60, TimeUnit.SECONDS)
                    .whenComplete((v, e) -> {
                        inFlight.release();
                        if (e != null) {
                            synchronized (failed) {
                                if (failed.size() < 5) {
                                    System.err.println("Table " + table.tableId() + " could not connect: " + e);
                                }
                                failed.add(table);
                            }
                        }
                    });
            all.add(done.exceptionally(e -> null));
            if (all.size() % 100 == 0) {
                System.out.printf("  ... %d/%d tables connecting (%d open connections)%n", all.size(), tables.size(),
                        openConnections());
            }
        }
        CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).join();
        List<TableRun> dropped = new ArrayList<>(tables);
        dropped.removeAll(tried);
        dropped.addAll(failed);
        dropped.forEach(TableRun::close);
        int wanted = tables.size();
        tables.removeAll(dropped);
        System.out.printf("Connected: %d of %d tables (%d connections) in %.1f s%n", tables.size(), wanted,
                tables.size() * TableRun.SEATS, (System.nanoTime() - started) / 1e9);
        machine.put("tablesWanted", wanted);
        machine.put("tablesThatFailedToConnect", failed.size());
        machine.put("tablesNotTried", wanted - tried.size());
        ServerMetrics idle = new ServerMetrics(rest, null, Duration.ofSeconds(options.metricsEverySeconds()));
        idle.close();
        ServerMetrics.Summary afterConnect = idle.summary();
        machine.put("serverAfterConnect", afterConnect.asMap());
        return tables.size();
    }

    private Stats runAstragal() throws Exception {
        Long before = countEvents();
        Stats stats = play("astragal", TableRun::tick);
        Long after = countEvents();
        if (before != null && after != null) {
            stats.eventsPersisted = after - before;
            long accepted = stats.acceptedWithWarmup.sum();
            if (stats.eventsPersisted != accepted) {
                stats.error("events persisted differ from commands accepted",
                        stats.eventsPersisted + " persisted, " + accepted + " accepted");
            }
        }
        return stats;
    }

    private Stats runRelay(Stats astragal) throws Exception {
        int padBytes = options.pad() > 0 ? options.pad()
                : astragal != null && astragal.eventFrames.sum() > 0
                        ? (int) Math.max(1, astragal.eventBytes.sum() / astragal.eventFrames.sum() - 40)
                        : 1000;
        String pad = "x".repeat(padBytes);
        tables.forEach(t -> t.joinRelay(pad));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        List<TableRun> waiting = new ArrayList<>(tables);
        while (!waiting.isEmpty() && System.nanoTime() < deadline) {
            waiting.forEach(TableRun::probeRelay);
            Thread.sleep(500);
            waiting.removeIf(TableRun::relayReady);
        }
        if (!waiting.isEmpty()) {
            throw new IllegalStateException(waiting.size() + " tables never received a relay message: is the server run with "
                    + "astragal.bench.enabled=true?");
        }
        Stats stats = play("relay", TableRun::relayTick);
        stats.client.put("relayPadBytes", padBytes);
        tables.forEach(TableRun::leaveRelay);
        return stats;
    }

    private interface Tick {
        void tick(TableRun table, long lagNanos);
    }

    /** Warm-up, then the measured window, then a drain: the open-loop schedule over all tables. */
    private Stats play(String phase, Tick tick) throws Exception {
        Stats stats = new Stats(phase);
        tables.forEach(t -> t.phase(stats, false));
        System.out.printf("Phase %s: %d s warm-up, %d s measured, %.0f commands/s%n", phase, options.warmupSeconds(),
                options.durationSeconds(), options.rate());
        Ticker ticker = new Ticker(tick);
        Thread thread = Thread.ofPlatform().name("ticker").start(ticker);
        // The server's metrics are read through the warm-up too, so that the client's code reading them is compiled
        // before the window; the window drops those reads (step 102).
        ServerMetrics metrics = new ServerMetrics(rest, options.serverPid(), Duration.ofSeconds(options.metricsEverySeconds()));
        Thread.sleep(TimeUnit.SECONDS.toMillis(options.warmupSeconds()));
        stats.connectionsAtStart = openConnections();
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long clientCpuStart = os.getProcessCpuTime();
        stats.client.put("loadAverageAtStart", loadAverage());
        metrics.startWindow();
        stats.measureStartNanos = System.nanoTime();
        tables.forEach(t -> t.phase(stats, true));
        Thread.sleep(TimeUnit.SECONDS.toMillis(options.durationSeconds()));
        tables.forEach(t -> t.phase(stats, false));
        stats.measureEndNanos = System.nanoTime();
        ticker.stop();
        thread.join();
        metrics.close();
        stats.server = metrics.summary();
        stats.client.put("cpuOfOneCore", (os.getProcessCpuTime() - clientCpuStart) / 1e9 / stats.seconds());
        stats.client.put("loadAverageAtEnd", loadAverage());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        // An event may reach the last of its table after the sender's reply: the drain waits for both.
        while (tables.stream().anyMatch(TableRun::draining) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        tables.forEach(TableRun::abandonInFlight);
        stats.connectionsAtEnd = openConnections();
        if (stats.connectionsAtEnd < tables.size() * TableRun.SEATS) {
            stats.error("connections lost", (tables.size() * TableRun.SEATS - stats.connectionsAtEnd) + " closed");
        }
        tables.forEach(t -> t.phase(null, false));
        System.out.printf("Phase %s done: %d sent, %d accepted in the window, %d rejected, %d errors%n", phase,
                stats.sent.sum(), stats.accepted.sum(), stats.rejectionCount(), stats.errorCount());
        synchronized (stats.slow) {
            stats.slow.stream().sorted(Comparator.comparingLong(Stats.Slow::sentEpochMillis))
                    .forEach(slow -> System.out.printf("slow %d %.1f %s%n", slow.sentEpochMillis(), slow.nanos() / 1e6, slow.type()));
        }
        return stats;
    }

    private int verifyViews(Stats stats) throws InterruptedException {
        tables.forEach(t -> t.phase(stats, false));
        tables.forEach(TableRun::verifyViews);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (tables.stream().anyMatch(t -> t.resnapshots() < TableRun.SEATS) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        long unverified = tables.stream().filter(t -> t.resnapshots() < TableRun.SEATS).count();
        if (unverified > 0) {
            stats.error("views not verified", unverified + " tables did not answer the final sync");
        }
        tables.forEach(t -> t.phase(null, false));
        int mismatches = tables.stream().mapToInt(TableRun::viewMismatches).sum();
        System.out.printf("Views: %d clients compared their patched view with a fresh snapshot: %d differ%n",
                tables.size() * TableRun.SEATS, mismatches);
        return mismatches;
    }

    private int openConnections() {
        return tables.stream().mapToInt(TableRun::openConnections).sum();
    }

    /** Every table ticks at rate/tables per second, at a random phase, whatever the replies do. */
    private final class Ticker implements Runnable {
        private final Tick tick;
        private volatile boolean running = true;

        Ticker(Tick tick) {
            this.tick = tick;
        }

        void stop() {
            running = false;
        }

        @Override
        public void run() {
            long interval = (long) (1e9 * tables.size() / options.rate());
            Random random = new Random(options.seed());
            record Due(long at, TableRun table) {
            }
            PriorityQueue<Due> queue = new PriorityQueue<>((a, b) -> Long.compare(a.at(), b.at()));
            long start = System.nanoTime();
            for (TableRun table : tables) {
                queue.add(new Due(start + (long) (random.nextDouble() * interval), table));
            }
            while (running) {
                Due next = queue.poll();
                long wait = next.at() - System.nanoTime();
                while (wait > 0 && running) {
                    LockSupport.parkNanos(wait);
                    wait = next.at() - System.nanoTime();
                }
                if (!running) {
                    return;
                }
                try {
                    tick.tick(next.table(), -wait);
                } catch (RuntimeException e) {
                    System.err.println("tick failed: " + e);
                }
                queue.add(new Due(next.at() + interval, next.table()));
            }
        }
    }

    /**
     * How the server's database commits, when {@code --jdbc} names it: with {@code fsync} and
     * {@code synchronous_commit} on, an event is on disk before it is broadcast.
     */
    private Map<String, String> commitSettings() {
        if (options.jdbc() == null) {
            return null;
        }
        try (Connection db = DriverManager.getConnection(options.jdbc());
             PreparedStatement settings = db.prepareStatement(
                     "select name, setting from pg_settings where name in ('fsync', 'synchronous_commit') order by name")) {
            Map<String, String> found = new LinkedHashMap<>();
            try (ResultSet rs = settings.executeQuery()) {
                while (rs.next()) {
                    found.put(rs.getString(1), rs.getString(2));
                }
            }
            return found;
        } catch (Exception e) {
            System.err.println("Could not read the database's commit settings: " + e);
            return null;
        }
    }

    private Long countEvents() {
        if (options.jdbc() == null) {
            return null;
        }
        try (Connection db = DriverManager.getConnection(options.jdbc());
             PreparedStatement count = db.prepareStatement("select count(*) from table_events where table_id = any(?)")) {
            count.setArray(1, db.createArrayOf("uuid", tables.stream().map(t -> UUID.fromString(t.tableId())).toArray()));
            try (ResultSet rs = count.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (Exception e) {
            System.err.println("Could not count the events persisted: " + e);
            return null;
        }
    }

    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).strip();
        } catch (Exception e) {
            return "unknown";
        }
    }

    static String timestamp() {
        return DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now());
    }
}
