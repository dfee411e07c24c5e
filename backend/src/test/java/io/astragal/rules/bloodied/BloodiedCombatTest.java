package io.astragal.rules.bloodied;

import static io.astragal.rules.bloodied.BloodiedTable.ALICE;
import static io.astragal.rules.bloodied.BloodiedTable.BOB;
import static io.astragal.rules.bloodied.BloodiedTable.GM;
import static io.astragal.rules.bloodied.BloodiedTable.SPECTATOR;
import static io.astragal.rules.bloodied.BloodiedTable.attack;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.GameEvent;
import io.astragal.rules.OrderView;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.bloodied.BloodiedCommand.Attack;
import io.astragal.rules.bloodied.BloodiedCommand.EndTurn;
import io.astragal.rules.bloodied.BloodiedCommand.Move;
import io.astragal.rules.bloodied.BloodiedCommand.StartInitiative;
import io.astragal.rules.bloodied.BloodiedEvent.Attacked;
import io.astragal.rules.bloodied.BloodiedEvent.InitiativeStarted;
import io.astragal.rules.bloodied.BloodiedEvent.InjuryInflicted;
import io.astragal.rules.bloodied.BloodiedEvent.RoundStarted;
import io.astragal.rules.bloodied.BloodiedEvent.TurnStarted;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class BloodiedCombatTest {

    private final BloodiedTable table = new BloodiedTable();

    @Test
    @DisplayName("\"Initiative is rolled as 1d20 + INT modifier + level.\" Highest first; ties keep the GM's order")
    void initiativeIsRolledOnceAndOrdersTheEncounter() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram", "ogre")), 10, 15, 12);

        InitiativeStarted started = table.only(table.log, InitiativeStarted.class);
        assertThat(started.results()).extracting(BloodiedEvent.InitiativeRoll::score).containsExactly(15, 13, 13);
        OrderView view = (OrderView) table.view(GM).initiative();
        assertThat(view.order()).extracting(OrderView.Entry::combatantId).containsExactly("bram", "alda", "ogre");
        assertThat(view.current()).isEqualTo("bram");
        assertThat(table.log.getLast()).isEqualTo(new TurnStarted(1, "bram", "Bram"));
    }

    @Test
    @DisplayName("\"Each turn consists of a movement and an action. The action can be sacrificed for an additional movement.\"")
    void aTurnIsAMoveAndAnActionWhichMayBeASecondMove() {
        table.aldaFirst();

        table.accept(ALICE, new Move("alda"));
        table.accept(ALICE, new Move("alda"));
        assertThat(table.state.initiative().used()).containsExactly("move", "action");
        table.reject(ALICE, new Move("alda"), RejectionCode.NOT_ENOUGH_AP);
        table.reject(ALICE, attack("alda", "bram", "Sword"), RejectionCode.NOT_ENOUGH_AP);
        assertThat(((OrderView) table.view(ALICE).initiative()).order().getFirst().used()).containsExactly("move", "action");
    }

    @Test
    void turnsAdvanceAndRoundsCount() {
        table.aldaFirst();
        table.accept(ALICE, new EndTurn("alda"));
        assertThat(table.current()).isEqualTo("bram");
        table.accept(BOB, new EndTurn("bram"));
        List<GameEvent> events = table.accept(GM, new EndTurn("ogre"));

        assertThat(events).containsSubsequence(new RoundStarted(2), new TurnStarted(2, "alda", "Alda"));
        OrderView view = (OrderView) table.view(BOB).initiative();
        assertThat(view.round()).isEqualTo(2);
        assertThat(view.order()).extracting(OrderView.Entry::done).containsExactly(false, false, false);
    }

    @Test
    void outOfTurnOtherPeoplesCharactersAndGmCommandsAreRejected() {
        table.reject(ALICE, new StartInitiative(List.of("alda")), RejectionCode.NOT_ALLOWED);
        table.reject(SPECTATOR, new Move("alda"), RejectionCode.NOT_ALLOWED);
        table.reject(ALICE, new Move("alda"), RejectionCode.UNKNOWN_CHARACTER);
        table.aldaFirst();
        table.reject(BOB, new Move("bram"), RejectionCode.OUT_OF_TURN);
        table.reject(BOB, new Move("alda"), RejectionCode.NOT_YOUR_CHARACTER);
        table.reject(GM, new StartInitiative(List.of("alda")), RejectionCode.INVALID_STATE);
        table.reject(ALICE, attack("alda", "bram", "Spear"), RejectionCode.INVALID_COMMAND);
    }

    @Test
    @DisplayName("\"If the roll is equal to or greater than the target's Defense then it hits.\" Damage: die + 1/2 the modifier")
    void anAttackEqualToDefenseHits() {
        table.aldaFirst();

        // attack 12 + STR 2 = 14 against Defense 14 + AGL 0 + shield 0; damage 5 + 2/2
        Attacked attacked = table.only(table.accept(ALICE, attack("alda", "bram", "Sword"), 12, 14, 5), Attacked.class);

        assertThat(attacked.attackTotal()).isEqualTo(14);
        assertThat(attacked.defenseTotal()).isEqualTo(14);
        assertThat(attacked.hit()).isTrue();
        assertThat(attacked.dealt()).isEqualTo(6);
        assertThat(table.get("bram").hp()).isEqualTo(6);
        assertThat(table.get("bram").bloodied()).isTrue();
        assertThat(attacked.describe()).isEqualTo("Alda attacks Bram with Sword: 14 vs Defense 14 — hit, 6 damage.");
    }

    @Test
    @DisplayName("\"The defender then rolls their armor value ... The rolled damage is then reduced by the armor value\"; \"Defense is 1d20 + AGL modifier + shield modifier.\"")
    void armorIsRolledAndSubtracted() {
        table.aldaFirst();
        table.accept(ALICE, new EndTurn("alda"));

        // Axe with BLD +2: 15 + 2 = 17 against Alda's 10 + AGL 1 + shield 1; damage 4 + 1, armor 1d4 = 3
        Attacked attacked = table.only(table.accept(BOB, attack("bram", "alda", null), 15, 10, 4, 3), Attacked.class);

        assertThat(attacked.defenseTotal()).isEqualTo(12);
        assertThat(attacked.armor().total()).isEqualTo(3);
        assertThat(attacked.dealt()).isEqualTo(2);
        assertThat(table.get("alda").hp()).isEqualTo(18);
    }

    @Test
    @DisplayName("\"Damage type may modify the target's armor value.\"")
    void theDamageTypeCanChangeTheArmorValue() {
        table.aldaFirst();
        table.accept(ALICE, new EndTurn("alda"));

        Attacked attacked = table.only(table.accept(BOB, new Attack("bram", "alda", null, null, null, null, null, -2), 15, 10, 4, 3),
                Attacked.class);

        assertThat(attacked.dealt()).isEqualTo(4);
    }

    @Test
    @DisplayName("\"On a check, a natural 1 on the die always fails\" — attacks too")
    void aNaturalOneMisses() {
        table.aldaFirst();

        Attacked attacked = table.only(table.accept(ALICE, new Attack("alda", "bram", "Sword", 30, null, null, null, null), 1, 2),
                Attacked.class);

        assertThat(attacked.hit()).isFalse();
        assertThat(table.get("bram").hp()).isEqualTo(12);
    }

    @Test
    @DisplayName("\"a critical success means that the weapon deals maximum possible damage plus a normal roll for damage with any modifiers\"; a critical hit also gives a serious injury")
    void aNaturalTwentyDealsMaximumPlusARollAndInjures() {
        table.aldaFirst();

        List<GameEvent> events = table.accept(ALICE, attack("alda", "ogre", "Sword"), 20, 20, 3, 2, 4);

        Attacked attacked = table.only(events, Attacked.class);
        assertThat(attacked.crit()).isTrue();
        assertThat(attacked.critMaximum()).isEqualTo(8);
        assertThat(attacked.dealt()).isEqualTo(8 + 3 + 1 - 2);
        InjuryInflicted injury = table.only(events, InjuryInflicted.class);
        assertThat(injury.cause()).isEqualTo("critical hit");
        assertThat(injury.severity()).isEqualTo(BloodiedState.Severity.MAJOR);
        assertThat(injury.interval()).isEqualTo("1/12 hours");
    }

    @Test
    @DisplayName("\"Attacks are made normally within the effective range, and at -4 to attack rolls when between effective and max range.\"")
    void longRangeCostsFourAndBeyondMaximumIsRefused() {
        table.aldaFirst();

        table.reject(ALICE, new Attack("alda", "bram", "Bow", null, 130, null, null, null), RejectionCode.INVALID_COMMAND);
        Attacked attacked = table.only(table.accept(ALICE, new Attack("alda", "bram", "Bow", null, 90, null, null, null), 14, 12),
                Attacked.class);

        assertThat(attacked.attackTotal()).isEqualTo(14 + 1 - 4);
        assertThat(attacked.modifiers()).containsExactly("-4 long range");
        assertThat(attacked.hit()).isFalse();
    }

    @Test
    @DisplayName("\"If the attack fails due to the miss chance, roll randomly to determine who in the melee is actually the target\"")
    void shootingIntoMeleeCanHitSomeoneElse() {
        table.aldaFirst();

        // 1d2 = 2: the 50% miss chance strikes; 1d2 = 2 picks the ogre; then 15 + 1 vs 5 - 1, damage 3, armor 1
        Attacked attacked = table.only(table.accept(ALICE,
                new Attack("alda", "bram", "Bow", null, 30, List.of("bram", "ogre"), null, null), 2, 2, 15, 5, 3, 1), Attacked.class);

        assertThat(attacked.missChance().missed()).isTrue();
        assertThat(attacked.intendedTargetId()).isEqualTo("bram");
        assertThat(attacked.targetId()).isEqualTo("ogre");
        assertThat(attacked.rolls()).hasSize(6);
        assertThat(table.get("ogre").hp()).isEqualTo(30 - 2);
    }

    @Test
    void aOneOnTheMissChanceKeepsTheTarget() {
        assertThat(BloodiedReferee.missChance(List.of("a", "b", "c"), io.astragal.dice.DiceSource.scripted(1)).missed()).isFalse();
        assertThat(BloodiedReferee.missChance(List.of("a", "b", "c"), io.astragal.dice.DiceSource.scripted(3, 1)).retarget().total())
                .isEqualTo(1);
    }

    @Test
    @DisplayName("\"When attacking with both weapons in the same round, the character takes a -5 penalty on each attack.\"")
    void twoWeaponsAttackTwiceAtMinusFive() {
        table.aldaFirst();

        List<GameEvent> events = table.accept(ALICE, new Attack("alda", "bram", "Sword", null, null, null, "Dagger", null),
                18, 5, 4, 16, 5, 2);

        List<Attacked> attacks = table.all(events, Attacked.class);
        assertThat(attacks).extracting(Attacked::attackTotal).containsExactly(18 + 2 - 5, 16 + 1 - 5);
        assertThat(attacks).extracting(Attacked::dealt).containsExactly(4 + 1, 2);
        assertThat(table.get("bram").hp()).isEqualTo(12 - 5 - 2);
        table.reject(ALICE, new Attack("alda", "bram", "Sword", null, null, null, "Bow", null), RejectionCode.NOT_ENOUGH_AP);
    }
}
