package io.astragal.realtime;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Token buckets by key: each holds up to {@code burst} tokens and gains {@code perSecond} a second;
 * a request takes one or is refused with the time until one is back. Idle buckets are dropped after
 * ten minutes: a bucket left alone for {@code burst / perSecond} seconds is full again, the same as a
 * new one, but one dropped that soon is made again at its key's next request. A player who acts every
 * few seconds then cost a new bucket and map entry per command, each living for seconds: at 1,000
 * commands/s those were copied by every young collection and left as garbage in the old generation
 * (docs/performance.md, step 105).
 */
final class TokenBuckets<K> {

    private static final long SWEEP_EVERY_NANOS = Duration.ofMinutes(1).toNanos();
    private static final long IDLE_NANOS = Duration.ofMinutes(10).toNanos();

    private final double burst;
    private final double perNano;
    private final long forgetNanos;
    private final LongSupplier nanoTime;
    private final Map<K, Bucket> buckets = new ConcurrentHashMap<>();
    private volatile long nextSweep;

    private static final class Bucket {
        double tokens;
        long at;

        Bucket(double tokens, long at) {
            this.tokens = tokens;
            this.at = at;
        }
    }

    TokenBuckets(int burst, double perSecond, LongSupplier nanoTime) {
        if (burst < 1 || !(perSecond > 0)) {
            throw new IllegalArgumentException("a rate limit needs a burst of at least 1 and a positive rate");
        }
        this.burst = burst;
        this.perNano = perSecond / 1e9;
        // never before the bucket is full again, when dropping it changes no answer
        this.forgetNanos = Math.max(IDLE_NANOS, (long) Math.ceil(burst / perNano));
        this.nanoTime = nanoTime;
        this.nextSweep = nanoTime.getAsLong() + SWEEP_EVERY_NANOS;
    }

    /** Takes a token for {@code key}: empty when granted, else how long until the next one. */
    Optional<Duration> take(K key) {
        long now = nanoTime.getAsLong();
        sweepIfDue(now);
        Bucket bucket = buckets.computeIfAbsent(key, k -> new Bucket(burst, now));
        synchronized (bucket) {
            bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.at) * perNano);
            bucket.at = now;
            if (bucket.tokens >= 1) {
                bucket.tokens -= 1;
                return Optional.empty();
            }
            return Optional.of(Duration.ofNanos((long) Math.ceil((1 - bucket.tokens) / perNano)));
        }
    }

    int size() {
        return buckets.size();
    }

    private void sweepIfDue(long now) {
        long due = nextSweep;
        if (now - due < 0) {
            return;
        }
        nextSweep = now + SWEEP_EVERY_NANOS;
        buckets.values().removeIf(bucket -> {
            synchronized (bucket) {
                return now - bucket.at >= forgetNanos;
            }
        });
    }
}
