package io.astragal.account;

import io.astragal.platform.ApiProblem;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Sign-up and credential checks. Knows nothing of HTTP sessions. */
@Service
class AccountService implements AccountDirectory {

    /** bcrypt reads at most 72 bytes of a password; longer ones are refused rather than silently cut. */
    static final int MAX_PASSWORD_BYTES = 72;

    private final UserAccountRepository users;
    private final PasswordEncoder encoder;
    private final LoginThrottle throttle;
    private final Clock clock;
    private final String dummyHash;

    AccountService(UserAccountRepository users, PasswordEncoder encoder, LoginThrottle throttle, Clock clock) {
        this.users = users;
        this.encoder = encoder;
        this.throttle = throttle;
        this.clock = clock;
        this.dummyHash = encoder.encode(UUID.randomUUID().toString());
    }

    @Transactional
    CurrentUser signUp(AuthApi.SignupRequest request) {
        if (request.password().getBytes(StandardCharsets.UTF_8).length > MAX_PASSWORD_BYTES) {
            throw ApiProblem.invalidField("password", "must be at most " + MAX_PASSWORD_BYTES + " bytes in UTF-8");
        }
        if (users.findByUsernameIgnoreCase(request.username()).isPresent()) {
            throw usernameTaken();
        }
        UserAccount account = new UserAccount(UUID.randomUUID(), request.username(), request.displayName(),
                encoder.encode(request.password()), clock.instant());
        try {
            users.saveAndFlush(account);
        } catch (DataIntegrityViolationException raced) {
            throw usernameTaken();
        }
        return principal(account);
    }

    /**
     * The user these credentials belong to. Unknown usernames cost the same hash check as wrong
     * passwords and fail with the same problem, so the answer never tells whether a username exists.
     */
    @Transactional(readOnly = true)
    CurrentUser signIn(AuthApi.SigninRequest request, String clientAddress) {
        Optional<Duration> wait = throttle.retryAfter(request.username(), clientAddress);
        if (wait.isPresent()) {
            long seconds = Math.max(1, (wait.get().toMillis() + 999) / 1000);
            throw ApiProblem.withHeader(HttpStatus.TOO_MANY_REQUESTS, "TOO_MANY_ATTEMPTS",
                    "Too many failed sign-ins. Try again in " + seconds + " seconds.", HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        }
        Optional<UserAccount> account = users.findByUsernameIgnoreCase(request.username());
        boolean usable = request.password().getBytes(StandardCharsets.UTF_8).length <= MAX_PASSWORD_BYTES;
        String candidate = usable ? request.password() : "x";
        boolean matches;
        if (account.isPresent()) {
            matches = encoder.matches(candidate, account.get().passwordHash());
        } else {
            encoder.matches(candidate, dummyHash);
            matches = false;
        }
        if (!matches || !usable) {
            throttle.failed(request.username(), clientAddress);
            throw ApiProblem.of(HttpStatus.UNAUTHORIZED, "BAD_CREDENTIALS", "Wrong username or password.");
        }
        throttle.succeeded(request.username());
        return principal(account.get());
    }

    @Override
    @Transactional(readOnly = true)
    public Map<UUID, String> displayNames(Collection<UUID> userIds) {
        if (userIds.isEmpty()) {
            return Map.of();
        }
        return users.findAllById(userIds).stream().collect(Collectors.toMap(UserAccount::id, UserAccount::displayName));
    }

    private static CurrentUser principal(UserAccount account) {
        return new CurrentUser(account.id(), account.username(), account.displayName());
    }

    private static ApiProblem usernameTaken() {
        return ApiProblem.of(HttpStatus.CONFLICT, "USERNAME_TAKEN", "That username is taken.");
    }
}
