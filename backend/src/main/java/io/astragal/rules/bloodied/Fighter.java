package io.astragal.rules.bloodied;

import io.astragal.rules.bloodied.BloodiedState.Injury;
import java.util.ArrayList;
import java.util.List;

/**
 * A character at the table with live hit points and everything that follows from them.
 *
 * @param bleeding    unconscious and losing 1 HP a round unless saved; an action stops it
 * @param fatePending at negative bloodied: the owner chooses death or a serious injury
 * @param poolLost    casting-pool dice removed (each 6 rolled) until a full rest
 * @param conditions  other conditions the GM notes
 */
record Fighter(String id, String name, String ownerUserId, boolean npc, Stats stats, int hp, boolean bleeding,
               boolean fatePending, boolean dead, List<Injury> injuries, int poolLost, List<String> conditions) {

    Fighter {
        injuries = List.copyOf(injuries);
        conditions = List.copyOf(conditions);
    }

    static Fighter fresh(String id, String name, String owner, boolean npc, Stats stats) {
        return new Fighter(id, name, owner, npc, stats, stats.hpMax(), false, false, false, List.of(), 0, List.of());
    }

    boolean unconscious() {
        return hp <= 0 && !dead;
    }

    /** "not considered to be physically damaged (bloodied) until they reach 1/2 their total hit points (rounded down)" */
    boolean bloodied() {
        return hp <= stats.bloodied();
    }

    int poolLeft() {
        return Math.max(0, stats.castingPool() - poolLost);
    }

    /** "When a character reaches 0 hit points they fall unconscious, bleeding out" ... until "negative bloodied". */
    Fighter withHp(int newHp) {
        boolean nowBleeding = newHp > 0 ? false : (hp > 0 || bleeding);
        boolean nowPending = !dead && newHp <= -stats.bloodied() && (fatePending || newHp < hp);
        return new Fighter(id, name, ownerUserId, npc, stats, newHp, nowBleeding && !dead, nowPending, dead, injuries, poolLost, conditions);
    }

    Fighter withBleeding(boolean on) {
        return new Fighter(id, name, ownerUserId, npc, stats, hp, on, fatePending, dead, injuries, poolLost, conditions);
    }

    Fighter dying() {
        return new Fighter(id, name, ownerUserId, npc, stats, hp, false, false, true, injuries, poolLost, conditions);
    }

    /** Chose a serious injury instead of dying: "the character stops bleeding out". */
    Fighter spared() {
        return new Fighter(id, name, ownerUserId, npc, stats, hp, false, false, dead, injuries, poolLost, conditions);
    }

    Fighter withInjuries(List<Injury> list) {
        return new Fighter(id, name, ownerUserId, npc, stats, hp, bleeding, fatePending, dead, list, poolLost, conditions);
    }

    Fighter withInjury(Injury injury) {
        List<Injury> list = new ArrayList<>(injuries);
        list.removeIf(i -> i.id().equals(injury.id()));
        list.add(injury);
        return withInjuries(list);
    }

    Fighter withPoolLost(int lost) {
        return new Fighter(id, name, ownerUserId, npc, stats, hp, bleeding, fatePending, dead, injuries, lost, conditions);
    }

    Fighter withCondition(String condition, boolean on) {
        List<String> list = new ArrayList<>(conditions);
        list.remove(condition);
        if (on) {
            list.add(condition);
        }
        return new Fighter(id, name, ownerUserId, npc, stats, hp, bleeding, fatePending, dead, injuries, poolLost, list);
    }

    Fighter withSheet(String newName, String owner, boolean newNpc, Stats newStats) {
        return new Fighter(id, newName, owner, newNpc, newStats, Math.min(hp, newStats.hpMax()), bleeding, fatePending, dead,
                injuries, poolLost, conditions);
    }
}
