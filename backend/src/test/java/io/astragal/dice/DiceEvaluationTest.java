package io.astragal.dice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class DiceEvaluationTest {

    private static RollResult roll(String notation, int... faces) {
        return Dice.roll(notation, DiceSource.scripted(faces));
    }

    private static Die kept(int sides, int face) {
        return Die.kept(sides, face);
    }

    private static Die dropped(int sides, int face) {
        return Die.kept(sides, face).dropped();
    }

    private static Die exploded(int sides, int face) {
        return new Die(sides, face, true, true, false);
    }

    private static Die rerolled(int sides, int face) {
        return new Die(sides, face, false, false, true);
    }

    /** A source that fails the test if any die is rolled. */
    private static final DiceSource NO_DICE = sides -> {
        throw new AssertionError("no die should have been rolled");
    };

    @Nested
    class Arithmetic {

        @Test
        void diceAndConstantsAdd() {
            assertThat(roll("2d6+3", 4, 5)).isEqualTo(new RollResult("2d6+3", 12, List.of(kept(6, 4), kept(6, 5))));
        }

        @Test
        void aSingleDieWithoutCount() {
            assertThat(roll("d20", 17)).isEqualTo(new RollResult("d20", 17, List.of(kept(20, 17))));
        }

        @Test
        void percentileDie() {
            assertThat(roll("d%", 73).dice()).containsExactly(kept(100, 73));
        }

        @Test
        void theNotationIsKeptWithoutSurroundingWhitespace() {
            assertThat(roll("  1d4 ", 2).notation()).isEqualTo("1d4");
        }

        @Test
        void precedenceAndParentheses() {
            assertThat(roll("(2d6 + 1) * 2 - d4", 3, 4, 3).total()).isEqualTo(13);
        }

        @Test
        void divisionRoundsTowardZero() {
            assertThat(roll("10/3").total()).isEqualTo(3);
            assertThat(roll("-10/3").total()).isEqualTo(-3);
            assertThat(roll("(1d6-7)/2", 2).total()).isEqualTo(-2);
        }

        @Test
        void unaryMinusNegatesDice() {
            assertThat(roll("-2d4", 1, 3).total()).isEqualTo(-4);
            assertThat(roll("3 - -1").total()).isEqualTo(4);
        }

        @Test
        void divisionByZeroPointsAtTheSlash() {
            DiceException failure = catchThrowableOfType(DiceException.class, () -> roll("7 / (1d6-3)", 3));

            assertThat(failure).hasMessage("division by zero at position 2");
            assertThat(failure.position()).isEqualTo(2);
        }

        @Test
        void overflowIsAnError() {
            DiceException failure = catchThrowableOfType(DiceException.class, () -> roll("2147483647 + 1"));

            assertThat(failure).hasMessage("result out of range at position 11: values must stay between "
                    + "-2147483648 and 2147483647");
        }

        @Test
        void multiplicationOverflowIsAnError() {
            assertThat(catchThrowableOfType(DiceException.class, () -> roll("65536*65536")))
                    .hasMessageStartingWith("result out of range at position 5");
        }
    }

    @Nested
    class References {

        @Test
        void labelsAreLookedUp() {
            RollResult result = Dice.roll("1d20 + @STR - @dex", Map.of("STR", 3, "dex", 1), DiceSource.scripted(12));

            assertThat(result.total()).isEqualTo(14);
        }

        @Test
        void labelsMatchIgnoringCase() {
            assertThat(Dice.roll("@str * 2", Map.of("STR", 4), NO_DICE).total()).isEqualTo(8);
        }

        @Test
        void anUnknownLabelIsNamed() {
            DiceException failure = catchThrowableOfType(DiceException.class,
                    () -> Dice.roll("1d20+@WIS", Map.of("STR", 3), NO_DICE));

            assertThat(failure).hasMessage("unknown reference '@WIS' at position 5: no value is known by that name");
            assertThat(failure.position()).isEqualTo(5);
        }

        @Test
        void withoutRefsEveryLabelIsUnknown() {
            assertThat(catchThrowableOfType(DiceException.class, () -> Dice.roll("@STR", NO_DICE)))
                    .hasMessageContaining("'@STR'");
        }
    }

    @Nested
    class KeepAndDrop {

        @Test
        void keepHighest() {
            assertThat(roll("4d6kh3", 3, 6, 1, 5)).isEqualTo(new RollResult("4d6kh3", 14,
                    List.of(kept(6, 3), kept(6, 6), dropped(6, 1), kept(6, 5))));
        }

        @Test
        void kIsKeepHighest() {
            assertThat(roll("4d6 k3", 3, 6, 1, 5).total()).isEqualTo(14);
        }

        @Test
        void keepLowest() {
            assertThat(roll("4d6 kl1", 3, 6, 1, 5).dice())
                    .containsExactly(dropped(6, 3), dropped(6, 6), kept(6, 1), dropped(6, 5));
            assertThat(roll("4d6 kl1", 3, 6, 1, 5).total()).isEqualTo(1);
        }

        @Test
        void dropHighest() {
            RollResult result = roll("4d6dh1", 3, 6, 1, 5);

            assertThat(result.total()).isEqualTo(9);
            assertThat(result.dice()).containsExactly(kept(6, 3), dropped(6, 6), kept(6, 1), kept(6, 5));
        }

        @Test
        void dropLowest() {
            RollResult result = roll("4d6dl1", 3, 6, 1, 5);

            assertThat(result.total()).isEqualTo(14);
            assertThat(result.dice()).containsExactly(kept(6, 3), kept(6, 6), dropped(6, 1), kept(6, 5));
        }

        @Test
        void advantageWithoutCountKeepsOne() {
            assertThat(roll("2d20kh", 8, 15).dice()).containsExactly(dropped(20, 8), kept(20, 15));
        }

        @Test
        void amongEqualFacesTheEarlierDieIsKept() {
            assertThat(roll("2d20kh1", 7, 7).dice()).containsExactly(kept(20, 7), dropped(20, 7));
            assertThat(roll("2d20kl1", 7, 7).dice()).containsExactly(kept(20, 7), dropped(20, 7));
        }

        @Test
        void droppingEveryDieLeavesZero() {
            assertThat(roll("2d6dl2", 4, 5).total()).isZero();
        }
    }

    @Nested
    class Explode {

        @Test
        void maxFaceAddsAnotherDie() {
            RollResult result = roll("3d6!", 6, 4, 2, 6, 6, 1);

            assertThat(result.total()).isEqualTo(25);
            assertThat(result.dice()).containsExactly(
                    exploded(6, 6), kept(6, 4), kept(6, 2), exploded(6, 6), exploded(6, 6), kept(6, 1));
        }

        @Test
        void explodeOnAtLeast() {
            assertThat(roll("2d10!>=9", 9, 3, 10, 10, 1).dice()).containsExactly(
                    exploded(10, 9), kept(10, 3), exploded(10, 10), exploded(10, 10), kept(10, 1));
        }

        @Test
        void explodeOnGreater() {
            assertThat(roll("1d10!>8", 8).total()).isEqualTo(8);
            assertThat(roll("1d10!>8", 9, 2).total()).isEqualTo(11);
        }

        @Test
        void explodeOnLowFaces() {
            assertThat(roll("1d6!<=2", 2, 1, 5).dice()).containsExactly(exploded(6, 2), exploded(6, 1), kept(6, 5));
            assertThat(roll("1d6!<2", 2).total()).isEqualTo(2);
        }

        @Test
        void explodeOnExactly() {
            assertThat(roll("1d6!=5", 5, 6).dice()).containsExactly(exploded(6, 5), kept(6, 6));
            assertThat(roll("1d6!5", 6).total()).isEqualTo(6);
        }

        @Test
        void extraDiceAreSeparateDiceForKeepAndDrop() {
            RollResult result = roll("2d6!kh1", 6, 5, 3);

            assertThat(result.dice()).containsExactly(exploded(6, 6), dropped(6, 5), dropped(6, 3));
            assertThat(result.total()).isEqualTo(6);
        }

        @Test
        void compoundAddsToTheSameDie() {
            RollResult result = roll("2d6!!kh1", 6, 6, 3, 5);

            assertThat(result.dice()).containsExactly(exploded(6, 6), exploded(6, 6), kept(6, 3), dropped(6, 5));
            assertThat(result.total()).isEqualTo(15);
        }

        @Test
        void compoundWithCondition() {
            assertThat(roll("1d6!!>=5", 5, 6, 2).total()).isEqualTo(13);
        }
    }

    @Nested
    class Reroll {

        @Test
        void rerollUntilTheConditionNoLongerHolds() {
            RollResult result = roll("2d6r<3", 1, 2, 5, 4);

            assertThat(result.total()).isEqualTo(9);
            assertThat(result.dice()).containsExactly(rerolled(6, 1), rerolled(6, 2), kept(6, 5), kept(6, 4));
        }

        @Test
        void rerollAtMost() {
            assertThat(roll("1d6r<=2", 2, 1, 3).dice()).containsExactly(rerolled(6, 2), rerolled(6, 1), kept(6, 3));
        }

        @Test
        void rerollEqualWithAndWithoutSign() {
            assertThat(roll("1d6r=1", 1, 1, 3).total()).isEqualTo(3);
            assertThat(roll("1d6r1", 1, 2).dice()).containsExactly(rerolled(6, 1), kept(6, 2));
            assertThat(roll("1d6r", 1, 2).total()).isEqualTo(2);
        }

        @Test
        void rerollOnceKeepsTheSecondFaceWhateverItIs() {
            RollResult result = roll("2d6ro<3", 1, 2, 6);

            assertThat(result.dice()).containsExactly(rerolled(6, 1), kept(6, 2), kept(6, 6));
            assertThat(result.total()).isEqualTo(8);
        }

        @Test
        void explosionDiceAreRerolledToo() {
            assertThat(roll("1d6r1!", 6, 1, 4).dice()).containsExactly(exploded(6, 6), rerolled(6, 1), kept(6, 4));
        }

        @Test
        void rerolledDiceDoNotCountForKeepHighest() {
            RollResult result = roll("2d6r1kh1", 1, 2, 3);

            assertThat(result.dice()).containsExactly(rerolled(6, 1), dropped(6, 2), kept(6, 3));
        }
    }

    @Nested
    class Counting {

        @Test
        void successesCountDiceMeetingTheCondition() {
            RollResult result = roll("5d10cs>=8", 8, 3, 10, 7, 8);

            assertThat(result.total()).isEqualTo(3);
            assertThat(result.dice()).allMatch(Die::kept);
        }

        @Test
        void failuresSubtractFromSuccesses() {
            assertThat(roll("5d10cs>=8cf<=1", 8, 1, 10, 1, 5).total()).isZero();
            assertThat(roll("5d10cs>=8 cf=1", 8, 1, 10, 9, 5).total()).isEqualTo(2);
        }

        @Test
        void failuresAloneAreCounted() {
            assertThat(roll("5d10cf<=1", 1, 1, 5, 6, 7).total()).isEqualTo(2);
        }

        @Test
        void onlyKeptDiceCount() {
            assertThat(roll("4d10kh2cs>=8", 9, 2, 8, 8).total()).isEqualTo(2);
            assertThat(roll("4d10kl2cs>=8", 9, 2, 8, 3).total()).isZero();
        }

        @Test
        void aCompoundedDieCountsOnceWithItsSum() {
            assertThat(roll("2d6!!cs>=8", 6, 3, 5).total()).isEqualTo(1);
        }

        @Test
        void successesCanBeAddedToArithmetic() {
            assertThat(roll("3d6cs6 + 1", 6, 6, 2).total()).isEqualTo(3);
        }

        @Test
        void detailedRollFlagsSuccessesAndFailures() {
            DetailedRoll roll = Dice.rollDetailed("3d10cs>=8cf1", Map.of(), DiceSource.scripted(9, 1, 5));

            assertThat(roll.groups()).singleElement().satisfies(group -> {
                assertThat(group.notation()).isEqualTo("3d10cs>=8cf1");
                assertThat(group.value()).isZero();
                assertThat(group.dice()).extracting(DieDetail::success).containsExactly(true, false, false);
                assertThat(group.dice()).extracting(DieDetail::failure).containsExactly(false, true, false);
            });
        }
    }

    @Nested
    class Clamp {

        @Test
        void minRaisesLowFaces() {
            DetailedRoll roll = Dice.rollDetailed("4d6min3", Map.of(), DiceSource.scripted(1, 2, 5, 6));

            assertThat(roll.result().total()).isEqualTo(17);
            assertThat(roll.result().dice()).containsExactly(kept(6, 3), kept(6, 3), kept(6, 5), kept(6, 6));
            assertThat(roll.groups().getFirst().dice()).extracting(DieDetail::rolled).containsExactly(1, 2, 5, 6);
        }

        @Test
        void maxLowersHighFaces() {
            assertThat(roll("2d6max4", 6, 2).total()).isEqualTo(6);
        }

        @Test
        void explosionLooksAtTheFaceBeforeMaxClamps() {
            assertThat(roll("1d6!max4", 6, 2).dice()).containsExactly(exploded(6, 4), kept(6, 2));
        }

        @Test
        void keepLooksAtTheClampedFace() {
            assertThat(roll("2d6min4kh1", 1, 3).dice()).containsExactly(kept(6, 4), dropped(6, 4));
        }
    }

    @Nested
    class OrderOfModifiers {

        @Test
        void rerollThenExplodeThenKeep() {
            RollResult result = roll("4d6r1!kh3", 1, 6, 3, 2, 5, 4);

            assertThat(result.dice()).containsExactly(rerolled(6, 1), exploded(6, 6), dropped(6, 3), dropped(6, 2),
                    kept(6, 5), kept(6, 4));
            assertThat(result.total()).isEqualTo(15);
        }

        @Test
        void writtenOrderDoesNotMatter() {
            assertThat(roll("4d6kh3!r1", 1, 6, 3, 2, 5, 4)).usingRecursiveComparison().ignoringFields("notation")
                    .isEqualTo(roll("4d6r1!kh3", 1, 6, 3, 2, 5, 4));
        }

        @Test
        void groupsFollowTheTerms() {
            DetailedRoll roll = Dice.rollDetailed("1d20 + 2d6 + @STR", Map.of("STR", 2), DiceSource.scripted(11, 3, 4));

            assertThat(roll.groups()).extracting(DiceGroup::notation).containsExactly("1d20", "2d6");
            assertThat(roll.groups()).extracting(DiceGroup::position).containsExactly(0, 7);
            assertThat(roll.groups()).extracting(DiceGroup::value).containsExactly(11, 7);
            assertThat(roll.result().total()).isEqualTo(20);
        }
    }

    @Nested
    class Limits {

        @Test
        void writtenDiceBeyondTheLimitFailBeforeAnyDieIsRolled() {
            DiceException failure = catchThrowableOfType(DiceException.class,
                    () -> Dice.roll("600d6 + 600d6", NO_DICE));

            assertThat(failure).hasMessage("too many dice at position 8: at most 1000 may be rolled");
        }

        @Test
        void explosionsCountTowardTheDiceLimit() {
            AtomicInteger rolls = new AtomicInteger();
            DiceSource ninetyNineSixesThenAOne = sides -> rolls.incrementAndGet() % 100 == 0 ? 1 : 6;

            DiceException failure = catchThrowableOfType(DiceException.class,
                    () -> Dice.roll("11d6!", ninetyNineSixesThenAOne));

            assertThat(failure).hasMessage("too many dice at position 0: at most 1000 may be rolled");
            assertThat(rolls).hasValue(1000);
        }

        @Test
        void aDieExplodesAtMostAHundredTimes() {
            DiceException failure = catchThrowableOfType(DiceException.class, () -> Dice.roll("1d6!", sides -> sides));

            assertThat(failure).hasMessage("too many explosions at position 3: a die may explode at most 100 times");
            assertThat(failure.position()).isEqualTo(3);
        }

        @Test
        void aDieIsRerolledAtMostAHundredTimes() {
            DiceException failure = catchThrowableOfType(DiceException.class, () -> Dice.roll("1d6r<6", sides -> 1));

            assertThat(failure).hasMessage("too many rerolls at position 3: a die may be rerolled at most 100 times");
        }

        @Test
        void aHundredExplosionsAreAllowed() {
            AtomicInteger rolls = new AtomicInteger();
            DiceSource hundredSixesThenATwo = sides -> rolls.incrementAndGet() <= 100 ? 6 : 2;

            assertThat(Dice.roll("1d6!", hundredSixesThenATwo).total()).isEqualTo(602);
        }
    }
}
