package io.astragal.dice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.astragal.dice.DiceExpression.Arithmetic;
import io.astragal.dice.DiceExpression.Comparison;
import io.astragal.dice.DiceExpression.Condition;
import io.astragal.dice.DiceExpression.Constant;
import io.astragal.dice.DiceExpression.CountFailures;
import io.astragal.dice.DiceExpression.CountSuccesses;
import io.astragal.dice.DiceExpression.DiceTerm;
import io.astragal.dice.DiceExpression.Explode;
import io.astragal.dice.DiceExpression.KeepDrop;
import io.astragal.dice.DiceExpression.KeepRule;
import io.astragal.dice.DiceExpression.Maximum;
import io.astragal.dice.DiceExpression.Minimum;
import io.astragal.dice.DiceExpression.Modifier;
import io.astragal.dice.DiceExpression.Negation;
import io.astragal.dice.DiceExpression.Operator;
import io.astragal.dice.DiceExpression.Reference;
import io.astragal.dice.DiceExpression.Reroll;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DiceParserTest {

    private static List<Modifier> modifiersOf(String notation) {
        return ((DiceTerm) Dice.parse(notation)).modifiers();
    }

    private static Condition condition(Comparison comparison, int value) {
        return new Condition(comparison, value);
    }

    @Nested
    class Terms {

        @Test
        void countAndSides() {
            assertThat(Dice.parse("2d6")).isEqualTo(new DiceTerm(2, 6, List.of(), "2d6", 0));
        }

        @Test
        void missingCountMeansOneDie() {
            assertThat(Dice.parse("d20")).isEqualTo(new DiceTerm(1, 20, List.of(), "d20", 0));
        }

        @Test
        void theDIsCaseInsensitive() {
            assertThat(Dice.parse("3D8")).isEqualTo(new DiceTerm(3, 8, List.of(), "3D8", 0));
        }

        @Test
        void percentIsAHundredSides() {
            assertThat(Dice.parse("d%")).isEqualTo(new DiceTerm(1, 100, List.of(), "d%", 0));
        }

        @Test
        void number() {
            assertThat(Dice.parse("12")).isEqualTo(new Constant(12, 0));
        }

        @Test
        void reference() {
            assertThat(Dice.parse("@STR_mod2")).isEqualTo(new Reference("STR_mod2", 0));
        }

        @Test
        void whitespaceBetweenTokensIsIgnored() {
            assertThat(Dice.parse("  2 d 6  ")).isEqualTo(new DiceTerm(2, 6, List.of(), "2 d 6", 2));
        }
    }

    @Nested
    class Arithmetics {

        @Test
        void multiplicationBindsTighterThanAddition() {
            assertThat(Dice.parse("1+2*3")).isEqualTo(new Arithmetic(Operator.ADD, new Constant(1, 0),
                    new Arithmetic(Operator.MULTIPLY, new Constant(2, 2), new Constant(3, 4), 3), 1));
        }

        @Test
        void parenthesesGroup() {
            assertThat(Dice.parse("(1+2)/3")).isEqualTo(new Arithmetic(Operator.DIVIDE,
                    new Arithmetic(Operator.ADD, new Constant(1, 1), new Constant(2, 3), 2), new Constant(3, 6), 5));
        }

        @Test
        void subtractionIsLeftAssociative() {
            assertThat(Dice.parse("10-4-3")).isEqualTo(new Arithmetic(Operator.SUBTRACT,
                    new Arithmetic(Operator.SUBTRACT, new Constant(10, 0), new Constant(4, 3), 2),
                    new Constant(3, 5), 4));
        }

        @Test
        void unaryMinusAfterAnOperator() {
            assertThat(Dice.parse("1 - -d4")).isEqualTo(new Arithmetic(Operator.SUBTRACT, new Constant(1, 0),
                    new Negation(new DiceTerm(1, 4, List.of(), "d4", 5), 4), 2));
        }

        @Test
        void unaryPlusIsIgnored() {
            assertThat(Dice.parse("+3")).isEqualTo(new Constant(3, 1));
        }

        @Test
        void diceInsideAnExpression() {
            assertThat(Dice.parse("1d20 + @DEX")).isEqualTo(new Arithmetic(Operator.ADD,
                    new DiceTerm(1, 20, List.of(), "1d20", 0), new Reference("DEX", 7), 5));
        }
    }

    @Nested
    class Modifiers {

        @ParameterizedTest
        @CsvSource({
            "4d6kh3, KEEP_HIGHEST, 3", "4d6k3, KEEP_HIGHEST, 3", "4d6 kh 3, KEEP_HIGHEST, 3",
            "2d20kh, KEEP_HIGHEST, 1", "2d20KL1, KEEP_LOWEST, 1", "4d6 kl2, KEEP_LOWEST, 2",
            "4d6dh1, DROP_HIGHEST, 1", "4d6dl1, DROP_LOWEST, 1", "4d6 dl, DROP_LOWEST, 1"})
        void keepAndDrop(String notation, KeepRule rule, int count) {
            assertThat(modifiersOf(notation)).singleElement().satisfies(modifier -> {
                assertThat(modifier).isInstanceOf(KeepDrop.class);
                assertThat(((KeepDrop) modifier).rule()).isEqualTo(rule);
                assertThat(((KeepDrop) modifier).count()).isEqualTo(count);
            });
        }

        @Test
        void keepRemembersItsPosition() {
            assertThat(modifiersOf("4d6 kh3")).containsExactly(new KeepDrop(KeepRule.KEEP_HIGHEST, 3, 4));
        }

        @ParameterizedTest
        @CsvSource({
            "3d6!, EQUAL, 6, false", "3d6!>=5, GREATER_OR_EQUAL, 5, false", "3d6!>4, GREATER, 4, false",
            "3d6!<=2, LESS_OR_EQUAL, 2, false", "3d6!<2, LESS, 2, false", "3d6!=5, EQUAL, 5, false",
            "3d6!5, EQUAL, 5, false", "3d6!!, EQUAL, 6, true", "3d6!!>=5, GREATER_OR_EQUAL, 5, true",
            "3d6 !! >= 5, GREATER_OR_EQUAL, 5, true"})
        void explode(String notation, Comparison comparison, int value, boolean compound) {
            assertThat(modifiersOf(notation)).singleElement().satisfies(modifier -> {
                assertThat(modifier).isInstanceOf(Explode.class);
                assertThat(((Explode) modifier).condition()).isEqualTo(condition(comparison, value));
                assertThat(((Explode) modifier).compound()).isEqualTo(compound);
            });
        }

        @ParameterizedTest
        @CsvSource({
            "2d6r<3, LESS, 3, false", "2d6r<=2, LESS_OR_EQUAL, 2, false", "2d6r=1, EQUAL, 1, false",
            "2d6r1, EQUAL, 1, false", "2d6r, EQUAL, 1, false", "2d6R>5, GREATER, 5, false",
            "2d6r>=6, GREATER_OR_EQUAL, 6, false",
            "2d6ro<3, LESS, 3, true", "2d6ro, EQUAL, 1, true", "2d6ro=2, EQUAL, 2, true"})
        void reroll(String notation, Comparison comparison, int value, boolean once) {
            assertThat(modifiersOf(notation)).singleElement().satisfies(modifier -> {
                assertThat(modifier).isInstanceOf(Reroll.class);
                assertThat(((Reroll) modifier).condition()).isEqualTo(condition(comparison, value));
                assertThat(((Reroll) modifier).once()).isEqualTo(once);
            });
        }

        @Test
        void countSuccessesAndFailures() {
            assertThat(modifiersOf("5d10cs>=8 cf<=1")).containsExactly(
                    new CountSuccesses(condition(Comparison.GREATER_OR_EQUAL, 8), 4),
                    new CountFailures(condition(Comparison.LESS_OR_EQUAL, 1), 10));
        }

        @Test
        void countWithABareNumberMeansEqual() {
            assertThat(modifiersOf("5d6cs6")).containsExactly(new CountSuccesses(condition(Comparison.EQUAL, 6), 3));
        }

        @Test
        void minAndMax() {
            assertThat(modifiersOf("4d6min2 MAX 5")).containsExactly(new Minimum(2, 3), new Maximum(5, 8));
        }

        @Test
        void modifiersCombineAndKeepTheirWrittenOrder() {
            assertThat(modifiersOf("4d6r1!kh3")).containsExactly(
                    new Reroll(condition(Comparison.EQUAL, 1), false, 3),
                    new Explode(condition(Comparison.EQUAL, 6), false, 5),
                    new KeepDrop(KeepRule.KEEP_HIGHEST, 3, 6));
        }

        @Test
        void theTermRemembersItsText() {
            assertThat(((DiceTerm) Dice.parse("4d6 kh3")).notation()).isEqualTo("4d6 kh3");
        }
    }

    @Nested
    class Errors {

        private static DiceException failure(String notation) {
            return catchThrowableOfType(DiceException.class, () -> Dice.parse(notation));
        }

        @ParameterizedTest(name = "\"{0}\" fails at {1}: {2}")
        @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "\"\"| 0| unexpected end of input at position 0: expected a number, a dice term like 'd6', '@' or '('",
            "1d6+x| 4| unexpected 'x' at position 4: expected a number, a dice term like 'd6', '@' or '('",
            "1d| 2| unexpected end of input at position 2: expected the number of sides after 'd', like 'd6'",
            "1dx| 2| unexpected 'x' at position 2: expected the number of sides after 'd', like 'd6'",
            "(1+2| 4| unexpected end of input at position 4: expected ')' to close the '(' at position 0",
            "1d6)| 3| unexpected ')' at position 3: expected an operator (+ - * /) or the end of the expression",
            "2d6 d6| 4| unexpected 'd' at position 4: expected an operator (+ - * /) or the end of the expression",
            "1d6c| 3| unexpected 'c' at position 3: expected an operator (+ - * /) or the end of the expression",
            "1+@| 3| unexpected end of input at position 3: expected a label after '@', like '@STR'",
            "1d6cs| 5| unexpected end of input at position 5: expected a comparison like '>=5' or '=1'",
            "1d6cs>| 6| unexpected end of input at position 6: expected the number to compare faces with",
            "1d6!>x| 5| unexpected 'x' at position 5: expected the number to compare faces with",
            "1d6 min| 7| unexpected end of input at position 7: expected the lowest value a die may count as, like 'min 2'",
            "1d6 max x| 8| unexpected 'x' at position 8: expected the highest value a die may count as, like 'max 5'",
            "99999999999| 0| number too large at position 0: at most 2147483647",
            "1d99999999999| 2| number of sides too large at position 2: at most 2147483647",
            "0d6| 0| no dice at position 0: a dice term rolls at least one die",
            "1d0| 2| a die needs at least one side at position 2",
            "1001d6| 0| too many dice at position 0: at most 1000 may be rolled",
            "1d10001| 2| too many sides at position 2: a die has at most 10000 sides",
            "4d6kh5| 3| cannot keep 5 of 4 dice at position 3",
            "4d6dl5| 3| cannot drop 5 of 4 dice at position 3",
            "1d6!>=1| 3| endless explosion at position 3: every face of a d6 meets '>=1', so the dice would never stop exploding",
            "1d1!| 3| endless explosion at position 3: every face of a d1 meets '=1', so the dice would never stop exploding",
            "1d6r<=6| 3| endless reroll at position 3: every face of a d6 meets '<=6', so the dice would never stop being rerolled",
            "1d6kh1kl1| 6| repeated modifier at position 6: a dice term takes each kind of modifier once",
            "1d6!!!| 5| repeated modifier at position 5: a dice term takes each kind of modifier once",
            "1d6min7| 3| min out of range at position 3: it must be between 1 and 6",
            "1d6max0| 3| max out of range at position 3: it must be between 1 and 6",
            "1d6min5max3| 7| min above max at position 7: no face could satisfy both"})
        void reportsWhatAndWhere(String notation, int position, String message) {
            DiceException failure = failure(notation);

            assertThat(failure).hasMessage(message);
            assertThat(failure.position()).isEqualTo(position);
        }

        @Test
        void rerollOnceMayCoverEveryFace() {
            assertThat(modifiersOf("1d6ro<=6")).hasSize(1);
        }

        @Test
        void nullNotationIsADiceException() {
            assertThat(failure(null).position()).isZero();
        }

        @Test
        void tooLongIsRejectedAtTheFirstCharacterPastTheLimit() {
            DiceException failure = failure("1+".repeat(128) + "1");

            assertThat(failure).hasMessage("expression too long at position 256: at most 256 characters are allowed, got 257");
            assertThat(failure.position()).isEqualTo(256);
        }

        @Test
        void longestAllowedExpressionParses() {
            assertThat(Dice.parse("1+".repeat(127) + "10")).isInstanceOf(Arithmetic.class);
        }

        @Test
        void deepParenthesesAreRejected() {
            DiceException failure = failure("(".repeat(100) + "1" + ")".repeat(100));

            assertThat(failure).hasMessage("expression nested too deeply at position 50: at most 50 levels of "
                    + "parentheses and signs");
            assertThat(failure.position()).isEqualTo(50);
        }

        @Test
        void longChainsOfSignsAreRejected() {
            assertThat(failure("-".repeat(60) + "1")).hasMessageStartingWith("expression nested too deeply");
        }

        @Test
        void nestingUpToTheLimitParses() {
            assertThat(Dice.parse("(".repeat(49) + "1" + ")".repeat(49))).isEqualTo(new Constant(1, 49));
        }
    }
}
