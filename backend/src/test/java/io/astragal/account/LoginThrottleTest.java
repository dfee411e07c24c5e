package io.astragal.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

    /** A clock the test moves by hand. */
    static final class HandClock extends Clock {

        private Instant now = Instant.parse("2026-03-01T10:00:00Z");

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    private final HandClock clock = new HandClock();
    private final LoginThrottle throttle = new LoginThrottle(clock, new AuthProperties(5, 20, Duration.ofMinutes(5)));

    @Test
    void fourFailuresAreForgivenTheFifthLocksTheUsernameUntilTheFirstLeavesTheWindow() {
        for (int i = 0; i < 4; i++) {
            throttle.failed("Alda", "10.0.0." + i);
            clock.advance(Duration.ofSeconds(10));
        }
        assertThat(throttle.retryAfter("alda", "10.0.0.9")).isEmpty();
        throttle.failed("alda", "10.0.0.5");
        assertThat(throttle.retryAfter("ALDA", "10.0.0.9")).contains(Duration.ofSeconds(300 - 40));
        clock.advance(Duration.ofSeconds(260));
        assertThat(throttle.retryAfter("alda", "10.0.0.9")).isEmpty();
    }

    @Test
    void aSuccessfulSignInClearsTheUsernameButNotTheAddress() {
        for (int i = 0; i < 20; i++) {
            throttle.failed(i < 5 ? "bran" : "other" + i, "192.0.2.1");
        }
        throttle.succeeded("bran");
        assertThat(throttle.retryAfter("bran", "192.0.2.2")).isEmpty();
        assertThat(throttle.retryAfter("bran", "192.0.2.1")).isPresent();
        clock.advance(Duration.ofMinutes(5));
        assertThat(throttle.retryAfter("bran", "192.0.2.1")).isEmpty();
    }
}
