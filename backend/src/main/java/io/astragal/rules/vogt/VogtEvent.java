package io.astragal.rules.vogt;

import io.astragal.dice.RollResult;
import io.astragal.rules.GameEvent;
import io.astragal.rules.vogt.VogtState.Action;
import io.astragal.rules.vogt.VogtState.Injury;
import io.astragal.rules.vogt.VogtState.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The events of a vogt table; every die rolled is inside them. */
sealed interface VogtEvent extends GameEvent {

    record CharacterPlaced(String characterId, String name, String ownerUserId, boolean npc, Stats stats,
                           List<Status> statuses, int exhaustion) implements VogtEvent {
        public String describe() {
            return name + " is at the table.";
        }
    }

    record InitiativeStarted(List<String> combatantIds) implements VogtEvent {
        public String describe() {
            return "Initiative begins: round 1, declare your actions.";
        }
    }

    /** The action stays secret until the reveal: the sentence does not name it. */
    record ActionDeclared(int round, String combatantId, String name, Action action, String weapon, int techniqueDice,
                          String dice) implements VogtEvent {
        public String describe() {
            return name + " has declared an action.";
        }
    }

    record InitiativeRoll(String combatantId, String name, String dice, RollResult roll, int dexRank) {
    }

    /** Everyone has declared: every initiative die is rolled at once and the declarations are revealed. */
    record InitiativeRolled(int round, List<InitiativeRoll> results) implements VogtEvent {
        public String describe() {
            return "Round " + round + " initiative: " + results.stream()
                    .map(r -> r.name() + " " + r.dice() + " = " + r.roll().total()).collect(Collectors.joining(", ")) + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return results.stream().map(InitiativeRoll::roll).toList();
        }
    }

    record TieOrdered(int round, List<String> combatantIds, List<String> names) implements VogtEvent {
        public String describe() {
            return "The GM orders the tie: " + String.join(", then ", names) + ".";
        }
    }

    record TurnStarted(int round, String combatantId, String name) implements VogtEvent {
        public String describe() {
            return name + "'s turn.";
        }
    }

    record Moved(String combatantId, String name, int squares) implements VogtEvent {
        public String describe() {
            return name + " moves " + squares + (squares == 1 ? " square." : " squares.");
        }
    }

    /**
     * A damage roll: the dice, the extra dice of critical hits, the modifier (STR for weapons), and
     * the total dealt to every target before resistances.
     */
    record DamageRoll(RollResult dice, RollResult crits, RollResult modifier, int total) {
        List<RollResult> all() {
            List<RollResult> list = new ArrayList<>(List.of(dice));
            if (!crits.dice().isEmpty()) {
                list.add(crits);
            }
            if (!modifier.dice().isEmpty()) {
                list.add(modifier);
            }
            return list;
        }

        String sentence() {
            String crit = crits.dice().isEmpty() ? "" : " + crit " + crits.total();
            String mod = modifier.total() == 0 && modifier.dice().isEmpty() ? "" : " + " + modifier.notation() + " " + modifier.total();
            return dice.notation() + " = " + dice.total() + crit + mod + " = " + total;
        }

        /** An NPC's weapon damage: its STR (die and value) and so the total stay out; the hits name the outcome. */
        String npcSentence() {
            String crit = crits.dice().isEmpty() ? "" : " + crit " + crits.total();
            return dice.notation() + " = " + dice.total() + crit + " + STR";
        }

        /** The dice every member is shown for an NPC's weapon damage: without a rolled STR. */
        List<RollResult> npcDice() {
            return crits.dice().isEmpty() ? List.of(dice) : List.of(dice, crits);
        }
    }

    /**
     * What one target took.
     *
     * @param amount damage after resistance, vulnerability and AR
     * @param hp     hit points afterwards
     * @param note   how the amount was reached, e.g. "resists fire, AR 2"
     * @param npc    the target is the GM's: the sentence leaves the note out (its AR and resistances are the GM's)
     */
    record Hit(String targetId, String name, int amount, int hp, String note, boolean npc) {
        String sentence() {
            // no HP in the sentence: every member reads the same log, and NPC hit points are the GM's
            return name + " takes " + amount + (note.isEmpty() || npc ? "" : " (" + note + ")");
        }
    }

    /** @param npc the attacker is the GM's: the log leaves out its STR and the total it gives away */
    record Attacked(String combatantId, String name, String weapon, String damageType, DamageRoll damage, List<Hit> hits,
                    boolean npc) implements VogtEvent {
        public String describe() {
            return name + " attacks with " + weapon + ": " + (npc ? damage.npcSentence() : damage.sentence()) + " "
                    + damageType + "; " + hits.stream().map(Hit::sentence).collect(Collectors.joining("; ")) + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return npc ? damage.npcDice() : damage.all();
        }

        @Override
        public List<String> triggers() {
            return damage.crits().dice().isEmpty() ? List.of() : List.of("critical hit");
        }
    }

