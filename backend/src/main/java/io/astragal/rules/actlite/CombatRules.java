package io.astragal.rules.actlite;

import static io.astragal.rules.actlite.Rulings.atTable;
import static io.astragal.rules.actlite.Rulings.controlled;
import static io.astragal.rules.actlite.Rulings.refuse;
import static io.astragal.rules.actlite.Rulings.requireGm;
import static io.astragal.rules.actlite.Rulings.within;

import io.astragal.dice.Dice;
import io.astragal.dice.DiceException;
import io.astragal.dice.RollResult;
import io.astragal.rules.DeckView.Card;
import io.astragal.rules.GameEvent;
import io.astragal.rules.Play;
import io.astragal.rules.Refusal;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.actlite.ActliteCommand.AddCondition;
import io.astragal.rules.actlite.ActliteCommand.ApplyDamage;
import io.astragal.rules.actlite.ActliteCommand.Attack;
import io.astragal.rules.actlite.ActliteCommand.Contest;
import io.astragal.rules.actlite.ActliteCommand.Heal;
import io.astragal.rules.actlite.ActliteCommand.RemoveCondition;
import io.astragal.rules.actlite.ActliteCommand.RollCheck;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Checks, contests, attacks, health and conditions. Each method returns the events, or throws a {@link Refusal}. */
final class CombatRules {

    private static final Pattern CONDITION = Pattern.compile("[a-z][a-z0-9' -]{0,29}");
    private static final int MAX_DC = 50;
    private static final int MAX_AMOUNT = 999;
    private static final int MAX_CONDITION = 99;

    private CombatRules() {
    }

    /**
     * "If the character's check is the same as the DC or higher, they succeed. Often the DC for a
     * check is the passive SCORE of another character."
     */
    static List<GameEvent> rollCheck(ActliteState state, RollCheck command, Play play) {
        Combatant actor = controlled(state, command.characterId(), play);
        String attribute = attribute(command.attribute());
        int score = score(actor, attribute);
        steps(command.advantage(), command.disadvantage(), "advantage", "disadvantage");
        if (command.target() == null) {
            if (command.dc() == null) {
                throw refuse(RejectionCode.INVALID_COMMAND, "Give a DC, or a target whose passive score is the DC.");
            }
            within(command.dc(), 0, MAX_DC, "dc");
            RollResult roll = Checks.roll(play.dice(), score, command.advantage(), command.disadvantage());
            return List.of(new ActliteEvent.CheckRolled(actor.id(), actor.name(), attribute, command.dc(), null, null, null,
                    false, Checks.against(roll, score, command.dc())));
        }
        if (command.dc() != null) {
            throw refuse(RejectionCode.INVALID_COMMAND, "Give a DC or a target, not both.");
        }
        Combatant target = atTable(state, command.target());
        String defended = defensive(command.targetAttribute() == null ? attribute : command.targetAttribute());
        Integer passive = target.sheet().passive(defended);
        RollResult roll = Checks.roll(play.dice(), score, command.advantage(), command.disadvantage());
        CheckRoll check = passive == null ? Checks.automatic(roll, score) : Checks.against(roll, score, passive);
        return List.of(new ActliteEvent.CheckRolled(actor.id(), actor.name(), attribute, null, target.id(), target.name(),
                defended, target.npc(), check));
    }

    /**
     * "They both roll 2d6 and add their scores. The higher score wins. In the case of a tie, they
     * either tie in the game or ... redo the contest." A tie is reported; redoing is a new command.
     */
    static List<GameEvent> contest(ActliteState state, Contest command, Play play) {
        Combatant actor = controlled(state, command.characterId(), play);
        Combatant target = atTable(state, command.target());
        if (target.id().equals(actor.id())) {
            throw refuse(RejectionCode.INVALID_COMMAND, "A contest needs two different characters.");
        }
        String attribute = attribute(command.attribute());
        String targetAttribute = attribute(command.targetAttribute() == null ? attribute : command.targetAttribute());
        int score = score(actor, attribute);
        steps(command.advantage(), command.disadvantage(), "advantage", "disadvantage");
        steps(command.targetAdvantage(), command.targetDisadvantage(), "targetAdvantage", "targetDisadvantage");
        RollResult roll = Checks.roll(play.dice(), score, command.advantage(), command.disadvantage());
        Integer targetScore = target.sheet().attributes().get(targetAttribute);
        if (targetScore == null) {
            return List.of(new ActliteEvent.ContestRolled(actor.id(), actor.name(), attribute,
                    Checks.contested(roll, score, true), target.id(), target.name(), targetAttribute, null, actor.id(), true));
        }
        RollResult targetRoll = Checks.roll(play.dice(), targetScore, command.targetAdvantage(), command.targetDisadvantage());
        String winner = roll.total() > targetRoll.total() ? actor.id()
                : roll.total() < targetRoll.total() ? target.id() : null;
        return List.of(new ActliteEvent.ContestRolled(actor.id(), actor.name(), attribute,
                Checks.contested(roll, score, actor.id().equals(winner)), target.id(), target.name(), targetAttribute,
                Checks.contested(targetRoll, targetScore, target.id().equals(winner)), winner, false));
    }

