package io.astragal.rules.cairn;

import io.astragal.rules.GameCommand;
import java.util.List;

/**
 * Commands of cairn-ap. Lists left out on the wire arrive as null and mean empty; an
 * {@code amount} left out on an AP-costing command means the table's action cost.
 */
sealed interface CairnCommand extends GameCommand {

    private static <T> List<T> list(List<T> l) {
        return l == null ? List.of() : List.copyOf(l);
    }

    /** GM: brings characters to the table, copying their sheets. */
    record PlaceCharacters(List<String> characterIds) implements CairnCommand {
        public PlaceCharacters {
            characterIds = list(characterIds);
        }
    }

    /** One group of the fight and the characters the Warden put in it. */
    record GroupAssignment(String name, List<String> characterIds) {
        public GroupAssignment {
            characterIds = list(characterIds);
        }
    }

    /** GM: everyone rolls 1d20 + WIL; surprised characters start with 2 AP. */
    record StartInitiative(List<GroupAssignment> groups, List<String> surprised) implements CairnCommand {
        public StartInitiative {
            groups = list(groups);
            surprised = list(surprised);
        }
    }

    record EndTurn(String combatantId) implements CairnCommand {
    }

    /** GM: the fight is over. */
    record EndInitiative() implements CairnCommand {
    }

    /** Move (1 AP): up to half DEX rounded up spaces. */
    record Move(String combatantId) implements CairnCommand {
    }

    /** Gain Advantage (1 AP): +1 Advantage on the base die of the next roll. */
    record GainAdvantage(String combatantId) implements CairnCommand {
    }

    /** Held Action (X AP): the action and its condition, paid now. */
    record HoldAction(String combatantId, String text, Integer amount) implements CairnCommand {
    }

    /** The held action's condition was not wanted after all: the AP stay spent. */
    record ReleaseHeld(String combatantId) implements CairnCommand {
    }

    /** GM: charges a described action the AP the Warden decided. */
    record SpendAp(String combatantId, String text, int amount) implements CairnCommand {
    }

    /** GM: the default AP cost of attacks, checks and spells at this table. */
    record SetActionCost(int amount) implements CairnCommand {
    }

    /**
     * An Action: IR against a DC, or against the TR of a target's save (a Contested Check).
     * Advantage lists hold the net advantage per die: index 0 the base d20, then each object die.
     */
    record Check(String combatantId, String attribute, Integer dc, String target, String targetAttribute,
                 List<Integer> objectDice, List<Integer> targetObjectDice, List<Integer> advantage,
                 List<Integer> targetAdvantage, Integer amount, boolean held, String text) implements CairnCommand {
        public Check {
            objectDice = list(objectDice);
            targetObjectDice = list(targetObjectDice);
            advantage = list(advantage);
            targetAdvantage = list(targetAdvantage);
        }
    }

    /** A Save against a DC the Warden set (no AP). */
    record Save(String combatantId, String attribute, Integer dc, List<Integer> objectDice, List<Integer> advantage,
                String text) implements CairnCommand {
        public Save {
            objectDice = list(objectDice);
            advantage = list(advantage);
        }
    }

    /**
     * An attack: an Action with the weapon's Object Die, contested by each target's save; a hit
     * deals the weapon die minus armor. {@code offhand} names a second weapon (keep the highest
     * damage die); {@code extraTargets} makes it a blast.
     */
    record Attack(String combatantId, String target, String weapon, String offhand, List<String> extraTargets,
                  String attribute, String targetAttribute, List<Integer> targetObjectDice, List<Integer> advantage,
                  List<Integer> targetAdvantage, Integer amount, boolean held) implements CairnCommand {
        public Attack {
            extraTargets = list(extraTargets);
            targetObjectDice = list(targetObjectDice);
            advantage = list(advantage);
            targetAdvantage = list(targetAdvantage);
        }
    }

    /** GM: damage from the fiction (a boulder, a trap), armor subtracted unless ignored. */
    record ApplyDamage(String target, int amount, boolean ignoreArmor, String text) implements CairnCommand {
    }

    /** GM: rest and water restore lost HP. */
    record RestoreHp(String target, int amount) implements CairnCommand {
    }

    /** GM: a week's rest restores lost STR, DEX or WIL. */
    record RestoreAttribute(String target, String attribute, int amount) implements CairnCommand {
    }

    record AddCondition(String target, String condition, Integer amount) implements CairnCommand {
    }

    record RemoveCondition(String target, String condition) implements CairnCommand {
    }

    /** GM: Fatigue from deprivation (one per day) or the fiction. */
    record AddFatigue(String target, int amount) implements CairnCommand {
    }

    /** GM: a full night's rest in a safe spot clears Fatigue. */
    record Rest(String target) implements CairnCommand {
    }

    /** GM: a scar's recovery roll once the wound is mended ("Once mended, roll 2d6..."). */
    record RecoverScar(String target, String condition) implements CairnCommand {
    }

    /** Cast a spell investing {@code amount} inventory-slot dice and {@code manaDust} dust dice. */
    record CastSpell(String combatantId, String text, int amount, int manaDust, boolean held) implements CairnCommand {
    }

    /** GM: an enemy's WIL save against fleeing, optionally with its leader's WIL. */
    record MoraleSave(String target, String leader, Integer dc) implements CairnCommand {
    }

    /** GM: 2d6 on the reaction table. */
    record RollReaction(String text) implements CairnCommand {
    }

    /** GM: the die of fate, 1d6. */
    record RollDieOfFate(String text) implements CairnCommand {
    }

    /** GM: 3d6 per attribute and 1d6 HP for a hireling of the named role. */
    record RollHireling(String text) implements CairnCommand {
    }
}
