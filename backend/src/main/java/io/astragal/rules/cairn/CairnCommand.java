package io.astragal.rules.cairn;

import io.astragal.rules.GameCommand;
import java.util.List;

/**
 * Commands of cairn-ap. Lists left out on the wire arrive as null and mean empty, flags left out
 * mean false; an {@code amount} left out on an AP-costing command means the table's action cost.
 * Numbers are boxed so that one left out reaches the referee, which says what is missing.
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

    /**
     * GM: everyone rolls 1d20 + WIL; surprised characters start with 2 AP. {@code groups} holds one
     * list of character ids per side (the browser's GROUPS control), named by {@code sides} in the
     * same order ({@link CairnViews#SIDES} when left out); empty sides sit the fight out.
     */
    record StartInitiative(List<List<String>> groups, List<String> sides, List<String> surprised) implements CairnCommand {
        public StartInitiative {
            groups = groups == null ? List.of() : groups.stream().map(CairnCommand::list).toList();
            sides = list(sides);
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

    /**
     * Held Action (X AP): the action and its condition, paid now. {@code actions} is how many
     * actions are held, 1 unless said ("parry the next attack against me, and attack back
     * immediately (2 Held Action)"); each costs the table's action cost, or the Warden names the
     * whole cost in {@code amount}.
     */
    record HoldAction(String combatantId, String text, Integer amount, Integer actions) implements CairnCommand {
        HoldAction(String combatantId, String text, Integer amount) {
            this(combatantId, text, amount, null);
        }
    }

    /** The held action's condition was not wanted after all: the AP stay spent. */
    record ReleaseHeld(String combatantId) implements CairnCommand {
    }

    /** GM: charges a described action the AP the Warden decided. */
    record SpendAp(String combatantId, String text, Integer amount) implements CairnCommand {
    }

    /** GM: the default AP cost of attacks, checks and spells at this table. */
    record SetActionCost(Integer amount) implements CairnCommand {
    }

    /**
     * An Action: IR against a DC, or against the TR of a target's save (a Contested Check).
     * Advantage lists hold the net advantage per die: index 0 the base d20, then each object die.
     * {@code edge} adds to the base die's (a single number for the browser: Enhanced +1, Impaired −1).
     * {@code hideDc}: the Warden keeps the DC from the players ("The Warden can disclose the DC if appropriate").
     */
    record Check(String combatantId, String attribute, Integer dc, String target, String targetAttribute,
                 List<Integer> objectDice, List<Integer> targetObjectDice, List<Integer> advantage,
                 List<Integer> targetAdvantage, Integer amount, Boolean held, String text, Integer edge, Boolean hideDc)
            implements CairnCommand {
        public Check {
            held = Boolean.TRUE.equals(held);
            objectDice = list(objectDice);
            targetObjectDice = list(targetObjectDice);
            advantage = list(advantage);
            targetAdvantage = list(targetAdvantage);
        }

        Check(String combatantId, String attribute, Integer dc, String target, String targetAttribute,
              List<Integer> objectDice, List<Integer> targetObjectDice, List<Integer> advantage,
              List<Integer> targetAdvantage, Integer amount, Boolean held, String text, Integer edge) {
            this(combatantId, attribute, dc, target, targetAttribute, objectDice, targetObjectDice, advantage, targetAdvantage,
                    amount, held, text, edge, null);
        }
    }

    /** A Save against a DC the Warden set (no AP); {@code hideDc}: the Warden keeps the DC from the players. */
    record Save(String combatantId, String attribute, Integer dc, List<Integer> objectDice, List<Integer> advantage,
                String text, Boolean hideDc) implements CairnCommand {
        public Save {
            objectDice = list(objectDice);
            advantage = list(advantage);
        }

        Save(String combatantId, String attribute, Integer dc, List<Integer> objectDice, List<Integer> advantage, String text) {
            this(combatantId, attribute, dc, objectDice, advantage, text, null);
        }
    }

    /**
     * An attack: an Action with the weapon's Object Die, contested by each target's save; a hit
     * deals the weapon die minus armor. {@code offhand} names a second weapon (keep the highest
     * damage die); {@code extraTargets} makes it a blast; {@code edge} adds to the base die's advantage.
     */
    record Attack(String combatantId, String target, String weapon, String offhand, List<String> extraTargets,
                  String attribute, String targetAttribute, List<Integer> targetObjectDice, List<Integer> advantage,
                  List<Integer> targetAdvantage, Integer amount, Boolean held, Integer edge) implements CairnCommand {
        public Attack {
            held = Boolean.TRUE.equals(held);
            extraTargets = list(extraTargets);
            targetObjectDice = list(targetObjectDice);
            advantage = list(advantage);
            targetAdvantage = list(targetAdvantage);
        }
    }

    /** GM: damage from the fiction (a boulder, a trap), armor subtracted unless ignored. */
    record ApplyDamage(String target, Integer amount, Boolean ignoreArmor, String text) implements CairnCommand {
        public ApplyDamage {
            ignoreArmor = Boolean.TRUE.equals(ignoreArmor);
        }
    }

    /** GM: rest and water restore lost HP. */
    record RestoreHp(String target, Integer amount) implements CairnCommand {
    }

    /** GM: a week's rest restores lost STR, DEX or WIL. */
    record RestoreAttribute(String target, String attribute, Integer amount) implements CairnCommand {
    }

    record AddCondition(String target, String condition, Integer amount) implements CairnCommand {
    }

    record RemoveCondition(String target, String condition) implements CairnCommand {
    }

    /** GM: Fatigue from deprivation (one per day) or the fiction. */
    record AddFatigue(String target, Integer amount) implements CairnCommand {
    }

    /** GM: a full night's rest in a safe spot clears Fatigue. */
    record Rest(String target) implements CairnCommand {
    }

    /** GM: a scar's recovery roll once the wound is mended ("Once mended, roll 2d6..."). */
    record RecoverScar(String target, String condition) implements CairnCommand {
    }

    /** Cast a spell investing {@code amount} inventory-slot dice and {@code manaDust} dust dice. */
    record CastSpell(String combatantId, String text, Integer amount, Integer manaDust, Boolean held) implements CairnCommand {
        public CastSpell {
            amount = amount == null ? 0 : amount;
            manaDust = manaDust == null ? 0 : manaDust;
            held = Boolean.TRUE.equals(held);
        }
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
