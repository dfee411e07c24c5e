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
 */
@ConfigurationProperties("astragal.realtime")
record RealtimeProperties(List<String> allowedOrigins, Long heartbeatMillis, Integer messageSizeLimit,
                          Integer sendTimeLimitMillis, Integer sendBufferSizeLimit) {

    RealtimeProperties {
        allowedOrigins = allowedOrigins == null ? List.of() : List.copyOf(allowedOrigins);
        heartbeatMillis = heartbeatMillis == null ? 10_000L : heartbeatMillis;
        messageSizeLimit = messageSizeLimit == null ? 16 * 1024 : messageSizeLimit;
        sendTimeLimitMillis = sendTimeLimitMillis == null ? 10_000 : sendTimeLimitMillis;
        sendBufferSizeLimit = sendBufferSizeLimit == null ? 512 * 1024 : sendBufferSizeLimit;
    }
}
