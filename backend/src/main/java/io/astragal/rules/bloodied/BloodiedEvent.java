package io.astragal.rules.bloodied;

import io.astragal.dice.RollResult;
import io.astragal.rules.GameEvent;
import io.astragal.rules.bloodied.BloodiedState.InjuryTable;
import io.astragal.rules.bloodied.BloodiedState.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The events of a bloodied-d20 table; every die rolled is inside them. */
sealed interface BloodiedEvent extends GameEvent {

    record CharacterPlaced(String characterId, String name, String ownerUserId, boolean npc, Stats stats)
            implements BloodiedEvent {
        public String describe() {
            return name + " is at the table.";
        }
    }

    record InitiativeRoll(String combatantId, String name, RollResult roll, int bonus, int score) {
    }

    /** Initiative rolled once for the encounter, listed in acting order. */
    record InitiativeStarted(List<InitiativeRoll> results) implements BloodiedEvent {
        public String describe() {
            return "Initiative order: " + results.stream().map(InitiativeRoll::name).collect(Collectors.joining(", ")) + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return results.stream().map(InitiativeRoll::roll).toList();
        }
    }

    record RoundStarted(int round) implements BloodiedEvent {
        public String describe() {
            return "Round " + round + ".";
        }
    }

    record TurnStarted(int round, String combatantId, String name) implements BloodiedEvent {
        public String describe() {
            return name + "'s turn.";
        }
    }

    /** @param asAction the second movement, taken in place of the action */
    record Moved(String combatantId, String name, boolean asAction) implements BloodiedEvent {
        public String describe() {
            return name + (asAction ? " moves again instead of acting." : " moves.");
        }
    }

    /**
     * A ranged attack into melee: {@code roll} (1dN) of 1 keeps the intended target; otherwise the
     * miss chance struck and {@code retarget} (1dN) picks who in {@code meleeIds} is attacked instead.
     */
    record MissChance(List<String> meleeIds, RollResult roll, boolean missed, RollResult retarget) {
    }

    /**
     * One attack. {@code damage} is the weapon roll (null on a miss); on a critical success
     * {@code critMaximum} is the weapon's maximum added to it; {@code armor} is the defender's armor roll.
     */
    record Attacked(String combatantId, String name, String weapon, String intendedTargetId, MissChance missChance,
                    String targetId, String targetName, RollResult attack, int attackTotal, List<String> modifiers,
                    RollResult defense, int defenseTotal, boolean hit, boolean crit, RollResult damage, int critMaximum,
                    int damageModifier, RollResult armor, int dealt, int hp) implements BloodiedEvent {
        public String describe() {
            String into = missChance == null ? "" : missChance.missed() ? " (the shot into the melee goes astray)" : "";
            String head = name + " attacks " + targetName + " with " + weapon + into + ": " + attackTotal
                    + (modifiers.isEmpty() ? "" : " (" + String.join(", ", modifiers) + ")") + " vs Defense " + defenseTotal;
            if (!hit) {
                return head + " — miss.";
            }
            // no HP in the sentence: every member reads the log, and NPC hit points are the GM's
            return head + (crit ? " — critical hit" : " — hit") + ", " + dealt + " damage"
                    + (armor == null ? "" : " after armor " + armor.total()) + ".";
        }

        @Override
        public List<RollResult> rolls() {
            List<RollResult> all = new ArrayList<>();
            if (missChance != null) {
                all.add(missChance.roll());
                if (missChance.retarget() != null) {
                    all.add(missChance.retarget());
                }
            }
            all.add(attack);
            all.add(defense);
            if (damage != null) {
                all.add(damage);
            }
            if (armor != null) {
                all.add(armor);
            }
            return all;
        }

        @Override
        public List<String> triggers() {
            return crit ? List.of("natural 20") : List.of();
        }
    }

    record Stabilized(String combatantId, String name, String targetId, String targetName) implements BloodiedEvent {
        public String describe() {
            return name + " stops " + targetName + "'s bleeding.";
        }
    }

