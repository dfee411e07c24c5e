package io.astragal.table;

import io.astragal.dice.DiceGroup;
import io.astragal.dice.RollResult;
import io.astragal.rules.GameEvent;
import java.util.List;

/**
 * What happened at a table: one per accepted command, numbered by the table's gapless seq.
 * Every random outcome is inside, so folding the log never rolls a die again.
 */
sealed interface TableEvent {

    /** A chat line. */
    record ChatPosted(String text) implements TableEvent {
    }

    /** A free roll from dice notation. */
    record DiceRolled(String notation, String label, RollMode mode, RollResult result, List<DiceGroup> groups)
            implements TableEvent {
    }

    /** A ruleset command's events, in order. */
    record RulesPlayed(String command, RollMode mode, List<GameEvent> events) implements TableEvent {
        public RulesPlayed {
            events = List.copyOf(events);
        }
    }

    /** The GM undid the event with sequence number {@code seq}. */
    record Reverted(long seq, String summary) implements TableEvent {
    }
}
