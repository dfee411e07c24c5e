package io.astragal.rules.actlite;

import io.astragal.dice.DiceSource;
import java.util.List;
import java.util.Set;

/** Spending XP: raising attribute scores and rolling on archetype tables. Pure functions. */
final class Advancement {

    private Advancement() {
    }

    /**
     * "Increasing a negative attribute costs 1 XP. Increasing a positive attribute costs a number of XP
     * equal to the new attribute score." Each step is priced on its own: -1 to 2 costs 1 + 1 + 2 = 4.
     */
    static int attributeCost(int from, int to) {
        if (to < from) {
            throw new IllegalArgumentException("An attribute is raised, not lowered: " + from + " to " + to);
        }
        int cost = 0;
        for (int score = from; score < to; score++) {
            cost += score < 0 ? 1 : score + 1;
        }
        return cost;
    }

    /**
     * "The first roll costs X, the second roll costs Y, and all subsequent rolls have an XP cost of Z,
     * notated X->Y->Z ... If no cost is listed, rolling costs on the table costs 1 XP."
     *
     * @param costs     the table's cost, e.g. "1->2->3", or null or blank for none listed
     * @param rollsMade how many times the character has already rolled on this table
     */
    static int tableRollCost(String costs, int rollsMade) {
        if (costs == null || costs.isBlank()) {
            return 1;
        }
        List<Integer> sequence = CostSequence.parse(costs);
        if (sequence == null) {
            throw new IllegalArgumentException("Not an XP cost such as 1->2->3: " + costs);
        }
        return CostSequence.next(sequence, rollsMade);
    }

    /** "A player cannot roll on a table when they have every skill on the table." */
    static boolean canRoll(List<String> table, Set<String> known) {
        return table.stream().anyMatch(skill -> !known.contains(skill));
    }

    /**
     * The skill a roll landing on {@code index} gives. "If a player gets a skill they already have by
     * rolling on an archetype table, they get the skill below/before it in the table. If none are below
     * it, they get the first skill above it." Below means earlier in the table (a lower roll); the
     * nearest skill not yet known is taken.
     */
    static String skillFor(List<String> table, Set<String> known, int index) {
        if (!known.contains(table.get(index))) {
            return table.get(index);
        }
        for (int i = index - 1; i >= 0; i--) {
            if (!known.contains(table.get(i))) {
                return table.get(i);
            }
        }
        for (int i = index + 1; i < table.size(); i++) {
            if (!known.contains(table.get(i))) {
                return table.get(i);
            }
        }
        throw new IllegalStateException("Every skill on the table is known; no roll is allowed.");
    }

    /**
     * A roll on an archetype table: a die with as many sides as the table has skills.
     *
     * @param face   the face rolled, from 1
     * @param gained the skill the character gains
     * @param cost   the XP this roll costs
     */
    record TableRoll(int face, String gained, int cost) {
    }

    static TableRoll rollOnTable(List<String> table, Set<String> known, String costs, int rollsMade, DiceSource dice) {
        if (!canRoll(table, known)) {
            throw new IllegalStateException("Every skill on the table is known; no roll is allowed.");
        }
        int face = dice.roll(table.size());
        return new TableRoll(face, skillFor(table, known, face - 1), tableRollCost(costs, rollsMade));
    }
}
