package io.astragal.rules.symbaroum;

import static io.astragal.rules.symbaroum.SymbaroumFixture.ALDA_PLAYER;
import static io.astragal.rules.symbaroum.SymbaroumFixture.COLE_PLAYER;
import static io.astragal.rules.symbaroum.SymbaroumFixture.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.RejectionCode;
import io.astragal.rules.symbaroum.SymbaroumCommand.Attack;
import io.astragal.rules.symbaroum.SymbaroumCommand.EndTurn;
import io.astragal.rules.symbaroum.SymbaroumCommand.Move;
import io.astragal.rules.symbaroum.SymbaroumCommand.Surprise;
import io.astragal.rules.symbaroum.SymbaroumEvent.AttackResolved;
import io.astragal.rules.symbaroum.SymbaroumEvent.Moved;
import io.astragal.rules.symbaroum.SymbaroumEvent.SurpriseRolled;
import io.astragal.rules.symbaroum.SymbaroumState.FreeAttack;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Free Attacks from movement, surprise given as two sides, and Free Attacks lapsing with the round. */
class SymbaroumReactionsTest {

    final SymbaroumFixture table = new SymbaroumFixture();

    @Test
    @DisplayName("\"Withdraw from melee combat (which allows the enemy to perform a Free Attack against the character). If fighting multiple enemies, then each enemy is allowed a Free Attack.\"")
    void withdrawingGivesEachEnemyAFreeAttack() {
        table.startFight();
        Moved moved = table.only(table.run(new Move("alda", "back to the door", List.of("bram", "dara"), List.of()), ALDA_PLAYER),
                Moved.class);
        assertThat(moved.granted()).containsExactly(new FreeAttack("bram", "alda", "withdrawal"),
                new FreeAttack("dara", "alda", "withdrawal"));
        assertThat(moved.describe()).endsWith("Bram, Dara get a Free Attack on Alda.");
        assertThat(table.state.freeAttacks()).hasSize(2);
        // The Free Attack is a reaction, taken at once by the GM for Bram, on Alda only.
        AttackResolved free = table.only(table.run(new Attack("bram", "alda", "Knife", false, null, true), GM, 20, 3, 1),
                AttackResolved.class);
        assertThat(free.free()).isTrue();
        assertThat(table.state.freeAttacks()).containsExactly(new FreeAttack("dara", "alda", "withdrawal"));
        table.rejected(new Attack("dara", "cole", "Pike", false, null, true), GM, RejectionCode.INVALID_STATE, 20);
    }

    @Test
    @DisplayName("\"the character can only gain one Free Attack per triggering factor and turn – if two enemies try to withdraw from melee only 1 Free Attack is gained, but if one withdraws and one runs past, the character gains one Free Attack on each.\"")
    void oneFreeAttackPerTriggeringFactorAndRound() {
        table.startFight();
        table.run(new Move("alda", null, List.of("bram"), List.of()), ALDA_PLAYER);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        Moved past = table.only(table.run(new Move("cole", null, List.of(), List.of("bram")), COLE_PLAYER), Moved.class);
        assertThat(past.granted()).as("running past is another triggering factor")
                .containsExactly(new FreeAttack("bram", "cole", "passing by"));
        Moved second = table.only(table.run(new Move("cole", null, List.of("bram"), List.of()), COLE_PLAYER), Moved.class);
        assertThat(second.granted()).as("Bram already has this round's withdrawal Free Attack").isEmpty();
        assertThat(second.describe()).doesNotContain("Free Attack");
        assertThat(table.state.freeAttacks()).containsExactly(new FreeAttack("bram", "alda", "withdrawal"),
                new FreeAttack("bram", "cole", "passing by"));
    }

    @Test
    @DisplayName("\"The Free Attack can be avoided if the combatant opts to trade its Combat Action that turn for an additional Movement Action, making it possible to go around the enemy without entering into melee.\"")
    void goingAroundWithTheCombatActionAvoidsTheFreeAttack() {
        table.startFight();
        table.run(new Move("alda", "into the open"), ALDA_PLAYER);
        Moved around = table.only(table.run(new Move("alda", "around Bram", List.of(), List.of("bram")), ALDA_PLAYER), Moved.class);
        assertThat(around.spent()).isEqualTo("Combat Action used as movement");
        assertThat(around.granted()).isEmpty();
        assertThat(table.state.freeAttacks()).isEmpty();
    }

    @Test
    void aMoveMayNotNameTheMoverOrSomeoneAbsent() {
        table.startFight();
        table.rejected(new Move("alda", null, List.of("alda"), List.of()), ALDA_PLAYER, RejectionCode.INVALID_COMMAND);
        table.rejected(new Move("alda", null, List.of(), List.of("nobody")), ALDA_PLAYER, RejectionCode.UNKNOWN_CHARACTER);
    }

