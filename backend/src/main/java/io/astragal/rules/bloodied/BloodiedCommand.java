package io.astragal.rules.bloodied;

import io.astragal.rules.GameCommand;
import io.astragal.rules.bloodied.BloodiedState.InjuryRow;
import java.util.List;
import java.util.Map;

/**
 * The commands of a bloodied-d20 table. Argument names follow the browser's pickers where one
 * fits: {@code target} (a combatant id), {@code targets}, {@code amount}, {@code attribute}, {@code text}, {@code condition}.
 */
sealed interface BloodiedCommand extends GameCommand {

    /** GM: place a character at the table (again, to refresh its sheet). */
    record PlaceCharacter(String characterId) implements BloodiedCommand {
    }

    /** GM: roll initiative for these characters; the order holds until initiative ends. */
    record StartInitiative(List<String> characterIds) implements BloodiedCommand {
    }

    record EndInitiative() implements BloodiedCommand {
    }

    /** The turn's movement; a second move uses the action. */
    record Move(String combatantId) implements BloodiedCommand {
    }

    /**
     * An attack (the turn's action).
     *
     * @param amount        other modifiers to the attack roll
     * @param range         distance in feet, for ranged weapons
     * @param melee         for a ranged attack into melee: every combatant in that melee, the target included
     * @param secondWeapon  a second one-handed melee weapon: both attack at -5
     * @param armorModifier how the damage type changes the target's armor value
     */
    record Attack(String combatantId, String target, String weapon, Integer amount, Integer range, List<String> melee,
                  String secondWeapon, Integer armorModifier) implements BloodiedCommand {
    }

    /** "A character can spend an action to stop the bleeding without a roll." */
    record Stabilize(String combatantId, String target) implements BloodiedCommand {
    }

    record EndTurn(String combatantId) implements BloodiedCommand {
    }

    /** A check: 1d20 + the ability's modifier (if any) + {@code amount} against {@code targetNumber}. */
    record Check(String combatantId, String attribute, Integer amount, Integer targetNumber) implements BloodiedCommand {
    }

    /** A save: 1d20 at or under the score + {@code amount}; "BLD/LCK" takes the better. */
    record Save(String combatantId, String attribute, Integer amount) implements BloodiedCommand {
    }

    /** GM: hit points lost, from notation such as "1d6" or a number; armor does not apply. */
    record ApplyDamage(List<String> targets, String notation) implements BloodiedCommand {
    }

    record Heal(String target, Integer amount) implements BloodiedCommand {
    }

    /** GM: a day of healing: {@code text} is "normal" (1d4) or "bed" (1d6), doubled with a healer. */
    record Recover(List<String> targets, String text, Boolean healer) implements BloodiedCommand {
    }

    /** GM: a full rest returns the casting-pool dice. */
    record FullRest(List<String> targets) implements BloodiedCommand {
    }

    /** Cast {@code text} at {@code tier} rolling {@code amount} pool dice, with {@code conditions} conditions. */
    record Cast(String combatantId, String text, Integer tier, Integer amount, Integer conditions, Boolean lowerTiers)
            implements BloodiedCommand {
    }

    /** GM: a serious injury from another cause (the table is rolled). */
    record InflictInjury(String target, String text) implements BloodiedCommand {
    }

    /** The save at an injury's interval. */
    record InjurySave(String combatantId, String injuryId) implements BloodiedCommand {
    }

    /** At negative bloodied: "death" or "injury" (a serious injury in lieu of dying). */
    record ChooseFate(String combatantId, String choice) implements BloodiedCommand {
    }

    /** GM: the serious-injury table (the source's is truncated): the die rolled and every row. */
    record SetInjuryTable(Integer die, List<InjuryRow> rows) implements BloodiedCommand {
    }

    /**
     * GM: one row of the serious-injury table: rolls {@code from}..{@code to} give {@code severity}
     * (Minor, Major or Deadly) with a save every {@code interval}. Rows it overlaps give way.
     */
    record SetInjuryRow(Integer from, Integer to, String severity, String interval) implements BloodiedCommand {
    }

    /** GM: remove the row whose range {@code row} starts with ("4-5", or its label "4-5: Major, ..."). */
    record RemoveInjuryRow(String row) implements BloodiedCommand {
    }

    /** GM: the die rolled on the serious-injury table; every row must fit on it. */
    record SetInjuryDie(Integer die) implements BloodiedCommand {
    }

    record AddCondition(String target, String condition) implements BloodiedCommand {
    }

    record RemoveCondition(String target, String condition) implements BloodiedCommand {
    }

    Map<String, Class<? extends GameCommand>> TYPES = Map.ofEntries(
            Map.entry("bloodied-d20.placeCharacter", PlaceCharacter.class),
            Map.entry("bloodied-d20.startInitiative", StartInitiative.class),
            Map.entry("bloodied-d20.endInitiative", EndInitiative.class),
            Map.entry("bloodied-d20.move", Move.class),
            Map.entry("bloodied-d20.attack", Attack.class),
            Map.entry("bloodied-d20.stabilize", Stabilize.class),
            Map.entry("bloodied-d20.endTurn", EndTurn.class),
            Map.entry("bloodied-d20.check", Check.class),
            Map.entry("bloodied-d20.save", Save.class),
            Map.entry("bloodied-d20.applyDamage", ApplyDamage.class),
            Map.entry("bloodied-d20.heal", Heal.class),
            Map.entry("bloodied-d20.recover", Recover.class),
            Map.entry("bloodied-d20.fullRest", FullRest.class),
            Map.entry("bloodied-d20.cast", Cast.class),
            Map.entry("bloodied-d20.inflictInjury", InflictInjury.class),
            Map.entry("bloodied-d20.injurySave", InjurySave.class),
            Map.entry("bloodied-d20.chooseFate", ChooseFate.class),
            Map.entry("bloodied-d20.setInjuryTable", SetInjuryTable.class),
            Map.entry("bloodied-d20.setInjuryRow", SetInjuryRow.class),
            Map.entry("bloodied-d20.removeInjuryRow", RemoveInjuryRow.class),
            Map.entry("bloodied-d20.setInjuryDie", SetInjuryDie.class),
            Map.entry("bloodied-d20.addCondition", AddCondition.class),
            Map.entry("bloodied-d20.removeCondition", RemoveCondition.class));
}
