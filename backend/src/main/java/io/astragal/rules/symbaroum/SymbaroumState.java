package io.astragal.rules.symbaroum;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A symbaroum table: the characters placed at it with their current numbers, the fight if any,
 * Free Attacks granted and not yet taken, and pain-threshold choices waiting for their player.
 */
record SymbaroumState(List<Fighter> combatants, Encounter encounter, List<FreeAttack> freeAttacks,
                      List<PainChoice> painChoices) {

    SymbaroumState {
        combatants = List.copyOf(combatants);
        freeAttacks = List.copyOf(freeAttacks);
        painChoices = List.copyOf(painChoices);
    }

    static SymbaroumState empty() {
        return new SymbaroumState(List.of(), null, List.of(), List.of());
    }

    Optional<Fighter> find(String id) {
        return combatants.stream().filter(c -> c.id().equals(id)).findFirst();
    }

    SymbaroumState with(Fighter f) {
        List<Fighter> list = new ArrayList<>(combatants);
        int i = list.indexOf(find(f.id()).orElse(null));
        if (i >= 0) {
            list.set(i, f);
        } else {
            list.add(f);
        }
        return new SymbaroumState(list, encounter, freeAttacks, painChoices);
    }

    SymbaroumState with(Encounter e) {
        return new SymbaroumState(combatants, e, freeAttacks, painChoices);
    }

    SymbaroumState withFreeAttacks(List<FreeAttack> list) {
        return new SymbaroumState(combatants, encounter, list, painChoices);
    }

    SymbaroumState withPainChoices(List<PainChoice> list) {
        return new SymbaroumState(combatants, encounter, freeAttacks, list);
    }

    SymbaroumState apply(Patch patch) {
        return find(patch.combatantId()).map(f -> with(f.apply(patch))).orElse(this);
    }

    /** {@code natural}: claws, fists and the like, "always considered ready". */
    record Weapon(String name, String damage, boolean longWeapon, boolean shortWeapon, boolean ranged, boolean natural) {

        /** "All Short weapons can be unsheathed as a Free Action"; natural weapons need no drawing. */
        boolean drawnFreely() {
            return shortWeapon || natural;
        }
    }

    /**
     * A character at the table. {@code values}: the eight attributes by key, and toughness,
     * toughnessMax, painThreshold, defense, corruptionThreshold, experience, deathMarks.
     * {@code abilities}: name to level (1 novice, 2 adept, 3 master).
     */
    record Fighter(String id, String name, String ownerUserId, boolean npc, Map<String, Integer> values, String armor,
                   List<Weapon> weapons, Map<String, Integer> abilities, Map<String, Integer> conditions) {

        Fighter {
            values = Map.copyOf(values);
            weapons = List.copyOf(weapons);
            abilities = Map.copyOf(abilities);
            conditions = Map.copyOf(conditions);
        }

        int get(String key) {
            return values.getOrDefault(key, 0);
        }

        boolean has(String condition) {
            return conditions.containsKey(condition);
        }

        Fighter apply(Patch p) {
            Map<String, Integer> v = new HashMap<>(values);
            v.putAll(p.values());
            Map<String, Integer> c = new HashMap<>(conditions);
            p.cleared().forEach(c::remove);
            c.putAll(p.conditions());
            return new Fighter(id, name, ownerUserId, npc, v, armor, weapons, abilities, c);
        }

        Fighter withAbility(String ability, int level) {
            Map<String, Integer> a = new HashMap<>(abilities);
            a.put(ability, level);
            return new Fighter(id, name, ownerUserId, npc, values, armor, weapons, a, conditions);
        }
    }

    /** New values and conditions for one character, computed in decide and applied in evolve. */
    record Patch(String combatantId, Map<String, Integer> values, Map<String, Integer> conditions, List<String> cleared) {
        Patch {
            values = Map.copyOf(values);
            conditions = Map.copyOf(conditions);
            cleared = List.copyOf(cleared);
        }

        static Patch none(String id) {
            return new Patch(id, Map.of(), Map.of(), List.of());
        }
    }

    /**
     * The fight: the fixed order, whose turn it is, what the current combatant has used this turn,
     * who has acted this round, who has already delayed, and which Free Attacks were triggered this
     * round ({@code attackerId:reason}: "only one Free Attack per triggering factor and turn").
     */
    record Encounter(int round, List<String> order, String current, List<String> used, List<String> done,
                     List<String> delayed, boolean deathTested, List<String> triggered) {
        Encounter {
            order = List.copyOf(order);
            used = List.copyOf(used);
            done = List.copyOf(done);
            delayed = List.copyOf(delayed);
            triggered = triggered == null ? List.of() : List.copyOf(triggered);
        }

        Encounter withUsed(List<String> u) {
            return new Encounter(round, order, current, u, done, delayed, deathTested, triggered);
        }

        Encounter withTriggered(List<String> t) {
            return new Encounter(round, order, current, used, done, delayed, deathTested, t);
        }
    }

    /** A Free Attack someone may still take; a null target means any enemy. */
    record FreeAttack(String attackerId, String targetId, String reason) {
    }

    /** Damage above the Pain Threshold: the named player picks knock-down or a Free Attack. */
    record PainChoice(String victimId, String attackerId, String chooserUserId) {
    }
}
