package io.astragal.table;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Need;
import io.astragal.rules.TableView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A ruleset's {@link TableView} as a member is sent it: each distinct {@link Need} once, in
 * {@link #needs}, and every action naming its needs by their index there. Most actions ask for the
 * same few things (a target, an amount, advantage), and written out in full the needs were a third
 * of every view, to write, send, keep and diff on each event (docs/decisions.md).
 */
record SentTable(InitiativeModel model, List<CombatantView> combatants, Object initiative, List<Action> actions,
                 List<Need> needs) {

    /** An {@link ActionOption} with {@code needs} as indices into {@link SentTable#needs}. */
    record Action(String command, String label, Map<String, Object> args, int[] needs, Integer cost, boolean enabled,
                  String reason, boolean gmOnly) {
    }

    /** The view to send: a {@link TableView} in this form; any other view as it is. */
    static Object of(Object view) {
        return of(view, new IdentityHashMap<>());
    }

    /**
     * As {@link #of(Object)}, with the actions already made for other members' views of the same
     * state: an option the referee offers them alike (the same record, as Actlite's are to a
     * character's owner and the GM) whose needs come out with the same indices here is the same
     * {@link Action}, which a fan-out then writes once for all of them (docs/performance.md, step 45).
     */
    static Object of(Object view, Map<ActionOption, Action> made) {
        if (!(view instanceof TableView table)) {
            return view;
        }
        Map<Need, Integer> index = new LinkedHashMap<>();
        List<Action> actions = new ArrayList<>(table.actions().size());
        for (ActionOption option : table.actions()) {
            int[] needs = new int[option.needs().size()];
            for (int i = 0; i < needs.length; i++) {
                needs[i] = index.computeIfAbsent(option.needs().get(i), need -> index.size());
            }
            Action action = made.get(option);
            if (action == null || !Arrays.equals(action.needs(), needs)) {
                action = new Action(option.command(), option.label(), option.args(), needs, option.cost(), option.enabled(),
                        option.reason(), option.gmOnly());
                made.putIfAbsent(option, action);
            }
            actions.add(action);
        }
        return new SentTable(table.model(), table.combatants(), table.initiative(), actions, List.copyOf(index.keySet()));
    }
}
