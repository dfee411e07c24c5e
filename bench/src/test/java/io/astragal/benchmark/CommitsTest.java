package io.astragal.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.NavigableMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The server's commits in a window, from two readings of its cumulative histogram. */
class CommitsTest {

    @Test
    void onlyTheCommitsBetweenTheTwoReadingsCount() {
        NavigableMap<Double, Double> before = buckets(10, 10, 10, 10, 10);
        // 100 commits since: 50 within 1 ms, 48 more within 5 ms, 1 within 10 ms, 1 within 50 ms.
        NavigableMap<Double, Double> after = buckets(60, 108, 109, 110, 110);

        ServerMetrics.Commits commits = ServerMetrics.Commits.between(before, after, 0.2);

        assertThat(commits.count()).isEqualTo(100);
        assertThat(commits.meanMs()).isCloseTo(2.0, within(1e-9));
        assertThat(commits.p99Ms()).isCloseTo(10.0, within(1e-9));
        assertThat(commits.slowMs()).isCloseTo(10.0, within(1e-9));
        assertThat(commits.slowShare()).isCloseTo(0.01, within(1e-9));
    }

    @Test
    void aWindowWithoutCommitsHasNone() {
        NavigableMap<Double, Double> same = buckets(3, 3, 3, 3, 3);

        assertThat(ServerMetrics.Commits.between(same, same, 0).count()).isZero();
    }

    /** Cumulative counts at 1, 5, 10 and 50 ms and +Inf, as Prometheus writes a histogram. */
    private static NavigableMap<Double, Double> buckets(double ms1, double ms5, double ms10, double ms50, double all) {
        NavigableMap<Double, Double> buckets = new TreeMap<>();
        buckets.put(0.001, ms1);
        buckets.put(0.005, ms5);
        buckets.put(0.010, ms10);
        buckets.put(0.050, ms50);
        buckets.put(Double.POSITIVE_INFINITY, all);
        return buckets;
    }
}
