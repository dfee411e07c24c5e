package io.astragal.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.dice.DiceSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A table driven through its ruleset's referee as the table module drives it: each command decided
 * with scripted dice, the events of an accepted one folded into the state and kept in the log. The
 * rulesets' fixtures extend it with their cast and characters.
 */
public abstract class RefereeTable<S> {

    public final Referee<S> referee;
    /** The characters the referee may look up, by id. */
    public final Map<String, CharacterCard> cards;
    public S state;
    public final List<GameEvent> log = new ArrayList<>();

    protected RefereeTable(Referee<S> referee, Map<String, CharacterCard> cards) {
        this.referee = referee;
        this.cards = cards;
        this.state = referee.initialState();
    }

    public Decision decide(Actor actor, GameCommand command, int... faces) {
        return referee.decide(state, command, new Play(actor, cards, DiceSource.scripted(faces)));
    }

    /** Decides, asserts it was accepted, folds the events into the state and returns them. */
    public List<GameEvent> accept(Actor actor, GameCommand command, int... faces) {
        Decision decision = decide(actor, command, faces);
        assertThat(decision).as("decision").isInstanceOf(Decision.Accepted.class);
        List<GameEvent> events = ((Decision.Accepted) decision).events();
        for (GameEvent event : events) {
            state = referee.evolve(state, event);
            log.add(event);
        }
        return events;
    }

    /** Decides, asserts it was rejected with the code, and that nothing changed. */
    public Decision.Rejected rejection(Actor actor, GameCommand command, RejectionCode code, int... faces) {
        S before = state;
        Decision decision = decide(actor, command, faces);
        assertThat(decision).isInstanceOf(Decision.Rejected.class);
        Decision.Rejected rejected = (Decision.Rejected) decision;
        assertThat(rejected.code()).as(rejected.message()).isEqualTo(code);
        assertThat(state).isEqualTo(before);
        return rejected;
    }

    /** {@link #decide(Actor, GameCommand, int...)}, for tests that name the command first. */
    public Decision decide(GameCommand command, Actor actor, int... faces) {
        return decide(actor, command, faces);
    }

    /** {@link #accept}, for tests that name the command first. */
    public List<GameEvent> run(GameCommand command, Actor actor, int... faces) {
        return accept(actor, command, faces);
    }

    /** {@link #rejection}, for tests that name the command first. */
    public Decision.Rejected rejected(GameCommand command, Actor actor, RejectionCode code, int... faces) {
        return rejection(actor, command, code, faces);
    }

    /** The one event of the type among {@code events}. */
    @SuppressWarnings("unchecked")
    public static <E extends GameEvent> E only(List<GameEvent> events, Class<E> type) {
        List<GameEvent> matching = events.stream().filter(type::isInstance).toList();
        assertThat(matching).hasSize(1);
        return (E) matching.getFirst();
    }
}
