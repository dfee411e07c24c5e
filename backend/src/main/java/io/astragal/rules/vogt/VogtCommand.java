package io.astragal.rules.vogt;

import io.astragal.rules.GameCommand;
import java.util.List;
import java.util.Map;

/**
 * The commands of a vogt table. Argument names follow the browser's pickers: {@code target}
 * (a combatant id), {@code targets} (several), {@code amount}, {@code attribute}, {@code notation},
 * {@code text}, {@code condition}.
 */
sealed interface VogtCommand extends GameCommand {

    /** GM: place a character at the table (again, to refresh its sheet; health and statuses stay). */
    record PlaceCharacter(String characterId) implements VogtCommand {
    }

    /** GM: start initiative with these characters (placing any not yet at the table). */
    record StartInitiative(List<String> characterIds) implements VogtCommand {
    }

    /** GM: end initiative. */
    record EndInitiative() implements VogtCommand {
    }

    /** Declare the round's action: ATTACK (with {@code weapon}), TECHNIQUE ({@code amount} dice), DEFEND, HELP, RUN. */
    record Declare(String combatantId, String action, String weapon, Integer amount) implements VogtCommand {
    }

    /** GM: order combatants tied on initiative, Dexterity and die, first listed acts first. */
    record OrderTied(List<String> combatantIds) implements VogtCommand {
    }

    record Move(String combatantId, Integer amount) implements VogtCommand {
    }

    /** The declared Attack with the declared weapon; one damage roll for all targets. */
    record Attack(String combatantId, List<String> targets) implements VogtCommand {
    }

    /** The declared Use Technique: spends the declared dice; {@code notation} is its damage, if any. */
    record UseTechnique(String combatantId, String text, List<String> targets, String notation, String damageType)
            implements VogtCommand {
    }

    record Defend(String combatantId) implements VogtCommand {
    }

    record Help(String combatantId, String target) implements VogtCommand {
    }

    record Run(String combatantId) implements VogtCommand {
    }

    /** Choose a new action on one's turn and roll its die, added to the current initiative. */
    record Reevaluate(String combatantId, String action, String weapon, Integer amount) implements VogtCommand {
    }

    record EndTurn(String combatantId) implements VogtCommand {
    }

    /** An ability check: the ability's die plus {@code amount}; {@code edge} is normal, advantage or disadvantage. */
    record Check(String combatantId, String attribute, Integer amount, String edge) implements VogtCommand {
    }

    /** Both roll an ability check; the higher result succeeds. */
    record Contest(String combatantId, String attribute, Integer amount, String target, String targetAttribute,
                   Integer targetBonus) implements VogtCommand {
    }

    /** GM: damage rolled from notation such as "2d6+1" (or a number) to every target. */
    record ApplyDamage(List<String> targets, String notation, String damageType, Boolean ignoreArmor) implements VogtCommand {
    }

    record Heal(String target, Integer amount) implements VogtCommand {
    }

    record AddStatus(String target, String condition) implements VogtCommand {
    }

    record RemoveStatus(String target, String condition) implements VogtCommand {
    }

    /** GM: gain ({@code amount} > 0) or recover (< 0) levels of exhaustion. */
    record ChangeExhaustion(String target, Integer amount) implements VogtCommand {
    }

    /** GM: the save versus exhaustion for carrying extra slots; {@code amount} is the number to reach. */
    record EncumbranceSave(String target, String attribute, Integer amount) implements VogtCommand {
    }

    record Siesta(List<String> targets) implements VogtCommand {
    }

    record FullRest(List<String> targets) implements VogtCommand {
    }

    /** GM: the settings where the text is open; a null leaves that setting as it is. */
    record Configure(String strengthModifier, Boolean armorReducesDamage) implements VogtCommand {
    }

    Map<String, Class<? extends GameCommand>> TYPES = Map.ofEntries(
            Map.entry("vogt.placeCharacter", PlaceCharacter.class),
            Map.entry("vogt.startInitiative", StartInitiative.class),
            Map.entry("vogt.endInitiative", EndInitiative.class),
            Map.entry("vogt.declare", Declare.class),
            Map.entry("vogt.orderTied", OrderTied.class),
            Map.entry("vogt.move", Move.class),
            Map.entry("vogt.attack", Attack.class),
            Map.entry("vogt.useTechnique", UseTechnique.class),
            Map.entry("vogt.defend", Defend.class),
            Map.entry("vogt.help", Help.class),
            Map.entry("vogt.run", Run.class),
            Map.entry("vogt.reevaluate", Reevaluate.class),
            Map.entry("vogt.endTurn", EndTurn.class),
            Map.entry("vogt.check", Check.class),
            Map.entry("vogt.contest", Contest.class),
            Map.entry("vogt.applyDamage", ApplyDamage.class),
            Map.entry("vogt.heal", Heal.class),
            Map.entry("vogt.addStatus", AddStatus.class),
            Map.entry("vogt.removeStatus", RemoveStatus.class),
            Map.entry("vogt.changeExhaustion", ChangeExhaustion.class),
            Map.entry("vogt.encumbranceSave", EncumbranceSave.class),
            Map.entry("vogt.siesta", Siesta.class),
            Map.entry("vogt.fullRest", FullRest.class),
            Map.entry("vogt.configure", Configure.class));
}
