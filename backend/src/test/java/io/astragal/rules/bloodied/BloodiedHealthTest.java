package io.astragal.rules.bloodied;

import static io.astragal.rules.bloodied.BloodiedTable.ALICE;
import static io.astragal.rules.bloodied.BloodiedTable.BOB;
import static io.astragal.rules.bloodied.BloodiedTable.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.GameEvent;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.bloodied.BloodiedCommand.ApplyDamage;
import io.astragal.rules.bloodied.BloodiedCommand.Check;
import io.astragal.rules.bloodied.BloodiedCommand.ChooseFate;
import io.astragal.rules.bloodied.BloodiedCommand.EndTurn;
import io.astragal.rules.bloodied.BloodiedCommand.InflictInjury;
import io.astragal.rules.bloodied.BloodiedCommand.InjurySave;
import io.astragal.rules.bloodied.BloodiedCommand.PlaceCharacter;
import io.astragal.rules.bloodied.BloodiedCommand.Recover;
import io.astragal.rules.bloodied.BloodiedCommand.Save;
import io.astragal.rules.bloodied.BloodiedCommand.SetInjuryTable;
import io.astragal.rules.bloodied.BloodiedCommand.Stabilize;
import io.astragal.rules.bloodied.BloodiedEvent.BleedSaved;
import io.astragal.rules.bloodied.BloodiedEvent.CheckRolled;
import io.astragal.rules.bloodied.BloodiedEvent.InjuryInflicted;
import io.astragal.rules.bloodied.BloodiedEvent.InjurySaved;
import io.astragal.rules.bloodied.BloodiedEvent.Recovered;
import io.astragal.rules.bloodied.BloodiedEvent.SaveRolled;
import io.astragal.rules.bloodied.BloodiedState.InjuryRow;
import io.astragal.rules.bloodied.BloodiedState.Severity;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class BloodiedHealthTest {

    private final BloodiedTable table = new BloodiedTable();

    @BeforeEach
    void placeEveryone() {
        table.accept(GM, new PlaceCharacter("alda"));
        table.accept(GM, new PlaceCharacter("bram"));
        table.accept(GM, new PlaceCharacter("ogre"));
    }

    @Test
    @DisplayName("Checks: \"If equal to or greater than the target number then it succeeds.\" \"a natural 1 on the die always fails and a natural 20 always succeeds (and is a critical success)\"")
    void checksMeetTheTargetNumber() {
        CheckRolled met = table.only(table.accept(ALICE, new Check("alda", "STR", 1, 15), 12), CheckRolled.class);
        CheckRolled one = table.only(table.accept(ALICE, new Check("alda", "STR", 20, 5), 1), CheckRolled.class);
        CheckRolled twenty = table.only(table.accept(ALICE, new Check("alda", null, -10, 30), 20), CheckRolled.class);

        assertThat(met.total()).isEqualTo(15);
        assertThat(met.success()).isTrue();
        assertThat(one.success()).isFalse();
        assertThat(twenty.success()).isTrue();
        assertThat(twenty.crit()).isTrue();
        table.reject(ALICE, new Check("alda", "STR", 0, null), RejectionCode.INVALID_COMMAND);
        table.reject(BOB, new Check("alda", "STR", 0, 10), RejectionCode.NOT_YOUR_CHARACTER);
    }

    @Test
    @DisplayName("Saves: \"If it is equal to or less than the score it succeeds.\" \"On a save a natural 1 always succeeds (and is a critical success) and a natural 20 always fails.\"")
    void savesRollUnderTheModifiedScore() {
        SaveRolled under = table.only(table.accept(BOB, new Save("bram", "BLD", 2), 16), SaveRolled.class);
        SaveRolled over = table.only(table.accept(BOB, new Save("bram", "BLD", 0), 15), SaveRolled.class);
        SaveRolled one = table.only(table.accept(BOB, new Save("bram", "BLD", -20), 1), SaveRolled.class);
        SaveRolled twenty = table.only(table.accept(BOB, new Save("bram", "BLD", 30), 20), SaveRolled.class);
        SaveRolled better = table.only(table.accept(BOB, new Save("bram", "BLD/LCK", 0), 15), SaveRolled.class);

        assertThat(under.success()).isTrue();
        assertThat(over.success()).isFalse();
        assertThat(one.success()).isTrue();
        assertThat(one.crit()).isTrue();
        assertThat(twenty.success()).isFalse();
        assertThat(better.score()).isEqualTo(15);
        assertThat(better.attribute()).isEqualTo("LCK");
        assertThat(better.success()).isTrue();
    }

    @Test
    @DisplayName("\"When a character reaches 0 hit points they fall unconscious, bleeding out.\" \"Each round ... they lose 1 hit point unless they make a BLD or LCK save (whichever is better).\"")
    void theUnconsciousBleedOutEachRoundUnlessTheySave() {
        table.accept(GM, new ApplyDamage(List.of("bram"), "6"));
        table.accept(GM, new ApplyDamage(List.of("bram"), "6"));
        assertThat(table.get("bram").unconscious()).isTrue();
        assertThat(table.get("bram").bleeding()).isTrue();

        // Bram first (20 + 0), then Alda (1 + 3): his turn starts with a LCK save (15, better than BLD 14)
        List<GameEvent> events = table.accept(GM, new BloodiedCommand.StartInitiative(List.of("bram", "alda")), 20, 1, 16);

        BleedSaved bleed = table.only(events, BleedSaved.class);
        assertThat(bleed.attribute()).isEqualTo("LCK");
        assertThat(bleed.success()).isFalse();
        assertThat(table.get("bram").hp()).isEqualTo(-1);
        table.reject(BOB, new BloodiedCommand.Move("bram"), RejectionCode.INVALID_STATE);
        table.accept(BOB, new EndTurn("bram"));
        table.accept(ALICE, new EndTurn("alda"), 3);
        assertThat(table.get("bram").hp()).as("a successful save loses nothing").isEqualTo(-1);
    }

    @Test
    @DisplayName("\"A character can spend an action to stop the bleeding without a roll.\"")
    void anActionStopsTheBleeding() {
        table.accept(GM, new ApplyDamage(List.of("bram"), "6"));
        table.accept(GM, new ApplyDamage(List.of("bram"), "6"));
        table.accept(GM, new BloodiedCommand.StartInitiative(List.of("alda", "bram")), 20, 1);

        table.accept(ALICE, new Stabilize("alda", "bram"));
        table.accept(ALICE, new EndTurn("alda"));

        assertThat(table.log).noneMatch(BleedSaved.class::isInstance);
        assertThat(table.get("bram").bleeding()).isFalse();
        assertThat(table.get("bram").unconscious()).isTrue();
        table.accept(BOB, new EndTurn("bram"));
        table.reject(ALICE, new Stabilize("alda", "bram"), RejectionCode.INVALID_STATE);
    }

    @Test
    @DisplayName("\"A character will not die from loss of hit points until they reach \\\"negative bloodied\\\"\"; at it they choose death or a serious injury")
    void negativeBloodiedMeansDeathUnlessAnInjuryIsChosen() {
        table.accept(GM, new ApplyDamage(List.of("bram"), "6"));
        table.accept(GM, new ApplyDamage(List.of("bram"), "6"));
        table.accept(GM, new ApplyDamage(List.of("bram"), "5"));
        assertThat(table.get("bram").fatePending()).isFalse();
        table.reject(BOB, new ChooseFate("bram", "injury"), RejectionCode.INVALID_STATE);
        table.accept(GM, new ApplyDamage(List.of("bram"), "1"));
        assertThat(table.get("bram").hp()).isEqualTo(-6);
        assertThat(table.get("bram").fatePending()).isTrue();
        table.reject(ALICE, new ChooseFate("bram", "death"), RejectionCode.NOT_YOUR_CHARACTER);

        // "the character stops bleeding out, but is now in danger of dying from the injury"
        List<GameEvent> events = table.accept(BOB, new ChooseFate("bram", "injury"), 5);

        assertThat(table.only(events, InjuryInflicted.class).cause()).isEqualTo("in lieu of dying");
        Fighter bram = table.get("bram");
        assertThat(bram.dead()).isFalse();
        assertThat(bram.bleeding()).isFalse();
        assertThat(bram.injuries()).hasSize(1);
    }

    @Test
    void choosingDeathKills() {
        table.accept(GM, new ApplyDamage(List.of("bram"), "18"), 4);
        table.accept(BOB, new ChooseFate("bram", "death"));

        assertThat(table.get("bram").dead()).isTrue();
        assertThat(BloodiedView.band(table.get("bram"))).isEqualTo("dead");
    }

    @Test
    @DisplayName("\"when they take damage in excess of 1/2 their hit points at one time\" they receive a serious injury")
    void heavyDamageAtOnceInjures() {
        List<GameEvent> six = table.accept(GM, new ApplyDamage(List.of("bram"), "6"));
        List<GameEvent> seven = table.accept(GM, new ApplyDamage(List.of("alda"), "11"), 2);

        assertThat(six).noneMatch(InjuryInflicted.class::isInstance);
        InjuryInflicted injury = table.only(seven, InjuryInflicted.class);
        assertThat(injury.roll().total()).isEqualTo(2);
        assertThat(injury.severity()).as("the one row the source's table has").isEqualTo(Severity.MAJOR);
    }

    @Test
    @DisplayName("\"If the character succeeds on two saves before they fail 2 then the severity is reduced by one step. Otherwise the severity increases by one step.\"")
    void twoSavesBeforeTwoFailuresLowerTheSeverity() {
        table.accept(GM, new InflictInjury("bram", "a troll's bite"), 4);
        String id = table.get("bram").injuries().getFirst().id();

        table.accept(BOB, new InjurySave("bram", id), 3);
        table.accept(BOB, new InjurySave("bram", id), 19);
        InjurySaved second = table.only(table.accept(BOB, new InjurySave("bram", id), 15), InjurySaved.class);

        assertThat(second.outcome()).isEqualTo("improved");
        assertThat(table.get("bram").injuries().getFirst().severity()).isEqualTo(Severity.MINOR);
        assertThat(table.get("bram").injuries().getFirst().successes()).isZero();
        // "A Minor injury which is reduced by one step is healed."
        table.accept(BOB, new InjurySave("bram", id), 1);
        table.accept(BOB, new InjurySave("bram", id), 2);
        assertThat(table.get("bram").injuries()).isEmpty();
    }

    @Test
    @DisplayName("\"A Deadly injury which is increased by one step results in death of the character.\"")
    void aWorseningDeadlyInjuryKills() {
        table.accept(GM, new InflictInjury("bram", null), 4);
        String id = table.get("bram").injuries().getFirst().id();
        table.accept(BOB, new InjurySave("bram", id), 20);
        table.accept(BOB, new InjurySave("bram", id), 17);
        assertThat(table.get("bram").injuries().getFirst().severity()).isEqualTo(Severity.DEADLY);
        table.accept(BOB, new InjurySave("bram", id), 16);
        table.accept(BOB, new InjurySave("bram", id), 18);

        assertThat(table.get("bram").dead()).isTrue();
    }

    @Test
    @DisplayName("The serious-injury table is truncated in the source; the GM fills it in")
    void theGmEditsTheInjuryTable() {
        SetInjuryTable table6 = new SetInjuryTable(6, List.of(
                new InjuryRow(1, 3, Severity.MINOR, "1/day"),
                new InjuryRow(4, 5, Severity.MAJOR, "1/12 hours"),
                new InjuryRow(6, 6, Severity.DEADLY, "1/hour")));
        table.reject(BOB, table6, RejectionCode.NOT_ALLOWED);
        table.reject(GM, new SetInjuryTable(6, List.of(new InjuryRow(5, 7, Severity.MINOR, "1/day"))), RejectionCode.INVALID_COMMAND);
        table.accept(GM, table6);

        InjuryInflicted injury = table.only(table.accept(GM, new InflictInjury("alda", "fall"), 6), InjuryInflicted.class);

        assertThat(injury.severity()).isEqualTo(Severity.DEADLY);
        assertThat(injury.interval()).isEqualTo("1/hour");
    }

    @Test
    @DisplayName("\"Hit points are healed at a rate of 1d4 per day ... Full bed rest grants 1d6 hit points per day. The care of a healer doubles that rate.\"")
    void healingRates() {
        // 10 is more than half of Bram's 12: a serious injury (table roll 4) for him, none for Alda
        table.accept(GM, new ApplyDamage(List.of("alda", "bram"), "10"), 4);

        Recovered day = table.only(table.accept(GM, new Recover(List.of("alda"), "normal", false), 3), Recovered.class);
        Recovered bed = table.only(table.accept(GM, new Recover(List.of("alda", "bram"), "bed", true), 5, 6), Recovered.class);

        assertThat(day.recoveries().getFirst().roll().notation()).isEqualTo("1d4");
        assertThat(bed.recoveries()).extracting(BloodiedEvent.Recovery::amount).containsExactly(7, 10);
        assertThat(table.get("alda").hp()).isEqualTo(20);
        assertThat(table.get("bram").hp()).isEqualTo(12);
        table.accept(GM, new BloodiedCommand.StartInitiative(List.of("alda")), 5);
        table.reject(GM, new Recover(List.of("alda"), "bed", false), RejectionCode.OUT_OF_TURN);
    }
}
