package io.astragal.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.security.crypto.password.PasswordEncoder;

/** The benchmark-only hash cost: the default stays BCrypt 10, a lowered cost still checks every stored hash. */
class PasswordHashStrengthTest {

    private final SecurityConfiguration configuration = new SecurityConfiguration();

    @Test
    void theDefaultIsBcryptAtCostTen() {
        assertThat(configuration.passwordEncoder(10).encode("correct horse battery")).startsWith("{bcrypt}$2a$10$");
    }

    @Test
    void aLoweredCostHashesCheaplyAndStillAcceptsHashesOfTheDefaultCost() {
        PasswordEncoder lowered = configuration.passwordEncoder(4);
        String cheap = lowered.encode("correct horse battery");
        assertThat(cheap).startsWith("{bcrypt}$2a$04$");
        String stored = configuration.passwordEncoder(10).encode("correct horse battery");
        assertThat(lowered.matches("correct horse battery", stored)).isTrue();
        assertThat(lowered.matches("wrong horse battery", stored)).isFalse();
        assertThat(configuration.passwordEncoder(10).matches("correct horse battery", cheap)).isTrue();
    }

    @Test
    void aCostOutsideBcryptsRangeIsRefusedAtStartUp() {
        assertThatThrownBy(() -> configuration.passwordEncoder(3)).isInstanceOf(IllegalArgumentException.class);
    }
}
