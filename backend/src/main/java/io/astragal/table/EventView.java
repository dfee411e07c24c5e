package io.astragal.table;

import io.astragal.dice.RollResult;
import java.time.Instant;
import java.util.List;

/**
 * An event as one member may see it, for the roll log. A roll the member may not see comes with
 * {@code hidden} set and a line saying that it happened, never with its result.
 *
 * @param type        {@code chat}, {@code roll}, {@code rules}, {@code revert}
 * @param command     for {@code rules}: the ruleset command's wire type
 * @param gameEvents  for {@code rules}: the wire types of the ruleset's events, for animations
 * @param revertedSeq for {@code revert}: the seq that was undone
 */
public record EventView(long seq, Instant at, String actorId, String actorName, String type, String command,
                        RollMode mode, boolean hidden, List<Line> lines, List<String> gameEvents, Long revertedSeq) {

    public EventView {
        lines = List.copyOf(lines);
        gameEvents = List.copyOf(gameEvents);
    }

    /** One line of the log: a sentence, the dice behind it, and the triggers they fired. */
    public record Line(String text, List<RollResult> rolls, List<String> triggers) {
        public Line {
            rolls = List.copyOf(rolls);
            triggers = List.copyOf(triggers);
        }

        static Line of(String text) {
            return new Line(text, List.of(), List.of());
        }
    }
}
