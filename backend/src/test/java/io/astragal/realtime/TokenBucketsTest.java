package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The rate limit's arithmetic, on a clock the test moves by hand. */
class TokenBucketsTest {

    final AtomicLong now = new AtomicLong(1_000_000_000L);
    final TokenBuckets<String> buckets = new TokenBuckets<>(20, 10, now::get);

    @Test
    void aBurstPassesThenOneRequestPerTenthOfASecond() {
        for (int i = 0; i < 20; i++) {
            assertThat(buckets.take("alda")).as("request %d of the burst", i + 1).isEmpty();
        }
        assertThat(buckets.take("alda")).contains(Duration.ofMillis(100));
        advance(Duration.ofMillis(40));
        assertThat(buckets.take("alda")).as("the refused request took nothing").contains(Duration.ofMillis(60));
        advance(Duration.ofMillis(60));
        assertThat(buckets.take("alda")).isEmpty();
        assertThat(buckets.take("alda")).contains(Duration.ofMillis(100));
    }

    @Test
    void aSustainedFloodGetsTheRateAndNoMore() {
        int granted = 0;
        for (int ms = 0; ms < 10_000; ms++) { // 1000 requests a second for 10 s
            if (buckets.take("alda").isEmpty()) {
                granted++;
            }
            advance(Duration.ofMillis(1));
        }
        assertThat(granted).isBetween(20 + 99, 20 + 100);
    }

    @Test
    void oneKeysFloodLeavesAnotherKeyAlone() {
        for (int i = 0; i < 100; i++) {
            buckets.take("alda");
        }
        for (int i = 0; i < 20; i++) {
            assertThat(buckets.take("bram")).isEmpty();
        }
    }

    @Test
    void aPauseRefillsTheBucketButNeverAboveTheBurst() {
        for (int i = 0; i < 20; i++) {
            buckets.take("alda");
        }
        advance(Duration.ofMinutes(5));
        for (int i = 0; i < 20; i++) {
            assertThat(buckets.take("alda")).isEmpty();
        }
        assertThat(buckets.take("alda")).isPresent();
    }

    @Test
    void idleBucketsAreForgottenAfterTenMinutesWithoutChangingAnyAnswer() {
        for (int i = 0; i < 1000; i++) {
            buckets.take("user-" + i);
        }
        assertThat(buckets.size()).isEqualTo(1000);
        advance(Duration.ofMinutes(10).plusSeconds(1));
        assertThat(buckets.take("alda")).isEmpty();
        assertThat(buckets.size()).as("only the bucket just used is kept").isEqualTo(1);
    }

    @Test
    void aBucketIdleForMinutesIsKeptSoThatAnOccasionalSenderDoesNotMakeANewOne() {
        for (int i = 0; i < 1000; i++) {
            buckets.take("user-" + i);
        }
        advance(Duration.ofMinutes(2));
        assertThat(buckets.take("alda")).as("a request after the sweep is due").isEmpty();
        assertThat(buckets.size()).as("the thousand idle buckets and the new one").isEqualTo(1001);
        for (int i = 0; i < 20; i++) {
            assertThat(buckets.take("user-7")).as("the kept bucket has refilled: request %d of the burst", i + 1).isEmpty();
        }
        assertThat(buckets.take("user-7")).contains(Duration.ofMillis(100));
    }

    @Test
    void aLimitWithoutABurstOrRateIsRefused() {
        assertThatThrownBy(() -> new TokenBuckets<String>(0, 10, now::get)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TokenBuckets<String>(5, 0, now::get)).isInstanceOf(IllegalArgumentException.class);
    }

    private void advance(Duration by) {
        now.addAndGet(by.toNanos());
    }
}
