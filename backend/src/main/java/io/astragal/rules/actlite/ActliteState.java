package io.astragal.rules.actlite;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
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

    /** The combatants in seating order. A loop, not a stream: every member's view at every event asks. */
    List<Combatant> seated() {
        Combatant[] seated = new Combatant[seating.size()];
        for (int i = 0; i < seated.length; i++) {
            seated[i] = combatants.get(seating.get(i));
        }
        return Collections.unmodifiableList(Arrays.asList(seated));
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
