package io.astragal.rules.actlite;

import static io.astragal.rules.actlite.TestTable.ANN;
import static io.astragal.rules.actlite.TestTable.BOB;
import static io.astragal.rules.actlite.TestTable.GM;
import static io.astragal.rules.actlite.TestTable.keepOrder;
import static io.astragal.rules.actlite.TestTable.sheet;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.GameEvent;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.actlite.ActliteCommand.AddCharacter;
import io.astragal.rules.actlite.ActliteCommand.AddCondition;
import io.astragal.rules.actlite.ActliteCommand.ApplyDamage;
import io.astragal.rules.actlite.ActliteCommand.Attack;
import io.astragal.rules.actlite.ActliteCommand.Contest;
import io.astragal.rules.actlite.ActliteCommand.DealCard;
import io.astragal.rules.actlite.ActliteCommand.Heal;
import io.astragal.rules.actlite.ActliteCommand.RemoveCondition;
import io.astragal.rules.actlite.ActliteCommand.RollCheck;
import io.astragal.rules.actlite.ActliteCommand.StartInitiative;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CombatTest {

    private final TestTable table = TestTable.standard()
            .character("wisp", "Wisp", "gail", true, sheet("missingAttributes", List.of("WIL", "AGI")))
            .character("knight", "Knight", "bob", false, sheet("armor", 9, "STR", 0, "weapons", List.of(
                    Map.of("name", "Maul", "tags", List.of("pole", "two-handed"), "speed", "2", "strRequirement", 2,
                            "attacks", List.of(Map.of("damage", "1d8", "type", "B"))),
                    Map.of("name", "Hatchet", "tags", List.of("pole", "one-handed"), "strRequirement", 1,
                            "attacks", List.of(Map.of("damage", "(1d4)", "type", "S"))))));

    @BeforeEach
    void placeEveryone() {
        for (String id : List.of("alda", "bram", "goblin", "wisp", "knight")) {
            table.accept(GM, new AddCharacter(id));
        }
    }

    private static RollCheck check(String id, String attribute, Integer dc, String target, String targetAttribute) {
        return new RollCheck(id, attribute, dc, target, targetAttribute, null, null);
    }

    private static Attack attack(String id, String weapon, String target, Integer hands) {
        return new Attack(id, weapon, null, target, hands, null, null, null);
    }

    @Test
    @DisplayName("\"If the character's check is the same as the DC or higher, they succeed.\"")
    void aCheckEqualToTheDcSucceeds() {
        List<GameEvent> events = table.accept(ANN, check("alda", "agi", 8, null, null), 3, 4);

        ActliteEvent.CheckRolled rolled = table.only(events, ActliteEvent.CheckRolled.class);
        assertThat(rolled.check().success()).isTrue();
        assertThat(rolled.describe()).isEqualTo("Alda rolls AGI: 2d6+1 = 8 vs DC 8 — success.");
        assertThat(rolled.rolls()).containsExactly(rolled.check().roll());
    }

    @Test
    @DisplayName("\"Often the DC for a check is the passive SCORE of another character.\"")
    void aCheckAgainstATargetUsesItsPassiveScore() {
        List<GameEvent> events = table.accept(ANN, check("alda", "PER", null, "bram", null), 2, 3);

        ActliteEvent.CheckRolled rolled = table.only(events, ActliteEvent.CheckRolled.class);
        assertThat(rolled.check().dc()).isEqualTo(6);
        assertThat(rolled.describe()).isEqualTo("Alda rolls PER: 2d6 = 5 vs Bram's passive PER 6 — failure.");
    }

    @Test
    @DisplayName("A check against an NPC's passive score does not say the number in the log")
    void theLogDoesNotGiveAnNpcsPassiveScore() {
        List<GameEvent> events = table.accept(ANN, check("alda", "AGI", null, "goblin", null), 3, 4);

        assertThat(events.getFirst().describe()).isEqualTo("Alda rolls AGI: 2d6+1 = 8 vs Goblin's passive AGI — success.");
    }

    @Test
    @DisplayName("\"If you do not have an attribute score, any checks made against that attribute succeed automatically.\"")
    void checksAgainstAMissingAttributeSucceedAutomatically() {
        List<GameEvent> events = table.accept(ANN, check("alda", "WIL", null, "wisp", null), 1, 1);

        ActliteEvent.CheckRolled rolled = table.only(events, ActliteEvent.CheckRolled.class);
        assertThat(rolled.check().success()).isTrue();
        assertThat(rolled.check().automatic()).isTrue();
        assertThat(rolled.describe()).isEqualTo(
                "Alda rolls WIL: 2d6 = 2 vs Wisp (no WIL score: automatic success) — success; on matching.");
    }

    @Test
    @DisplayName("\"These are the only attributes that other characters are allowed to roll checks against.\"")
    void checksAreRolledOnlyAgainstDefensiveAttributes() {
        table.character("pick", "Pick", "ann", false, sheet("additionalAttributes", Map.of("DEX", 2)));
        table.accept(GM, new AddCharacter("pick"));

        assertThat(table.reject(ANN, check("pick", "DEX", null, "bram", "DEX")).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.accept(ANN, check("pick", "DEX", 9, null, null), 4, 3).getFirst().describe())
                .isEqualTo("Pick rolls DEX: 2d6+2 = 9 vs DC 9 — success.");
    }

    @Test
    @DisplayName("\"If you do not have an attribute score, it is not a narrative tool that you use to solve problems.\"")
    void aCharacterCannotRollAnAttributeItLacks() {
        assertThat(table.reject(GM, check("wisp", "WIL", 8, null, null)).message()).isEqualTo("Wisp has no WIL score to roll.");
        assertThat(table.reject(ANN, check("alda", "DEX", 8, null, null)).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
    }

    @Test
    void malformedChecksAreRefused() {
        assertThat(table.reject(ANN, check("alda", "AGI", null, null, null)).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(ANN, check("alda", "AGI", 8, "bram", null)).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(ANN, check("alda", "AGI", 51, null, null)).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(ANN, new RollCheck("alda", "AGI", 8, null, null, 11, 0)).code())
                .isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(BOB, check("alda", "AGI", 8, null, null)).code()).isEqualTo(RejectionCode.NOT_YOUR_CHARACTER);
        assertThat(table.reject(ANN, check("nobody", "AGI", 8, null, null)).code()).isEqualTo(RejectionCode.UNKNOWN_CHARACTER);
    }

    @Test
    @DisplayName("\"They both roll 2d6 and add their scores. The higher score wins.\"")
    void theHigherContestRollWins() {
        List<GameEvent> events = table.accept(ANN, new Contest("alda", "AGI", "bram", null, null, null, null, null), 3, 3, 4, 2);

        ActliteEvent.ContestRolled contest = table.only(events, ActliteEvent.ContestRolled.class);
        assertThat(contest.winnerId()).isEqualTo("alda");
        assertThat(contest.describe()).isEqualTo("Alda (AGI) contests Bram (AGI): 2d6+1 = 7 vs 2d6 = 6 — Alda wins; on matching.");
        assertThat(contest.rolls()).hasSize(2);
    }

    @Test
    @DisplayName("\"In the case of a tie, they either tie in the game or if that does not make sense they redo the contest.\"")
    void equalContestRollsTie() {
        List<GameEvent> events = table.accept(ANN, new Contest("alda", "AGI", "bram", "STR", null, null, null, null), 2, 4, 4, 3);

        ActliteEvent.ContestRolled contest = table.only(events, ActliteEvent.ContestRolled.class);
        assertThat(contest.winnerId()).isNull();
        assertThat(contest.describe()).endsWith("— a tie.");
        assertThat(contest.triggers()).isEmpty();
    }

    @Test
    @DisplayName("Against a contestant without the attribute, the character wins: checks against a missing attribute succeed")
    void aContestAgainstAMissingAttributeIsWon() {
        List<GameEvent> events = table.accept(ANN, new Contest("alda", "WIL", "wisp", null, null, null, null, null), 2, 1);

        ActliteEvent.ContestRolled contest = table.only(events, ActliteEvent.ContestRolled.class);
        assertThat(contest.winnerId()).isEqualTo("alda");
        assertThat(contest.automatic()).isTrue();
        assertThat(contest.targetCheck()).isNull();
    }

    @Test
    @DisplayName("\"Attacks are checks against passive AGI. The attacker wins ties.\"")
    void anAttackThatTiesPassiveAgiHits() {
        List<GameEvent> events = table.accept(ANN, attack("alda", "Club", "bram", null), 3, 3, 4);

        ActliteEvent.AttackRolled attack = table.only(events, ActliteEvent.AttackRolled.class);
        assertThat(attack.check().success()).isTrue();
        assertThat(attack.damage().total()).isEqualTo(4);
        assertThat(table.combatant("bram").current()).isEqualTo(new Combatant.Health(3, 5));
        assertThat(attack.describe()).isEqualTo(
                "Alda attacks Bram with Club (1d4 B): 2d6 = 6 vs passive AGI 6 — hit for 4 damage, Bram at (3)5.");
        assertThat(attack.rolls()).hasSize(2);
    }

    @Test
    void aMissRollsNoDamage() {
        List<GameEvent> events = table.accept(ANN, attack("alda", "Club", "goblin", null), 2, 4);

        ActliteEvent.AttackRolled attack = table.only(events, ActliteEvent.AttackRolled.class);
        assertThat(attack.check().success()).isFalse();
        assertThat(attack.damage()).isNull();
        assertThat(attack.describe()).isEqualTo("Alda attacks Goblin with Club (1d4 B): 2d6 = 6 vs passive AGI — miss.");
        assertThat(table.combatant("goblin").current()).isEqualTo(new Combatant.Health(2, 4));
    }

    @Test
    @DisplayName("\"Some mechanics like armor can replace passive AGI in the context of attack checks.\"")
    void armorReplacesPassiveAgi() {
        List<GameEvent> events = table.accept(ANN, attack("alda", "Club", "knight", null), 4, 4);

        ActliteEvent.AttackRolled attack = table.only(events, ActliteEvent.AttackRolled.class);
        assertThat(attack.check().dc()).isEqualTo(9);
        assertThat(attack.defense()).isEqualTo("armor");
        assertThat(attack.check().success()).isFalse();
    }

    @Test
    @DisplayName("A target without AGI and without armor is hit automatically")
    void aTargetWithoutAgiIsHitAutomatically() {
        List<GameEvent> events = table.accept(ANN, attack("alda", "Club", "wisp", null), 1, 2, 1);

        ActliteEvent.AttackRolled attack = table.only(events, ActliteEvent.AttackRolled.class);
        assertThat(attack.check().automatic()).isTrue();
        assertThat(attack.check().success()).isTrue();
    }

    @Test
    @DisplayName("\"'on 6' effects can be triggered twice if you roll two 6s\": the Club's \"On 6: inflict [stun]\" fires twice")
    void twoSixesFireTheWeaponsOnSixEffectTwice() {
        List<GameEvent> events = table.accept(ANN, attack("alda", "Club", "goblin", null), 6, 6, 2);

        ActliteEvent.AttackRolled attack = table.only(events, ActliteEvent.AttackRolled.class);
        assertThat(attack.effects()).containsExactly("inflict [stun]", "inflict [stun]");
        assertThat(attack.triggers()).contains("on 6 (twice)", "on 6: inflict [stun]");
        assertThat(attack.describe()).isEqualTo("Alda attacks Goblin with Club (1d4 B): 2d6 = 12 vs passive AGI — hit for 2 damage"
                + "; on 6: inflict [stun]; on 6: inflict [stun].");
    }

    @Test
    @DisplayName("\"Crit damage reduces crit health directly\": a (1d4) attack takes crit health")
    void aCritDamageAttackReducesCritDirectly() {
        table.accept(GM, new ActliteCommand.Heal("knight", 1, false));
        List<GameEvent> events = table.accept(BOB, attack("knight", "Hatchet", "bram", 2), 5, 5, 2);

        ActliteEvent.AttackRolled attack = table.only(events, ActliteEvent.AttackRolled.class);
        assertThat(attack.crit()).isTrue();
        assertThat(table.combatant("bram").current()).isEqualTo(new Combatant.Health(1, 9));
    }

    @Test
    @DisplayName("\"Not satisfying a weapon's requirements causes you to attack with disadvantage.\"")
    void anUnmetStrRequirementGivesDisadvantage() {
        List<GameEvent> events = table.accept(BOB, attack("knight", "Maul", "bram", 2), 6, 2, 5, 3);

        ActliteEvent.AttackRolled attack = table.only(events, ActliteEvent.AttackRolled.class);
        assertThat(attack.disadvantages()).containsExactly("STR 2 required");
        assertThat(attack.check().roll().notation()).isEqualTo("3d6kl2");
        assertThat(attack.check().total()).isEqualTo(7);
    }

    @Test
    @DisplayName("\"If you use two hands on a one-handed weapon, treat your STR as 2 points higher for the purposes of meeting a STR requirement.\"")
    void twoHandsOnAOneHandedWeaponMeetTheRequirement() {
        assertThat(table.accept(BOB, attack("knight", "Hatchet", "goblin", 2), 1, 1)).first()
                .extracting(e -> ((ActliteEvent.AttackRolled) e).disadvantages()).asList().isEmpty();
        assertThat(table.accept(BOB, attack("knight", "Hatchet", "goblin", 1), 1, 1, 1)).first()
                .extracting(e -> ((ActliteEvent.AttackRolled) e).disadvantages()).asList()
                .containsExactly("STR 1 required");
    }

    @Test
    @DisplayName("\"If you try to wield a two-handed weapon with one hand, attack with disadvantage.\"")
    void aTwoHandedWeaponInOneHandHasDisadvantage() {
        List<GameEvent> events = table.accept(BOB, attack("knight", "Maul", "goblin", 1), 1, 1, 1, 1);

        ActliteEvent.AttackRolled attack = table.only(events, ActliteEvent.AttackRolled.class);
        assertThat(attack.disadvantages()).containsExactly("STR 2 required", "two-handed weapon in one hand");
        assertThat(attack.check().roll().dice()).hasSize(4);
    }

    @Test
    @DisplayName("\"Attacking three times in one round with a weapon with the cost 1->2 costs 5 AP.\"")
    void threeAttacksWithAOneThenTwoWeaponCostFiveAp() {
        table.character("dag", "Dag", "ann", false, sheet("apCards", 6, "weapons", List.of(TestTable.club())));
        table.accept(GM, new StartInitiative(List.of("dag", "bram")), keepOrder(9));
        for (int i = 0; i < 6; i++) {
            table.accept(GM, new DealCard());
        }

        table.accept(ANN, attack("dag", "Club", "bram", null), 1, 1);
        table.accept(ANN, attack("dag", "Club", "bram", null), 1, 1);
        List<GameEvent> third = table.accept(ANN, attack("dag", "Club", "bram", null), 1, 1);

        ActliteEvent.AttackRolled attack = table.only(third, ActliteEvent.AttackRolled.class);
        assertThat(attack.cards()).hasSize(2);
        assertThat(attack.use()).isEqualTo(3);
        assertThat(table.handIds("dag")).hasSize(1);
        assertThat(table.initiative().discard()).hasSize(5);
    }

    @Test
    void attackingInInitiativeNeedsTheTurnAndTheCards() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram")), keepOrder(6));
        assertThat(table.reject(ANN, attack("alda", "Club", "bram", null)).code()).isEqualTo(RejectionCode.OUT_OF_TURN);
        table.accept(GM, new DealCard());
        table.accept(ANN, attack("alda", "Club", "bram", null), 1, 1);

        var rejected = table.reject(ANN, attack("alda", "Club", "bram", null));
        assertThat(rejected.code()).isEqualTo(RejectionCode.NOT_ENOUGH_AP);
        assertThat(rejected.message()).isEqualTo("Needs 2 AP, Alda holds 0.");
    }

    @Test
    void badAttacksAreRefused() {
        assertThat(table.reject(ANN, attack("alda", "Sword", "bram", null)).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(ANN, new Attack("alda", "Club", 1, "bram", null, null, null, null)).code())
                .isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(ANN, attack("alda", "Club", "alda", null)).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(ANN, attack("alda", "Club", "bram", 3)).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(BOB, attack("alda", "Club", "bram", null)).code()).isEqualTo(RejectionCode.NOT_YOUR_CHARACTER);
        assertThat(table.reject(ANN, attack("alda", "Club", "ghost", null)).code()).isEqualTo(RejectionCode.UNKNOWN_CHARACTER);
        assertThat(table.reject(ANN, new Attack("alda", "Club", 0, "bram", 1, 0, 0, List.of("alda/ap1"))).code())
                .isEqualTo(RejectionCode.INVALID_COMMAND);
    }

    @Test
    @DisplayName("\"When a character runs out of standard health all subsequent damage reduces crit health.\"")
    void damageBeyondStandardHealthReducesCrit() {
        List<GameEvent> events = table.accept(GM, new ApplyDamage("bram", 11, false));

        assertThat(table.combatant("bram").current()).isEqualTo(new Combatant.Health(1, 0));
        assertThat(events.getFirst().describe()).isEqualTo("Bram takes 11 damage, now (1)0.");
    }

    @Test
    @DisplayName("\"Crit damage reduces crit health directly, it does not matter how much standard health a character still has.\"")
    void critDamageIgnoresStandardHealth() {
        table.accept(GM, new ApplyDamage("bram", 2, true));

        assertThat(table.combatant("bram").current()).isEqualTo(new Combatant.Health(1, 9));
    }

    @Test
    @DisplayName("\"When crit health reaches 0, the character falls unconscious and begins dying.\"")
    void zeroCritMeansUnconsciousAndDying() {
        table.accept(GM, new ApplyDamage("bram", 20, false));

        assertThat(table.combatant("bram").current()).isEqualTo(new Combatant.Health(0, 0));
        assertThat(table.combatant("bram").conditions()).containsEntry("unconscious", 1).containsEntry("dying", 1);
        table.accept(GM, new Heal("bram", 1, true));
        assertThat(table.combatant("bram").conditions()).isEmpty();
        assertThat(table.combatant("bram").current()).isEqualTo(new Combatant.Health(1, 0));
    }

    @Test
    void healingStopsAtTheSheetsMaximum() {
        table.accept(GM, new ApplyDamage("bram", 4, false));

        table.accept(GM, new Heal("bram", 10, false));

        assertThat(table.combatant("bram").current()).isEqualTo(new Combatant.Health(3, 9));
    }

    @Test
    @DisplayName("The log leaves out an NPC's health")
    void damageToAnNpcDoesNotLogItsHealth() {
        assertThat(table.accept(GM, new ApplyDamage("goblin", 2, false)).getFirst().describe()).isEqualTo("Goblin takes 2 damage.");
    }

    @Test
    void onlyTheGmChangesHealthAndConditions() {
        assertThat(table.reject(ANN, new ApplyDamage("bram", 2, false)).code()).isEqualTo(RejectionCode.NOT_ALLOWED);
        assertThat(table.reject(ANN, new Heal("alda", 2, false)).code()).isEqualTo(RejectionCode.NOT_ALLOWED);
        assertThat(table.reject(ANN, new AddCondition("bram", "[stun]", 1)).code()).isEqualTo(RejectionCode.NOT_ALLOWED);
        assertThat(table.reject(GM, new ApplyDamage("bram", 0, false)).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
    }

    @Test
    @DisplayName("Conditions carry counts: [poison] 2 plus 1 is [poison] 3")
    void conditionsAccumulateAndAreRemovedByCount() {
        table.accept(GM, new AddCondition("bram", "[Poison]", 2));
        table.accept(GM, new AddCondition("bram", "poison", null));
        assertThat(table.combatant("bram").conditions()).containsEntry("poison", 3);

        List<GameEvent> removed = table.accept(GM, new RemoveCondition("bram", "poison", 1));
        assertThat(removed.getFirst().describe()).isEqualTo("Bram loses 1 [poison], now 2.");
        table.accept(GM, new RemoveCondition("bram", "poison", null));
        assertThat(table.combatant("bram").conditions()).isEmpty();

        assertThat(table.reject(GM, new RemoveCondition("bram", "poison", null)).code()).isEqualTo(RejectionCode.INVALID_STATE);
        assertThat(table.reject(GM, new AddCondition("bram", "!!", 1)).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
    }

    @Test
    void anUnconsciousCharacterCannotAttackOutsideInitiative() {
        table.accept(GM, new ApplyDamage("alda", 3, true));

        assertThat(table.reject(ANN, attack("alda", "Club", "bram", null)).code()).isEqualTo(RejectionCode.INVALID_STATE);
    }
}
