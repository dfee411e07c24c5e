package io.astragal.dice;

import java.util.Map;

/**
 * Rolls dice notation such as {@code 4d6kh3 + @STR}: the one entry point rules and the table use.
 * The grammar, every modifier and the semantic choices are described in docs/dice.md.
 *
 * <p>Bad notation and exceeded limits are a {@link DiceException}; nothing here loops without
 * bound or allocates in proportion to anything but these limits.
 */
public final class Dice {

    /** Longest notation accepted, in characters. */
    public static final int MAX_LENGTH = 256;
    /** Most dice one expression may roll, counting every explosion and reroll. */
    public static final int MAX_DICE = 1000;
    /** Most sides a die may have. */
    public static final int MAX_SIDES = 10_000;
    /** Most times one die may explode, or be rerolled. */
    public static final int MAX_CHAIN = 100;
    /** Deepest nesting of parentheses and signs. */
    public static final int MAX_NESTING = 50;

    private Dice() {
    }

    /** Parses notation without rolling, so it can be validated when it is entered. */
    public static DiceExpression parse(String notation) {
        return DiceParser.parse(notation);
    }

    /** Rolls notation that uses no {@code @LABEL} references. */
    public static RollResult roll(String notation, DiceSource source) {
        return roll(notation, Map.of(), source);
    }

    /** Rolls notation, resolving each {@code @LABEL} from refs (an unknown label is a DiceException). */
    public static RollResult roll(String notation, Map<String, Integer> refs, DiceSource source) {
        return rollDetailed(notation, refs, source).result();
    }

    /** Like {@link #roll(String, Map, DiceSource)}, with the dice grouped per term and success flags. */
    public static DetailedRoll rollDetailed(String notation, Map<String, Integer> refs, DiceSource source) {
        DiceExpression expression = parse(notation);
        return Evaluator.evaluate(notation, expression, refs, source);
    }
}
