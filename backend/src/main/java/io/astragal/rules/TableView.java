package io.astragal.rules;

import java.util.List;

/**
 * What one viewer sees of a ruleset's table state. Every ruleset returns this shape from
 * {@link Referee#view}, so the browser draws combatants generically and picks the initiative
 * component by {@link #model()}.
 *
 * @param model      the ruleset's initiative model
 * @param combatants everyone in the encounter (or, outside initiative, every character placed at the table)
 * @param initiative the model's view: {@link DeckView}, {@link DeclaredView}, {@link OrderView} or {@link GroupedView}; null outside initiative
 * @param actions    what this viewer may do now, each with its cost and, when it cannot be done, why
 */
public record TableView(InitiativeModel model, List<CombatantView> combatants, Object initiative,
                        List<ActionOption> actions) {

    public TableView {
        combatants = List.copyOf(combatants);
        actions = List.copyOf(actions);
    }
}
