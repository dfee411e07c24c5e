package io.astragal.rules.symbaroum;

import io.astragal.rules.GameCommand;
import java.util.List;

/** Commands of symbaroum. Lists left out on the wire mean empty. */
sealed interface SymbaroumCommand extends GameCommand {

    private static <T> List<T> list(List<T> l) {
        return l == null ? List.of() : List.copyOf(l);
    }

    /** A yes/no left out on the wire means no. */
    private static Boolean flag(Boolean b) {
        return Boolean.TRUE.equals(b);
    }

    record PlaceCharacters(List<String> characterIds) implements SymbaroumCommand {
        public PlaceCharacters {
            characterIds = list(characterIds);
        }
    }

    /** GM: order by Quick, then Vigilant, then 1d20. */
    record StartInitiative(List<String> characterIds) implements SymbaroumCommand {
        public StartInitiative {
            characterIds = list(characterIds);
        }
    }

    /** Wait: act right after {@code target} instead; once, in the first round. */
    record Delay(String combatantId, String target) implements SymbaroumCommand {
    }

    record EndTurn(String combatantId) implements SymbaroumCommand {
    }

    record EndInitiative() implements SymbaroumCommand {
    }

    /**
     * A Movement Action (or the Combat Action spent as a second one). Enemies it withdraws from,
     * and enemies it runs past, each get a Free Attack on the mover.
     */
    record Move(String combatantId, String text, List<String> withdrawFrom, List<String> passing) implements SymbaroumCommand {
        public Move {
            withdrawFrom = list(withdrawFrom);
            passing = list(passing);
        }

        Move(String combatantId, String text) {
            this(combatantId, text, List.of(), List.of());
        }
    }

    /**
     * "If any of the combatants are surprised at the start of combat, they must draw their weapons
     * ... To unsheathe a weapon is otherwise considered a Movement Action."
     */
    record DrawWeapon(String combatantId) implements SymbaroumCommand {
    }

    /** Stand up from prone: a Quick test; success takes a Movement Action, failure the whole turn. */
    record StandUp(String combatantId) implements SymbaroumCommand {
    }

    /**
     * A success test: d20 ≤ attribute + {@code modifier} (difficulty, +5 to −5) + (10 − the
     * opposing attribute) + 2 with Advantage. {@code action}: combat, movement, or null for none.
     * {@code blind}: self or enemy.
     */
    record SuccessTest(String combatantId, String attribute, Integer modifier, String target, String targetAttribute,
                Boolean advantage, String blind, String action, String text) implements SymbaroumCommand {
        public SuccessTest {
            advantage = flag(advantage);
        }
    }

    /** An attack with a weapon from the sheet; {@code free} takes a granted Free Attack instead of the Combat Action. */
    record Attack(String combatantId, String target, String weapon, Boolean advantage, String blind, Boolean free)
            implements SymbaroumCommand {
        public Attack {
            advantage = flag(advantage);
            free = flag(free);
        }
    }

    /** GM: a Free Attack is owed (withdrawal, passing by, Long weapon, ability). */
    record GrantFreeAttack(String combatantId, String target, String text, Boolean longWeapon) implements SymbaroumCommand {
        public GrantFreeAttack {
            longWeapon = flag(longWeapon);
        }
    }

    /** The chooser picks {@code knockDown} or {@code freeAttack} for damage over the Pain Threshold. */
    record ChoosePain(String combatantId, String text) implements SymbaroumCommand {
    }

    /**
     * GM: [Discreet←Vigilant], the attackers' lowest Discreet against the defenders' highest
     * Vigilant. The sides come either as {@code attackers} and {@code defenders} or as
     * {@code sides} = [attackers, defenders] (the browser's GROUPS control).
     */
    record Surprise(List<String> attackers, List<String> defenders, List<List<String>> sides) implements SymbaroumCommand {
        public Surprise {
            attackers = list(attackers);
            defenders = list(defenders);
            sides = sides == null ? List.of() : sides.stream().map(SymbaroumCommand::list).toList();
        }

        Surprise(List<String> attackers, List<String> defenders) {
            this(attackers, defenders, List.of());
        }
    }

    /** The dying character's Death Test, on its initiative. */
    record DeathTest(String combatantId) implements SymbaroumCommand {
    }

    /** First aid (a Combat Action) with an herbal cure and/or the Medicus ability. */
    record FirstAid(String combatantId, String target, Boolean herbalCure, Boolean medicus) implements SymbaroumCommand {
        public FirstAid {
            herbalCure = flag(herbalCure);
            medicus = flag(medicus);
        }
    }

    /** GM: natural healing, one Toughness per day. */
    record NaturalHealing(String target, int amount) implements SymbaroumCommand {
    }

    /** GM: damage from the fiction, straight off Toughness. */
    record ApplyDamage(String target, int amount, String text) implements SymbaroumCommand {
    }

    record AddCondition(String target, String condition, Integer amount) implements SymbaroumCommand {
    }

    record RemoveCondition(String target, String condition) implements SymbaroumCommand {
    }

    record AwardExperience(String target, int amount) implements SymbaroumCommand {
    }

    /** Buys the next level of an ability: novice 10, adept 20, master 30 Experience. */
    record LearnAbility(String combatantId, String text) implements SymbaroumCommand {
    }
}