    /**
     * "Attacks are checks against passive AGI. The attacker wins ties. Some mechanics like armor can
     * replace passive AGI in the context of attack checks." During initiative the attack costs the
     * weapon's speed for this use in the round.
     */
    static List<GameEvent> attack(ActliteState state, Attack command, Play play) {
        Combatant actor = controlled(state, command.characterId(), play);
        Sheet.Weapon weapon = command.weapon() == null ? null : actor.sheet().weapon(command.weapon());
        if (weapon == null) {
            throw refuse(RejectionCode.INVALID_COMMAND, actor.name() + " has no weapon called \"" + command.weapon() + "\".");
        }
        within(command.attack(), 0, weapon.attacks().size() - 1, "attack");
        Sheet.Attack attack = weapon.attacks().get(command.attack());
        Combatant target = atTable(state, command.target());
        if (target.id().equals(actor.id())) {
            throw refuse(RejectionCode.INVALID_COMMAND, actor.name() + " cannot attack themselves.");
        }
        int hands = command.hands() == null ? (weapon.needsTwoHands() ? 2 : 1) : command.hands();
        within(hands, 1, 2, "hands");
        steps(command.advantage(), command.disadvantage(), "advantage", "disadvantage");
        List<Card> cards = List.of();
        int use = 0;
        if (state.initiative() != null) {
            Rulings.Paid paid = Rulings.charge(state.initiative(), actor, Rulings.attackKey(weapon.name()), weapon.speed(),
                    command.cardIds());
            cards = paid.cards();
            use = paid.use();
        } else {
            Rulings.noCardsOutsideInitiative(command.cardIds());
            Rulings.conscious(actor);
        }
        List<String> disadvantages = disadvantages(actor, weapon, hands);
        RollResult roll = Checks.roll(play.dice(), weapon.toHit(), command.advantage(),
                command.disadvantage() + disadvantages.size());
        boolean armored = target.sheet().armor() > 0;
        Integer dc = armored ? Integer.valueOf(target.sheet().armor()) : target.sheet().passive("AGI");
        CheckRoll check = dc == null ? Checks.automatic(roll, weapon.toHit()) : Checks.against(roll, weapon.toHit(), dc);
        String defense = armored ? "armor" : dc == null ? "no AGI score" : "passive AGI";
        RollResult damage = null;
        Combatant.Health after = null;
        List<String> effects = List.of();
        if (check.success()) {
            damage = rollDamage(attack.damage(), actor, play);
            after = target.afterDamage(Math.max(0, damage.total()), attack.crit());
            // "'on 6' effects can be triggered twice if you roll two 6s"
            effects = attack.on6().isEmpty() ? List.of() : Collections.nCopies(check.sixes(), attack.on6());
        }
        return List.of(new ActliteEvent.AttackRolled(actor.id(), actor.name(), weapon.name(), command.attack(),
                attack.label(), target.id(), target.name(), hands, cards, use, disadvantages, check, defense, damage,
                attack.crit(), after, target.npc(), effects));
    }

    /**
     * "Not satisfying a weapon's requirements causes you to attack with disadvantage." "If you use two
     * hands on a one-handed weapon, treat your STR as 2 points higher for the purposes of meeting a STR
     * requirement." "If you try to wield a two-handed weapon with one hand, attack with disadvantage."
     */
    static List<String> disadvantages(Combatant actor, Sheet.Weapon weapon, int hands) {
        List<String> reasons = new ArrayList<>();
        Integer required = weapon.strRequirement();
        if (required != null) {
            Integer str = actor.sheet().attributes().get("STR");
            int effective = str == null ? Integer.MIN_VALUE : str + (hands == 2 && weapon.oneHanded() ? 2 : 0);
            if (effective < required) {
                reasons.add("STR " + required + " required");
            }
        }
        if (weapon.needsTwoHands() && hands == 1) {
            reasons.add("two-handed weapon in one hand");
        }
        return List.copyOf(reasons);
    }

