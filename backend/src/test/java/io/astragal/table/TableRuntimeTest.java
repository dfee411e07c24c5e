package io.astragal.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.astragal.rules.CharacterCard;
import io.astragal.rules.Role;
import io.astragal.rules.Ruleset;
import io.astragal.rules.Rulesets;
import io.astragal.rules.Viewer;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** What a table in memory answers a command sent again with, and the rosters it shows. */
class TableRuntimeTest {

    private final Ruleset actlite = Rulesets.byId("actlite").orElseThrow();
    private final TableRuntime table = new TableRuntime(UUID.randomUUID(), actlite,
            new EventCodec(JsonMapper.builder().build(), actlite.referee()));

    private void played(long seq, String commandId) {
        table.remember(new LoggedEvent(seq, commandId, "alda", "Alda", Instant.EPOCH, new TableEvent.ChatPosted("line " + seq)));
    }

    @Test
    void aCommandWhoseEventIsTheNewestIsAnsweredWithThatEventsSeq() {
        for (long seq = 1; seq <= 10; seq++) {
            played(seq, "c-" + seq);
        }
        assertThat(table.earlierReply("c-10")).contains(TableMessage.Reply.accepted("c-10", 10));
        assertThat(table.earlierReply("c-11")).isEmpty();
    }

    @Test
    void aCommandWhoseEventIsNoLongerKeptIsNotAnsweredFromMemory() {
        int played = TableRuntime.RECENT + 5;
        for (long seq = 1; seq <= played; seq++) {
            played(seq, "c-" + seq);
        }
        long oldestKept = played - TableRuntime.RECENT + 1;
        assertThat(table.earlierReply("c-" + (oldestKept - 1))).as("no longer kept: the log decides").isEmpty();
        assertThat(table.earlierReply("c-" + oldestKept)).contains(TableMessage.Reply.accepted("c-" + oldestKept, oldestKept));
        assertThat(table.earlierReply("c-" + played)).contains(TableMessage.Reply.accepted("c-" + played, played));
        assertThat(table.recent).hasSize(TableRuntime.RECENT);
    }

    @Test
    void aRefusalIsRememberedToAnswerTheSameCommandAgain() {
        var refusal = TableMessage.Reply.rejected("c-9", "NOT_ENOUGH_AP", "Alda has 1 AP.");
        table.rememberRefusal(refusal);
        assertThat(table.earlierReply("c-9")).contains(refusal);
    }

    @Test
    void aRosterIsMadeOnceForTheSameCharactersAndMembersAndAnewWhenEitherChanges() {
        Member gail = new Member("gail", "Gail", Role.GM);
        List<Member> members = List.of(gail, new Member("ann", "Ann", Role.PLAYER));
        Map<String, CharacterCard> characters = Map.of(
                "goblin", new CharacterCard("goblin", "Goblin", "gail", true, Map.of()),
                "alda", new CharacterCard("alda", "Alda", "ann", false, Map.of()));
        Viewer gm = new Viewer("gail", Role.GM);
        Viewer ann = new Viewer("ann", Role.PLAYER);

        var gmRoster = TableEngine.roster(table, characters, gm, members);
        var annRoster = TableEngine.roster(table, characters, ann, members);
        assertThat(gmRoster).extracting(MemberView.RosterEntry::name).containsExactly("Alda", "Goblin");
        assertThat(annRoster).containsExactly(new MemberView.RosterEntry("alda", "Alda", false, "Ann"));
        assertThat(TableEngine.roster(table, characters, gm, members)).as("the same inputs: the same list").isSameAs(gmRoster);
        assertThat(TableEngine.roster(table, characters, ann, members)).isSameAs(annRoster);

        List<Member> renamed = List.of(gail, new Member("ann", "Annie", Role.PLAYER));
        assertThat(TableEngine.roster(table, characters, ann, renamed)).as("a member renamed")
                .containsExactly(new MemberView.RosterEntry("alda", "Alda", false, "Annie"));
        Map<String, CharacterCard> more = new HashMap<>(characters);
        more.put("bram", new CharacterCard("bram", "Bram", "ann", false, Map.of()));
        assertThat(TableEngine.roster(table, more, ann, renamed)).as("a character added")
                .extracting(MemberView.RosterEntry::name).containsExactly("Alda", "Bram");
        assertThat(TableEngine.roster(table, more, gm, renamed)).extracting(MemberView.RosterEntry::name)
                .containsExactly("Alda", "Bram", "Goblin");
    }

    @Test
    void playersSentOneFanOutsViewShareItsRecordWhileAViewOfTheirOwnStaysTheirs() {
        List<Member> members = List.of(new Member("gail", "Gail", Role.GM), new Member("ann", "Ann", Role.PLAYER),
                new Member("bo", "Bo", Role.PLAYER));
        Object before = actlite.referee().initialState();
        var first = new TableRuntime.SentView(before, members, Map.of(), null, null);
        var gms = new TableRuntime.SentView(before, members, Map.of(), 0L, null);
        table.rememberSharedView("ann", first);
        table.rememberSharedView("bo", first);
        table.rememberView("gail", gms);
        assertThat(table.sentView("ann")).isSameAs(first);
        assertThat(table.sentView("bo")).isSameAs(first);
        assertThat(table.sentView("gail")).isSameAs(gms);

        // The next fan-out: Ann and Bo are sent views built from the new state, and share its record.
        var next = new TableRuntime.SentView(new Object(), members, Map.of(), null, null);
        table.rememberSharedView("ann", next);
        table.rememberSharedView("bo", next);
        assertThat(table.sentView("ann")).isSameAs(next);
        assertThat(table.sentView("bo")).isSameAs(next);
        assertThat(table.sentView("gail")).as("the GM's own, with its undo offer").isSameAs(gms);

        // Bo reconnects and is sent a snapshot: a view of their own, which the next shared one does not touch.
        var snapshot = new TableRuntime.SentView(next.state(), members, Map.of(), null, null);
        table.rememberView("bo", snapshot);
        var third = new TableRuntime.SentView(new Object(), members, Map.of(), null, null);
        table.rememberSharedView("ann", third);
        assertThat(table.sentView("ann")).isSameAs(third);
        assertThat(table.sentView("bo")).isSameAs(snapshot);
    }

    @Test
    void aMemberWhoLeftIsNoLongerTakenToHaveSeenTheSharedView() {
        Member ann = new Member("ann", "Ann", Role.PLAYER);
        List<Member> both = List.of(ann, new Member("bo", "Bo", Role.PLAYER));
        var shared = new TableRuntime.SentView(new Object(), both, Map.of(), null, null);
        table.rememberSharedView("ann", shared);
        table.rememberSharedView("bo", shared);

        List<Member> annAlone = List.of(ann);
        var after = new TableRuntime.SentView(new Object(), annAlone, Map.of(), null, null);
        table.rememberSharedView("ann", after);
        assertThat(table.sentView("ann")).isSameAs(after);
        assertThat(table.sentView("bo")).as("Bo, should they come back, is sent a whole view").isNull();
    }

    @Test
    void aViewWithAnUndoOfferIsNeverShared() {
        var gms = new TableRuntime.SentView(new Object(), List.of(), Map.of(), 3L, null);
        assertThatThrownBy(() -> table.rememberSharedView("gail", gms))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(table.sentView("gail")).isNull();
    }
}
