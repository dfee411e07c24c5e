package io.astragal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.dice.Dice;
import io.astragal.dice.DiceSource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The decision every referee makes the same way, whatever its rules ({@link Referee#decideAs}). */
class RefereeDecideAsTest {

    record Roll(String notation) implements GameCommand {
    }

    record OtherRulesetsCommand() implements GameCommand {
    }

    record Rolled(int total) implements GameEvent {
        @Override
        public String describe() {
            return "Rolled " + total + ".";
        }
    }

    private static final Actor PLAYER = new Actor("u-bram", "Bram", Role.PLAYER);
    private static final Actor SPECTATOR = new Actor("u-sam", "Sam", Role.SPECTATOR);

    /** Rolls the command's notation, refusing a roll of more than one die. */
    private static Decision decide(GameCommand command, Actor actor, int... faces) {
        Play play = new Play(actor, Map.of(), DiceSource.scripted(faces));
        return Referee.decideAs(Roll.class, command, play, roll -> {
            if (roll.notation().startsWith("2")) {
                throw new Refusal(RejectionCode.INVALID_STATE, "One die at a time.");
            }
            return List.of(new Rolled(Dice.roll(roll.notation(), play.dice()).total()));
        });
    }

    @Test
    void aCommandTheRulesAllowIsAcceptedWithTheEventsDecided() {
        assertThat(decide(new Roll("1d6"), PLAYER, 4)).isEqualTo(new Decision.Accepted(List.of(new Rolled(4))));
    }

    @Test
    void aSpectatorMayNotActWhateverTheCommand() {
        assertThat(decide(new Roll("1d6"), SPECTATOR, 4))
                .isEqualTo(new Decision.Rejected(RejectionCode.NOT_ALLOWED, "Spectators watch; they do not act."));
    }

    @Test
    void aCommandOfAnotherRulesetIsRefused() {
        assertThat(decide(new OtherRulesetsCommand(), PLAYER)).isInstanceOfSatisfying(Decision.Rejected.class,
                rejected -> assertThat(rejected.code()).isEqualTo(RejectionCode.INVALID_COMMAND));
    }

    @Test
    void aBrokenRuleThrownDeepInsideIsItsOwnRejection() {
        assertThat(decide(new Roll("2d6"), PLAYER, 4, 5))
                .isEqualTo(new Decision.Rejected(RejectionCode.INVALID_STATE, "One die at a time."));
    }

    @Test
    void badDiceNotationIsRejectedAsInvalidDice() {
        assertThat(decide(new Roll("1d6+x"), PLAYER, 4)).isInstanceOfSatisfying(Decision.Rejected.class,
                rejected -> assertThat(rejected.code()).isEqualTo(RejectionCode.INVALID_DICE));
    }
}
