package io.astragal.dice;

import java.util.List;

/**
 * A roll together with its dice grouped by term.
 *
 * @param result the plain result, as {@link Dice#roll(String, java.util.Map, DiceSource)} returns it
 * @param groups one group per dice term, in the order the terms were rolled
 */
public record DetailedRoll(RollResult result, List<DiceGroup> groups) {

    public DetailedRoll {
        groups = List.copyOf(groups);
    }
}
