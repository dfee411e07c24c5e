package io.astragal.benchmark;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Optional;

/**
 * Gets ZGC's warm-up collections over with before anything is measured. ZGC collects the whole heap
 * when its use first passes 10, 20 and 30 % ("Warmup"), and on the client's 8 GiB heap the third came
 * 5 s into every measured window: about a second of a core taken from the server it measures, and a
 * cluster of slow commands (docs/performance.md, session 35). Garbage made on purpose at the start
 * brings all three while nothing runs; {@code System.gc()} would not, as ZGC does not count it.
 */
final class CollectorWarmUp {

    static final int WARMUP_CYCLES = 3;
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final int CHUNK = 1 << 20;

    /** Kept so that the chunks are really made; each is garbage once the next takes its slot. */
    private static volatile byte[] last;

    private CollectorWarmUp() {
    }

    /** The major cycles ZGC has run, or empty under another collector. */
    private static Optional<Long> zgcMajorCycles() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .filter(gc -> gc.getName().equals("ZGC Major Cycles"))
                .map(GarbageCollectorMXBean::getCollectionCount)
                .findFirst();
    }

    /** Under ZGC, makes garbage until its warm-up cycles have run (or a minute has passed); returns the cycles then. */
    static Optional<Long> run() {
        if (zgcMajorCycles().isEmpty()) {
            return Optional.empty();
        }
        long deadline = System.nanoTime() + LIMIT.toNanos();
        long cycles;
        while ((cycles = zgcMajorCycles().orElseThrow()) < WARMUP_CYCLES && System.nanoTime() < deadline) {
            for (int i = 0; i < 64; i++) {
                last = new byte[CHUNK];
            }
        }
        last = null;
        return Optional.of(cycles);
    }

    public static void main(String[] args) {
        System.out.println("cycles " + run().map(String::valueOf).orElse("none"));
    }
}
