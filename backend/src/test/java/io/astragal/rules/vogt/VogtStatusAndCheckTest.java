package io.astragal.rules.vogt;

import static io.astragal.rules.vogt.VogtTable.ALICE;
import static io.astragal.rules.vogt.VogtTable.BOB;
import static io.astragal.rules.vogt.VogtTable.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.RejectionCode;
import io.astragal.rules.vogt.VogtCommand.AddStatus;
import io.astragal.rules.vogt.VogtCommand.ApplyDamage;
import io.astragal.rules.vogt.VogtCommand.Check;
import io.astragal.rules.vogt.VogtCommand.Contest;
import io.astragal.rules.vogt.VogtCommand.Declare;
import io.astragal.rules.vogt.VogtCommand.Defend;
import io.astragal.rules.vogt.VogtCommand.EndInitiative;
import io.astragal.rules.vogt.VogtCommand.EndTurn;
import io.astragal.rules.vogt.VogtCommand.FullRest;
import io.astragal.rules.vogt.VogtCommand.Heal;
import io.astragal.rules.vogt.VogtCommand.Help;
import io.astragal.rules.vogt.VogtCommand.Move;
import io.astragal.rules.vogt.VogtCommand.PlaceCharacter;
import io.astragal.rules.vogt.VogtCommand.RemoveStatus;
import io.astragal.rules.vogt.VogtCommand.Run;
import io.astragal.rules.vogt.VogtCommand.Siesta;
import io.astragal.rules.vogt.VogtCommand.StartInitiative;
import io.astragal.rules.vogt.VogtCommand.UseTechnique;
import io.astragal.rules.vogt.VogtEvent.CheckRolled;
import io.astragal.rules.vogt.VogtEvent.ContestRolled;
import io.astragal.rules.vogt.VogtEvent.Rested;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class VogtStatusAndCheckTest {

    private final VogtTable table = new VogtTable();

    @BeforeEach
    void placeEveryone() {
        table.accept(GM, new PlaceCharacter("alda"));
        table.accept(GM, new PlaceCharacter("bram"));
        table.accept(GM, new PlaceCharacter("ogre"));
    }

    @Test
    @DisplayName("\"To make an ability check, roll the die associated with the relevant ability score and any bonuses\"")
    void aCheckRollsTheAbilityDiePlusBonuses() {
        CheckRolled check = table.only(table.accept(ALICE, new Check("alda", "str", 2, null), 5), CheckRolled.class);

        assertThat(check.die()).isEqualTo("1d8");
        assertThat(check.total()).isEqualTo(7);
        assertThat(check.describe()).isEqualTo("Alda rolls STR (1d8+2): 7.");
        table.reject(ALICE, new Check("bram", "str", 0, null), RejectionCode.NOT_YOUR_CHARACTER);
        table.reject(ALICE, new Check("alda", "luck", 0, null), RejectionCode.INVALID_COMMAND);
    }

    @Test
    void disadvantageKeepsTheLowerOfTwoRolls() {
        CheckRolled check = table.only(table.accept(ALICE, new Check("alda", "DEX", 0, "disadvantage"), 5, 2), CheckRolled.class);

        assertThat(check.total()).isEqualTo(2);
        assertThat(check.rolls().getFirst().dice().getFirst().kept()).isFalse();
    }

    @Test
    @DisplayName("\"The character who gets the higher result succeeds.\"")
    void contestsGoToTheHigherResult() {
        ContestRolled contest = table.only(table.accept(ALICE, new Contest("alda", "STR", 0, "ogre", "STR", 0), 6, 2, 3),
                ContestRolled.class);

        assertThat(contest.first().total()).isEqualTo(6);
        assertThat(contest.second().total()).isEqualTo(5);
        assertThat(contest.winnerId()).isEqualTo("alda");
        ContestRolled tie = table.only(table.accept(ALICE, new Contest("alda", "STR", 0, "ogre", null, 0), 5, 2, 3),
                ContestRolled.class);
        assertThat(tie.winnerId()).isNull();
    }

    @Test
    @DisplayName("\"Frozen: You have -1 to STR and DEX.\" \"Scorched: -1 to AWR and WIL.\" \"Blind: ... -1 to AWR.\" — one step down the die-size chart each")
    void statusPenaltiesStepAbilityDiceDown() {
        table.accept(GM, new AddStatus("alda", "frozen"));
        table.accept(GM, new AddStatus("alda", "scorched"));
        table.accept(GM, new AddStatus("alda", "blind"));

        Combatant alda = table.get("alda");
        assertThat(alda.ability("STR")).isEqualTo("1d6");
        assertThat(alda.ability("DEX")).isEqualTo("1d4");
        // blind and scorched: two steps down from 1d6
        assertThat(alda.ability("AWR")).isEqualTo("0");
        assertThat(alda.ability("WIL")).isEqualTo("0");
        CheckRolled check = table.only(table.accept(ALICE, new Check("alda", "WIL", 1, null)), CheckRolled.class);
        assertThat(check.total()).isEqualTo(1);
    }

    @Test
    @DisplayName("\"Immobile: Your speed is 0'.\" Statuses come and go by GM command")
    void immobileStopsMovement() {
        table.accept(GM, new AddStatus("bram", "immobile"));
        assertThat(table.get("bram").movement()).isZero();
        table.reject(GM, new AddStatus("bram", "immobile"), RejectionCode.INVALID_STATE);
        table.reject(BOB, new RemoveStatus("bram", "immobile"), RejectionCode.NOT_ALLOWED);
        table.accept(GM, new RemoveStatus("bram", "immobile"));
        assertThat(table.get("bram").movement()).isEqualTo(6);
        table.reject(GM, new AddStatus("bram", "grumpy"), RejectionCode.INVALID_COMMAND);
    }

    @Test
    @DisplayName("\"Defend (1d4). Gain +2 to AR until the beginning of your next turn.\"")
    void defendRaisesArUntilTheNextTurn() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram")));
        table.accept(ALICE, new Declare("alda", "defend", null, null));
        table.accept(BOB, new Declare("bram", "run", null, null), 1, 4);
        table.accept(ALICE, new Defend("alda"));
        assertThat(table.get("alda").ar()).isEqualTo(3);
        table.accept(ALICE, new EndTurn("alda"));
        table.accept(BOB, new EndTurn("bram"));
        assertThat(table.get("alda").ar()).as("still defending while round 2 is declared").isEqualTo(3);
        table.accept(ALICE, new Declare("alda", "defend", null, null));
        table.accept(BOB, new Declare("bram", "run", null, null), 2, 1);

        assertThat(table.current()).isEqualTo("bram");
        assertThat(table.get("alda").ar()).isEqualTo(3);
        table.accept(BOB, new EndTurn("bram"));
        assertThat(table.get("alda").ar()).isEqualTo(1);
    }

    @Test
    @DisplayName("\"Run (1d6). Double your movement until the end of the round.\"")
    void runDoublesMovementForTheRound() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram")));
        table.accept(ALICE, new Declare("alda", "defend", null, null));
        table.accept(BOB, new Declare("bram", "run", null, null), 4, 1);
        table.accept(BOB, new Run("bram"));
        table.accept(BOB, new Move("bram", 12));
        assertThat(table.get("bram").running()).isTrue();
        table.accept(BOB, new EndTurn("bram"));
        table.accept(ALICE, new EndTurn("alda"));

        assertThat(table.get("bram").running()).isFalse();
        assertThat(table.get("bram").movement()).isEqualTo(6);
    }

    @Test
    @DisplayName("\"The character you aid gains advantage on the next ability check they make ... before the start of your next turn.\"")
    void helpGivesAdvantageOnTheNextCheckOnce() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram")));
        table.accept(ALICE, new Declare("alda", "defend", null, null));
        table.accept(BOB, new Declare("bram", "help", null, null), 4, 1);
        table.reject(BOB, new Help("bram", "bram"), RejectionCode.INVALID_COMMAND);
        table.accept(BOB, new Help("bram", "alda"));

        CheckRolled helped = table.only(table.accept(ALICE, new Check("alda", "STR", 0, null), 2, 7), CheckRolled.class);
        CheckRolled plain = table.only(table.accept(ALICE, new Check("alda", "STR", 0, null), 2), CheckRolled.class);

        assertThat(helped.edge()).isEqualTo("advantage");
        assertThat(helped.helpUsed()).isTrue();
        assertThat(helped.total()).isEqualTo(7);
        assertThat(plain.total()).isEqualTo(2);
    }

    @Test
    void helpExpiresAtTheStartOfTheHelpersNextTurn() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram")));
        table.accept(ALICE, new Declare("alda", "defend", null, null));
        table.accept(BOB, new Declare("bram", "help", null, null), 4, 1);
        table.accept(BOB, new Help("bram", "alda"));
        table.accept(BOB, new EndTurn("bram"));
        table.accept(ALICE, new EndTurn("alda"));
        table.accept(ALICE, new Declare("alda", "defend", null, null));
        assertThat(table.get("alda").helpedBy()).isEqualTo("bram");
        table.accept(BOB, new Declare("bram", "run", null, null), 4, 1);

        assertThat(table.get("alda").helpedBy()).isNull();
    }

    @Test
    @DisplayName("\"Unconscious: ... you cannot take actions\"")
    void unconsciousCombatantsOnlyEndTheirTurn() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram")));
        table.accept(ALICE, new Declare("alda", "technique", null, 1));
        table.accept(BOB, new Declare("bram", "run", null, null), 1, 6);
        table.accept(GM, new AddStatus("alda", "unconscious"));

        table.reject(ALICE, new UseTechnique("alda", "Firebolt", List.of(), null, null), RejectionCode.INVALID_STATE);
        table.reject(ALICE, new Move("alda", 1), RejectionCode.INVALID_COMMAND);
        table.accept(ALICE, new EndTurn("alda"));
    }

    @Test
    @DisplayName("Siesta: \"You may regain a number of hit points equal to half your HP maximum\"; full rest: \"You regain all your hit points and technique dice\"")
    void restsRestoreHitPointsAndTechniqueDice() {
        table.accept(GM, new ApplyDamage(List.of("alda", "bram"), "10", "", true));
        table.reject(ALICE, new Siesta(List.of("alda")), RejectionCode.NOT_ALLOWED);

        Rested siesta = table.only(table.accept(GM, new Siesta(List.of("alda", "bram"))), Rested.class);

        assertThat(siesta.recoveries()).extracting(VogtEvent.Recovery::hpGained).containsExactly(6, 5);
        assertThat(table.get("alda").hp()).isEqualTo(8);
        table.accept(GM, new Siesta(List.of("alda")));
        assertThat(table.get("alda").hp()).as("never above the maximum").isEqualTo(12);

        table.accept(GM, new StartInitiative(List.of("alda", "bram")));
        table.accept(ALICE, new Declare("alda", "technique", null, 3));
        table.accept(BOB, new Declare("bram", "run", null, null), 1, 1, 1, 6);
        table.accept(ALICE, new UseTechnique("alda", "Firebolt", List.of(), "", null));
        assertThat(table.get("alda").techniqueLeft()).isZero();
        table.reject(GM, new FullRest(List.of("alda")), RejectionCode.OUT_OF_TURN);
        table.accept(GM, new EndInitiative());
        table.accept(GM, new FullRest(List.of("alda", "bram")));

        assertThat(table.get("alda").techniqueLeft()).isEqualTo(3);
        assertThat(table.get("bram").hp()).isEqualTo(10);
    }

    @Test
    void healingStopsAtTheMaximum() {
        table.accept(GM, new ApplyDamage(List.of("bram"), "4", "", true));
        table.accept(GM, new Heal("bram", 10));
        assertThat(table.get("bram").hp()).isEqualTo(10);
        table.reject(BOB, new Heal("bram", 1), RejectionCode.NOT_ALLOWED);
        table.reject(GM, new Heal("bram", 0), RejectionCode.INVALID_COMMAND);
    }
}
