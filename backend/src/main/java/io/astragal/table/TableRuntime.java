package io.astragal.table;

import io.astragal.rules.CharacterCard;
import io.astragal.rules.Referee;
import io.astragal.rules.Ruleset;
import io.astragal.rules.ViewMemory;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One live table in memory: the folded state at {@link #seq}, its newest event, and what each member
 * was last sent. Only touched while {@link #lock} is held: one writer per table.
 */
final class TableRuntime {

    /**
     * Events kept in memory: the newest, which the GM's undo offer almost always names and a command
     * sent again most often repeats. A snapshot's events and anything older are read from the log: a
     * table that kept its fifty newest events in memory promoted each of them to the old generation,
     * where it soon died (docs/performance.md, step 69).
     */
    static final int RECENT = 1;
    private static final int REMEMBERED_REFUSALS = 256;

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
    /** What the referee keeps of this table's fan-outs for the next ({@code Referee.views}). */
    final ViewMemory viewMemory = new ViewMemory();
    /**
     * What each member's last view was built from: their own, or {@link #SHARED}, which stands for
     * {@link #shared}. The players' views of one fan-out are built from the same inputs, so they share
     * one record, which the table points at once: a record per member, put in this map's old entries at
     * every fan-out, was one more reference from old objects to new ones per member for each young
     * collection to find (docs/performance.md, step 95).
     */
    private final Map<String, SentView> lastViews = new HashMap<>();
    /** What the views of the members marked {@link #SHARED} were built from. */
    private SentView shared;
    private static final SentView SHARED = new SentView(null, null, null, null, null);
    /** The rosters shown, by who sees them ({@link #rosters}), and the characters and members they were made from. */
    private final Map<String, List<MemberView.RosterEntry>> rosters = new HashMap<>();
    private Map<String, CharacterCard> rostersOfCharacters;
    private List<Member> rostersOfMembers;
    /**
     * The latest refusals, so that a command sent again gets the same answer. An accepted command
     * is not kept here: its event is, in {@link #recent} and in the log, and a table that kept the
     * reply of each of its last 256 commands held about 35 MiB at 1,000 tables (docs/performance.md, step 36).
     */
    private final Map<String, TableMessage.Reply> refusals = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, TableMessage.Reply> eldest) {
            return size() > REMEMBERED_REFUSALS;
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

    /**
     * What a view a member was sent was built from. A referee's view is a pure function of its
     * immutable state, so the same state object, roster objects and undo offer make the same view: it
     * need not be built again, and when the table has moved on, it is built again from these for the
     * patch to the new one rather than kept (docs/performance.md, step 46).
     *
     * @param undoSeq the seq the GM's view offers to undo (0: nothing); null for everyone else
     * @param undo    the GM's undo offer; null for everyone else
     */
    record SentView(Object state, List<Member> members, Map<String, CharacterCard> characters, Long undoSeq,
                    MemberView.Undo undo) {

        boolean builtFrom(Object state, List<Member> members, Map<String, CharacterCard> characters, Long undoSeq) {
            return sameTableAs(state, members, characters) && Objects.equals(this.undoSeq, undoSeq);
        }

        /** Built from the same table, whatever undo it offers. */
        boolean sameTableAs(Object state, List<Member> members, Map<String, CharacterCard> characters) {
            return this.state == state && this.members == members && this.characters == characters;
        }
    }

    SentView sentView(String userId) {
        SentView view = lastViews.get(userId);
        return view == SHARED ? shared : view;
    }

    /** The member was sent a view of their own, built from {@code view}. */
    void rememberView(String userId, SentView view) {
        lastViews.put(userId, view);
    }

    /**
     * The member was sent a view built from {@code view}, the one record of this fan-out for every
     * member without an undo offer (a view's only input that differs by member). Whoever is marked
     * shared already and is not sent a new view now kept one built from the same table as {@code view}
     * (a fan-out builds a view again unless the table is the same), so the mark still holds for them;
     * but not for those no longer members, whose marks go when the members change.
     */
    void rememberSharedView(String userId, SentView view) {
        if (view.undoSeq() != null || view.undo() != null) {
            throw new IllegalArgumentException("A view with an undo offer is the GM's own");
        }
        if (shared != null && shared.members() != view.members()) {
            lastViews.entrySet().removeIf(e -> e.getValue() == SHARED
                    && view.members().stream().noneMatch(member -> member.userId().equals(e.getKey())));
        }
        shared = view;
        if (lastViews.get(userId) != SHARED) {
            lastViews.put(userId, SHARED);
        }
    }

    /**
     * The rosters made from these characters and members, by who sees them: the GM's under "" (all of
     * them), a player's under their id. Both change seldom, so a roster is made once and the same list
     * shown at every event until they do (docs/performance.md, step 53).
     */
    Map<String, List<MemberView.RosterEntry>> rosters(Map<String, CharacterCard> characters, List<Member> members) {
        if (characters != rostersOfCharacters || members != rostersOfMembers) {
            rosters.clear();
            rostersOfCharacters = characters;
            rostersOfMembers = members;
        }
        return rosters;
    }

    void remember(LoggedEvent event) {
        recent.addLast(event);
        while (recent.size() > RECENT) {
            recent.removeFirst();
        }
    }

    /**
     * The first answer to a command this table has already decided, if it is at hand: its event
     * among the recent ones, or its refusal. (One accepted longer ago is found in the log when
     * deciding it again: see {@code TableEngine.decideAndApply}.)
     */
    Optional<TableMessage.Reply> earlierReply(String commandId) {
        for (LoggedEvent event : recent) {
            if (commandId.equals(event.commandId())) {
                return Optional.of(TableMessage.Reply.accepted(commandId, event.seq()));
            }
        }
        return Optional.ofNullable(refusals.get(commandId));
    }

    /** Remembers a refusal to answer the same command sent again alike ({@link #earlierReply}). */
    void rememberRefusal(TableMessage.Reply refusal) {
        refusals.put(refusal.commandId(), refusal);
    }

    /** The newest kept event the GM may undo. */
    Optional<LoggedEvent> undoCandidate() {
        Set<Long> reverted = revertedAmongKept();
        return recent.reversed().stream().filter(e -> undoable(e, reverted)).findFirst();
    }

    /**
     * The seqs the kept events undid. An undo always comes after what it undid, so reading the log
     * back from the oldest kept event, newest first, needs only these to know what is undone.
     */
    Set<Long> revertedAmongKept() {
        Set<Long> reverted = new HashSet<>();
        for (LoggedEvent event : recent) {
            if (event.event() instanceof TableEvent.Reverted revert) {
                reverted.add(revert.seq());
            }
        }
        return reverted;
    }

    /** What the GM may undo: not an undo itself, not undone already. */
    static boolean undoable(LoggedEvent event, Set<Long> reverted) {
        return !(event.event() instanceof TableEvent.Reverted) && !reverted.contains(event.seq());
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
