package io.astragal.rules;

import io.astragal.dice.RollResult;
import java.util.List;

/** A ruleset's event record: a past-tense fact with every random outcome inside it. */
public interface GameEvent {

    /** One sentence for the table's log, naming characters, e.g. "Alda attacks Bram: 9 vs 8, hit." */
    String describe();

    /** The sentence as {@code viewer} may read it: the same for everyone unless the rules keep a number from some. */
    default String describeTo(Viewer viewer) {
        return describe();
    }

    /** The dice this event rolled, for the roll log (faces kept and dropped, totals). */
    default List<RollResult> rolls() {
        return List.of();
    }

    /** Triggers the rolls fired, e.g. "on 6", "on 6 (twice)", "at least one 6", "on matching". */
    default List<String> triggers() {
        return List.of();
    }
}
