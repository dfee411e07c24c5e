package io.astragal.rules.cairn;

import static io.astragal.rules.cairn.CairnFixture.ALDA_PLAYER;
import static io.astragal.rules.cairn.CairnFixture.COLE_PLAYER;
import static io.astragal.rules.cairn.CairnFixture.GM;
import static io.astragal.rules.cairn.CairnFixture.SPECTATOR;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.RejectionCode;
import io.astragal.rules.cairn.CairnCommand.Attack;
import io.astragal.rules.cairn.CairnCommand.Check;
import io.astragal.rules.cairn.CairnCommand.EndInitiative;
import io.astragal.rules.cairn.CairnCommand.EndTurn;
import io.astragal.rules.cairn.CairnCommand.GainAdvantage;
import io.astragal.rules.cairn.CairnCommand.HoldAction;
import io.astragal.rules.cairn.CairnCommand.Move;
import io.astragal.rules.cairn.CairnCommand.SpendAp;
import io.astragal.rules.cairn.CairnCommand.StartInitiative;
import io.astragal.rules.cairn.CairnEvent.ActionHeld;
import io.astragal.rules.cairn.CairnEvent.AttackRolled;
import io.astragal.rules.cairn.CairnEvent.CheckRolled;
import io.astragal.rules.cairn.CairnEvent.InitiativeStarted;
import io.astragal.rules.cairn.CairnEvent.Moved;
import io.astragal.rules.cairn.CairnEvent.TurnEnded;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CairnTurnsTest {

    final CairnFixture table = new CairnFixture();

    private Attack attack(String who, String target, String weapon) {
        return new Attack(who, target, weapon, null, List.of(), null, null, List.of(), List.of(), List.of(), null, false, null);
    }

    @Test
    @DisplayName("\"Each creature rolls an initiative roll (1d20 + WIL)\" and \"The initiative is sorted from largest to lowest, for each Group separately.\"")
    void initiativeIsOneD20PlusWilSortedWithinEachGroup() {
        InitiativeStarted started = table.only(table.run(new StartInitiative(List.of(List.of("alda", "cole"),
                List.of("bram")), List.of("Party", "Goblins"), List.of()), GM, 3, 5, 15), InitiativeStarted.class);
        assertThat(started.initiative()).extracting(CairnEvent.InitiativeRoll::score).containsExactly(12, 16, 22);
        assertThat(started.groups()).extracting(CairnState.Group::name).containsExactly("Goblins", "Party");
        assertThat(started.groups().get(1).members()).containsExactly("cole", "alda");
        assertThat(table.state.encounter().current()).isEqualTo("bram");
        assertThat(started.placed()).hasSize(3);
    }

    @Test
    @DisplayName("\"each Group takes one Turn at a time ... followed by a member of an other Group ... until each member of each Group has taken a Turn\"")
    void groupsAlternateUntilEveryoneHasActed() {
        table.startFight();
        TurnEnded first = table.only(table.run(new EndTurn("bram"), GM), TurnEnded.class);
        assertThat(first.next()).isEqualTo("alda");
        TurnEnded second = table.only(table.run(new EndTurn("alda"), ALDA_PLAYER), TurnEnded.class);
        assertThat(second.next()).as("the Goblins have nobody left, so the Party continues").isEqualTo("cole");
        TurnEnded third = table.only(table.run(new EndTurn("cole"), COLE_PLAYER), TurnEnded.class);
        assertThat(third.newRound()).isTrue();
        assertThat(third.round()).isEqualTo(2);
        assertThat(third.next()).isEqualTo("bram");
        assertThat(table.state.encounter().done()).isEmpty();
    }

    @Test
    @DisplayName("\"Move (1 AP): Initiator can move up to their half DEX rounded up Spaces\"; spending AP you do not have is refused")
    void movingCostsOneApAndFourIsTheLimit() {
        table.startFight();
        table.run(new EndTurn("bram"), GM);
        Moved moved = table.only(table.run(new Move("alda"), ALDA_PLAYER), Moved.class);
        assertThat(moved.spaces()).isEqualTo(7);
        assertThat(moved.apLeft()).isEqualTo(3);
        table.run(new Move("alda"), ALDA_PLAYER);
        table.run(new Move("alda"), ALDA_PLAYER);
        table.run(new Move("alda"), ALDA_PLAYER);
        assertThat(table.rejected(new Move("alda"), ALDA_PLAYER, RejectionCode.NOT_ENOUGH_AP).message())
                .isEqualTo("Needs 1 AP, Alda has 0.");
    }

    @Test
    @DisplayName("\"Each Creature regains its maximum AP at their end of turn.\"")
    void apComesBackAtTheEndOfTheTurn() {
        table.startFight();
        table.run(new EndTurn("bram"), GM);
        table.run(new Move("alda"), ALDA_PLAYER);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        assertThat(table.state.encounter().apOf("alda")).isEqualTo(4);
    }

    @Test
    @DisplayName("\"Surprised Creatures have only 2 AP until their first turn ends.\"")
    void surprisedCreaturesStartWithTwoAp() {
        table.startFight("alda");
        assertThat(table.state.encounter().apOf("alda")).isEqualTo(2);
        assertThat(table.state.encounter().apOf("cole")).isEqualTo(4);
        table.run(new EndTurn("bram"), GM);
        table.run(new Move("alda"), ALDA_PLAYER);
        table.run(new Move("alda"), ALDA_PLAYER);
        table.rejected(new Move("alda"), ALDA_PLAYER, RejectionCode.NOT_ENOUGH_AP);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        assertThat(table.state.encounter().apOf("alda")).isEqualTo(4);
        assertThat(table.state.encounter().surprised()).isEmpty();
    }

    @Test
    void actingOutOfTurnIsRefused() {
        table.startFight();
        assertThat(table.rejected(new Move("alda"), ALDA_PLAYER, RejectionCode.OUT_OF_TURN).message())
                .isEqualTo("It is Bram's turn, not Alda's.");
        table.rejected(new EndTurn("alda"), ALDA_PLAYER, RejectionCode.OUT_OF_TURN);
        table.rejected(attack("alda", "bram", "Sword"), ALDA_PLAYER, RejectionCode.OUT_OF_TURN);
    }

    @Test
    void onlyTheOwnerOrTheWardenMovesACharacter() {
        table.startFight();
        table.run(new EndTurn("bram"), GM);
        table.rejected(new Move("alda"), COLE_PLAYER, RejectionCode.NOT_YOUR_CHARACTER);
        table.rejected(new Move("alda"), SPECTATOR, RejectionCode.NOT_ALLOWED);
        table.run(new Move("alda"), GM);
    }

    @Test
    void playersCannotRunTheWardensCommands() {
        table.rejected(new StartInitiative(List.of(List.of("alda")), List.of(), List.of()),
                ALDA_PLAYER, RejectionCode.NOT_ALLOWED);
        table.startFight();
        table.rejected(new EndInitiative(), ALDA_PLAYER, RejectionCode.NOT_ALLOWED);
        table.rejected(new SpendAp("bram", "climb", 2), ALDA_PLAYER, RejectionCode.NOT_ALLOWED);
        table.run(new EndInitiative(), GM);
        assertThat(table.state.encounter()).isNull();
        assertThat(table.state.combatants()).hasSize(3);
    }

    @Test
    @DisplayName("\"The Warden decides the AP cost of a described Action\": a player cannot name the cost")
    void onlyTheWardenSetsAnActionsCost() {
        table.startFight();
        table.run(new EndTurn("bram"), GM);
        table.rejected(new Attack("alda", "bram", "Sword", null, List.of(), null, null, List.of(), List.of(), List.of(), 0, false, null),
                ALDA_PLAYER, RejectionCode.NOT_ALLOWED, 10, 4, 10);
        table.run(new SpendAp("alda", "pull the lever", 3), GM);
        assertThat(table.state.encounter().apOf("alda")).isEqualTo(1);
        table.rejected(new SpendAp("alda", "climb the wall", 2), GM, RejectionCode.NOT_ENOUGH_AP);
    }

    @Test
    @DisplayName("\"Gain Advantage (1 AP): Initiator can add Advantage for its Base Dice for the next roll. Can be used multiple times.\"")
    void gainedAdvantageStacksAndIsSpentOnTheNextRoll() {
        table.startFight();
        table.run(new EndTurn("bram"), GM);
        table.run(new GainAdvantage("alda"), ALDA_PLAYER);
        table.run(new GainAdvantage("alda"), ALDA_PLAYER);
        assertThat(table.state.encounter().advantage()).containsEntry("alda", 2);
        // three d20s keep the highest (2, 18, 5 -> 18), Sword d8 3, Bram saves d20 1
        AttackRolled rolled = table.only(table.run(attack("alda", "bram", "Sword"), ALDA_PLAYER, 2, 18, 5, 3, 1), AttackRolled.class);
        assertThat(rolled.roll().total()).isEqualTo(18 + 12 + 3);
        assertThat(rolled.apLeft()).isEqualTo(1);
        assertThat(table.state.encounter().advantage()).doesNotContainKey("alda");
    }

    @Test
    @DisplayName("Held Action: \"If the condition is not met until the Initiator next turn, the held action cancels.\"")
    void aHeldActionIsPaidNowAndLapsesAtTheNextTurn() {
        table.startFight();
        table.run(new EndTurn("bram"), GM);
        table.run(new HoldAction("alda", "parry the next attack", null), ALDA_PLAYER);
        assertThat(table.state.encounter().apOf("alda")).isEqualTo(3);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.run(new EndTurn("cole"), COLE_PLAYER);
        table.run(new EndTurn("bram"), GM);
        assertThat(table.state.encounter().current()).isEqualTo("alda");
        assertThat(table.state.encounter().held()).doesNotContainKey("alda");
        assertThat(table.log.getLast().describe()).contains("held action lapses: parry the next attack");
    }

    @Test
    @DisplayName("Held Action: \"when the condition(s) are met, the Action happens\" — even on another's turn, with no more AP")
    void aHeldAttackHappensOutOfTurnWithoutPayingAgain() {
        table.startFight();
        table.run(new EndTurn("bram"), GM);
        table.run(new HoldAction("alda", "trip him when he runs past", null), ALDA_PLAYER);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        Attack held = new Attack("alda", "bram", "Sword", null, List.of(), null, null, List.of(), List.of(), List.of(), null, true, null);
        AttackRolled rolled = table.only(table.run(held, ALDA_PLAYER, 2, 1, 19), AttackRolled.class);
        assertThat(rolled.cost()).isZero();
        assertThat(rolled.held()).isTrue();
        assertThat(table.state.encounter().held()).isEmpty();
        table.rejected(held, ALDA_PLAYER, RejectionCode.INVALID_STATE, 2, 1, 19);
    }

    @Test
    @DisplayName("Held Action: \"I want to parry the next attack against me, and attack back immediately (2 Held Action)\"")
    void twoHeldActionsArePaidTogetherAndHappenOneAfterTheOther() {
        table.startFight();
        table.run(new EndTurn("bram"), GM);
        ActionHeld held = table.only(table.run(new HoldAction("alda", "parry his next blow and strike back", null, 2),
                ALDA_PLAYER), ActionHeld.class);
        assertThat(held.cost()).as("two actions at the table's action cost").isEqualTo(2);
        assertThat(table.state.encounter().apOf("alda")).isEqualTo(2);
        assertThat(held.describe()).isEqualTo("Alda holds 2 actions: parry his next blow and strike back (2 AP, 2 left).");
        table.run(new EndTurn("alda"), ALDA_PLAYER);

        // The parry (a check), then the attack back: each a held action, neither paid again.
        CheckRolled parry = table.only(table.run(new Check("alda", "dex", 20, null, null, List.of(), List.of(), List.of(), List.of(), null, true, "parry", null),
                ALDA_PLAYER, 15), CheckRolled.class);
        assertThat(parry.cost()).isZero();
        assertThat(table.state.encounter().held().get("alda").actions()).isEqualTo(1);
        Attack back = new Attack("alda", "bram", "Sword", null, List.of(), null, null, List.of(), List.of(), List.of(), null, true, null);
        assertThat(table.only(table.run(back, ALDA_PLAYER, 2, 1, 19), AttackRolled.class).cost()).isZero();
        assertThat(table.state.encounter().held()).doesNotContainKey("alda");
        table.rejected(back, ALDA_PLAYER, RejectionCode.INVALID_STATE, 2, 1, 19);
    }

    @Test
    void aHeldActionHoldsOneToThreeActionsAndAPlayerCannotHoldMoreThanTheirAp() {
        table.startFight();
        table.run(new EndTurn("bram"), GM);
        table.rejected(new HoldAction("alda", "parry", null, 0), ALDA_PLAYER, RejectionCode.INVALID_COMMAND);
        table.rejected(new HoldAction("alda", "parry", null, 4), ALDA_PLAYER, RejectionCode.INVALID_COMMAND);
        table.run(new GainAdvantage("alda"), ALDA_PLAYER);
        table.run(new GainAdvantage("alda"), ALDA_PLAYER);
        table.rejected(new HoldAction("alda", "parry and strike", null, 3), ALDA_PLAYER, RejectionCode.NOT_ENOUGH_AP);
        assertThat(table.state.encounter().held()).doesNotContainKey("alda");
    }

    @Test
    @DisplayName("The Warden puts each combatant on a side (one id list per side, in order); a side nobody is on sits the fight out")
    void sidesNobodyIsOnSitTheFightOut() {
        InitiativeStarted started = table.only(table.run(new StartInitiative(List.of(List.of("alda"), List.of(), List.of("bram")),
                List.of(), List.of()), GM, 10, 15), InitiativeStarted.class);
        assertThat(started.groups()).extracting(CairnState.Group::name).containsExactlyInAnyOrder("Party", "Others");
        assertThat(started.initiative()).extracting(CairnEvent.InitiativeRoll::group).containsExactly("Party", "Others");
    }

    @Test
    void badSidesAreRefusedAndStartNothing() {
        table.rejected(new StartInitiative(List.of(List.of("alda"), List.of("bram")), List.of("Party"), List.of()),
                GM, RejectionCode.INVALID_COMMAND);
        table.rejected(new StartInitiative(List.of(List.of("alda"), List.of("bram")), List.of("Party", "Party"), List.of()),
                GM, RejectionCode.INVALID_COMMAND);
        table.rejected(new StartInitiative(List.of(List.of("alda"), List.of("alda")), List.of(), List.of()),
                GM, RejectionCode.INVALID_COMMAND);
        table.rejected(new StartInitiative(List.of(List.of(), List.of()), List.of(), List.of()), GM, RejectionCode.INVALID_COMMAND);
        table.rejected(new StartInitiative(List.of(List.of("alda")), List.of(), List.of("bram")), GM, RejectionCode.UNKNOWN_CHARACTER);
        table.rejected(new StartInitiative(List.of(List.of("nobody")), List.of(), List.of()), GM, RejectionCode.UNKNOWN_CHARACTER);
        table.startFight();
        table.rejected(new StartInitiative(List.of(List.of("alda")), List.of(), List.of()), GM, RejectionCode.INVALID_STATE);
    }

    @Test
    @DisplayName("\"Each Creature regains its maximum AP at their end of turn\" — and not before: AP left unspent is not carried, AP spent is not back mid-turn")
    void apIsPerTurnNotPerRound() {
        table.startFight();
        table.run(new EndTurn("bram"), GM);
        table.run(new Move("alda"), ALDA_PLAYER);
        table.run(new Move("alda"), ALDA_PLAYER);
        table.run(new Move("alda"), ALDA_PLAYER);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.run(new EndTurn("cole"), COLE_PLAYER);
        table.run(new EndTurn("bram"), GM);
        assertThat(table.state.encounter().apOf("alda")).as("4, never 4 + 1 left over").isEqualTo(4);
        table.run(new SpendAp("alda", "climb the wall", 4), GM);
        table.rejected(new Move("alda"), ALDA_PLAYER, RejectionCode.NOT_ENOUGH_AP);
        table.rejected(new GainAdvantage("alda"), ALDA_PLAYER, RejectionCode.NOT_ENOUGH_AP);
        table.rejected(new HoldAction("alda", "parry", null), ALDA_PLAYER, RejectionCode.NOT_ENOUGH_AP);
        table.rejected(attack("alda", "bram", "Sword"), ALDA_PLAYER, RejectionCode.NOT_ENOUGH_AP, 10, 4, 10);
        table.rejected(new CairnCommand.CastSpell("alda", "Light", 1, 0, false), ALDA_PLAYER, RejectionCode.NOT_ENOUGH_AP, 3);
        table.rejected(new SpendAp("alda", "one more", 1), GM, RejectionCode.NOT_ENOUGH_AP);
    }

    @Test
    void aChargeWithoutAnAmountIsRefusedWithItsReason() {
        table.startFight();
        assertThat(table.rejected(new SpendAp("bram", "climb", null), GM, RejectionCode.INVALID_COMMAND).message())
                .isEqualTo("Spend at least 1 AP.");
        assertThat(table.rejected(new CairnCommand.SetActionCost(null), GM, RejectionCode.INVALID_COMMAND).message())
                .isEqualTo("An action costs 0 to 4 AP.");
        assertThat(table.rejected(new CairnCommand.ApplyDamage("bram", null, null, null), GM, RejectionCode.INVALID_COMMAND)
                .message()).isEqualTo("Say how much damage (0 or more).");
    }
}
