package io.astragal.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Samples the server's {@code /actuator/prometheus} every few seconds during a measured window: CPU
 * time, heap in use, GC pauses, live threads.
 */
final class ServerMetrics implements AutoCloseable {

    /** {@code nanos}: the server's uptime at the scrape, so CPU deltas are not skewed by a slow answer. */
    record Sample(long nanos, double cpuSeconds, double heapBytes, double gcPauses, double gcSeconds, double gcMaxSeconds,
                  double liveDataBytes, double threads, double heapMaxBytes, double allocatedBytes, long wallNanos,
                  double treeCpuSeconds, NavigableMap<Double, Double> commitBuckets, double commitSeconds) {
    }

    /**
     * The server's commits of events in a window (its {@code astragal.table.event.commit} histogram), each an
     * insert and its commit: {@code p99Ms} is the upper bound of the bucket that holds the 99th percentile, and
     * {@code slowShare} the share longer than {@code slowMs}, the highest bucket bound of at most 10 ms.
     */
    record Commits(long count, double meanMs, double p99Ms, double slowMs, double slowShare) {

        /** The commits between two readings of the histogram's cumulative buckets (upper bound in seconds → count). */
        static Commits between(NavigableMap<Double, Double> before, NavigableMap<Double, Double> after, double seconds) {
            double total = after.lastEntry().getValue() - before.getOrDefault(after.lastKey(), 0.0);
            if (total <= 0) {
                return new Commits(0, 0, 0, 0, 0);
            }
            double p99 = Double.POSITIVE_INFINITY;
            double slow = 0;
            double notSlow = 0;
            for (Map.Entry<Double, Double> bucket : after.entrySet()) {
                double upTo = bucket.getValue() - before.getOrDefault(bucket.getKey(), 0.0);
                if (p99 == Double.POSITIVE_INFINITY && upTo >= 0.99 * total) {
                    p99 = bucket.getKey();
                }
                if (bucket.getKey() <= 0.010) {
                    slow = bucket.getKey();
                    notSlow = upTo;
                }
            }
            return new Commits((long) total, seconds * 1000 / total, p99 * 1000, slow * 1000, 1 - notSlow / total);
        }

