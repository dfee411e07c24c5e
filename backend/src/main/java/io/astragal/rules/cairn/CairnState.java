package io.astragal.rules.cairn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A cairn-ap table: the characters placed at it (their current numbers live here, not on the
 * sheet), the running fight if any, and the Warden's settings.
 *
 * @param combatants in the order they were placed
 * @param encounter  the fight, or null outside initiative
 * @param actionCost AP an attack, check or spell costs unless the Warden says otherwise
 */
record CairnState(List<Combatant> combatants, Encounter encounter, int actionCost) {

    static final int DEFAULT_ACTION_COST = 1;

    CairnState {
        combatants = List.copyOf(combatants);
    }

    static CairnState empty() {
        return new CairnState(List.of(), null, DEFAULT_ACTION_COST);
    }

    Optional<Combatant> find(String id) {
        return combatants.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    CairnState withCombatant(Combatant updated) {
        List<Combatant> list = new ArrayList<>();
        boolean replaced = false;
        for (Combatant c : combatants) {
            if (c.id().equals(updated.id())) {
                list.add(updated);
                replaced = true;
            } else {
                list.add(c);
            }
        }
        if (!replaced) {
            list.add(updated);
        }
        return new CairnState(list, encounter, actionCost);
    }

    CairnState withEncounter(Encounter e) {
        return new CairnState(combatants, e, actionCost);
    }

    CairnState apply(Patch patch) {
        return find(patch.combatantId()).map(c -> withCombatant(c.apply(patch))).orElse(this);
    }

    /** A weapon from the sheet: its name and the sides of its Object Die. */
    record Weapon(String name, int die) {
    }

    /**
     * A character at the table. {@code values} holds the numbers that change in play, by key:
     * str, strMax, dex, dexMax, wil, wilMax, hp, hpMax, armor, slots, items, fatigue, manaDust.
     */
    record Combatant(String id, String name, String ownerUserId, boolean npc, boolean detachment,
                     Map<String, Integer> values, Map<String, Integer> conditions, List<Weapon> weapons) {

        Combatant {
            values = Map.copyOf(values);
            conditions = Map.copyOf(conditions);
            weapons = List.copyOf(weapons);
        }

        int get(String key) {
            return values.getOrDefault(key, 0);
        }

        boolean has(String condition) {
            return conditions.containsKey(condition);
        }

        /** Slots not taken by items or Fatigue. */
        int freeSlots() {
            return Math.max(0, get("slots") - get("items") - get("fatigue"));
        }

        int moveSpaces() {
            return (get("dex") + 1) / 2;
        }

        /** Out of the fight: cannot take turns or act. */
        Optional<String> incapacity() {
            for (String c : List.of(Conditions.DEAD, Conditions.DESTROYED, Conditions.DYING, Conditions.PARALYSED,
                    Conditions.MORTAL_WOUND)) {
                if (has(c)) {
                    return Optional.of(c);
                }
            }
            return Optional.empty();
        }

        /**
         * Applies a patch, then the attribute-loss rule: "If a PC's STR is reduced to 0, they die.
         * If their DEX is reduced to 0, they are paralyzed. If their WIL is reduced to 0, they are delirious."
         */
        Combatant apply(Patch patch) {
            Map<String, Integer> v = new HashMap<>(values);
            v.putAll(patch.values());
            Map<String, Integer> cond = new HashMap<>(conditions);
            patch.cleared().forEach(cond::remove);
            cond.putAll(patch.conditions());
            if (v.getOrDefault("str", 0) <= 0) {
                cond.put(detachment ? Conditions.DESTROYED : Conditions.DEAD, 1);
                cond.remove(Conditions.DYING);
            }
            if (v.getOrDefault("dex", 0) <= 0) {
                cond.put(Conditions.PARALYSED, 1);
            }
            if (v.getOrDefault("wil", 0) <= 0) {
                cond.put(Conditions.DELIRIOUS, 1);
            }
            return new Combatant(id, name, ownerUserId, npc, detachment, v, cond, weapons);
        }
    }

    /**
     * A change to one combatant carried by an event: new values, conditions set (name to level)
     * and conditions cleared. Decide computes it; evolve only applies it.
     */
    record Patch(String combatantId, Map<String, Integer> values, Map<String, Integer> conditions, List<String> cleared) {

        Patch {
            values = Map.copyOf(values);
            conditions = Map.copyOf(conditions);
            cleared = List.copyOf(cleared);
        }

        static Patch values(String id, Map<String, Integer> values) {
            return new Patch(id, values, Map.of(), List.of());
        }

        static Patch condition(String id, String condition) {
            return new Patch(id, Map.of(), Map.of(condition, 1), List.of());
        }

        static Patch clear(String id, String condition) {
            return new Patch(id, Map.of(), Map.of(), List.of(condition));
        }

        boolean isEmpty() {
            return values.isEmpty() && conditions.isEmpty() && cleared.isEmpty();
        }
    }

    /**
     * The fight. Groups act in the listed order, one member at a time, each group's members in
     * initiative order.
     */
    record Encounter(int round, List<Group> groups, Map<String, Integer> scores, Map<String, Integer> ap,
                     List<String> surprised, List<String> done, String current,
                     Map<String, Integer> advantage, Map<String, HeldAction> held) {

        static final int AP_PER_TURN = 4;
        static final int AP_SURPRISED = 2;

        Encounter {
            groups = List.copyOf(groups);
            scores = Map.copyOf(scores);
            ap = Map.copyOf(ap);
            surprised = List.copyOf(surprised);
            done = List.copyOf(done);
            advantage = Map.copyOf(advantage);
            held = Map.copyOf(held);
        }

        boolean includes(String id) {
            return groups.stream().anyMatch(g -> g.members().contains(id));
        }

        int apOf(String id) {
            return ap.getOrDefault(id, 0);
        }

        int groupOf(String id) {
            for (int i = 0; i < groups.size(); i++) {
                if (groups.get(i).members().contains(id)) {
                    return i;
                }
            }
            return -1;
        }

        Encounter withAp(String id, int value) {
            Map<String, Integer> m = new HashMap<>(ap);
            m.put(id, value);
            return new Encounter(round, groups, scores, m, surprised, done, current, advantage, held);
        }

        Encounter withAdvantage(String id, int value) {
            Map<String, Integer> m = new HashMap<>(advantage);
            if (value == 0) {
                m.remove(id);
            } else {
                m.put(id, value);
            }
            return new Encounter(round, groups, scores, ap, surprised, done, current, m, held);
        }

        Encounter withHeld(String id, HeldAction action) {
            Map<String, HeldAction> m = new HashMap<>(held);
            if (action == null) {
                m.remove(id);
            } else {
                m.put(id, action);
            }
            return new Encounter(round, groups, scores, ap, surprised, done, current, advantage, m);
        }
    }

    /** A group of combatants in initiative order, highest first. */
    record Group(String name, List<String> members) {
        Group {
            members = List.copyOf(members);
        }
    }

    /** An action held until its condition is met, paid for when declared. */
    /** A held action: its text, what it cost, and how many actions are still held (at least 1). */
    record HeldAction(String text, int ap, int actions) {
        HeldAction {
            actions = Math.max(1, actions); // a state stored before there could be more holds one
        }
    }
}
