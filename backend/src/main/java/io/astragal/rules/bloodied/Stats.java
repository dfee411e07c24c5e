package io.astragal.rules.bloodied;

import java.util.List;
import java.util.Map;

/**
 * What the rules need from a validated sheet, copied into the event that places a character.
 *
 * @param scores      STR, BLD, AGL, INT, LCK scores
 * @param level       character level (added to initiative)
 * @param hpMax       total hit points
 * @param shield      shield modifier added to Defense
 * @param armor       armor value rolled against each hit, e.g. "1d4"; empty for none
 * @param weapons     weapons
 * @param castingPool d6 in the casting pool when fully rested
 */
record Stats(Map<String, Integer> scores, int level, int hpMax, int shield, String armor, List<Weapon> weapons,
             int castingPool) {

    Stats {
        scores = Map.copyOf(scores);
        weapons = List.copyOf(weapons);
    }

    /** The modifier of a score: (score - 10) / 2, rounded down. */
    static int modifier(int score) {
        return Math.floorDiv(score - 10, 2);
    }

    int modifierOf(String ability) {
        return modifier(scores.get(ability));
    }

    /** "1/2 their total hit points (rounded down)". */
    int bloodied() {
        return hpMax / 2;
    }

    /**
     * A weapon.
     *
     * @param kind            melee, light (light melee) or ranged
     * @param ability         the score it attacks and damages with
     * @param effectiveRange  feet, ranged only (0 otherwise)
     * @param maxRange        feet, ranged only (0 otherwise)
     */
    record Weapon(String name, String damage, String kind, String ability, int effectiveRange, int maxRange,
                  int attackBonus, int damageBonus) {
    }
}
