package io.astragal.rules;

import java.util.List;

/**
 * Grouped turns with action points: order within each group, groups alternate.
 *
 * @param round        the round number, from 1
 * @param groups       in the order they act
 * @param currentGroup the name of the acting group, or null
 * @param current      the combatant whose turn it is, or null
 */
public record GroupedView(int round, List<Group> groups, String currentGroup, String current) {

    public GroupedView {
        groups = List.copyOf(groups);
    }

    public record Group(String name, List<Member> members) {
        public Group {
            members = List.copyOf(members);
        }
    }

    /** A combatant in a group with its initiative score and AP left this turn. */
    public record Member(String combatantId, Integer score, int ap, int apMax, boolean done) {
    }
}
