package io.astragal.table;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Need;
import io.astragal.rules.TableView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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

        /** Equal when offered alike: the needs compared by their indices, not as one array. */
        @Override
        public boolean equals(Object other) {
            return other instanceof Action a && enabled == a.enabled && gmOnly == a.gmOnly && Objects.equals(command, a.command)
                    && Objects.equals(label, a.label) && Arrays.equals(needs, a.needs) && Objects.equals(cost, a.cost)
                    && Objects.equals(reason, a.reason) && Objects.equals(args, a.args);
        }

        @Override
        public int hashCode() {
            return Objects.hash(command, label, args, Arrays.hashCode(needs), cost, enabled, reason, gmOnly);
        }

        @Override
        public String toString() {
            return "Action[" + command + ", " + label + ", " + args + ", needs " + Arrays.toString(needs) + ", cost " + cost
                    + (enabled ? "" : ", not enabled: " + reason) + (gmOnly ? ", GM only" : "") + "]";
        }
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
        // A view names a handful of distinct needs, nearly always the same instances (step 54): a scan
        // of a short list finds them without a map's entries and boxed indices.
        List<Need> index = new ArrayList<>(8);
        List<Action> actions = new ArrayList<>(table.actions().size());
        for (ActionOption option : table.actions()) {
            List<Need> optionNeeds = option.needs();
            Action action = made.get(option);
            // The action made for another member's view is this one again if its needs have the same indices
            // here; they are checked as they are numbered, and an array of this view's own made only if not.
            int[] needs = action != null && action.needs().length == optionNeeds.size() ? null : new int[optionNeeds.size()];
            for (int i = 0; i < optionNeeds.size(); i++) {
                int at = indexOf(index, optionNeeds.get(i));
                if (needs == null && action.needs()[i] != at) {
                    needs = Arrays.copyOf(action.needs(), optionNeeds.size());
                }
                if (needs != null) {
                    needs[i] = at;
                }
            }
            if (needs != null) {
                action = new Action(option.command(), option.label(), option.args(), needs, option.cost(), option.enabled(),
                        option.reason(), option.gmOnly());
                made.putIfAbsent(option, action);
            }
            actions.add(action);
        }
        return new SentTable(table.model(), table.combatants(), table.initiative(), actions, List.copyOf(index));
    }

    /** The index of {@code need} in {@code index}, added at the end if it is not there. */
    private static int indexOf(List<Need> index, Need need) {
        int at = index.indexOf(need); // Need.equals tries identity first
        if (at < 0) {
            at = index.size();
            index.add(need);
        }
        return at;
    }
}
