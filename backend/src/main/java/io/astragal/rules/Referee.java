package io.astragal.rules;

import io.astragal.dice.DiceException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The pure game logic of one ruleset at a live table: decide what a command does (or why it may
 * not), fold events into state, and say what each viewer may see. The table module owns ordering,
 * persistence, undo, chat, free dice rolls and delivery; the referee owns the rules.
 *
 * <p>Contract, relied on by the table:
 * <ul>
 *   <li>{@code decide} is the only place randomness is used, always through {@link Play#dice()};
 *       every random outcome (faces, shuffled deck order) is stored in the events it returns.</li>
 *   <li>{@code evolve} is a pure fold: no dice, no clock, no side effects. Replaying the same
 *       events from {@link #initialState()} yields an equal state.</li>
 *   <li>State, command and event types are records (or enums, lists, maps, strings, numbers)
 *       with no interface-typed fields, so they round-trip through JSON unchanged.</li>
 *   <li>{@code view} never contains what the viewer may not know: deck order, hidden NPC numbers,
 *       undeclared actions, other players' private cards.</li>
 * </ul>
 *
 * @param <S> the ruleset's table state
 */
public interface Referee<S> {

    Class<S> stateType();

    /** State of a table where nothing has happened yet. */
    S initialState();

    /** The commands this ruleset understands, by the {@code type} name used on the wire. */
    Map<String, Class<? extends GameCommand>> commandTypes();

    /** The events this ruleset emits, by the {@code type} name stored in the event log. */
    Map<String, Class<? extends GameEvent>> eventTypes();

    /** Decides what {@code command} does in {@code state}: events, or a rejection that changes nothing. */
    Decision decide(S state, GameCommand command, Play play);

    /** Applies one event this referee emitted. */
    S evolve(S state, GameEvent event);

    /** What {@code viewer} sees of {@code state}: JSON-shaped records, lists, maps and values only. */
    Object view(S state, Viewer viewer);

    /**
     * The views of one state for several viewers in turn (every member, after an event). A referee
     * may build once what they see alike and hand each of them the same record; by default each view
     * is built on its own. The function lives as long as one fan-out.
     */
    default Function<Viewer, Object> views(S state) {
        return viewer -> view(state, viewer);
    }

    /**
     * The views of one state for a table's fan-out, where {@code memory} is what this referee kept of
     * the table's fan-outs before it. A referee may hand out again a record it built then for a part of
     * the state that has not changed since (the same instance), so the table need not write it again.
     * By default nothing is kept.
     */
    default Function<Viewer, Object> views(S state, ViewMemory memory) {
        return views(state);
    }

    /**
     * The decision on {@code command} for a ruleset whose commands are {@code type}: a spectator may
     * not act, a command of another ruleset is refused, and {@code decide} stops at the first broken
     * rule (a {@link Refusal}) or bad dice notation; each of these is a rejection that changes nothing.
     */
    static <C extends GameCommand> Decision decideAs(Class<C> type, GameCommand command, Play play,
                                                     Function<C, List<? extends GameEvent>> decide) {
        if (play.actor().role() == Role.SPECTATOR) {
            return Decision.reject(RejectionCode.NOT_ALLOWED, "Spectators watch; they do not act.");
        }
        if (!type.isInstance(command)) {
            return Decision.reject(RejectionCode.INVALID_COMMAND, "That is not a command of this table's ruleset.");
        }
        try {
            return Decision.accept(List.<GameEvent>copyOf(decide.apply(type.cast(command))));
        } catch (Refusal refusal) {
            return refusal.rejection();
        } catch (DiceException bad) {
            return Decision.reject(RejectionCode.INVALID_DICE, bad.getMessage());
        }
    }
}
