package io.astragal.benchmark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one phase measured. Latencies are kept whole (a run has at most a few hundred thousand),
 * so percentiles are exact.
 */
final class Stats {

    /** A growable list of longs. */
    static final class Samples {
        private long[] values = new long[1024];
        private int size;

        synchronized void add(long value) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = value;
        }

        synchronized long[] sorted() {
            long[] copy = Arrays.copyOf(values, size);
            Arrays.sort(copy);
            return copy;
        }

        synchronized int size() {
            return size;
        }
    }

    /** The latencies of a stretch of play. */
    static final class Latencies {
        /** command sent -> its reply received, by the sender */
        final Samples reply = new Samples();
        /** command sent -> the event received by the last of the table's clients */
        final Samples lastClient = new Samples();
        /** the same, by the command's type: which commands make the tail */
        final Map<String, Samples> lastClientByCommand = new ConcurrentHashMap<>();
        /** how late the scheduler issued commands (client overload shows here) */
        final Samples schedulerLag = new Samples();

        void lastClient(String type, long nanos) {
            lastClient.add(nanos);
            lastClientByCommand.computeIfAbsent(type, t -> new Samples()).add(nanos);
        }

        /** {@link #percentiles} of the last client's latency for each command type, by type. */
        Map<String, Map<String, Object>> lastClientByCommandPercentiles() {
            Map<String, Map<String, Object>> byType = new TreeMap<>();
            lastClientByCommand.forEach((type, samples) -> byType.put(type, percentiles(samples)));
            return byType;
        }
    }

    final String phase;
    /** The measured window's latencies, the ones reported. */
    final Latencies window = new Latencies();
    /**
     * The warm-up's, recorded the same way and never reported: so the client's code that records them is compiled
     * during the warm-up. Recorded only from the window on, it was compiled inside the window, on a core the server
     * shares (docs/performance.md, step 102).
     */
    final Latencies warmUp = new Latencies();

    /** A measured command whose event reached its table's last client later than {@code --slow-ms}. */
    record Slow(long sentEpochMillis, long nanos, String type) {
    }

    /** Printed after the window, not in it, where formatting them cost the client CPU it shares with the server. */
    final List<Slow> slow = Collections.synchronizedList(new ArrayList<>());
    final LongAdder sent = new LongAdder();
    final LongAdder accepted = new LongAdder();
    /** accepted commands including the warm-up, to compare with the events persisted */
    final LongAdder acceptedWithWarmup = new LongAdder();
    final LongAdder eventFrames = new LongAdder();
    final LongAdder eventBytes = new LongAdder();
    final Map<String, LongAdder> rejections = new ConcurrentHashMap<>();
    final Map<String, LongAdder> errors = new ConcurrentHashMap<>();
    final Map<String, String> errorExamples = new ConcurrentHashMap<>();
    final Map<String, LongAdder> commandTypes = new ConcurrentHashMap<>();

    long measureStartNanos;
    long measureEndNanos;
    int connectionsAtStart;
    int connectionsAtEnd;
    Long eventsPersisted;
    ServerMetrics.Summary server;
    Map<String, Object> client = new LinkedHashMap<>();

    Stats(String phase) {
        this.phase = phase;
    }

    void reject(String code) {
        rejections.computeIfAbsent(code, c -> new LongAdder()).increment();
    }

    void error(String kind, String example) {
        LongAdder count = errors.computeIfAbsent(kind, c -> new LongAdder());
        if (count.sum() < 3) {
            System.err.printf("%s %s error: %s: %s%n", java.time.LocalTime.now(), phase, kind, example);
        }
        count.increment();
        errorExamples.putIfAbsent(kind, example.length() > 300 ? example.substring(0, 300) : example);
    }

    /** Where a command's latencies go: the window's if it was sent in the window, else the warm-up's. */
    Latencies latencies(boolean measured) {
        return measured ? window : warmUp;
    }

    void command(String type) {
        commandTypes.computeIfAbsent(type, c -> new LongAdder()).increment();
    }

    long errorCount() {
        return errors.values().stream().mapToLong(LongAdder::sum).sum();
    }

    long rejectionCount() {
        return rejections.values().stream().mapToLong(LongAdder::sum).sum();
    }

    double seconds() {
        return (measureEndNanos - measureStartNanos) / 1e9;
    }

    static Map<String, Long> counts(Map<String, LongAdder> adders) {
        Map<String, Long> counts = new TreeMap<>();
        adders.forEach((k, v) -> counts.put(k, v.sum()));
        return counts;
    }

    /** p50, p95, p99, max in milliseconds, and the count. */
    static Map<String, Object> percentiles(Samples samples) {
        long[] sorted = samples.sorted();
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("count", sorted.length);
        p.put("p50", millis(sorted, 0.50));
        p.put("p95", millis(sorted, 0.95));
        p.put("p99", millis(sorted, 0.99));
        p.put("max", sorted.length == 0 ? null : sorted[sorted.length - 1] / 1e6);
        p.put("mean", sorted.length == 0 ? null : Arrays.stream(sorted).average().orElse(0) / 1e6);
        return p;
    }

    private static Double millis(long[] sorted, double quantile) {
        if (sorted.length == 0) {
            return null;
        }
        int index = (int) Math.ceil(quantile * sorted.length) - 1;
        return sorted[Math.clamp(index, 0, sorted.length - 1)] / 1e6;
    }
}
