package io.astragal.rules;

import java.util.List;

/**
 * Declared-action initiative (everyone declares, rolls the action's die, lowest acts first).
 *
 * @param round        the round number, from 1
 * @param phase        {@code declaring} until everyone has declared, then {@code acting}
 * @param declarations one per combatant; the action and roll are null for others' declarations until the reveal
 * @param order        combatant ids in acting order once revealed; empty while declaring
 * @param current      the combatant whose turn it is, or null
 */
public record DeclaredView(int round, String phase, List<Declaration> declarations, List<String> order, String current) {

    public DeclaredView {
        declarations = List.copyOf(declarations);
        order = List.copyOf(order);
    }

    /** A combatant's declaration; {@code action}, {@code die} and {@code roll} are null while hidden. */
    public record Declaration(String combatantId, boolean declared, String action, String die, Integer roll, boolean done) {
    }
}
