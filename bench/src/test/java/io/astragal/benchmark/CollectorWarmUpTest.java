package io.astragal.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** ZGC's warm-up cycles are over before the benchmark measures anything. */
class CollectorWarmUpTest {

    @Test
    void underZgcTheThreeWarmUpCyclesRunBeforeItReturns() throws Exception {
        // A JVM of its own: the test JVM's collector is not ZGC.
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process jvm = new ProcessBuilder(java.toString(), "-XX:+UseZGC", "-Xms1g", "-Xmx1g",
                "-cp", System.getProperty("java.class.path"), CollectorWarmUp.class.getName())
                .redirectErrorStream(true).start();
        assertThat(jvm.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String output = new String(jvm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Matcher cycles = Pattern.compile("cycles (\\d+)").matcher(output);
        assertThat(cycles.find()).as(output).isTrue();
        // Another cycle may start before the count is read again, never one fewer.
        assertThat(Long.parseLong(cycles.group(1))).isGreaterThanOrEqualTo(CollectorWarmUp.WARMUP_CYCLES);
    }

    @Test
    void underAnotherCollectorNothingIsDone() {
        assertThat(CollectorWarmUp.run()).isEmpty();
    }
}