    record TurnEnded(int round, String combatantId, String name) implements BloodiedEvent {
        public String describe() {
            return name + " ends their turn.";
        }
    }

    record InitiativeEnded() implements BloodiedEvent {
        public String describe() {
            return "Initiative ends.";
        }
    }

    /** @param npc the GM's character: the log leaves out the total, which would give away its modifier */
    record CheckRolled(String combatantId, String name, String attribute, RollResult roll, int modifier, int total,
                       int targetNumber, boolean success, boolean crit, boolean npc) implements BloodiedEvent {
        public String describe() {
            return name + " checks" + (attribute.isEmpty() ? "" : " " + attribute) + (npc ? " against " : ": " + total + " vs ")
                    + targetNumber + (crit ? " — critical success." : success ? " — success." : " — failure.");
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }
    }

    /** @param npc the GM's character: the log leaves out the score */
    record SaveRolled(String combatantId, String name, String attribute, int score, RollResult roll, boolean success,
                      boolean crit, boolean npc) implements BloodiedEvent {
        public String describe() {
            return name + " saves " + attribute + ": " + roll.total() + (npc ? "" : " vs " + score)
                    + (crit ? " — critical success." : success ? " — success." : " — failure.");
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }
    }

    record Hit(String targetId, String name, int amount, int hp) {
    }

    record DamageApplied(RollResult roll, List<Hit> hits) implements BloodiedEvent {
        public String describe() {
            return "Damage " + roll.notation() + " = " + roll.total() + " to "
                    + hits.stream().map(Hit::name).collect(Collectors.joining(", ")) + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }
    }

    record Healed(String targetId, String name, int amount, int hp) implements BloodiedEvent {
        public String describe() {
            return name + " heals " + amount + ".";
        }
    }

    record Recovery(String combatantId, String name, RollResult roll, int amount, int hp) {
    }

    /** @param kind "normal" (1d4) or "bed" (1d6) */
    record Recovered(String kind, boolean healer, List<Recovery> recoveries) implements BloodiedEvent {
        public String describe() {
            return "A day of " + (kind.equals("bed") ? "bed rest" : "rest") + (healer ? " under a healer's care" : "") + ": "
                    + recoveries.stream().map(r -> r.name() + " +" + r.amount()).collect(Collectors.joining(", ")) + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return recoveries.stream().map(Recovery::roll).toList();
        }
    }

    record Rested(List<String> combatantIds, List<String> names) implements BloodiedEvent {
        public String describe() {
            return String.join(", ", names) + " rest fully: casting pools are whole again.";
        }
    }

    /** @param castTier the tier cast, or -1 when the spell fizzles; {@code sixes} dice leave the pool */
    record SpellCast(String combatantId, String name, String spell, int tier, int conditions, RollResult roll,
                     int target, int castTier, int sixes) implements BloodiedEvent {
        public String describe() {
            String outcome = castTier < 0 ? "the spell fizzles" : castTier == tier ? "cast at Tier " + tier
                    : "cast at Tier " + castTier + " instead";
            return name + " casts " + spell + " (Tier " + tier + ", target " + target + "): " + roll.total() + " — "
                    + outcome + (sixes > 0 ? "; " + sixes + (sixes == 1 ? " die leaves" : " dice leave") + " the pool." : ".");
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }

        @Override
        public List<String> triggers() {
            return sixes == 0 ? List.of() : List.of(sixes == 1 ? "on 6" : "on 6 (" + sixes + ")");
        }
    }

    /** @param roll the roll on the serious-injury table */
    record InjuryInflicted(String combatantId, String name, String injuryId, String cause, RollResult roll,
                           Severity severity, String interval) implements BloodiedEvent {
        public String describe() {
            return name + " suffers a " + severity.name().toLowerCase(Locale.ROOT) + " serious injury (" + cause
                    + "), save every " + interval + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }
    }

