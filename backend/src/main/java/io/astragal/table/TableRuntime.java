package io.astragal.table;

import io.astragal.rules.Referee;
import io.astragal.rules.Ruleset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One live table in memory: the folded state at {@link #seq}, the recent log, and what each member
 * was last sent. Only touched while {@link #lock} is held: one writer per table.
 */
final class TableRuntime {

    static final int RECENT = 200;
    private static final int REMEMBERED_REPLIES = 256;

    final UUID id;
    final Ruleset ruleset;
    final Referee<Object> referee;
    final EventCodec codec;
    final ReentrantLock lock = new ReentrantLock();

    long seq;
    /** Set when this copy may no longer match the log; whoever holds it then must reload. */
    volatile boolean retired;
    Object state;
    final Deque<LoggedEvent> recent = new ArrayDeque<>();
    final Set<Long> reverted = new HashSet<>();
    /**
     * What each member was last sent, as JSON bytes: a view as a tree costs several times its
     * text in heap, and a table keeps one per member for as long as it is loaded.
     */
    private final Map<String, byte[]> lastViews = new HashMap<>();
    final Map<String, TableMessage.Reply> replies = new LinkedHashMap<>(64, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, TableMessage.Reply> eldest) {
            return size() > REMEMBERED_REPLIES;
        }
    };

    @SuppressWarnings("unchecked")
    TableRuntime(UUID id, Ruleset ruleset, EventCodec codec) {
        this.id = id;
        this.ruleset = ruleset;
        this.referee = (Referee<Object>) ruleset.referee();
        this.codec = codec;
        this.state = referee.initialState();
    }

    /** Keeps the view a member was just sent; returns the one they had before, or null. */
    byte[] rememberView(String userId, byte[] view) {
        return lastViews.put(userId, view);
    }

    void remember(LoggedEvent event) {
        recent.addLast(event);
        if (event.event() instanceof TableEvent.Reverted revert) {
            reverted.add(revert.seq());
        }
        while (recent.size() > RECENT) {
            recent.removeFirst();
        }
    }

    /** The newest event the GM may undo: not an undo itself, not undone already. */
    Optional<LoggedEvent> undoCandidate() {
        return recent.reversed().stream()
                .filter(e -> !(e.event() instanceof TableEvent.Reverted) && !reverted.contains(e.seq()))
                .findFirst();
    }

    /** Folds one event's ruleset part into the state. */
    void apply(TableEvent event) {
        if (event instanceof TableEvent.RulesPlayed played) {
            for (var gameEvent : played.events()) {
                state = referee.evolve(state, gameEvent);
            }
        }
    }
}
