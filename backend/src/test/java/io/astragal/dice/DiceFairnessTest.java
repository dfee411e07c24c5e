package io.astragal.dice;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Chi-square goodness of fit of the whole path (notation, parser, evaluator, DiceSource.of) against
 * a uniform distribution. The generator is seeded, so the statistic is the same on every run; the
 * threshold is the critical value at p = 0.001, i.e. a fair die fails one seed in a thousand.
 */
class DiceFairnessTest {

    private static final int ROLLS = 60_000;

    @DisplayName("faces of a d6 and a d20 are uniform: chi-square below the p=0.001 critical value")
    @ParameterizedTest(name = "d{0}: chi-square with {1} degrees of freedom below {2}")
    @CsvSource({"6, 5, 20.52", "20, 19, 43.82"})
    void facesAreUniform(int sides, int degreesOfFreedom, double criticalValue) {
        assertThat(degreesOfFreedom).isEqualTo(sides - 1);
        DiceSource source = DiceSource.of(new SplittableRandom(20240611L + sides));
        long[] observed = new long[sides + 1];
        for (int i = 0; i < ROLLS; i++) {
            observed[Dice.roll("1d" + sides, source).total()]++;
        }

        double expected = (double) ROLLS / sides;
        double chiSquare = 0;
        for (int face = 1; face <= sides; face++) {
            chiSquare += (observed[face] - expected) * (observed[face] - expected) / expected;
        }

        assertThat(chiSquare).isLessThan(criticalValue);
    }
}
