package io.astragal.rules.symbaroum;

import static io.astragal.rules.symbaroum.SymbaroumFixture.ALDA_PLAYER;
import static io.astragal.rules.symbaroum.SymbaroumFixture.COLE_PLAYER;
import static io.astragal.rules.symbaroum.SymbaroumFixture.GM;
import static io.astragal.rules.symbaroum.SymbaroumFixture.SPECTATOR;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.ActionOption;
import io.astragal.rules.GameEvent;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import io.astragal.rules.symbaroum.SymbaroumCommand.AddCondition;
import io.astragal.rules.symbaroum.SymbaroumCommand.Attack;
import io.astragal.rules.symbaroum.SymbaroumCommand.ChoosePain;
import io.astragal.rules.symbaroum.SymbaroumCommand.Delay;
import io.astragal.rules.symbaroum.SymbaroumCommand.DrawWeapon;
import io.astragal.rules.symbaroum.SymbaroumCommand.EndInitiative;
import io.astragal.rules.symbaroum.SymbaroumCommand.EndTurn;
import io.astragal.rules.symbaroum.SymbaroumCommand.GrantFreeAttack;
import io.astragal.rules.symbaroum.SymbaroumCommand.Move;
import io.astragal.rules.symbaroum.SymbaroumCommand.RemoveCondition;
import io.astragal.rules.symbaroum.SymbaroumCommand.StandUp;
import io.astragal.rules.symbaroum.SymbaroumCommand.StartInitiative;
import io.astragal.rules.symbaroum.SymbaroumCommand.Surprise;
import io.astragal.rules.symbaroum.SymbaroumEvent.AttackResolved;
import io.astragal.rules.symbaroum.SymbaroumEvent.InitiativeStarted;
import io.astragal.rules.symbaroum.SymbaroumEvent.StoodUp;
import io.astragal.rules.symbaroum.SymbaroumEvent.SurpriseRolled;
import io.astragal.rules.symbaroum.SymbaroumEvent.TurnEnded;
import io.astragal.rules.symbaroum.SymbaroumEvent.WeaponDrawn;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SymbaroumCombatTest {

    final SymbaroumFixture table = new SymbaroumFixture();

    private static Attack attack(String who, String target, String weapon) {
        return new Attack(who, target, weapon, false, null, false);
    }

    @Test
    @DisplayName("\"If two persons have the same Quick value, then compare Vigilant. If they still share the same value, roll 1D20: the highest outcome goes first.\"")
    void theOrderIsQuickThenVigilantThenD20() {
        InitiativeStarted started = table.only(table.run(new StartInitiative(List.of("bram", "cole", "dara", "alda")), GM, 4, 15),
                InitiativeStarted.class);
        assertThat(started.ranking()).extracting(SymbaroumEvent.Ranked::combatantId).containsExactly("alda", "cole", "dara", "bram");
        assertThat(started.ranking().get(2).tieBreak().total()).isEqualTo(15);
        assertThat(started.ranking().getFirst().tieBreak()).isNull();
        assertThat(table.state.encounter().current()).isEqualTo("alda");
    }

    @Test
    @DisplayName("\"You may choose to place your Initiative later in the turn order, but once the order is established it cannot be changed.\"")
    void aCharacterMayWaitOnceInTheFirstRound() {
        table.startFight();
        table.run(new Delay("alda", "cole"), ALDA_PLAYER);
        assertThat(table.state.encounter().order()).containsExactly("cole", "alda", "dara", "bram");
        assertThat(table.state.encounter().current()).isEqualTo("cole");
        table.run(new EndTurn("cole"), COLE_PLAYER);
        table.rejected(new Delay("alda", "bram"), ALDA_PLAYER, RejectionCode.INVALID_STATE);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.run(new EndTurn("dara"), GM);
        TurnEnded round = table.only(table.run(new EndTurn("bram"), GM), TurnEnded.class);
        assertThat(round.newRound()).isTrue();
        assertThat(round.next()).isEqualTo("cole");
        table.rejected(new Delay("cole", "bram"), COLE_PLAYER, RejectionCode.INVALID_STATE);
    }

    @Test
    @DisplayName("\"two Actions per turn; one Combat Action and one Movement Action. The Combat Action can be replaced with an additional Movement Action\"")
    void eachTurnHasOneCombatAndOneMovementAction() {
        table.startFight();
        table.run(attack("alda", "bram", "Sword"), ALDA_PLAYER, 20);
        table.run(new Move("alda", "to the door"), ALDA_PLAYER);
        assertThat(table.state.encounter().used()).containsExactly("combat", "movement");
        table.rejected(new Move("alda", null), ALDA_PLAYER, RejectionCode.NOT_ENOUGH_AP);
        table.rejected(attack("alda", "bram", "Sword"), ALDA_PLAYER, RejectionCode.NOT_ENOUGH_AP, 20);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.run(new Move("cole", null), COLE_PLAYER);
        table.run(new Move("cole", null), COLE_PLAYER);
        assertThat(table.state.encounter().used()).containsExactly("movement", "combat");
        table.rejected(attack("cole", "bram", "Axe"), COLE_PLAYER, RejectionCode.NOT_ENOUGH_AP, 20);
    }

    @Test
    void actingOutOfTurnOrForAnotherOrAsAPlayerForTheGmIsRefused() {
        table.rejected(new StartInitiative(List.of("alda")), ALDA_PLAYER, RejectionCode.NOT_ALLOWED);
        table.startFight();
        assertThat(table.rejected(attack("cole", "bram", "Axe"), COLE_PLAYER, RejectionCode.OUT_OF_TURN, 5).message())
                .isEqualTo("It is Alda's turn, not Cole's.");
        table.rejected(new EndTurn("cole"), COLE_PLAYER, RejectionCode.OUT_OF_TURN);
        table.rejected(new Move("alda", null), COLE_PLAYER, RejectionCode.NOT_YOUR_CHARACTER);
        table.rejected(new Move("alda", null), SPECTATOR, RejectionCode.NOT_ALLOWED);
        table.rejected(new EndInitiative(), ALDA_PLAYER, RejectionCode.NOT_ALLOWED);
    }

    @Test
    @DisplayName("\"The attack is made with [Accurate←Defense]\"; damage over the Pain Threshold lets the player choose")
    void aPlayerAttackRollsAccurateAgainstDefense() {
        table.startFight();
        // Accurate 13 + (10 - Defense 10) = 13; d20 13 hits; Sword 1d8 = 7, no armor
        AttackResolved hit = table.only(table.run(attack("alda", "bram", "Sword"), ALDA_PLAYER, 13, 7), AttackResolved.class);
        assertThat(hit.roller()).isEqualTo("attacker");
        assertThat(hit.chance()).isEqualTo(13);
        assertThat(hit.hit()).isTrue();
        assertThat(hit.dealt()).isEqualTo(7);
        assertThat(table.get("bram").get("toughness")).isEqualTo(3);
        // "When a creature suffers damage that exceeds its Pain Threshold" (Strong 9 -> 5)
        assertThat(hit.pain()).isTrue();
        assertThat(table.state.painChoices()).singleElement().satisfies(p -> assertThat(p.chooserUserId()).isEqualTo("u-alda"));
    }

    @Test
    @DisplayName("\"When a character is attacked, defense is tested as [Defense←Accurate]\" and damage counts only above the armor's roll")
    void aPlayerAttackedByAnNpcRollsDefenseAndArmorIsRolled() {
        table.startFight();
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.run(new EndTurn("cole"), COLE_PLAYER);
        table.run(new EndTurn("dara"), GM);
        // Alda's Defense 13 + (10 - Accurate 10) = 13; d20 14 fails, so the knife hits: 1d6 6 - armor 1d4 2 = 4
        AttackResolved hit = table.only(table.run(attack("bram", "alda", "Knife"), GM, 14, 6, 2), AttackResolved.class);
        assertThat(hit.roller()).isEqualTo("defender");
        assertThat(hit.chance()).isEqualTo(13);
        assertThat(hit.armor().total()).isEqualTo(2);
        assertThat(table.get("alda").get("toughness")).isEqualTo(7);
        assertThat(hit.pain()).isFalse();
        // "deals damage if the weapon's damage value is higher than the outcome of the roll for the character's Armor"
        table.run(new GrantFreeAttack("bram", "cole", "passing by", false), GM);
        AttackResolved stopped = table.only(table.run(new Attack("bram", "cole", "Knife", false, null, true), GM, 20, 3, 5), AttackResolved.class);
        assertThat(stopped.hit()).isTrue();
        assertThat(stopped.dealt()).isZero();
    }

    @Test
    @DisplayName("Advantage: \"+2 modification ... and its attacks deal 1D4 extra damage\"; \"All melee attacks against an enemy lying down\" — \"ranged attacks do not get any advantage from this\"")
    void attackingAProneEnemyInMeleeHasAdvantage() {
        table.startFight();
        table.run(new AddCondition("bram", "prone", null), GM);
        AttackResolved melee = table.only(table.run(attack("alda", "bram", "Sword"), ALDA_PLAYER, 15, 2, 1), AttackResolved.class);
        assertThat(melee.advantage()).isTrue();
        assertThat(melee.chance()).isEqualTo(15);
        assertThat(melee.damage().notation()).isEqualTo("1d8+1d4");
        assertThat(melee.dealt()).isEqualTo(3);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.run(new EndTurn("cole"), COLE_PLAYER);
        table.run(new EndTurn("dara"), GM);
        table.run(new EndTurn("bram"), GM);
        AttackResolved ranged = table.only(table.run(attack("alda", "bram", "Bow"), ALDA_PLAYER, 20), AttackResolved.class);
        assertThat(ranged.advantage()).isFalse();
        assertThat(ranged.chance()).isEqualTo(13);
    }

    @Test
    @DisplayName("Pain Threshold: \"The affected creature is knocked down\" or \"The one who deals the damage is allowed to perform an immediate Free Attack\"")
    void thePainChoiceKnocksDownOrGrantsAFreeAttack() {
        table.startFight();
        table.run(attack("alda", "bram", "Sword"), ALDA_PLAYER, 13, 7);
        table.rejected(new ChoosePain("bram", "knockDown"), COLE_PLAYER, RejectionCode.NOT_YOUR_CHARACTER);
        table.rejected(new ChoosePain("bram", "flee"), ALDA_PLAYER, RejectionCode.INVALID_COMMAND);
        table.run(new ChoosePain("bram", "freeAttack"), ALDA_PLAYER);
        assertThat(table.state.painChoices()).isEmpty();
        // the Free Attack is a reaction: it needs no Combat Action
        AttackResolved free = table.only(table.run(new Attack("alda", "bram", "Sword", false, null, true), ALDA_PLAYER, 2, 1),
                AttackResolved.class);
        assertThat(free.free()).isTrue();
        assertThat(table.state.freeAttacks()).isEmpty();
        table.rejected(new Attack("alda", "bram", "Sword", false, null, true), ALDA_PLAYER, RejectionCode.INVALID_STATE, 2, 1);
    }

    @Test
    void knockDownLeavesTheVictimProne() {
        table.startFight();
        table.run(attack("alda", "bram", "Sword"), ALDA_PLAYER, 13, 7);
        table.run(new ChoosePain("bram", "knockDown"), ALDA_PLAYER);
        assertThat(table.get("bram").has("prone")).isTrue();
    }

    @Test
    @DisplayName("\"Long weapons get a Free Attack against one enemy during the first turn of melee combat, provided that the enemy does not have a Long weapon as well.\"")
    void longWeaponsFreeAttackOnlyAgainstShorterWeaponsInTheFirstTurn() {
        table.startFight();
        table.rejected(new GrantFreeAttack("alda", "dara", null, true), GM, RejectionCode.INVALID_STATE);
        table.rejected(new GrantFreeAttack("cole", "bram", null, true), GM, RejectionCode.INVALID_COMMAND);
        table.rejected(new GrantFreeAttack("alda", "bram", null, true), ALDA_PLAYER, RejectionCode.NOT_ALLOWED);
        table.run(new GrantFreeAttack("alda", "bram", null, true), GM);
        assertThat(table.state.freeAttacks()).singleElement().satisfies(g -> assertThat(g.reason()).isEqualTo("Long weapon"));
    }

    @Test
    @DisplayName("\"If a group tries to surprise another group ... use the attackers' lowest Discreet modified by the defenders' highest Vigilant.\"")
    void groupSurpriseUsesLowestDiscreetAgainstHighestVigilant() {
        table.place("alda", "bram", "cole", "dara");
        SurpriseRolled rolled = table.only(table.run(new Surprise(List.of("bram", "dara"), List.of("alda", "cole")), GM, 6), SurpriseRolled.class);
        assertThat(rolled.discreet()).isEqualTo(8);
        assertThat(rolled.vigilant()).isEqualTo(12);
        assertThat(rolled.chance()).isEqualTo(6);
        assertThat(rolled.success()).isTrue();
        assertThat(table.state.freeAttacks()).extracting(SymbaroumState.FreeAttack::attackerId).containsExactly("bram", "dara");
        assertThat(table.only(table.run(new Surprise(List.of("bram"), List.of("cole")), GM, 15), SurpriseRolled.class).success())
                .as("Discreet 13 + (10 - Vigilant 9) = 14").isFalse();
    }

    @Test
    @DisplayName("\"If any of the combatants are surprised at the start of combat, they must draw their weapons. ... To unsheathe a weapon is otherwise considered a Movement Action.\"")
    void surprisedDefendersMustDrawTheirWeaponsWithAMovementAction() {
        table.place("alda", "bram", "cole", "dara");
        SurpriseRolled rolled = table.only(table.run(new Surprise(List.of("bram", "dara"), List.of("alda", "cole")), GM, 6), SurpriseRolled.class);
        assertThat(rolled.sheathed()).containsExactly("alda", "cole");
        assertThat(rolled.describe()).endsWith("each attacker gets a Free Attack, and the defenders must draw their weapons.");
        assertThat(table.get("alda").has("sheathed")).isTrue();
        assertThat(table.get("bram").has("sheathed")).as("an attacker").isFalse();
        table.startFight();

        Attack sword = new Attack("alda", "bram", "Sword", false, null, false);
        assertThat(table.rejected(sword, ALDA_PLAYER, RejectionCode.INVALID_STATE).message())
                .isEqualTo("Alda has not drawn the Sword: drawing it is a Movement Action.");
        ActionOption offered = aldasOption("Alda: attack with Sword");
        assertThat(offered.enabled()).isFalse();
        assertThat(offered.reason()).isEqualTo("Alda has not drawn the Sword: drawing it is a Movement Action.");
        assertThat(aldasOption("Alda: draw a weapon (Movement Action)").enabled()).isTrue();

        WeaponDrawn drawn = table.only(table.run(new DrawWeapon("alda"), ALDA_PLAYER), WeaponDrawn.class);
        assertThat(drawn.describe()).isEqualTo("Alda draws a weapon (Movement Action).");
        assertThat(table.state.encounter().used()).containsExactly("movement");
        assertThat(table.get("alda").has("sheathed")).isFalse();
        table.run(sword, ALDA_PLAYER, 1, 5);
        assertThat(table.state.encounter().used()).containsExactly("movement", "combat");
        assertThat(table.rejected(new DrawWeapon("alda"), ALDA_PLAYER, RejectionCode.INVALID_STATE).message())
                .isEqualTo("Alda has a weapon drawn already.");
        assertThat(table.rejected(new DrawWeapon("cole"), ALDA_PLAYER, RejectionCode.NOT_YOUR_CHARACTER).message())
                .isEqualTo("Cole is not your character.");
    }

    @Test
    @DisplayName("\"All Short weapons can be unsheathed as a Free Action ... natural weapons are always considered ready and do not have to be drawn or unsheathed.\"")
    void shortWeaponsComeOutFreelyAndNaturalWeaponsAreAlwaysReady() {
        table.place("alda", "bram", "gorr");
        SurpriseRolled rolled = table.only(table.run(new Surprise(List.of("alda"), List.of("bram", "gorr")), GM, 1), SurpriseRolled.class);
        assertThat(rolled.success()).isTrue();
        assertThat(rolled.sheathed()).as("Gorr has only claws").containsExactly("bram");
        // Bram's Knife is Short: he fights with it without spending an action on drawing it.
        table.run(new Attack("bram", "alda", "Knife", false, null, false), GM, 20, 3, 1);
        table.run(new Attack("gorr", "alda", "Claws", false, null, false), GM, 20, 3, 1);
        assertThat(table.get("bram").has("sheathed")).as("his other weapons stay sheathed").isTrue();
        // The GM may also clear (or set) the mark by hand; the log says whose weapons.
        GameEvent cleared = table.run(new RemoveCondition("bram", "sheathed"), GM).getFirst();
        assertThat(cleared.describe()).isEqualTo("Bram's weapons are no longer sheathed.");
        assertThat(table.run(new AddCondition("bram", "sheathed", null), GM).getFirst().describe())
                .isEqualTo("Bram's weapons are sheathed.");
    }

    private ActionOption aldasOption(String label) {
        TableView view = (TableView) table.referee.view(table.state, new Viewer(ALDA_PLAYER.userId(), ALDA_PLAYER.role()));
        return view.actions().stream().filter(a -> a.label().startsWith(label)).findFirst().orElseThrow();
    }

    @Test
    @DisplayName("Stand Up: \"If the character makes a successful test against Quick it only takes a Movement Action ... Otherwise, it takes an entire turn\"")
    void standingUpTakesAQuickTest() {
        table.startFight();
        table.run(new AddCondition("alda", "prone", null), GM);
        StoodUp quick = table.only(table.run(new StandUp("alda"), ALDA_PLAYER, 10), StoodUp.class);
        assertThat(quick.success()).isTrue();
        assertThat(table.state.encounter().used()).containsExactly("movement");
        assertThat(table.get("alda").has("prone")).isFalse();
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.run(new AddCondition("cole", "prone", null), GM);
        StoodUp slow = table.only(table.run(new StandUp("cole"), COLE_PLAYER, 18), StoodUp.class);
        assertThat(slow.success()).isFalse();
        assertThat(table.get("cole").has("prone")).isFalse();
        assertThat(table.state.encounter().used()).containsExactly("movement", "combat");
    }

    @Test
    void failingToStandAfterAttackingLeavesTheCharacterDown() {
        table.startFight();
        table.run(new AddCondition("alda", "prone", null), GM);
        table.run(attack("alda", "bram", "Sword"), ALDA_PLAYER, 20);
        table.run(new StandUp("alda"), ALDA_PLAYER, 18);
        assertThat(table.get("alda").has("prone")).isTrue();
    }

    @Test
    @DisplayName("\"All melee attacks against a flanked enemy counts as providing an Advantage.\"")
    void meleeAttacksOnAFlankedEnemyHaveAdvantage() {
        table.startFight();
        table.run(new AddCondition("bram", "flanked", null), GM);
        AttackResolved melee = table.only(table.run(attack("alda", "bram", "Sword"), ALDA_PLAYER, 15, 1, 1), AttackResolved.class);
        assertThat(melee.advantage()).isTrue();
        assertThat(melee.chance()).isEqualTo(13 + 2);
        assertThat(melee.damage().notation()).isEqualTo("1d8+1d4");
    }

    @Test
    @DisplayName("\"All attacks against enemies standing on lower ground than the attacker ... This applies to both melee and ranged attacks.\" — Advantage asked for on the command")
    void advantageAskedForAppliesToRangedAttacksToo() {
        table.startFight();
        AttackResolved fromAbove = table.only(table.run(new Attack("alda", "bram", "Bow", true, null, false), ALDA_PLAYER, 15, 1, 4),
                AttackResolved.class);
        assertThat(fromAbove.advantage()).isTrue();
        assertThat(fromAbove.chance()).isEqualTo(15);
        assertThat(fromAbove.hit()).isTrue();
        assertThat(fromAbove.dealt()).isEqualTo(5);
    }

    @Test
    @DisplayName("Blind Fighting: \"if only the enemy is affected the player rolls twice and picks the best result\"; when the attacker is affected, the worst")
    void blindFightingRollsTheAttackTwice() {
        table.startFight();
        AttackResolved targetBlind = table.only(table.run(new Attack("alda", "bram", "Sword", false, "target", false),
                ALDA_PLAYER, 18, 9, 2), AttackResolved.class);
        assertThat(targetBlind.test().total()).isEqualTo(9);
        assertThat(targetBlind.hit()).isTrue();
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        AttackResolved selfBlind = table.only(table.run(new Attack("cole", "bram", "Axe", false, "attacker", false),
                COLE_PLAYER, 3, 17), AttackResolved.class);
        assertThat(selfBlind.test().total()).isEqualTo(17);
        assertThat(selfBlind.hit()).isFalse();
        table.rejected(new Attack("cole", "bram", "Axe", false, "both", false), COLE_PLAYER, RejectionCode.INVALID_COMMAND);
    }

    @Test
    void aDifficultyBeyondTenIsRefused() {
        table.place("alda");
        assertThat(table.rejected(new io.astragal.rules.symbaroum.SymbaroumCommand.SuccessTest("alda", "cunning", 11, null, null,
                false, null, null, null), ALDA_PLAYER, RejectionCode.INVALID_COMMAND).message()).contains("typically +5");
    }
}
