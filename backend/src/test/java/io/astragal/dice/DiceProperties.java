package io.astragal.dice;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;

class DiceProperties {

    private static DiceSource seeded(long seed) {
        return DiceSource.of(new SplittableRandom(seed));
    }

    private static List<Integer> faces(List<Die> dice, boolean kept) {
        return dice.stream().filter(die -> die.kept() == kept).map(Die::face).toList();
    }

    @Property
    void totalOfNdSIsBetweenNAndNTimesS(@ForAll @IntRange(min = 1, max = 1000) int n,
            @ForAll @IntRange(min = 1, max = 10_000) int s, @ForAll long seed) {
        RollResult result = Dice.roll(n + "d" + s, seeded(seed));

        assertThat(result.total()).isBetween(n, n * s);
        assertThat(result.dice()).hasSize(n).allSatisfy(die -> {
            assertThat(die.face()).isBetween(1, s);
            assertThat(die.kept()).isTrue();
        });
        assertThat(result.total()).isEqualTo(result.dice().stream().mapToInt(Die::face).sum());
    }

    @Property
    void keepHighestKeepsExactlyTheHighestDice(@ForAll @IntRange(min = 1, max = 60) int n,
            @ForAll @IntRange(min = 0, max = 60) int wanted, @ForAll @IntRange(min = 1, max = 20) int s,
            @ForAll long seed) {
        int k = wanted % (n + 1);
        RollResult result = Dice.roll(n + "d" + s + "kh" + k, seeded(seed));

        List<Integer> kept = faces(result.dice(), true);
        List<Integer> dropped = faces(result.dice(), false);
        assertThat(kept).hasSize(k);
        assertThat(dropped).hasSize(n - k);
        if (!kept.isEmpty() && !dropped.isEmpty()) {
            assertThat(kept.stream().mapToInt(Integer::intValue).min().orElseThrow())
                    .isGreaterThanOrEqualTo(dropped.stream().mapToInt(Integer::intValue).max().orElseThrow());
        }
        assertThat(result.total()).isEqualTo(kept.stream().mapToInt(Integer::intValue).sum());
    }

    @Property
    void keepLowestKeepsExactlyTheLowestDice(@ForAll @IntRange(min = 1, max = 60) int n,
            @ForAll @IntRange(min = 0, max = 60) int wanted, @ForAll @IntRange(min = 1, max = 20) int s,
            @ForAll long seed) {
        int k = wanted % (n + 1);
        RollResult result = Dice.roll(n + "d" + s + "kl" + k, seeded(seed));

        List<Integer> kept = faces(result.dice(), true);
        List<Integer> dropped = faces(result.dice(), false);
        assertThat(kept).hasSize(k);
        assertThat(dropped).hasSize(n - k);
        if (!kept.isEmpty() && !dropped.isEmpty()) {
            assertThat(kept.stream().mapToInt(Integer::intValue).max().orElseThrow())
                    .isLessThanOrEqualTo(dropped.stream().mapToInt(Integer::intValue).min().orElseThrow());
        }
        assertThat(result.total()).isEqualTo(kept.stream().mapToInt(Integer::intValue).sum());
    }

    @Property
    void dropHighestAndDropLowestDropExactlyTheRightCount(@ForAll @IntRange(min = 1, max = 60) int n,
            @ForAll @IntRange(min = 0, max = 60) int wanted, @ForAll @IntRange(min = 1, max = 20) int s,
            @ForAll long seed) {
        int d = wanted % (n + 1);
        RollResult dropHighest = Dice.roll(n + "d" + s + "dh" + d, seeded(seed));
        RollResult dropLowest = Dice.roll(n + "d" + s + "dl" + d, seeded(seed));

        assertThat(faces(dropHighest.dice(), false)).hasSize(d);
        assertThat(faces(dropLowest.dice(), false)).hasSize(d);
        // The same seed rolls the same faces: dropping the d highest leaves the n-d lowest.
        assertThat(dropHighest.total()).isEqualTo(Dice.roll(n + "d" + s + "kl" + (n - d), seeded(seed)).total());
        assertThat(dropLowest.total()).isEqualTo(Dice.roll(n + "d" + s + "kh" + (n - d), seeded(seed)).total());
    }

    @Property
    void explodingDiceNeverTotalLessThanTheirCount(@ForAll @IntRange(min = 1, max = 50) int n,
            @ForAll @IntRange(min = 2, max = 12) int s, @ForAll long seed) {
        RollResult result = Dice.roll(n + "d" + s + "!", seeded(seed));

        long explosions = result.dice().stream().filter(Die::exploded).count();
        assertThat(result.dice()).hasSize(n + (int) explosions);
        assertThat(result.dice()).filteredOn(Die::exploded).allMatch(die -> die.face() == s);
        assertThat(result.total()).isBetween(n, n * s + (int) explosions * s);
    }

    @Property(tries = 3000)
    void garbageFromTheDiceAlphabetOnlyEverThrowsDiceException(
            @ForAll @StringLength(max = 40) @Chars({'d', 'D', 'k', 'h', 'l', 'r', 'o', 'c', 's', 'f', 'm', 'i', 'n',
                'a', 'x', '!', '<', '>', '=', '+', '-', '*', '/', '(', ')', '@', '%', ' ', '0', '1', '2', '6', '9'})
            String notation, @ForAll long seed) {
        rollOrDiceException(notation, seed);
    }

    @Property
    void anyStringOnlyEverThrowsDiceException(@ForAll @StringLength(max = 300) String notation, @ForAll long seed) {
        rollOrDiceException(notation, seed);
    }

    private static void rollOrDiceException(String notation, long seed) {
        try {
            RollResult result = Dice.roll(notation, Map.of("STR", 2), seeded(seed));
            assertThat(result.dice()).hasSizeLessThanOrEqualTo(Dice.MAX_DICE);
        } catch (DiceException expected) {
            assertThat(expected.getMessage()).isNotBlank();
            assertThat(expected.position()).isBetween(0, Math.max(notation.length(), 0));
        }
    }
}
