package io.astragal.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.DeckView;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Need;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.support.JsonPatch;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Views written as parts: the same bytes as the whole view, shared where members see alike, and patches that turn one into the next. */
class ViewWriterTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final MemberView.Me GM = new MemberView.Me("gm", "Gemma", Role.GM);
    private static final MemberView.Me ALDA = new MemberView.Me("alda", "Alda", Role.PLAYER);
    private static final MemberView.Me BRAM = new MemberView.Me("bram", "Bram", Role.PLAYER);

    /** Alda's actions: to move, and to spend AP while she has some ({@code SPEND}) and once she has none ({@code SPENT}). */
    private static final ActionOption MOVE = new ActionOption("actlite.move", "Move 4 spaces", Map.of("characterId", "c-alda"),
            List.of(), 1, true, "", false);
    private static final ActionOption SPEND = new ActionOption("actlite.spendAp", "Spend AP on an action",
            Map.of("characterId", "c-alda"), List.of(Need.of("amount")), 1, true, "", false);
    private static final ActionOption SPENT = new ActionOption("actlite.spendAp", "Spend AP on an action",
            Map.of("characterId", "c-alda"), List.of(Need.of("amount")), 1, false, "No AP left", false);

    private static CombatantView combatant(String id, String owner, boolean mine, int health) {
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("STR", 2);
        stats.put("weapons", List.of("Club (speed 1->2; to-hit +0)"));
        if (mine) {
            stats.put("hexes", List.of());
        }
        return new CombatantView(id, id.toUpperCase(), owner, false, mine,
                List.of(new CombatantView.Track("health", "Health", health, 9, Integer.toString(health), "full")),
                List.of(new CombatantView.Chip("prone", null)), stats);
    }

    /** Alda's or Bram's view (or, for "gm", the GM's) with the given health of each character. */
    private static MemberView view(MemberView.Me me, int aldaHealth, int bramHealth, boolean withOrc) {
        return view(me, aldaHealth, bramHealth, withOrc, List.of(new ActionOption("actlite.spendAp", "Spend AP " + me.displayName(),
                Map.of("characterId", "c-" + me.userId()), List.of(Need.of("amount"), Need.of("target")), 1, true, "", false)));
    }

    private static MemberView view(MemberView.Me me, int aldaHealth, int bramHealth, boolean withOrc, List<ActionOption> actions) {
        return view(me, aldaHealth, bramHealth, withOrc, actions, SentTable::of);
    }

    /** The view as a fan-out's writer makes it: {@code sent} turns the ruleset's view into the one sent ({@link ViewWriter#sent}). */
    private static MemberView view(MemberView.Me me, int aldaHealth, int bramHealth, boolean withOrc, List<ActionOption> actions,
                                   UnaryOperator<Object> sent) {
        List<CombatantView> combatants = new ArrayList<>(List.of(
                combatant("c-alda", "alda", me == ALDA || me == GM, aldaHealth),
                combatant("c-bram", "bram", me == BRAM || me == GM, bramHealth)));
        if (withOrc) {
            combatants.add(combatant("c-orc", "gm", me == GM, 7));
        }
        Map<String, DeckView.Hand> hands = new LinkedHashMap<>();
        hands.put("c-alda", new DeckView.Hand(1, me == BRAM ? null : List.of(new DeckView.Card("1", "c-alda", "ap", "AP"))));
        DeckView deck = new DeckView(1, 40, null, hands, List.of(), List.of(), List.of());
        Object table = sent.apply(new TableView(InitiativeModel.CARD_DECK, combatants, deck, actions));
        return new MemberView("t-1", "actlite", "Actlite", me, List.of(GM, ALDA, BRAM), table,
                List.of(new MemberView.RosterEntry("c-" + me.userId(), me.displayName(), false, me.displayName())),
                me == GM ? new MemberView.Undo(false, null, "Nothing to undo yet.") : null);
    }

    @Test
    void thePartsWrittenInOrderAreTheBytesOfTheWholeView() {
        for (MemberView.Me me : List.of(GM, ALDA, BRAM)) {
            MemberView view = view(me, 9, 4, true);
            assertThat(new String(new ViewWriter(JSON).write(view).json()))
                    .isEqualTo(new String(JSON.writeValueAsBytes(view)));
        }
        // A ruleset view of another shape is one part.
        MemberView other = new MemberView("t-1", "x", "X", ALDA, List.of(ALDA), Map.of("anything", List.of(1, 2)), List.of(), null);
        assertThat(new ViewWriter(JSON).write(other).json()).isEqualTo(JSON.writeValueAsBytes(other));
    }

    @Test
    void playersWhoSeeACombatantAlikeShareItsPartAndItsPatch() {
        ViewWriter before = new ViewWriter(JSON);
        ViewPart.Fields aldaBefore = before.write(view(ALDA, 9, 4, true));
        ViewPart.Fields bramBefore = before.write(view(BRAM, 9, 4, true));
        ViewWriter after = new ViewWriter(JSON);
        ViewPart.Fields aldaAfter = after.write(view(ALDA, 9, 4, true));
        // The orc (seen by neither as theirs) is one part for both; Alda's own character is not.
        ViewPart orcForAlda = combatants(aldaBefore).get(2);
        assertThat(orcForAlda).isSameAs(combatants(bramBefore).get(2));
        assertThat(combatants(aldaBefore).get(0)).isNotSameAs(combatants(bramBefore).get(0));

        ViewWriter next = new ViewWriter(JSON);
        ViewPart.Fields aldaHurt = next.write(view(ALDA, 9, 2, true));
        ViewPart.Fields bramHurt = next.write(view(BRAM, 9, 2, true));
        Patch aldaPatch = next.diff(aldaBefore, aldaHurt);
        Patch bramPatch = next.diff(bramBefore, bramHurt);
        // Bram's health as Alda sees it moved: one patch, worked out once and sent to her.
        assertThat(aldaPatch.toString()).isEqualTo(
                "[{\"op\":\"replace\",\"path\":\"/table/combatants/1/tracks/0/value\",\"value\":2},"
                        + "{\"op\":\"replace\",\"path\":\"/table/combatants/1/tracks/0/display\",\"value\":\"2\"}]");
        assertThat(aldaPatch.ops().get(0)).isSameAs(next.diff(aldaBefore, aldaHurt).ops().get(0));
        assertPatchTurns(aldaBefore, aldaHurt, aldaPatch);
        assertPatchTurns(bramBefore, bramHurt, bramPatch);
        assertThat(aldaAfter.json()).isEqualTo(aldaBefore.json());
        assertThat(after.diff(aldaBefore, aldaAfter).isEmpty()).as("an unchanged view").isTrue();
    }

    @Test
    void aPartWhoseValueIsTheOneInItsPlaceBeforeIsThatLeafAndOnlyThePartsThatChangedAreWrittenToBeDiffed() {
        MemberView first = view(ALDA, 9, 4, true);
        // The next event: Bram's record is new (he was hurt), Alda's and the orc's are the same records.
        List<CombatantView> records = ((SentTable) first.table()).combatants();
        List<CombatantView> now = new ArrayList<>(records);
        now.set(1, combatant("c-bram", "bram", false, 2));
        SentTable table = (SentTable) first.table();
        MemberView second = new MemberView(first.tableId(), first.rulesetId(), first.rulesetName(), first.me(), first.members(),
                new SentTable(table.model(), now, table.initiative(), table.actions(), table.needs()), first.roster(), first.undo());
        try (ViewWriter fanOut = new ViewWriter(JSON)) {
            ViewPart.Fields then = fanOut.write(first);
            ViewPart.Fields after = fanOut.write(second, then);
            assertThat(combatants(after).get(0)).isSameAs(combatants(then).get(0));
            assertThat(combatants(after).get(2)).isSameAs(combatants(then).get(2));
            assertThat(combatants(after).get(1)).isNotSameAs(combatants(then).get(1));

            Patch patch = fanOut.diff(then, after);
            assertThat(patch.toString()).isEqualTo(
                    "[{\"op\":\"replace\",\"path\":\"/table/combatants/1/tracks/0/value\",\"value\":2},"
                            + "{\"op\":\"replace\",\"path\":\"/table/combatants/1/tracks/0/display\",\"value\":\"2\"}]");
            assertThat(leaves(then).stream().filter(ViewPart.Leaf::written).map(ViewPart.class::cast)).as("written of the view before")
                    .containsExactly(combatants(then).get(1));
            assertThat(leaves(after).stream().filter(ViewPart.Leaf::written).map(ViewPart.class::cast)).as("written of the view now")
                    .containsExactly(combatants(after).get(1));
            assertThat(after.json()).isEqualTo(JSON.writeValueAsBytes(second));
            assertPatchTurns(then, after, patch);
        }
    }

    @Test
    void aViewBuiltAgainFromEqualRecordsIsTheViewBeforeWithNothingWrittenAndNoPatch() {
        try (ViewWriter fanOut = new ViewWriter(JSON)) {
            ViewPart.Fields then = fanOut.write(view(ALDA, 9, 4, true, List.of(MOVE, SPEND)));
            ViewPart.Fields again = fanOut.write(view(ALDA, 9, 4, true, List.of(MOVE, SPEND)), then);
            assertThat(leaves(again)).hasSameSizeAs(leaves(then));
            for (int i = 0; i < leaves(then).size(); i++) {
                assertThat(leaves(again).get(i)).isSameAs(leaves(then).get(i));
            }
            assertThat(fanOut.diff(then, again).isEmpty()).isTrue();
            assertThat(leaves(then).stream().filter(ViewPart.Leaf::written)).isEmpty();
        }
    }

    @Test
    void aLeafOfAClosedWriterIsNotReadFromTheBufferTheNextWriterWritesInto() {
        ViewWriter closed = new ViewWriter(JSON);
        ViewPart.Leaf unwritten = closed.leaf(List.of(1, 2));
        closed.close();
        assertThatThrownBy(unwritten::json).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void eachActionIsAPartOfItsOwnSoAnEventThatChangesOneLeavesTheOthersAsTheyWere() {
        ViewPart.Fields before = new ViewWriter(JSON).write(view(ALDA, 9, 4, true, List.of(MOVE, SPEND)));
        ViewPart.Fields after = new ViewWriter(JSON).write(view(ALDA, 9, 4, true, List.of(MOVE, SPENT)));
        assertThat(actions(after)).hasSize(2);

        Patch diff = new ViewWriter(JSON).diff(before, after);
        assertThat(diff.toString()).isEqualTo("[{\"op\":\"replace\",\"path\":\"/table/actions/1/enabled\",\"value\":false},"
                + "{\"op\":\"replace\",\"path\":\"/table/actions/1/reason\",\"value\":\"No AP left\"}]");
        assertPatchTurns(before, after, diff);

        ViewPart.Fields fewer = new ViewWriter(JSON).write(view(ALDA, 9, 4, true, List.of(MOVE)));
        Patch shorter = new ViewWriter(JSON).diff(before, fewer);
        assertThat(shorter.toString()).contains("\"op\":\"replace\",\"path\":\"/table/actions\"");
        assertPatchTurns(before, fewer, shorter);
    }

    @Test
    void anActionOfferedAlikeToACharactersOwnerAndTheGmIsOnePartWrittenOnceAndPatchedAlike() {
        ActionOption deal = new ActionOption("actlite.dealCard", "Deal next card", Map.of(), List.of(), null, true, "", true);
        ActionOption bramAttacks = new ActionOption("actlite.attack", "Attack", Map.of("characterId", "c-bram"),
                List.of(Need.of("target")), 2, true, "", false);
        ViewWriter writer = new ViewWriter(JSON);
        MemberView gmView = view(GM, 9, 4, true, List.of(MOVE, SPEND, bramAttacks, deal), writer::sent);
        MemberView aldaView = view(ALDA, 9, 4, true, List.of(MOVE, SPEND), writer::sent);
        MemberView bramView = view(BRAM, 9, 4, true, List.of(bramAttacks), writer::sent);
        ViewPart.Fields gm = writer.write(gmView);
        ViewPart.Fields alda = writer.write(aldaView);
        ViewPart.Fields bram = writer.write(bramView);

        assertThat(new String(gm.json())).isEqualTo(new String(JSON.writeValueAsBytes(gmView)));
        assertThat(new String(alda.json())).isEqualTo(new String(JSON.writeValueAsBytes(aldaView)));
        assertThat(new String(bram.json())).isEqualTo(new String(JSON.writeValueAsBytes(bramView)));
        // Alda's actions ask for needs 0 and none, in her view as in the GM's: one part each for both.
        assertThat(actions(alda).get(0)).isSameAs(actions(gm).get(0));
        assertThat(actions(alda).get(1)).isSameAs(actions(gm).get(1));
        // Bram's attack asks for the target, need 1 in the GM's view and 0 in his: two parts.
        assertThat(new String(actions(gm).get(2).json())).contains("\"needs\":[1]");
        assertThat(new String(actions(bram).get(0).json())).contains("\"needs\":[0]");

        // The next event spends Alda's last AP: both views get the same operations, worked out once.
        ViewWriter next = new ViewWriter(JSON);
        ViewPart.Fields gmAfter = next.write(view(GM, 9, 4, true, List.of(MOVE, SPENT, bramAttacks, deal), next::sent));
        ViewPart.Fields aldaAfter = next.write(view(ALDA, 9, 4, true, List.of(MOVE, SPENT), next::sent));
        assertThat(actions(aldaAfter).get(1)).isSameAs(actions(gmAfter).get(1));
        Patch gmPatch = next.diff(gm, gmAfter);
        Patch aldaPatch = next.diff(alda, aldaAfter);
        assertThat(aldaPatch.toString()).isEqualTo("[{\"op\":\"replace\",\"path\":\"/table/actions/1/enabled\",\"value\":false},"
                + "{\"op\":\"replace\",\"path\":\"/table/actions/1/reason\",\"value\":\"No AP left\"}]");
        assertThat(gmPatch).isEqualTo(aldaPatch);
        assertThat(gmPatch.ops().get(0)).isSameAs(aldaPatch.ops().get(0));
        assertPatchTurns(gm, gmAfter, gmPatch);
        assertPatchTurns(alda, aldaAfter, aldaPatch);
    }

    @Test
    void aViewWrittenAgainstTheOneKeptIsMadeOfTheKeptPartsWhereTheirBytesAreTheSame() {
        ViewPart.Fields kept = new ViewWriter(JSON).write(view(ALDA, 9, 4, true, List.of(MOVE, SPEND)));

        ViewWriter next = new ViewWriter(JSON);
        MemberView now = view(ALDA, 9, 2, true, List.of(MOVE, SPENT));
        ViewPart.Fields written = next.write(now, kept);
        assertThat(written.json()).as("the view now").isEqualTo(JSON.writeValueAsBytes(now));
        assertThat(written.get("me")).isSameAs(kept.get("me"));
        assertThat(written.get("roster")).isSameAs(kept.get("roster"));
        assertThat(combatants(written).get(0)).as("Alda, unchanged").isSameAs(combatants(kept).get(0));
        assertThat(combatants(written).get(1)).as("Bram, hurt").isNotSameAs(combatants(kept).get(1));
        assertThat(actions(written).get(0)).as("Move, unchanged").isSameAs(actions(kept).get(0));
        assertThat(actions(written).get(1)).as("Spend AP, now disabled").isNotSameAs(actions(kept).get(1));

        Patch diff = next.diff(kept, written);
        assertPatchTurns(kept, written, diff);
        assertThat(diff.toString()).contains("/table/combatants/1/").contains("/table/actions/1/enabled")
                .doesNotContain("/table/actions/0").doesNotContain("/me");

        // A kept view of another shape (no table of parts yet) leaves every part to be written anew.
        MemberView other = new MemberView("t-1", "x", "X", ALDA, List.of(ALDA), Map.of("anything", List.of(1, 2)), List.of(), null);
        ViewPart.Fields otherKept = new ViewWriter(JSON).write(other);
        ViewPart.Fields fromOther = new ViewWriter(JSON).write(now, otherKept);
        assertThat(fromOther.json()).isEqualTo(JSON.writeValueAsBytes(now));
        assertThat(fromOther.get("me")).isSameAs(otherKept.get("me"));
        assertPatchTurns(otherKept, fromOther, new ViewWriter(JSON).diff(otherKept, fromOther));
    }

    @Test
    void aCombatantJoiningReplacesTheListAndTheGmsUndoIsItsOwnPart() {
        ViewWriter writer = new ViewWriter(JSON);
        ViewPart.Fields without = writer.write(view(GM, 9, 4, false));
        ViewPart.Fields with = writer.write(view(GM, 9, 4, true));
        Patch patch = writer.diff(without, with);
        assertThat(patch.toString()).contains("\"op\":\"replace\",\"path\":\"/table/combatants\"");
        assertPatchTurns(without, with, patch);
        assertPatchTurns(with, without, writer.diff(with, without));

        ViewPart.Fields offered = with.with("undo", writer.leaf(new MemberView.Undo(true, 7L, "Alda spent 1 AP")));
        assertThat(offered.get("undo").json()).isEqualTo(JSON.writeValueAsBytes(new MemberView.Undo(true, 7L, "Alda spent 1 AP")));
        assertPatchTurns(with, offered, writer.diff(with, offered));
        assertThat(writer.diff(with, offered).toString()).doesNotContain("/table");
    }

    private static final DeckView.Card ALDA_AP = new DeckView.Card("1", "c-alda", "ap", "AP");
    private static final DeckView.Card BRAM_AP = new DeckView.Card("2", "c-bram", "ap", "AP");

    /** A view whose deck has Alda's and Bram's hands and a discard pile: each member sees only their own hand's cards. */
    private static MemberView withDeck(MemberView.Me me, List<DeckView.Card> aldaHand, List<DeckView.Card> discard) {
        Map<String, DeckView.Hand> hands = new LinkedHashMap<>();
        hands.put("c-alda", new DeckView.Hand(aldaHand.size(), me == ALDA || me == GM ? aldaHand : null));
        hands.put("c-bram", new DeckView.Hand(1, me == BRAM || me == GM ? List.of(BRAM_AP) : null));
        DeckView deck = new DeckView(2, 30, BRAM_AP, hands, discard, List.of(), List.of());
        Object table = SentTable.of(new TableView(InitiativeModel.CARD_DECK, List.of(combatant("c-alda", "alda", me != BRAM, 9)),
                deck, List.of()));
        return new MemberView("t-1", "actlite", "Actlite", me, List.of(GM, ALDA, BRAM), table, List.of(), null);
    }

    private static ViewPart.Fields deck(ViewPart.Fields view) {
        return (ViewPart.Fields) ((ViewPart.Fields) view.get("table")).get("initiative");
    }

    private static List<ViewPart> hands(ViewPart.Fields view) {
        return ((ViewPart.Fields) deck(view).get("hands")).values();
    }

    @Test
    void aDeckIsWrittenInPartsThatMembersWhoSeeThemAlikeShareAndACardSpentPatchesOnlyWhatChanged() {
        List<DeckView.Card> discard = List.of(new DeckView.Card("7", "c-bram", "ap", "AP"), new DeckView.Card("8", "c-orc", "ap", "AP"));
        ViewWriter writer = new ViewWriter(JSON);
        ViewPart.Fields gm = writer.write(withDeck(GM, List.of(ALDA_AP), discard));
        ViewPart.Fields alda = writer.write(withDeck(ALDA, List.of(ALDA_AP), discard));
        ViewPart.Fields bram = writer.write(withDeck(BRAM, List.of(ALDA_AP), discard));

        assertThat(gm.json()).isEqualTo(JSON.writeValueAsBytes(withDeck(GM, List.of(ALDA_AP), discard)));
        assertThat(alda.json()).isEqualTo(JSON.writeValueAsBytes(withDeck(ALDA, List.of(ALDA_AP), discard)));
        assertThat(bram.json()).isEqualTo(JSON.writeValueAsBytes(withDeck(BRAM, List.of(ALDA_AP), discard)));
        assertThat(deck(bram).get("discard")).as("one discard pile for all").isSameAs(deck(gm).get("discard"));
        assertThat(hands(alda).get(0)).as("Alda's hand, as she and the GM see it").isSameAs(hands(gm).get(0));
        assertThat(hands(bram).get(0)).as("Alda's hand, as Bram sees it: a count").isNotSameAs(hands(gm).get(0));
        assertThat(hands(alda).get(1)).as("Bram's hand, as Alda sees it").isNotSameAs(hands(gm).get(1));

        // Alda spends her card: it leaves her hand for the discard pile.
        List<DeckView.Card> spent = List.of(discard.get(0), discard.get(1), ALDA_AP);
        ViewWriter next = new ViewWriter(JSON);
        ViewPart.Fields bramAfter = next.write(withDeck(BRAM, List.of(), spent), bram);
        assertThat(bramAfter.json()).isEqualTo(JSON.writeValueAsBytes(withDeck(BRAM, List.of(), spent)));
        assertThat(hands(bramAfter).get(1)).as("Bram's own hand, unchanged").isSameAs(hands(bram).get(1));
        Patch patch = next.diff(bram, bramAfter);
        assertThat(patch.toString()).contains("/table/initiative/hands/c-alda/count").contains("/table/initiative/discard")
                .doesNotContain("/table/initiative/round").doesNotContain("hands/c-bram").doesNotContain("lastDealt");
        assertPatchTurns(bram, bramAfter, patch);
        ViewPart.Fields gmAfter = next.write(withDeck(GM, List.of(), spent), gm);
        assertThat(gmAfter.json()).isEqualTo(JSON.writeValueAsBytes(withDeck(GM, List.of(), spent)));
        assertPatchTurns(gm, gmAfter, next.diff(gm, gmAfter));

        // Before initiative there is no deck; when it starts, the deck replaces the null whole.
        MemberView noDeck = new MemberView("t-1", "actlite", "Actlite", BRAM, List.of(GM, ALDA, BRAM),
                SentTable.of(new TableView(InitiativeModel.CARD_DECK, List.of(), null, List.of())), List.of(), null);
        ViewPart.Fields before = new ViewWriter(JSON).write(noDeck);
        assertPatchTurns(before, bram, new ViewWriter(JSON).diff(before, bram));
        assertPatchTurns(bram, before, new ViewWriter(JSON).diff(bram, before));
    }

    @Test
    void handsKeyedByIdsThatJsonOrAPointerMustEscapeAreWrittenAndPatchedAsJacksonAndRfc6901Say() {
        Map<String, DeckView.Hand> hands = new LinkedHashMap<>();
        hands.put("c-\"odd\"/one~", new DeckView.Hand(1, null));
        hands.put("c-é", new DeckView.Hand(2, null));
        Map<String, DeckView.Hand> dealt = new LinkedHashMap<>(hands);
        dealt.put("c-\"odd\"/one~", new DeckView.Hand(2, null));
        Object before = SentTable.of(new TableView(InitiativeModel.CARD_DECK, List.of(), new DeckView(1, 9, null, hands, List.of(), List.of(), List.of()), List.of()));
        Object after = SentTable.of(new TableView(InitiativeModel.CARD_DECK, List.of(), new DeckView(1, 8, null, dealt, List.of(), List.of(), List.of()), List.of()));
        MemberView from = new MemberView("t-1", "actlite", "Actlite", BRAM, List.of(BRAM), before, List.of(), null);
        MemberView to = new MemberView("t-1", "actlite", "Actlite", BRAM, List.of(BRAM), after, List.of(), null);

        ViewPart.Fields written = new ViewWriter(JSON).write(from);
        ViewWriter next = new ViewWriter(JSON);
        ViewPart.Fields now = next.write(to, written);
        assertThat(written.json()).isEqualTo(JSON.writeValueAsBytes(from));
        assertThat(now.json()).isEqualTo(JSON.writeValueAsBytes(to));
        Patch patch = next.diff(written, now);
        assertThat(patch.toString()).contains("/table/initiative/hands/c-\\\"odd\\\"~1one~0/count");
        assertPatchTurns(written, now, patch);
    }

    @Test
    void anEventMessageIsTheBytesJacksonWritesForIt() {
        ViewWriter writer = new ViewWriter(JSON);
        EventView seen = new EventView(12, java.time.Instant.parse("2026-11-22T10:00:00.123Z"), "alda", "Alda \"the Bold\"",
                "rules", "actlite.spendAp", RollMode.PUBLIC, false, List.of(EventView.Line.of("Alda spends 1 AP.")),
                List.of("apSpent"), null);
        Patch patch = writer.diff(writer.write(view(ALDA, 9, 4, true)), writer.write(view(ALDA, 9, 2, true)));
        assertThat(patch.isEmpty()).isFalse();
        for (Patch ops : List.of(patch, Patch.NONE, Patch.replace("", "{\"a\":\"\\\"quoted\\\"\"}".getBytes()))) {
            assertThat(new String(writer.event(12, writer.part(seen), ops)))
                    .isEqualTo(new String(JSON.writeValueAsBytes(new TableMessage.Event(12, seen, JSON.readTree(ops.json())))));
        }
        assertThat(writer.part(seen)).as("written once for all who see it alike").isSameAs(writer.part(seen));
    }

    private static List<ViewPart> actions(ViewPart.Fields view) {
        return ((ViewPart.Items) ((ViewPart.Fields) view.get("table")).get("actions")).items();
    }

    private static List<ViewPart> combatants(ViewPart.Fields view) {
        return ((ViewPart.Items) ((ViewPart.Fields) view.get("table")).get("combatants")).items();
    }

    /** A value whose writing fails halfway through: its first component is written, its second throws. */
    record HalfWritten(int written, String failing) {
        @Override
        public String failing() {
            throw new IllegalStateException("cannot be written");
        }
    }

    @Test
    void aPartWhoseWritingFailsLeavesNothingBehindForThePartsWrittenAfterIt() {
        ViewWriter writer = new ViewWriter(JSON);
        ViewPart.Leaf first = writer.leaf(List.of(1, 2));
        assertThat(first.json()).isEqualTo(JSON.writeValueAsBytes(List.of(1, 2)));

        assertThatThrownBy(() -> writer.leaf(new HalfWritten(7, "x")).json()).hasMessageContaining("cannot be written");

        Map<String, Object> next = Map.of("a", 1);
        assertThat(new String(writer.leaf(next).json())).isEqualTo(JSON.writeValueAsString(next));
        assertThat(new String(first.json())).as("a leaf written before the failure").isEqualTo("[1,2]");
        assertThat(new String(new ViewWriter(JSON).leaf("t-1").json())).isEqualTo("\"t-1\"");
    }

    @Test
    void leavesWrittenOneAfterAnotherIntoTheWritersBufferKeepTheirBytesAsItGrowsAndAnUnchangedOneIsTheLeafBefore() {
        try (ViewWriter writer = new ViewWriter(JSON)) {
            List<ViewPart.Leaf> leaves = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                leaves.add(writer.leaf(Map.of("n", i, "text", "leaf " + i)));
            }
            for (int i = 0; i < leaves.size(); i++) {
                assertThat(new String(leaves.get(i).json())).isEqualTo(JSON.writeValueAsString(Map.of("n", i, "text", "leaf " + i)));
            }
            assertThat(writer.leaf(Map.of("n", 7, "text", "leaf 7"), leaves.get(7))).isSameAs(leaves.get(7));
            ViewPart.Leaf changed = writer.leaf(Map.of("n", 8, "text", "leaf 8!"), leaves.get(8));
            assertThat(new String(changed.json())).isEqualTo(JSON.writeValueAsString(Map.of("n", 8, "text", "leaf 8!")));
            assertThat(new String(leaves.get(4_999).json())).isEqualTo(JSON.writeValueAsString(Map.of("n", 4_999, "text", "leaf 4999")));
        }
    }

    /** Every leaf of a view, in the order they are written out. */
    private static List<ViewPart.Leaf> leaves(ViewPart part) {
        List<ViewPart.Leaf> leaves = new ArrayList<>();
        switch (part) {
            case ViewPart.Leaf leaf -> leaves.add(leaf);
            case ViewPart.Fields fields -> fields.values().forEach(value -> leaves.addAll(leaves(value)));
            case ViewPart.Items items -> items.items().forEach(item -> leaves.addAll(leaves(item)));
        }
        return leaves;
    }

    private static void assertPatchTurns(ViewPart from, ViewPart to, Patch patch) {
        assertThat(JsonPatch.apply(JSON.readTree(from.json()), JSON.readTree(patch.json()))).as("patch " + patch)
                .isEqualTo(JSON.readTree(to.json()));
    }
}
