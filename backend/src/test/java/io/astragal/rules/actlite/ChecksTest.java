package io.astragal.rules.actlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.dice.DiceSource;
import io.astragal.dice.Die;
import io.astragal.dice.RollResult;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ChecksTest {

    @Test
    @DisplayName("\"They roll 2d6 and add the relevant SCORE ... If the character's check is the same as the DC or higher, they succeed.\"")
    void meetingTheDcSucceeds() {
        RollResult roll = Checks.roll(DiceSource.scripted(3, 4), 1, 0, 0);

        assertThat(roll.notation()).isEqualTo("2d6+1");
        assertThat(roll.total()).isEqualTo(8);
        assertThat(Checks.against(roll, 1, 8).success()).isTrue();
        assertThat(Checks.against(roll, 1, 9).success()).isFalse();
    }

    @Test
    @DisplayName("\"When you have 'advantage', roll an extra d6 for your check and pick two.\" The best two are kept.")
    void advantageKeepsTheBestTwo() {
        RollResult roll = Checks.roll(DiceSource.scripted(2, 5, 4), 0, 1, 0);

        assertThat(roll.notation()).isEqualTo("3d6kh2");
        assertThat(roll.total()).isEqualTo(9);
        assertThat(roll.dice()).extracting(Die::kept).containsExactly(false, true, true);
    }

    @Test
    @DisplayName("\"When you have 'disadvantage', roll another d6, then pick the two lowest rolls.\"")
    void disadvantageKeepsTheLowestTwo() {
        RollResult roll = Checks.roll(DiceSource.scripted(6, 1, 3), -1, 0, 1);

        assertThat(roll.notation()).isEqualTo("3d6kl2-1");
        assertThat(roll.total()).isEqualTo(3);
        assertThat(roll.dice()).extracting(Die::kept).containsExactly(false, true, true);
    }

    @Test
    @DisplayName("\"If you somehow have disadvantage twice and advantage four times, you have advantage twice. Roll four dice and pick two.\"")
    void advantageAndDisadvantageCancelAndAccumulate() {
        RollResult roll = Checks.roll(DiceSource.scripted(1, 6, 2, 5), 0, 4, 2);

        assertThat(roll.dice()).hasSize(4);
        assertThat(roll.total()).isEqualTo(11);
    }

    @Test
    @DisplayName("\"Advantage and disadvantage cancel each other out\": one of each rolls just 2d6")
    void oneOfEachCancels() {
        RollResult roll = Checks.roll(DiceSource.scripted(2, 2), 0, 1, 1);

        assertThat(roll.notation()).isEqualTo("2d6");
        assertThat(roll.dice()).hasSize(2);
    }

    @Test
    @DisplayName("\"'on 6' effects can be triggered twice if you roll two 6s, 'at least one 6' effects only trigger once.\"")
    void twoSixesTriggerOnSixTwiceAndAtLeastOneSixOnce() {
        CheckRoll check = Checks.against(Checks.roll(DiceSource.scripted(6, 6), 0, 0, 0), 0, 8);

        assertThat(check.triggers()).containsExactly("on 6 (twice)", "at least one 6", "on matching");
        assertThat(check.sixes()).isEqualTo(2);
    }

    @Test
    @DisplayName("\"'on matching' triggers on any set of matching dice rolled.\"")
    void matchingDiceTriggerOnMatching() {
        CheckRoll check = Checks.against(Checks.roll(DiceSource.scripted(3, 3), 2, 0, 0), 2, 8);

        assertThat(check.triggers()).containsExactly("on matching");
    }

    @Test
    @DisplayName("\"This means that if you succeed and the dice you rolled fulfilled the requirement ... the effect is activated.\"")
    void aFailureTriggersNothing() {
        CheckRoll check = Checks.against(Checks.roll(DiceSource.scripted(6, 1), 0, 0, 0), 0, 9);

        assertThat(check.success()).isFalse();
        assertThat(check.triggers()).isEmpty();
    }

    @Test
    @DisplayName("Triggers read the two dice kept: a dropped 6 under disadvantage triggers nothing")
    void droppedDiceDoNotTrigger() {
        CheckRoll check = Checks.against(Checks.roll(DiceSource.scripted(6, 2, 3), 5, 0, 1), 5, 8);

        assertThat(check.success()).isTrue();
        assertThat(check.triggers()).isEmpty();
    }
}
