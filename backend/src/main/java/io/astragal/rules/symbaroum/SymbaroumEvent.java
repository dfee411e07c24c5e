package io.astragal.rules.symbaroum;

import io.astragal.dice.RollResult;
import io.astragal.rules.GameEvent;
import io.astragal.rules.symbaroum.SymbaroumState.FreeAttack;
import io.astragal.rules.symbaroum.SymbaroumState.Fighter;
import io.astragal.rules.symbaroum.SymbaroumState.Patch;
import java.util.ArrayList;
import java.util.List;

/** Events of symbaroum; every random outcome is inside them. */
sealed interface SymbaroumEvent extends GameEvent {

    private static <T> List<T> list(List<T> l) {
        return l == null ? List.of() : List.copyOf(l);
    }

    private static List<RollResult> present(RollResult... rolls) {
        List<RollResult> out = new ArrayList<>();
        for (RollResult r : rolls) {
            if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    record CharactersPlaced(List<Fighter> combatants) implements SymbaroumEvent {
        public CharactersPlaced {
            combatants = list(combatants);
        }

        @Override
        public String describe() {
            return "At the table: " + String.join(", ", combatants.stream().map(Fighter::name).toList()) + ".";
        }
    }

    /** One place in the order: Quick, Vigilant and, for ties on both, a d20. */
    record Ranked(String combatantId, String name, int quick, int vigilant, RollResult tieBreak) {
    }

    record InitiativeStarted(List<Ranked> ranking, String current, List<Fighter> placed) implements SymbaroumEvent {
        public InitiativeStarted {
            ranking = list(ranking);
            placed = list(placed);
        }

        @Override
        public String describe() {
            return "Turn order: " + String.join(", ", ranking.stream().map(Ranked::name).toList()) + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return ranking.stream().map(Ranked::tieBreak).filter(r -> r != null).toList();
        }
    }

    record TurnDelayed(String combatantId, String name, String after, String afterName, List<String> order, String current)
            implements SymbaroumEvent {
        public TurnDelayed {
            order = list(order);
        }

        @Override
        public String describe() {
            return name + " waits and will act after " + afterName + ".";
        }
    }

    record TurnEnded(String combatantId, String name, String next, String nextName, int round, boolean newRound)
            implements SymbaroumEvent {
        @Override
        public String describe() {
            return name + " ends the turn." + (newRound ? " Round " + round + " begins." : "")
                    + (next == null ? "" : " " + nextName + " acts next.");
        }
    }

    record InitiativeEnded() implements SymbaroumEvent {
        @Override
        public String describe() {
            return "The fight is over.";
        }
    }

    /** {@code granted}: the Free Attacks the move gives enemies it withdraws from or runs past. */
    record Moved(String combatantId, String name, String text, String spent, List<FreeAttack> granted, List<String> grantedNames)
            implements SymbaroumEvent {
        public Moved {
            granted = list(granted);
            grantedNames = list(grantedNames);
        }

        @Override
        public String describe() {
            String free = grantedNames.isEmpty() ? ""
                    : " " + String.join(", ", grantedNames) + (grantedNames.size() == 1 ? " gets" : " get") + " a Free Attack on " + name + ".";
            return name + " moves" + (text == null || text.isBlank() ? "" : ": " + text) + " (" + spent + ")." + free;
        }
    }

    /** {@code secret}: an NPC's number is part of the chance, so the sentence leaves the chance out. */
    record TestRolled(String combatantId, String name, String attribute, int value, int modifier, String opposedBy,
                      String opposedName, String opposedAttribute, int chance, RollResult roll, boolean success,
                      String action, String text, boolean secret) implements SymbaroumEvent {
        @Override
        public String describe() {
            String against = opposedBy == null ? "" : "←" + opposedName + "'s " + opposedAttribute;
            return name + " tests [" + attribute + against + "]" + (text == null || text.isBlank() ? "" : " (" + text + ")")
                    + ": " + roll.total() + (secret ? "" : " vs " + chance) + " — " + (success ? "success" : "failure") + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }
    }

    record AttackResolved(String combatantId, String name, String targetId, String targetName, String weapon,
                          String roller, int chance, RollResult test, boolean hit, boolean advantage, boolean free,
                          RollResult damage, RollResult armor, int dealt, int toughnessBefore, int toughnessAfter,
                          boolean pain, String outcome, Patch patch, boolean npcAttacker, boolean npcTarget)
            implements SymbaroumEvent {
        /** An NPC's Accurate or Defense is part of the chance, and an NPC's Toughness is never written out. */
        @Override
        public String describe() {
            String vs = npcAttacker || npcTarget ? "" : " vs " + chance;
            String test = roller.equals("attacker")
                    ? "[Accurate←Defense] " + this.test.total() + vs
                    : targetName + " defends [Defense←Accurate] " + this.test.total() + vs;
            String text = name + (free ? " makes a Free Attack on " : " attacks ") + targetName + " with " + weapon
                    + (advantage ? " (Advantage)" : "") + ": " + test + " — " + (hit ? "hit" : "miss");
            if (hit) {
                text += ", " + damage.total() + " damage" + (armor == null ? "" : " − armor " + armor.total()) + " = " + dealt
                        + (npcTarget ? "" : "; Toughness " + toughnessBefore + " → " + toughnessAfter);
            }
            return text + "." + (pain ? " Past the Pain Threshold!" : "") + (outcome.isEmpty() ? "" : " " + outcome);
        }

        @Override
        public List<RollResult> rolls() {
            return present(test, damage, armor);
        }

        @Override
        public List<String> triggers() {
            return pain ? List.of("over the pain threshold") : List.of();
        }
    }

    record PainChosen(String victimId, String victimName, String attackerId, String attackerName, String choice, Patch patch)
            implements SymbaroumEvent {
        @Override
        public String describe() {
            return choice.equals("knockDown") ? victimName + " is knocked down."
                    : attackerName + " gets a Free Attack on " + victimName + ".";
        }
    }

    record FreeAttackGranted(String combatantId, String name, String targetId, String targetName, String reason)
            implements SymbaroumEvent {
        @Override
        public String describe() {
            return name + " may make a Free Attack" + (targetName == null ? "" : " on " + targetName)
                    + (reason == null || reason.isBlank() ? "" : " (" + reason + ")") + ".";
        }
    }

    /**
     * {@code discreetSecret}/{@code vigilantSecret}: the number is an NPC's, left out of the sentence.
     * {@code sheathed}: the surprised defenders who must draw a weapon before fighting with it.
     */
    record SurpriseRolled(List<String> attackers, List<String> defenders, int discreet, int vigilant, int chance,
                          RollResult roll, boolean success, List<FreeAttack> granted, boolean discreetSecret,
                          boolean vigilantSecret, List<String> sheathed) implements SymbaroumEvent {
        public SurpriseRolled {
            attackers = list(attackers);
            defenders = list(defenders);
            granted = list(granted);
            sheathed = list(sheathed);
        }

        @Override
        public String describe() {
            boolean secret = discreetSecret || vigilantSecret;
            return "Surprise [Discreet" + (discreetSecret ? "" : " " + discreet) + "←Vigilant" + (vigilantSecret ? "" : " " + vigilant)
                    + "]: " + roll.total() + (secret ? "" : " vs " + chance) + " — "
                    + (success ? "the defenders are surprised; each attacker gets a Free Attack"
                            + (sheathed.isEmpty() ? "." : ", and the defenders must draw their weapons.")
                    : "the defenders are alert.");
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }
    }

    /** {@code used}: the turn's actions after the draw (empty outside a fight, where it costs nothing). */
    record WeaponDrawn(String combatantId, String name, List<String> used, Patch patch) implements SymbaroumEvent {
        public WeaponDrawn {
            used = list(used);
        }

        @Override
        public String describe() {
            return name + " draws a weapon" + (used.isEmpty() ? "." : " (Movement Action).");
        }
    }

    record StoodUp(String combatantId, String name, RollResult roll, int chance, boolean success, List<String> used,
                   Patch patch, boolean npc) implements SymbaroumEvent {
        public StoodUp {
            used = list(used);
        }

        @Override
        public String describe() {
            return name + " tries to stand up [Quick] " + roll.total() + (npc ? "" : " vs " + chance) + " — "
                    + (success ? "up, with a Movement Action." : patch.cleared().isEmpty() ? "still down." : "up, but it takes the whole turn.");
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }
    }

    record DeathTestRolled(String combatantId, String name, RollResult roll, String outcome, RollResult wake, int marks,
                           Patch patch) implements SymbaroumEvent {
        @Override
        public String describe() {
            return name + " makes a Death Test: " + roll.total() + " — " + outcome;
        }

        @Override
        public List<RollResult> rolls() {
            return present(roll, wake);
        }
    }

    /** {@code npc}: the amount healed, capped by the maximum, would tell an NPC's Toughness; the sentence leaves it out. */
    record Healed(String targetId, String name, String healerId, String healerName, String method, RollResult roll,
                  int amount, Patch patch, boolean npc) implements SymbaroumEvent {
        @Override
        public String describe() {
            return (healerName == null ? "" : healerName + " gives first aid: ") + name
                    + (npc ? " is healed" : " heals " + amount + " Toughness") + " (" + method + ").";
        }

        @Override
        public List<RollResult> rolls() {
            return present(roll);
        }
    }

    /** {@code amount}: Toughness lost; {@code requested}: the damage the GM named, all an NPC's sentence says. */
    record DamageApplied(String targetId, String name, int amount, String text, String outcome, Patch patch, int requested,
                         boolean npc) implements SymbaroumEvent {
        @Override
        public String describe() {
            return name + (npc ? " takes " + requested + " damage" : " loses " + amount + " Toughness")
                    + (text == null || text.isBlank() ? "" : " (" + text + ")") + "." + (outcome.isEmpty() ? "" : " " + outcome);
        }
    }

    record ConditionChanged(String targetId, String name, String condition, Integer value, Patch patch)
            implements SymbaroumEvent {
        @Override
        public String describe() {
            // Weapons are sheathed, not people.
            String who = SymbaroumReferee.SHEATHED.equals(condition) ? name + "'s weapons are" : name + " is";
            return value == null ? who + " no longer " + condition + "." : who + " " + condition + ".";
        }
    }

    record ExperienceAwarded(String targetId, String name, int amount, Patch patch) implements SymbaroumEvent {
        @Override
        public String describe() {
            return name + " gains " + amount + " Experience.";
        }
    }

    record AbilityLearned(String combatantId, String name, String ability, String level, int cost, Patch patch)
            implements SymbaroumEvent {
        @Override
        public String describe() {
            return name + " learns " + ability + " at " + level + " level for " + cost + " Experience.";
        }
    }
}
