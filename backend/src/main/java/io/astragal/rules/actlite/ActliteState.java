package io.astragal.rules.actlite;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An Actlite table: the characters placed at it and, while it runs, the initiative deck.
 *
 * @param combatants by id
 * @param seating    combatant ids in the order they were placed
 * @param initiative null outside initiative
 */
record ActliteState(Map<String, Combatant> combatants, List<String> seating, Initiative initiative) {

    ActliteState {
        combatants = Map.copyOf(combatants);
        seating = List.copyOf(seating);
    }

    static ActliteState empty() {
        return new ActliteState(Map.of(), List.of(), null);
    }

    Combatant combatant(String id) {
        return id == null ? null : combatants.get(id);
    }

    List<Combatant> seated() {
        return seating.stream().map(combatants::get).toList();
    }

    /** Adds the combatant, or replaces the one with its id. */
    ActliteState with(Combatant combatant) {
        Map<String, Combatant> changed = new HashMap<>(combatants);
        changed.put(combatant.id(), combatant);
        List<String> order = new ArrayList<>(seating);
        if (!order.contains(combatant.id())) {
            order.add(combatant.id());
        }
        return new ActliteState(changed, order, initiative);
    }

    ActliteState without(String id) {
        Map<String, Combatant> changed = new HashMap<>(combatants);
        changed.remove(id);
        List<String> order = new ArrayList<>(seating);
        order.remove(id);
        return new ActliteState(changed, order, initiative);
    }

    ActliteState withInitiative(Initiative changed) {
        return new ActliteState(combatants, seating, changed);
    }
}
