package io.astragal.dice;

import java.util.List;

/**
 * A finished roll: the expression as written, its total, and every die in the order rolled.
 *
 * @param notation the expression that was rolled, e.g. {@code 2d6+1}
 * @param total    the value of the whole expression
 * @param dice     every die rolled, kept and dropped, exploded and rerolled
 */
public record RollResult(String notation, int total, List<Die> dice) {

    public RollResult {
        dice = List.copyOf(dice);
    }
}
