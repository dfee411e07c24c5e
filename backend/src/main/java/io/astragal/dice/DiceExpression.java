package io.astragal.dice;

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

    /** {@code NdS}: count dice of the given sides. */
    record DiceTerm(int count, int sides, int position) implements DiceExpression {
    }

    /** The four arithmetic operators; division rounds toward zero. */
    enum Operator {
        ADD('+'), SUBTRACT('-'), MULTIPLY('*'), DIVIDE('/');

        private final char symbol;

        Operator(char symbol) {
            this.symbol = symbol;
        }

        public char symbol() {
            return symbol;
        }
    }
}
