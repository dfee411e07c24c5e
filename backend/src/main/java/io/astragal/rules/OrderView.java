package io.astragal.rules;

import java.util.List;

/**
 * Initiative whose order is fixed at the start (rolled or ranked), with turns that advance.
 *
 * @param round   the round number, from 1
 * @param order   one entry per combatant, in acting order
 * @param current the combatant whose turn it is, or null
 */
public record OrderView(int round, List<Entry> order, String current) {

    public OrderView {
        order = List.copyOf(order);
    }

    /**
     * @param combatantId who
     * @param score       the initiative score or rank shown, or null when the rules give none
     * @param used        what the combatant has used this turn, e.g. "move", "action"
     * @param done        has had its turn this round
     */
    public record Entry(String combatantId, Integer score, List<String> used, boolean done) {
        public Entry {
            used = List.copyOf(used);
        }
    }
}