    @Test
    @DisplayName("Free Attacks are reactions (\"an immediate Free Attack\", \"during the first turn\"): those not taken lapse when the round ends")
    void freeAttacksNotTakenLapseWithTheRound() {
        table.startFight();
        table.run(new Move("alda", null, List.of("bram"), List.of()), ALDA_PLAYER);
        assertThat(table.state.freeAttacks()).hasSize(1);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.run(new EndTurn("cole"), COLE_PLAYER);
        table.run(new EndTurn("dara"), GM);
        assertThat(table.state.freeAttacks()).hasSize(1);
        table.run(new EndTurn("bram"), GM);
        assertThat(table.state.freeAttacks()).isEmpty();
        assertThat(table.state.encounter().triggered()).isEmpty();
        Moved again = table.only(table.run(new Move("alda", null, List.of("bram"), List.of()), ALDA_PLAYER), Moved.class);
        assertThat(again.granted()).as("a new round, a new trigger").hasSize(1);
    }

    @Test
    @DisplayName("\"If a group tries to surprise another group ... use the attackers' lowest Discreet modified by the defenders' highest Vigilant\" — the sides as two groups")
    void surpriseTakesTheTwoSidesAsGroups() {
        table.place("alda", "bram", "cole", "dara");
        SurpriseRolled rolled = table.only(table.run(new Surprise(null, null,
                List.of(List.of("bram", "dara"), List.of("alda", "cole"))), GM, 7), SurpriseRolled.class);
        assertThat(rolled.attackers()).containsExactly("bram", "dara");
        assertThat(rolled.defenders()).containsExactly("alda", "cole");
        assertThat(rolled.chance()).isEqualTo(8 + 10 - 12);
        assertThat(rolled.success()).isFalse();
        assertThat(rolled.describe()).as("the attackers are NPCs: their Discreet is not written out")
                .startsWith("Surprise [Discreet←Vigilant 12]: 7 —");
    }

    @Test
    void surpriseRefusesOverlappingOrMalformedSidesAndComesOnlyAtTheStart() {
        table.place("alda", "bram", "cole", "dara");
        table.rejected(new Surprise(List.of("bram", "alda"), List.of("alda")), GM, RejectionCode.INVALID_COMMAND);
        table.rejected(new Surprise(null, null, List.of(List.of("bram"))), GM, RejectionCode.INVALID_COMMAND);
        table.rejected(new Surprise(null, null, List.of(List.of("bram"), List.of())), GM, RejectionCode.INVALID_COMMAND);
        table.rejected(new Surprise(List.of("bram"), List.of("cole"), List.of(List.of("bram"), List.of("cole"))), GM,
                RejectionCode.INVALID_COMMAND);
        table.rejected(new Surprise(List.of("bram"), List.of("alda")), ALDA_PLAYER, RejectionCode.NOT_ALLOWED);
        table.startFight();
        table.run(new Surprise(List.of("bram"), List.of("alda")), GM, 1);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.run(new EndTurn("cole"), COLE_PLAYER);
        table.run(new EndTurn("dara"), GM);
        table.run(new EndTurn("bram"), GM);
        // "Attacking an enemy that is unaware of the incoming attack allows the attacker to make a Free Attack in the first turn of combat."
        table.rejected(new Surprise(List.of("bram"), List.of("alda")), GM, RejectionCode.INVALID_STATE, 1);
    }

    @Test
    void sentencesNeverWriteOutAnNpcsToughnessOrTheChanceItsNumbersMake() {
        table.startFight();
        // Alda hits Bram (NPC): the dice and the damage are public, Bram's Toughness and Defense are not.
        AttackResolved onNpc = table.only(table.run(new Attack("alda", "bram", "Sword", false, null, false), ALDA_PLAYER, 13, 3),
                AttackResolved.class);
        assertThat(onNpc.describe()).isEqualTo("Alda attacks Bram with Sword: [Accurate←Defense] 13 — hit, 3 damage = 3.");
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.run(new EndTurn("cole"), COLE_PLAYER);
        table.run(new EndTurn("dara"), GM);
        // Bram hits Alda (PC): her own Toughness is hers to see; Bram's Accurate, in the chance, is not.
        AttackResolved onPc = table.only(table.run(new Attack("bram", "alda", "Knife", false, null, false), GM, 20, 5, 1),
                AttackResolved.class);
        assertThat(onPc.describe()).isEqualTo("Bram attacks Alda with Knife: Alda defends [Defense←Accurate] 20 — hit, "
                + "5 damage − armor 1 = 4; Toughness 11 → 7.");
    }
}