    /** A technique: its dice are spent; {@code damage} is null for one that deals none. */
    record TechniqueUsed(String combatantId, String name, String technique, int diceSpent, String damageType,
                         DamageRoll damage, List<Hit> hits) implements VogtEvent {
        public String describe() {
            String base = name + " uses " + technique + " with " + diceSpent + " technique "
                    + (diceSpent == 1 ? "die" : "dice");
            if (damage == null) {
                return base + ".";
            }
            return base + ": " + damage.sentence() + " " + damageType + "; "
                    + hits.stream().map(Hit::sentence).collect(Collectors.joining("; ")) + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return damage == null ? List.of() : damage.all();
        }
    }

    /** Damage from the GM or from a status (Bleeding); {@code damage} is null for a fixed amount with no dice. */
    record DamageApplied(String source, String damageType, DamageRoll damage, List<Hit> hits) implements VogtEvent {
        public String describe() {
            return source + ": " + (damage == null ? "" : damage.sentence() + " " + damageType + "; ")
                    + hits.stream().map(Hit::sentence).collect(Collectors.joining("; ")) + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return damage == null ? List.of() : damage.all();
        }
    }

    /**
     * One level of exhaustion; at level 4 and beyond with its death & dismemberment roll and result.
     * An NPC's level is hidden from players (its view shows the condition without the count), so the
     * sentence does not name it.
     */
    record ExhaustionGained(String combatantId, String name, int level, boolean knockedDown, RollResult dismemberment,
                            Injury injury, Boolean npc) implements VogtEvent {

        /** Logs stored before {@code npc} was recorded lack it: read as a PC's, as they were shown then. */
        public ExhaustionGained {
            npc = Boolean.TRUE.equals(npc);
        }

        public String describe() {
            String base = name + (npc ? " gains a level of exhaustion" : " gains exhaustion level " + level)
                    + (knockedDown ? " and falls prone" : "");
            return injury == null ? base + "." : base + "; death & dismemberment " + dismemberment.total() + ": " + injury.text();
        }

        @Override
        public List<RollResult> rolls() {
            return dismemberment == null ? List.of() : List.of(dismemberment);
        }
    }

    record ExhaustionRecovered(String combatantId, String name, int level, Boolean npc) implements VogtEvent {

        public ExhaustionRecovered {
            npc = Boolean.TRUE.equals(npc);
        }

        public String describe() {
            if (npc) {
                return name + (level == 0 ? " is no longer exhausted." : " recovers from some exhaustion.");
            }
            return name + " recovers to exhaustion level " + level + ".";
        }
    }

    record Defended(String combatantId, String name) implements VogtEvent {
        public String describe() {
            return name + " defends: +2 AR until the beginning of their next turn.";
        }
    }

    record Helped(String combatantId, String name, String targetId, String targetName) implements VogtEvent {
        public String describe() {
            return name + " helps " + targetName + ": advantage on their next check before " + name + "'s next turn.";
        }
    }

    record Ran(String combatantId, String name) implements VogtEvent {
        public String describe() {
            return name + " runs: movement doubled until the end of the round.";
        }
    }

    record Reevaluated(int round, String combatantId, String name, Action action, String weapon, int techniqueDice,
                       String dice, RollResult roll, int total) implements VogtEvent {
        public String describe() {
            return name + " reevaluates to " + action.label() + ": " + dice + " = " + roll.total()
                    + ", initiative now " + total + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }
    }

    record TurnEnded(int round, String combatantId, String name) implements VogtEvent {
        public String describe() {
            return name + " ends their turn.";
        }
    }

    record RoundStarted(int round) implements VogtEvent {
        public String describe() {
            return "Round " + round + ": declare your actions.";
        }
    }

    record InitiativeEnded() implements VogtEvent {
        public String describe() {
            return "Initiative ends.";
        }
    }

    /**
     * @param rolls    one roll, or two with advantage or disadvantage (the one not kept has its dice dropped)
     * @param helpUsed the advantage came from a Help, which is now spent
     * @param npc      the GM's character: the sentence leaves out its ability die and bonus
     */
    record CheckRolled(String combatantId, String name, String ability, String die, int bonus, String edge,
                       List<RollResult> rolls, int total, boolean helpUsed, boolean npc) implements VogtEvent {
        public String describe() {
            return name + " rolls " + ability + (npc ? "" : " (" + die + (bonus == 0 ? "" : (bonus > 0 ? "+" : "") + bonus) + ")")
                    + ("normal".equals(edge) ? "" : " with " + edge) + ": " + total + ".";
        }

        /** An NPC's dice would name its ability die (the notation, the highest face): only the total is shown. */
        @Override
        public List<RollResult> rolls() {
            return npc ? List.of() : rolls;
        }
    }