    private static RollResult rollDamage(String notation, Combatant actor, Play play) {
        try {
            return Dice.roll(notation, actor.sheet().attributes(), play.dice());
        } catch (DiceException e) {
            throw refuse(RejectionCode.INVALID_DICE, "The damage \"" + notation + "\" cannot be rolled: " + e.getMessage());
        }
    }

    static List<GameEvent> applyDamage(ActliteState state, ApplyDamage command, Play play) {
        requireGm(play, "apply damage");
        Combatant target = atTable(state, command.target());
        within(command.amount(), 1, MAX_AMOUNT, "amount");
        return List.of(new ActliteEvent.DamageApplied(target.id(), target.name(), command.amount(), command.crit(),
                target.afterDamage(command.amount(), command.crit()), target.npc()));
    }

    static List<GameEvent> heal(ActliteState state, Heal command, Play play) {
        requireGm(play, "heal");
        Combatant target = atTable(state, command.target());
        within(command.amount(), 1, MAX_AMOUNT, "amount");
        return List.of(new ActliteEvent.Healed(target.id(), target.name(), command.amount(), command.crit(),
                target.afterHealing(command.amount(), command.crit()), target.npc()));
    }

    static List<GameEvent> addCondition(ActliteState state, AddCondition command, Play play) {
        requireGm(play, "add conditions");
        Combatant target = atTable(state, command.target());
        String condition = condition(command.condition());
        within(command.amount(), 1, MAX_CONDITION, "amount");
        int count = Math.min(MAX_CONDITION, target.condition(condition) + command.amount());
        return List.of(new ActliteEvent.ConditionChanged(target.id(), target.name(), condition, count,
                count - target.condition(condition)));
    }

    static List<GameEvent> removeCondition(ActliteState state, RemoveCondition command, Play play) {
        requireGm(play, "remove conditions");
        Combatant target = atTable(state, command.target());
        String condition = condition(command.condition());
        within(command.amount(), 0, MAX_CONDITION, "amount");
        int had = target.condition(condition);
        if (had == 0) {
            throw refuse(RejectionCode.INVALID_STATE, target.name() + " is not [" + condition + "].");
        }
        int count = command.amount() == 0 ? 0 : Math.max(0, had - command.amount());
        return List.of(new ActliteEvent.ConditionChanged(target.id(), target.name(), condition, count, count - had));
    }

    /** "[poison]", "Poison" and "poison" are the same condition. */
    private static String condition(String raw) {
        String name = raw == null ? "" : raw.strip().toLowerCase(Locale.ROOT);
        if (name.startsWith("[") && name.endsWith("]")) {
            name = name.substring(1, name.length() - 1).strip();
        }
        if (!CONDITION.matcher(name).matches()) {
            throw refuse(RejectionCode.INVALID_COMMAND, "A condition is a short name such as [poison] or prone.");
        }
        return name;
    }

    private static String attribute(String raw) {
        if (raw == null || raw.isBlank()) {
            throw refuse(RejectionCode.INVALID_COMMAND, "Name the attribute, e.g. AGI.");
        }
        return raw.strip().toUpperCase(Locale.ROOT);
    }

    /** "These are the only attributes that other characters are allowed to roll checks against." */
    private static String defensive(String raw) {
        String attribute = attribute(raw);
        if (!Sheet.DEFENSIVE.contains(attribute)) {
            throw refuse(RejectionCode.INVALID_COMMAND,
                    "Checks are rolled only against STR, AGI, WIL, PER or SOC, not " + attribute + ".");
        }
        return attribute;
    }

    /** "If you do not have an attribute score, it is not a narrative tool that you use to solve problems." */
    private static int score(Combatant actor, String attribute) {
        Integer score = actor.sheet().attributes().get(attribute);
        if (score == null) {
            throw refuse(RejectionCode.INVALID_COMMAND, actor.name() + " has no " + attribute + " score to roll.");
        }
        return score;
    }

    private static void steps(int advantage, int disadvantage, String advantageName, String disadvantageName) {
        within(advantage, 0, Checks.MAX_STEPS, advantageName);
        within(disadvantage, 0, Checks.MAX_STEPS, disadvantageName);
    }
}
