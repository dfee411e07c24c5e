package io.astragal.dice;

import java.util.List;

/**
 * The dice of one {@code NdS} term, so a display can show "4d6kh3: [6, 5, 3, (1)] = 14".
 *
 * @param notation the term as written, e.g. {@code 4d6kh3}
 * @param position where the term starts in the whole notation (0-based)
 * @param value    what the term contributed: the sum of its kept dice, or its success count
 * @param dice     its dice in the order rolled
 */
public record DiceGroup(String notation, int position, int value, List<DieDetail> dice) {

    public DiceGroup {
        dice = List.copyOf(dice);
    }
}
