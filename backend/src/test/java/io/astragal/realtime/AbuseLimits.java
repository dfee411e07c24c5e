package io.astragal.realtime;

/**
 * Limits some abuse tests need instead of the defaults; the same strings everywhere, so Spring's
 * test context cache starts one context for all the classes that use them.
 */
final class AbuseLimits {

    /** The rate limit's defaults (support.IntegrationTest lifts it for every other test). */
    static final String DEFAULT_RATE_LIMIT_BURST = "astragal.realtime.rate-limit.burst=20";
    static final String DEFAULT_RATE_LIMIT_RATE = "astragal.realtime.rate-limit.per-second=10";
    /** A short time limit and a buffer limit out of reach, so only the time limit can cut a client off. */
    static final String SEND_TIME_LIMIT = "astragal.realtime.send-time-limit-millis=2000";
    static final String SEND_BUFFER_LIMIT = "astragal.realtime.send-buffer-size-limit=268435456";

    private AbuseLimits() {
    }
}