    /**
     * A save at an injury's interval, with the tally after it.
     *
     * @param outcome "" while undecided, else "improved", "healed", "worsened" or "death"
     * @param npc     the GM's character: the log leaves out the score
     */
    record InjurySaved(String combatantId, String name, String injuryId, String attribute, int score, RollResult roll,
                       boolean success, int successes, int failures, String outcome, boolean npc) implements BloodiedEvent {
        public String describe() {
            return name + " saves " + attribute + " against the injury: " + roll.total() + (npc ? "" : " vs " + score)
                    + (success ? " — success" : " — failure") + (outcome.isEmpty() ? "" : "; the injury " + switch (outcome) {
                        case "death" -> "kills them";
                        case "healed" -> "is healed";
                        default -> outcome;
                    }) + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }
    }

    /**
     * Unconscious and bleeding: the round's BLD or LCK save; a failure loses 1 HP.
     *
     * @param npc the GM's character: the log leaves out the score (this save comes with whoever's command started the turn)
     */
    record BleedSaved(String combatantId, String name, String attribute, int score, RollResult roll, boolean success,
                      int hp, boolean npc) implements BloodiedEvent {
        public String describe() {
            return name + " bleeds out: " + attribute + " save " + roll.total() + (npc ? "" : " vs " + score)
                    + (success ? " — holds on." : " — loses 1 HP.");
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }
    }

    /** @param choice "death" or "injury" */
    record FateChosen(String combatantId, String name, String choice) implements BloodiedEvent {
        public String describe() {
            return choice.equals("death") ? name + " dies." : name + " takes a serious injury in lieu of dying.";
        }
    }

    record InjuryTableSet(InjuryTable table) implements BloodiedEvent {
        public String describe() {
            return "Serious-injury table: " + table.summary() + ".";
        }
    }

    record ConditionAdded(String targetId, String name, String condition) implements BloodiedEvent {
        public String describe() {
            return name + " is " + condition + ".";
        }
    }

    record ConditionRemoved(String targetId, String name, String condition) implements BloodiedEvent {
        public String describe() {
            return name + " is no longer " + condition + ".";
        }
    }

    Map<String, Class<? extends GameEvent>> TYPES = Map.ofEntries(
            Map.entry("bloodied-d20.characterPlaced", CharacterPlaced.class),
            Map.entry("bloodied-d20.initiativeStarted", InitiativeStarted.class),
            Map.entry("bloodied-d20.roundStarted", RoundStarted.class),
            Map.entry("bloodied-d20.turnStarted", TurnStarted.class),
            Map.entry("bloodied-d20.moved", Moved.class),
            Map.entry("bloodied-d20.attacked", Attacked.class),
            Map.entry("bloodied-d20.stabilized", Stabilized.class),
            Map.entry("bloodied-d20.turnEnded", TurnEnded.class),
            Map.entry("bloodied-d20.initiativeEnded", InitiativeEnded.class),
            Map.entry("bloodied-d20.checkRolled", CheckRolled.class),
            Map.entry("bloodied-d20.saveRolled", SaveRolled.class),
            Map.entry("bloodied-d20.damageApplied", DamageApplied.class),
            Map.entry("bloodied-d20.healed", Healed.class),
            Map.entry("bloodied-d20.recovered", Recovered.class),
            Map.entry("bloodied-d20.rested", Rested.class),
            Map.entry("bloodied-d20.spellCast", SpellCast.class),
            Map.entry("bloodied-d20.injuryInflicted", InjuryInflicted.class),
            Map.entry("bloodied-d20.injurySaved", InjurySaved.class),
            Map.entry("bloodied-d20.bleedSaved", BleedSaved.class),
            Map.entry("bloodied-d20.fateChosen", FateChosen.class),
            Map.entry("bloodied-d20.injuryTableSet", InjuryTableSet.class),
            Map.entry("bloodied-d20.conditionAdded", ConditionAdded.class),
            Map.entry("bloodied-d20.conditionRemoved", ConditionRemoved.class));
}