    record ContestSide(String combatantId, String name, String ability, String die, int bonus, RollResult roll, int total) {
    }

    /** @param winnerId the higher result, or null on a tie (nobody succeeds) */
    record ContestRolled(ContestSide first, ContestSide second, String winnerId) implements VogtEvent {
        public String describe() {
            String outcome = winnerId == null ? "a tie, neither succeeds"
                    : (winnerId.equals(first.combatantId()) ? first.name() : second.name()) + " succeeds";
            return first.name() + " (" + first.ability() + " " + first.total() + ") contests " + second.name() + " ("
                    + second.ability() + " " + second.total() + "): " + outcome + ".";
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(first.roll(), second.roll());
        }
    }

    record Healed(String targetId, String name, int amount, int hp) implements VogtEvent {
        public String describe() {
            return name + " heals " + amount + ".";
        }
    }

    record StatusAdded(String targetId, String name, Status status) implements VogtEvent {
        public String describe() {
            return name + " is now " + status.key() + ".";
        }
    }

    record StatusRemoved(String targetId, String name, Status status) implements VogtEvent {
        public String describe() {
            return name + " is no longer " + status.key() + ".";
        }
    }

    /** An NPC's HP regained would give away its HP (a siesta regains half the maximum), so its sentence has no numbers. */
    record Recovery(String combatantId, String name, int hpGained, int techniqueDiceRegained, Boolean npc) {

        public Recovery {
            npc = Boolean.TRUE.equals(npc);
        }

        String describe() {
            if (npc) {
                return name + " recovers";
            }
            return name + " +" + hpGained + " HP"
                    + (techniqueDiceRegained > 0 ? ", +" + techniqueDiceRegained + " technique dice" : "");
        }
    }

    /** @param kind "siesta" or "full rest" */
    record Rested(String kind, List<Recovery> recoveries) implements VogtEvent {
        public String describe() {
            return "A " + kind + ": " + recoveries.stream().map(Recovery::describe).collect(Collectors.joining("; ")) + ".";
        }
    }

    /** The save versus exhaustion, made minus the extra slots; a failure is followed by {@link ExhaustionGained}. */
    record EncumbranceSaved(String combatantId, String name, String ability, String die, RollResult roll,
                            int extraSlots, int total, int target, boolean success) implements VogtEvent {
        public String describe() {
            return name + " saves versus exhaustion for " + extraSlots + " extra slots: " + ability + " " + roll.total()
                    + " - " + extraSlots + " = " + total + " vs " + target + (success ? ", success." : ", failure.");
        }

        @Override
        public List<RollResult> rolls() {
            return List.of(roll);
        }
    }

    record SettingsChanged(Settings settings) implements VogtEvent {
        public String describe() {
            return "Settings: STR modifier " + settings.strengthModifier().name().toLowerCase() + ", AR "
                    + (settings.armorReducesDamage() ? "reduces damage." : "does not reduce damage.");
        }
    }

    Map<String, Class<? extends GameEvent>> TYPES = Map.ofEntries(
            Map.entry("vogt.characterPlaced", CharacterPlaced.class),
            Map.entry("vogt.initiativeStarted", InitiativeStarted.class),
            Map.entry("vogt.actionDeclared", ActionDeclared.class),
            Map.entry("vogt.initiativeRolled", InitiativeRolled.class),
            Map.entry("vogt.tieOrdered", TieOrdered.class),
            Map.entry("vogt.turnStarted", TurnStarted.class),
            Map.entry("vogt.moved", Moved.class),
            Map.entry("vogt.attacked", Attacked.class),
            Map.entry("vogt.techniqueUsed", TechniqueUsed.class),
            Map.entry("vogt.damageApplied", DamageApplied.class),
            Map.entry("vogt.exhaustionGained", ExhaustionGained.class),
            Map.entry("vogt.exhaustionRecovered", ExhaustionRecovered.class),
            Map.entry("vogt.defended", Defended.class),
            Map.entry("vogt.helped", Helped.class),
            Map.entry("vogt.ran", Ran.class),
            Map.entry("vogt.reevaluated", Reevaluated.class),
            Map.entry("vogt.turnEnded", TurnEnded.class),
            Map.entry("vogt.roundStarted", RoundStarted.class),
            Map.entry("vogt.initiativeEnded", InitiativeEnded.class),
            Map.entry("vogt.checkRolled", CheckRolled.class),
            Map.entry("vogt.contestRolled", ContestRolled.class),
            Map.entry("vogt.healed", Healed.class),
            Map.entry("vogt.statusAdded", StatusAdded.class),
            Map.entry("vogt.statusRemoved", StatusRemoved.class),
            Map.entry("vogt.rested", Rested.class),
            Map.entry("vogt.encumbranceSaved", EncumbranceSaved.class),
            Map.entry("vogt.settingsChanged", SettingsChanged.class));
}
