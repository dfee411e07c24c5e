package io.astragal.dice;

import java.util.List;

/**
 * The parsed form of a dice notation such as {@code 4d6kh3 + @STR}. Every node remembers the
 * 0-based position in the notation where it starts, so evaluation errors can point at it.
 */
public sealed interface DiceExpression {

    /** Where in the notation this node starts (0-based). */
    int position();

    /** A whole number written in the notation. */
    record Constant(int value, int position) implements DiceExpression {
    }

    /** {@code @LABEL}: a number looked up in the references given to {@link Dice#roll(String, java.util.Map, DiceSource)}. */
    record Reference(String label, int position) implements DiceExpression {
    }

    /** {@code -operand}. */
    record Negation(DiceExpression operand, int position) implements DiceExpression {
    }

    /** {@code left op right}; the position is the operator's. */
    record Arithmetic(Operator operator, DiceExpression left, DiceExpression right, int position)
            implements DiceExpression {
    }

    /**
     * {@code NdS} followed by its modifiers in the order written; they are applied in a fixed order
     * (reroll, explode, min/max, keep/drop, count) whatever order they were written in.
     *
     * @param notation the term as written, e.g. {@code 4d6 kh3}
     */
    record DiceTerm(int count, int sides, List<Modifier> modifiers, String notation, int position)
            implements DiceExpression {

        public DiceTerm {
            modifiers = List.copyOf(modifiers);
        }
    }

    /** The four arithmetic operators; division rounds toward zero. */
    enum Operator {
        ADD, SUBTRACT, MULTIPLY, DIVIDE
    }

    /** What follows {@code NdS}: keep/drop, explode, reroll, count and clamp. */
    sealed interface Modifier {

        /** Where in the notation the modifier starts (0-based). */
        int position();
    }

    /** {@code kh N}, {@code kl N}, {@code dh N}, {@code dl N} ({@code k} is {@code kh}). */
    record KeepDrop(KeepRule rule, int count, int position) implements Modifier {
    }

    /** {@code !} (each extra die is a die of its own) or {@code !!} (extra dice add to the die that exploded). */
    record Explode(Condition condition, boolean compound, int position) implements Modifier {
    }

    /** {@code r} (reroll until the condition no longer holds) or {@code ro} (reroll once). */
    record Reroll(Condition condition, boolean once, int position) implements Modifier {
    }

    /** {@code cs}: each kept die meeting the condition is a success. */
    record CountSuccesses(Condition condition, int position) implements Modifier {
    }

    /** {@code cf}: each kept die meeting the condition is a failure. */
    record CountFailures(Condition condition, int position) implements Modifier {
    }

    /** {@code min N}: a face below N counts as N. */
    record Minimum(int value, int position) implements Modifier {
    }

    /** {@code max N}: a face above N counts as N. */
    record Maximum(int value, int position) implements Modifier {
    }

    enum KeepRule {
        KEEP_HIGHEST, KEEP_LOWEST, DROP_HIGHEST, DROP_LOWEST
    }

    /** A comparison against a face, such as {@code >=5}. */
    record Condition(Comparison comparison, int value) {

        public boolean test(int face) {
            return switch (comparison) {
                case EQUAL -> face == value;
                case GREATER -> face > value;
                case GREATER_OR_EQUAL -> face >= value;
                case LESS -> face < value;
                case LESS_OR_EQUAL -> face <= value;
            };
        }

        /** True when every face of a die with the given sides meets the condition. */
        public boolean coversEveryFace(int sides) {
            return switch (comparison) {
                case EQUAL -> sides == 1 && value == 1;
                case GREATER -> value < 1;
                case GREATER_OR_EQUAL -> value <= 1;
                case LESS -> value > sides;
                case LESS_OR_EQUAL -> value >= sides;
            };
        }

        @Override
        public String toString() {
            return comparison.symbol() + value;
        }
    }

    enum Comparison {
        EQUAL("="), GREATER(">"), GREATER_OR_EQUAL(">="), LESS("<"), LESS_OR_EQUAL("<=");

        private final String symbol;

        Comparison(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }
}
