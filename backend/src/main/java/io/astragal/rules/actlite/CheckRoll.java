package io.astragal.rules.actlite;

import io.astragal.dice.RollResult;
import java.util.List;

/**
 * One 2d6 check as rolled: the dice (kept and dropped), the total, what it was compared with and
 * the triggers it fired.
 *
 * @param roll      2d6 + score, with any advantage or disadvantage dice marked as dropped
 * @param score     the score added
 * @param dc        the number to meet, or null when there was none (automatic success, contests)
 * @param success   met the DC, hit, or won the contest
 * @param automatic succeeded because the defender lacks the attribute
 * @param triggers  "on 6", "on 6 (twice)", "at least one 6", "on matching"; only on success
 */
record CheckRoll(RollResult roll, int score, Integer dc, boolean success, boolean automatic, List<String> triggers) {

    CheckRoll {
        triggers = List.copyOf(triggers);
    }

    int total() {
        return roll.total();
    }

    /** Sixes among the two dice kept. */
    int sixes() {
        return (int) roll.dice().stream().filter(d -> d.kept() && d.face() == 6).count();
    }
}
