package io.astragal.rules.actlite;

import io.astragal.rules.GameCommand;
import java.util.List;

/**
 * What people at an Actlite table ask for. Optional arguments may be left out (null) on the wire;
 * the compact constructors fill in their defaults. Commands acting for a character name it
 * {@code characterId}; GM commands aimed at a combatant name it {@code target}.
 */
sealed interface ActliteCommand extends GameCommand {

    /** A command in which a character may spend AP from the hand, temp AP included. */
    interface Spending {
        String characterId();
    }

    /** GM: place a campaign character at the table (outside or during initiative). */
    record AddCharacter(String characterId) implements ActliteCommand {
    }

    /** GM: take a character off the table (not while it takes part in initiative). */
    record RemoveCharacter(String target) implements ActliteCommand {
    }

    /** GM: shuffle the named characters' cards into the deck; characters not yet at the table are placed first. */
    record StartInitiative(List<String> characterIds) implements ActliteCommand {
        public StartInitiative {
            characterIds = characterIds == null ? List.of() : List.copyOf(characterIds);
        }
    }

    /** GM: initiative is over; lost AP returns. */
    record EndInitiative() implements ActliteCommand {
    }

    /** GM: draw the top card and deal it to its owner, or resolve it if it is a special card. */
    record DealCard() implements ActliteCommand {
    }

    /**
     * Owner or GM: spend AP from the hand on a named action.
     *
     * @param costs   the action's AP cost, arrows allowed ("1->2"); default "1"
     * @param cardIds which cards to spend; empty lets the referee choose (temp AP first)
     */
    record SpendAp(String characterId, String action, String costs, List<String> cardIds)
            implements ActliteCommand, Spending {
        public SpendAp {
            costs = costs == null || costs.isBlank() ? "1" : costs;
            cardIds = cardIds == null ? List.of() : List.copyOf(cardIds);
        }
    }

    /** Owner or GM: spend 1 AP from the hand to act now. {@code cardId} may be null. */
    record Interrupt(String characterId, String cardId) implements ActliteCommand, Spending {
    }

    /** Owner or GM: stop acting; once the deck is empty, give up the chance to act this round. */
    record Pass(String characterId) implements ActliteCommand {
    }

    /** GM: the target loses {@code amount} AP cards (default 1). */
    record LoseAp(String target, Integer amount) implements ActliteCommand {
        public LoseAp {
            amount = amount == null ? 1 : amount;
        }
    }

    /** GM: the target regains lost AP (default 1), into the hand or, by default, into the discard. */
    record RegainAp(String target, Integer amount, Boolean toHand) implements ActliteCommand {
        public RegainAp {
            amount = amount == null ? 1 : amount;
            toHand = toHand != null && toHand;
        }
    }

    /** GM: the target gets temp AP (default 1), which must be spent at once. */
    record GrantTempAp(String target, Integer amount) implements ActliteCommand {
        public GrantTempAp {
            amount = amount == null ? 1 : amount;
        }
    }

    /**
     * Owner or GM: 2d6 + attribute against a DC or against a target's passive score.
     *
     * @param dc              the DC; or null with a {@code target}
     * @param target          the combatant whose passive score is the DC, or null
     * @param targetAttribute defaults to {@code attribute}
     */
    record RollCheck(String characterId, String attribute, Integer dc, String target, String targetAttribute,
                     Integer advantage, Integer disadvantage) implements ActliteCommand {
        public RollCheck {
            advantage = advantage == null ? 0 : advantage;
            disadvantage = disadvantage == null ? 0 : disadvantage;
        }
    }

    /** Owner or GM: both roll 2d6 + their attribute, higher wins. */
    record Contest(String characterId, String attribute, String target, String targetAttribute, Integer advantage,
                   Integer disadvantage, Integer targetAdvantage, Integer targetDisadvantage) implements ActliteCommand {
        public Contest {
            advantage = advantage == null ? 0 : advantage;
            disadvantage = disadvantage == null ? 0 : disadvantage;
            targetAdvantage = targetAdvantage == null ? 0 : targetAdvantage;
            targetDisadvantage = targetDisadvantage == null ? 0 : targetDisadvantage;
        }
    }

    /**
     * Owner or GM: attack with a weapon on the sheet.
     *
     * @param weapon  the weapon's name
     * @param attack  index into its attacks, default 0
     * @param hands   1 or 2; null means two for a weapon that needs two hands, else one
     * @param cardIds which cards to spend; empty lets the referee choose
     */
    record Attack(String characterId, String weapon, Integer attack, String target, Integer hands, Integer advantage,
                  Integer disadvantage, List<String> cardIds) implements ActliteCommand, Spending {
        public Attack {
            attack = attack == null ? 0 : attack;
            advantage = advantage == null ? 0 : advantage;
            disadvantage = disadvantage == null ? 0 : disadvantage;
            cardIds = cardIds == null ? List.of() : List.copyOf(cardIds);
        }
    }

    /** GM: damage, or crit damage, to the target. */
    record ApplyDamage(String target, Integer amount, Boolean crit) implements ActliteCommand {
        public ApplyDamage {
            crit = crit != null && crit;
        }
    }

    /** GM: heal standard health, or crit health. */
    record Heal(String target, Integer amount, Boolean crit) implements ActliteCommand {
        public Heal {
            crit = crit != null && crit;
        }
    }

    /** GM: add points of a condition (default 1), e.g. [poison], [stun], prone. */
    record AddCondition(String target, String condition, Integer amount) implements ActliteCommand {
        public AddCondition {
            amount = amount == null ? 1 : amount;
        }
    }

    /** GM: remove points of a condition; null or 0 removes it entirely. */
    record RemoveCondition(String target, String condition, Integer amount) implements ActliteCommand {
        public RemoveCondition {
            amount = amount == null ? 0 : amount;
        }
    }

    /** GM: end the round once the deck is empty and everyone has acted or passed; {@code force} skips the waiting. */
    record EndRound(Boolean force) implements ActliteCommand {
        public EndRound {
            force = force != null && force;
        }
    }

    /** Owner or GM: write a hex ({@code text}) with [modifier] hexes. */
    record WriteHex(String characterId, String text, List<String> modifiers, List<String> cardIds)
            implements ActliteCommand, Spending {
        public WriteHex {
            modifiers = modifiers == null ? List.of() : List.copyOf(modifiers);
            cardIds = cardIds == null ? List.of() : List.copyOf(cardIds);
        }
    }

    /**
     * Owner or GM: activate (and so destroy) a written hex.
     *
     * @param free the hex fires by its own activation condition (e.g. on an attack): no AP to search for it
     */
    record ActivateHex(String characterId, String hexId, Boolean free, List<String> cardIds)
            implements ActliteCommand, Spending {
        public ActivateHex {
            free = free != null && free;
            cardIds = cardIds == null ? List.of() : List.copyOf(cardIds);
        }
    }

    /** GM: the characters rest (resets hex writing); {@code sleep} also ends the hexes they maintain. */
    record Rest(List<String> characterIds, Boolean sleep) implements ActliteCommand {
        public Rest {
            characterIds = characterIds == null ? List.of() : List.copyOf(characterIds);
            sleep = sleep != null && sleep;
        }
    }
}