        Map<String, Object> asMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("count", count);
            m.put("meanMs", meanMs);
            m.put("p99MsAtMost", p99Ms);
            m.put("slowMs", slowMs);
            m.put("slowShare", slowShare);
            return m;
        }
    }

    /**
     * The window's figures: CPU as a share of ONE core (1.0 = one core busy all the time), heap
     * used (sampled; includes garbage not yet collected), GC pauses within the window.
     */
    record Summary(int samples, Double cpuOfOneCore, Double cpuOfOneCorePeak, Double heapMeanMiB, Double heapMaxMiB,
                   Double heapLimitMiB, Double liveDataMiB, long gcPauses, Double gcPauseSeconds, Double gcPauseMaxMs,
                   Double threads, Double allocatedMiB, double seconds, Double cpuWithChildrenOfOneCore, Commits commits) {

        /** CPU milliseconds and allocated KiB the server spent per command accepted in the window. */
        Double cpuMillisPer(long commands) {
            return cpuOfOneCore == null || commands == 0 ? null : cpuOfOneCore * seconds * 1000 / commands;
        }

        Double allocatedKiBPer(long commands) {
            return allocatedMiB == null || commands == 0 ? null : allocatedMiB * 1024 / commands;
        }

        Map<String, Object> asMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("samples", samples);
            m.put("cpuOfOneCore", cpuOfOneCore);
            m.put("cpuOfOneCorePeak", cpuOfOneCorePeak);
            m.put("cpuWithChildrenOfOneCore", cpuWithChildrenOfOneCore);
            m.put("heapUsedMeanMiB", heapMeanMiB);
            m.put("heapUsedMaxMiB", heapMaxMiB);
            m.put("heapLimitMiB", heapLimitMiB);
            m.put("liveDataAfterLastGcMiB", liveDataMiB);
            m.put("gcPauses", gcPauses);
            m.put("gcPauseSeconds", gcPauseSeconds);
            m.put("gcPauseMaxMs", gcPauseMaxMs);
            m.put("liveThreads", threads);
            m.put("allocatedMiB", allocatedMiB);
            m.put("seconds", seconds);
            m.put("commits", commits == null ? null : commits.asMap());
            return m;
        }
    }

    private final Rest rest;
    private final Integer pid;
    private final List<Sample> samples = new ArrayList<>();
    private final long everyNanos;
    private final Thread thread;
    private volatile boolean running = true;

    /**
     * Reads the metrics now, every {@code every} until closed, and once more then. Each read is a
     * request the server answers with the CPU it is measuring: at 1,000 commands a second a read every
     * second was about 1.3 % of the server's CPU samples (docs/performance.md, session 32).
     */
    ServerMetrics(Rest rest, Integer pid, Duration every) {
        this.rest = rest;
        this.pid = pid;
        this.everyNanos = every.toNanos();
        sample();
        this.thread = Thread.ofPlatform().daemon().name("server-metrics").start(this::loop);
    }

    private void loop() {
        long next = System.nanoTime();
        while (running) {
            next += everyNanos;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                try {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                } catch (InterruptedException e) {
                    return;
                }
            }
            if (running) {
                sample();
            }
        }
    }

    private void sample() {
        String text = rest.prometheus();
        if (text == null) {
            return;
        }
        Map<String, Double> sums = new HashMap<>();
        NavigableMap<Double, Double> commitBuckets = new TreeMap<>();
        double gcMax = 0;
        for (String line : text.split("\n")) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            String series = line.substring(0, space);
            double value;
            try {
                value = Double.parseDouble(line.substring(space + 1));
            } catch (NumberFormatException e) {
                continue;
            }
            String name = series.contains("{") ? series.substring(0, series.indexOf('{')) : series;
            switch (name) {
                case "process_cpu_time_ns_total", "process_uptime_seconds", "jvm_gc_memory_allocated_bytes_total",
                     "astragal_bench_allocated_bytes_total", "jvm_gc_live_data_size_bytes", "jvm_threads_live_threads",
                     "jvm_gc_pause_seconds_count", "jvm_gc_pause_seconds_sum", "astragal_table_event_commit_seconds_sum" ->
                        sums.merge(name, value, Double::sum);
                case "jvm_gc_pause_seconds_max" -> gcMax = Math.max(gcMax, value);
                case "astragal_table_event_commit_seconds_bucket" -> {
                    int le = series.indexOf("le=\"");
                    if (le >= 0) {
                        String bound = series.substring(le + 4, series.indexOf('"', le + 4));
                        commitBuckets.merge(bound.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(bound),
                                value, Double::sum);
                    }
                }
                case "jvm_memory_used_bytes" -> {
                    if (series.contains("area=\"heap\"")) {
                        sums.merge("heap", value, Double::sum);
                    }
                }
                case "jvm_memory_max_bytes" -> {
                    if (series.contains("area=\"heap\"") && value > 0) {
                        sums.merge("heapMax", value, Double::sum);
                    }
                }
                default -> {
                }
            }
        }
        if (!sums.containsKey("process_uptime_seconds")) {
            return;
        }
        Sample sample = new Sample((long) (sums.get("process_uptime_seconds") * 1e9), sums.getOrDefault("process_cpu_time_ns_total", Double.NaN) / 1e9,
                sums.getOrDefault("heap", Double.NaN), sums.getOrDefault("jvm_gc_pause_seconds_count", 0.0),
                sums.getOrDefault("jvm_gc_pause_seconds_sum", 0.0), gcMax,
                sums.getOrDefault("jvm_gc_live_data_size_bytes", Double.NaN),
                sums.getOrDefault("jvm_threads_live_threads", Double.NaN), sums.getOrDefault("heapMax", Double.NaN),
                // exact when the server runs with the benchmark on, else what GCs have counted so far
                sums.getOrDefault("astragal_bench_allocated_bytes_total",
                        sums.getOrDefault("jvm_gc_memory_allocated_bytes_total", Double.NaN)), System.nanoTime(),
                pid == null ? Double.NaN : treeCpuSeconds(pid), commitBuckets,
                sums.getOrDefault("astragal_table_event_commit_seconds_sum", 0.0));
        synchronized (samples) {
            samples.add(sample);
        }
    }

    /**
     * CPU seconds of a process and all its descendants, including children already gone, from
     * /proc, with those of the server's embedded PostgreSQL: its library starts the postmaster with
     * {@code pg_ctl}, which leaves it a child of init, so it is found as a {@code postgres} process
     * of init's whose working directory (its data directory) lies under the server's. NaN when it
     * cannot be read.
     */
    static double treeCpuSeconds(int root) {
        Map<Integer, List<Integer>> children = new HashMap<>();
        Map<Integer, Long> ticks = new HashMap<>();
        List<Integer> roots = new ArrayList<>(List.of(root));
        Path serverDirectory;
        try {
            serverDirectory = Files.readSymbolicLink(Path.of("/proc", String.valueOf(root), "cwd"));
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
        try (var dirs = Files.list(Path.of("/proc"))) {
            for (Path dir : (Iterable<Path>) dirs::iterator) {
                String name = dir.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                String stat;
                try {
                    stat = Files.readString(dir.resolve("stat"));
                } catch (IOException e) {
                    continue; // gone meanwhile
                }
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                int process = Integer.parseInt(name);
                int parent = Integer.parseInt(f[1]);
                children.computeIfAbsent(parent, p -> new ArrayList<>()).add(process);
                if (parent == 1 && stat.contains("(postgres)") && workingDirectory(dir).startsWith(serverDirectory)) {
                    roots.add(process);
                }
                ticks.put(process, Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]));
            }
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
        if (!ticks.containsKey(root)) {
            return Double.NaN;
        }
        long total = 0;
        ArrayDeque<Integer> pending = new ArrayDeque<>(roots);
        while (!pending.isEmpty()) {
            int p = pending.pop();
            total += ticks.getOrDefault(p, 0L);
            pending.addAll(children.getOrDefault(p, List.of()));
        }
        return total / 100.0; // USER_HZ is 100 on Linux
    }

    private static Path workingDirectory(Path process) {
        try {
            return Files.readSymbolicLink(process.resolve("cwd"));
        } catch (IOException | RuntimeException e) {
            return Path.of("/nonexistent");
        }
    }

    /** Drops the reads so far and reads now: what {@link #summary} covers starts here. */
    void startWindow() {
        synchronized (samples) {
            samples.clear();
        }
        sample();
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        sample();
    }

    Summary summary() {
        List<Sample> all;
        synchronized (samples) {
            all = List.copyOf(samples);
        }
        if (all.size() < 2) {
            return new Summary(all.size(), null, null, null, null, null, null, 0, null, null, null, null, 0, null, null);
        }
        Sample first = all.getFirst();
        Sample last = all.getLast();
        double wall = (last.nanos() - first.nanos()) / 1e9;
        double peak = 0;
        double heapSum = 0;
        double heapMax = 0;
        double gcMaxMs = 0;
        for (int i = 0; i < all.size(); i++) {
            Sample s = all.get(i);
            heapSum += s.heapBytes();
            heapMax = Math.max(heapMax, s.heapBytes());
            gcMaxMs = Math.max(gcMaxMs, s.gcMaxSeconds() * 1000);
            if (i > 0) {
                Sample p = all.get(i - 1);
                peak = Math.max(peak, (s.cpuSeconds() - p.cpuSeconds()) / ((s.nanos() - p.nanos()) / 1e9));
            }
        }
        double mib = 1024.0 * 1024.0;
        return new Summary(all.size(), (last.cpuSeconds() - first.cpuSeconds()) / wall, peak, heapSum / all.size() / mib,
                heapMax / mib, last.heapMaxBytes() / mib, last.liveDataBytes() / mib,
                (long) (last.gcPauses() - first.gcPauses()), last.gcSeconds() - first.gcSeconds(), gcMaxMs,
                last.threads(), (last.allocatedBytes() - first.allocatedBytes()) / mib, wall,
                pid == null ? null : (last.treeCpuSeconds() - first.treeCpuSeconds()) / ((last.wallNanos() - first.wallNanos()) / 1e9),
                last.commitBuckets().isEmpty() ? null
                        : Commits.between(first.commitBuckets(), last.commitBuckets(), last.commitSeconds() - first.commitSeconds()));
    }
}
