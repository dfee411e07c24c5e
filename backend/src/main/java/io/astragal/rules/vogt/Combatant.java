package io.astragal.rules.vogt;

import io.astragal.rules.vogt.VogtState.Injury;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A character at the table with its live health, resources and statuses. The effective values
 * (abilities after statuses, AR, movement, HP maximum) are computed here so checks, damage and
 * the view agree.
 *
 * @param statuses       statuses applied at the table (exhaustion and injuries add more, see {@link #effectiveStatuses})
 * @param injuries       death & dismemberment results
 * @param defending      Defend's +2 AR, until the beginning of its next turn
 * @param running        Run's doubled movement, until the end of the round
 * @param helpedBy       the combatant whose Help gives advantage on the next check, or null
 */
record Combatant(String id, String name, String ownerUserId, boolean npc, Stats stats, int hp, int techniqueSpent,
                 int exhaustion, List<Status> statuses, List<Injury> injuries, boolean defending, boolean running,
                 String helpedBy) {

    Combatant {
        statuses = List.copyOf(statuses);
        injuries = List.copyOf(injuries);
    }

    /** Statuses in effect: those applied, plus Unconscious from exhaustion 3, Mute from a lost voice, Dead. */
    Set<Status> effectiveStatuses() {
        Set<Status> all = new LinkedHashSet<>(statuses);
        if (exhaustion >= 3) {
            all.add(Status.UNCONSCIOUS);
        }
        if (injuries.contains(Injury.LOST_VOICE)) {
            all.add(Status.MUTE);
        }
        if (injuries.contains(Injury.DEAD)) {
            all.add(Status.DEAD);
        }
        return all;
    }

    boolean has(Status status) {
        return effectiveStatuses().contains(status);
    }

    boolean dead() {
        return has(Status.DEAD);
    }

    /** Can take actions: neither unconscious nor dead. */
    boolean canAct() {
        return !has(Status.UNCONSCIOUS) && !dead();
    }

    /** The ability's die after status penalties: each -1 is one step down the die-size chart. */
    String ability(String key) {
        int penalty = 0;
        Set<Status> in = effectiveStatuses();
        switch (key) {
            case "STR", "DEX" -> penalty += in.contains(Status.FROZEN) ? 1 : 0;
            case "AWR" -> penalty += count(in, Status.BLIND, Status.DEAF, Status.SCORCHED);
            case "WIL" -> penalty += in.contains(Status.SCORCHED) ? 1 : 0;
            default -> throw new IllegalArgumentException("no ability " + key);
        }
        return DieChart.step(stats.abilities().get(key), -penalty);
    }

    private static int count(Set<Status> in, Status... wanted) {
        int n = 0;
        for (Status s : wanted) {
            n += in.contains(s) ? 1 : 0;
        }
        return n;
    }

    /** "Your HP maximum is halved" from exhaustion level 2. */
    int hpMax() {
        return exhaustion >= 2 ? stats.hpMax() / 2 : stats.hpMax();
    }

    int techniqueLeft() {
        return Math.max(0, stats.techniqueDice() - techniqueSpent);
    }

    /** Prone: "your AR is 0"; Defend: "+2 to AR". */
    int ar() {
        if (has(Status.PRONE)) {
            return 0;
        }
        return stats.ar() + (defending ? 2 : 0);
    }

    /** Squares this combatant may move on its turn. */
    int movement() {
        Set<Status> in = effectiveStatuses();
        if (in.contains(Status.UNCONSCIOUS) || in.contains(Status.IMMOBILE) || in.contains(Status.DEAD)) {
            return 0;
        }
        int squares = injuries.contains(Injury.LOST_LEG) ? 1 : (exhaustion >= 1 ? stats.speed() / 2 : stats.speed());
        if (in.contains(Status.PRONE)) {
            squares /= 2;
        }
        return running ? squares * 2 : squares;
    }

    int hands() {
        return Math.max(0, stats.hands() - (int) injuries.stream().filter(i -> i == Injury.LOST_ARM).count());
    }

    List<String> resistances() {
        List<String> all = new ArrayList<>(stats.resistances());
        if (has(Status.DRENCHED)) {
            all.add("fire");
        }
        return all.stream().distinct().toList();
    }

    List<String> vulnerabilities() {
        List<String> all = new ArrayList<>(stats.vulnerabilities());
        if (has(Status.DRENCHED)) {
            all.add("lightning");
        }
        if (has(Status.NAUSEATED)) {
            all.addAll(List.of("blunt", "slash", "stab"));
        }
        return all.stream().distinct().toList();
    }

    int slots() {
        return Inventory.slots(ability("STR"), hands());
    }

    int quickSlots() {
        return Inventory.quickSlots(ability("DEX"), hands(), slots());
    }

    int extraSlots() {
        return Inventory.extraSlots(Inventory.used(stats.weapons(), stats.inventory()), slots());
    }

    Combatant withHp(int newHp) {
        return new Combatant(id, name, ownerUserId, npc, stats, newHp, techniqueSpent, exhaustion, statuses, injuries,
                defending, running, helpedBy);
    }

    Combatant withTechniqueSpent(int spent) {
        return new Combatant(id, name, ownerUserId, npc, stats, hp, spent, exhaustion, statuses, injuries,
                defending, running, helpedBy);
    }

    Combatant withExhaustion(int level) {
        Combatant next = new Combatant(id, name, ownerUserId, npc, stats, hp, techniqueSpent, level, statuses, injuries,
                defending, running, helpedBy);
        return next.withHp(Math.min(hp, next.hpMax()));
    }

    Combatant withStatus(Status status, boolean on) {
        List<Status> list = new ArrayList<>(statuses);
        list.remove(status);
        if (on) {
            list.add(status);
        }
        return new Combatant(id, name, ownerUserId, npc, stats, hp, techniqueSpent, exhaustion, list, injuries,
                defending, running, helpedBy);
    }

    Combatant withInjury(Injury injury) {
        List<Injury> list = new ArrayList<>(injuries);
        list.add(injury);
        return new Combatant(id, name, ownerUserId, npc, stats, hp, techniqueSpent, exhaustion, statuses, list,
                defending, running, helpedBy);
    }

    Combatant withDefending(boolean on) {
        return new Combatant(id, name, ownerUserId, npc, stats, hp, techniqueSpent, exhaustion, statuses, injuries,
                on, running, helpedBy);
    }

    Combatant withRunning(boolean on) {
        return new Combatant(id, name, ownerUserId, npc, stats, hp, techniqueSpent, exhaustion, statuses, injuries,
                defending, on, helpedBy);
    }

    Combatant withHelpedBy(String helper) {
        return new Combatant(id, name, ownerUserId, npc, stats, hp, techniqueSpent, exhaustion, statuses, injuries,
                defending, running, helper);
    }

    Combatant withSheet(String newName, String newOwner, boolean newNpc, Stats newStats) {
        Combatant next = new Combatant(id, newName, newOwner, newNpc, newStats, hp, techniqueSpent, exhaustion, statuses,
                injuries, defending, running, helpedBy);
        return next.withHp(Math.min(hp, next.hpMax()));
    }
}
