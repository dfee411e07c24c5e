package io.astragal.account;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Throttling of failed sign-ins.
 *
 * @param maxFailuresPerUsername failures of one username within {@code window} before it is refused for a while
 * @param maxFailuresPerAddress  failures from one client address within {@code window} before it is refused
 * @param window                 how long a failure counts
 */
@ConfigurationProperties("astragal.auth.throttle")
record AuthProperties(Integer maxFailuresPerUsername, Integer maxFailuresPerAddress, Duration window) {

    AuthProperties {
        if (maxFailuresPerUsername == null) {
            maxFailuresPerUsername = 5;
        }
        if (maxFailuresPerAddress == null) {
            maxFailuresPerAddress = 20;
        }
        if (window == null) {
            window = Duration.ofMinutes(5);
        }
    }
}
