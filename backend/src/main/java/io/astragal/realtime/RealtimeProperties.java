package io.astragal.realtime;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The STOMP endpoint's limits.
 *
 * @param allowedOrigins   origins (patterns) allowed to open /ws besides the app's own; empty = same origin only
 * @param heartbeatMillis  STOMP heartbeat interval, both directions
 * @param messageSizeLimit largest inbound frame in bytes; a larger one closes the connection
 * @param sendTimeLimitMillis     a client that does not take a message for this long is disconnected
 * @param sendBufferSizeLimit     bytes queued for a slow client before it is disconnected
 * @param rateLimit        how fast one user may send to one table
 * @param inboundThreads   threads that run clients' frames; a command holds its thread until its event is
 *                         committed, so these bound how many commands a disk's commits can carry at once
 */
@ConfigurationProperties("astragal.realtime")
record RealtimeProperties(List<String> allowedOrigins, Long heartbeatMillis, Integer messageSizeLimit,
                          Integer sendTimeLimitMillis, Integer sendBufferSizeLimit, RateLimit rateLimit,
                          Integer inboundThreads) {

    RealtimeProperties {
        allowedOrigins = allowedOrigins == null ? List.of() : List.copyOf(allowedOrigins);
        heartbeatMillis = heartbeatMillis == null ? 10_000L : heartbeatMillis;
        messageSizeLimit = messageSizeLimit == null ? 16 * 1024 : messageSizeLimit;
        sendTimeLimitMillis = sendTimeLimitMillis == null ? 10_000 : sendTimeLimitMillis;
        sendBufferSizeLimit = sendBufferSizeLimit == null ? 512 * 1024 : sendBufferSizeLimit;
        rateLimit = rateLimit == null ? new RateLimit(null, null) : rateLimit;
        // Spring's default is two per core, sized for work that does not wait; a command waits for its
        // commit (docs/performance.md, step 77).
        inboundThreads = inboundThreads == null ? 16 : inboundThreads;
        if (inboundThreads < 1) {
            throw new IllegalArgumentException("astragal.realtime.inbound-threads must be at least 1, not " + inboundThreads);
        }
    }

    /**
     * A token bucket per user and table over commands, syncs and history requests together.
     *
     * @param burst     frames that may be sent at once after a pause
     * @param perSecond frames a second, sustained
     */
    record RateLimit(Integer burst, Double perSecond) {

        RateLimit {
            burst = burst == null ? 20 : burst;
            perSecond = perSecond == null ? 10.0 : perSecond;
        }
    }
}
