package io.astragal.bench;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.management.ManagementFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * The bytes allocated by all threads, exactly (the JVM's own counter), for the benchmark's
 * allocation per command; Micrometer's {@code jvm.gc.memory.allocated} only moves at each GC.
 * Only with {@code astragal.bench.enabled=true}.
 */
@Component
@ConditionalOnProperty(name = "astragal.bench.enabled", havingValue = "true")
class BenchMetrics {

    BenchMetrics(MeterRegistry registry) {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                && threads.isThreadAllocatedMemorySupported()) {
            threads.setThreadAllocatedMemoryEnabled(true);
            FunctionCounter.builder("astragal.bench.allocated", threads, com.sun.management.ThreadMXBean::getTotalThreadAllocatedBytes)
                    .baseUnit("bytes")
                    .description("Bytes allocated by all live threads (benchmark only)")
                    .register(registry);
        }
    }
}
