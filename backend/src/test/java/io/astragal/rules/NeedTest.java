package io.astragal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Needs are equal by value, as records are, though they compare and hash by hand. */
class NeedTest {

    @Test
    void needsOfTheSameFieldsAreEqualAndHashAlike() {
        Need a = Need.choice("side", "Side", List.of("left", "right"));
        Need b = Need.choice("side", "Side", List.of("left", "right"));
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(Need.of("target")).isEqualTo(Need.of("target"));
    }

    @Test
    void needsDifferingInAnyFieldAreNotEqual() {
        Need side = Need.choice("side", "Side", List.of("left", "right"));
        assertThat(side).isNotEqualTo(Need.choice("side", "Side", List.of("left")))
                .isNotEqualTo(Need.choice("sides", "Side", List.of("left", "right")))
                .isNotEqualTo(Need.choice("side", "Which side", List.of("left", "right")))
                .isNotEqualTo(new Need("side", "Side", Need.Kind.CHOICES, List.of("left", "right")))
                .isNotEqualTo(null)
                .isNotEqualTo("side");
    }
}
