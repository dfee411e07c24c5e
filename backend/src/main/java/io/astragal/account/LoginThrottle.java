package io.astragal.account;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Counts failed sign-ins per username and per client address in a sliding window, in memory. Once
 * either reaches its limit, sign-ins for it are refused until the oldest failure leaves the window.
 */
@Component
class LoginThrottle {

    private static final int MAX_TRACKED_KEYS = 100_000;

    private final Clock clock;
    private final AuthProperties properties;
    private final Map<String, Deque<Instant>> failures = new ConcurrentHashMap<>();

    LoginThrottle(Clock clock, AuthProperties properties) {
        this.clock = clock;
        this.properties = properties;
    }

    /** How long the caller must wait before trying again, or empty if they may try now. */
    Optional<Duration> retryAfter(String username, String address) {
        Instant now = clock.instant();
        Optional<Duration> byName = wait(userKey(username), properties.maxFailuresPerUsername(), now);
        Optional<Duration> byAddress = wait(addressKey(address), properties.maxFailuresPerAddress(), now);
        if (byName.isPresent() && byAddress.isPresent()) {
            return Optional.of(byName.get().compareTo(byAddress.get()) >= 0 ? byName.get() : byAddress.get());
        }
        return byName.isPresent() ? byName : byAddress;
    }

    void failed(String username, String address) {
        Instant now = clock.instant();
        if (failures.size() > MAX_TRACKED_KEYS) {
            failures.entrySet().removeIf(e -> {
                synchronized (e.getValue()) {
                    prune(e.getValue(), now);
                    return e.getValue().isEmpty();
                }
            });
        }
        record(userKey(username), now);
        record(addressKey(address), now);
    }

    void succeeded(String username) {
        failures.remove(userKey(username));
    }

    private void record(String key, Instant now) {
        Deque<Instant> times = failures.computeIfAbsent(key, k -> new ArrayDeque<>());
        synchronized (times) {
            prune(times, now);
            times.addLast(now);
        }
    }

    private Optional<Duration> wait(String key, int limit, Instant now) {
        Deque<Instant> times = failures.get(key);
        if (times == null) {
            return Optional.empty();
        }
        synchronized (times) {
            prune(times, now);
            if (times.size() < limit) {
                return Optional.empty();
            }
            Instant oldestCounted = times.stream().skip(times.size() - limit).findFirst().orElseThrow();
            Duration wait = Duration.between(now, oldestCounted.plus(properties.window()));
            return Optional.of(wait.isNegative() || wait.isZero() ? Duration.ofSeconds(1) : wait);
        }
    }

    private void prune(Deque<Instant> times, Instant now) {
        Instant horizon = now.minus(properties.window());
        while (!times.isEmpty() && !times.peekFirst().isAfter(horizon)) {
            times.removeFirst();
        }
    }

    private static String userKey(String username) {
        return "user:" + username.toLowerCase(Locale.ROOT);
    }

    private static String addressKey(String address) {
        return "addr:" + address;
    }
}
