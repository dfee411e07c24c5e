package io.astragal.realtime;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * The rate limit on what a user sends to one table (commands, syncs, history pages together): a
 * token bucket per user and table, so opening more connections buys nothing and a flood at one
 * table leaves the user's other tables, and everyone else, alone (docs/protocol.md, "Limits").
 */
@Component
class CommandThrottle {

    private record Key(String userId, UUID tableId) {
    }

    private final TokenBuckets<Key> buckets;
    private final RealtimeProperties.RateLimit limit;

    CommandThrottle(RealtimeProperties properties) {
        this.limit = properties.rateLimit();
        this.buckets = new TokenBuckets<>(limit.burst(), limit.perSecond(), System::nanoTime);
    }

    /** Empty when the user may go on; else how long to wait before the next frame to this table. */
    Optional<Duration> take(String userId, UUID tableId) {
        return buckets.take(new Key(userId, tableId));
    }

    /** What a throttled client is told. */
    String message(Duration retryAfter) {
        long millis = Math.max(1, retryAfter.toMillis());
        return "Too many requests to this table: at most " + format(limit.perSecond()) + " a second (bursts of "
                + limit.burst() + "). Slow down; nothing was changed. Retry in " + millis + " ms.";
    }

    private static String format(double perSecond) {
        return perSecond == Math.rint(perSecond) ? String.valueOf((long) perSecond) : String.valueOf(perSecond);
    }
}
