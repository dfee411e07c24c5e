package io.astragal.rules.actlite;

import static io.astragal.rules.actlite.TestTable.ANN;
import static io.astragal.rules.actlite.TestTable.BOB;
import static io.astragal.rules.actlite.TestTable.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.DeckView;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Need;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.ViewMemory;
import io.astragal.rules.Viewer;
import io.astragal.rules.actlite.ActliteCommand.AddCharacter;
import io.astragal.rules.actlite.ActliteCommand.AddCondition;
import io.astragal.rules.actlite.ActliteCommand.Attack;
import io.astragal.rules.actlite.ActliteCommand.DealCard;
import io.astragal.rules.actlite.ActliteCommand.EndRound;
import io.astragal.rules.actlite.ActliteCommand.GrantTempAp;
import io.astragal.rules.actlite.ActliteCommand.Pass;
import io.astragal.rules.actlite.ActliteCommand.RemoveCharacter;
import io.astragal.rules.actlite.ActliteCommand.SpendAp;
import io.astragal.rules.actlite.ActliteCommand.StartInitiative;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ViewTest {

    private final TestTable table = TestTable.standard();

    private static ActionOption action(TableView view, String label) {
        return view.actions().stream().filter(a -> a.label().equals(label)).findFirst().orElseThrow(
                () -> new AssertionError("no action \"" + label + "\" in " + view.actions().stream().map(ActionOption::label).toList()));
    }

    private static CombatantView combatant(TableView view, String id) {
        return view.combatants().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private void startWithGoblin() {
        // Fisher-Yates on 9 cards, every swap with card 0, so the order is anything but the seating order.
        table.accept(GM, new StartInitiative(List.of("alda", "bram", "goblin")), 1, 1, 1, 1, 1, 1, 1, 1);
    }

    @Test
    @DisplayName("The deck's order never appears in any view, not even the GM's")
    void theDeckOrderIsInNoView() {
        startWithGoblin();
        table.accept(GM, new DealCard());

        List<String> undealt = table.initiative().deck().stream().map(DeckView.Card::id).toList();
        assertThat(undealt).hasSize(8);
        for (TableView view : List.of(table.view("gail", Role.GM), table.view("ann", Role.PLAYER),
                table.view("bob", Role.PLAYER), table.view("sam", Role.SPECTATOR))) {
            DeckView deck = (DeckView) view.initiative();
            assertThat(deck.deckCount()).isEqualTo(8);
            String everything = view.toString();
            undealt.forEach(id -> assertThat(everything).doesNotContain(id));
        }
    }

    @Test
    @DisplayName("The views of one state share each combatant's record, and its actions, among those who see it alike, and are the views built one by one")
    void viewsOfOneStateShareWhatViewersSeeAlike() {
        startWithGoblin();
        table.accept(GM, new DealCard());
        var views = table.referee.views(table.state);
        List<io.astragal.rules.Viewer> viewers = List.of(new io.astragal.rules.Viewer("gail", Role.GM),
                new io.astragal.rules.Viewer("ann", Role.PLAYER), new io.astragal.rules.Viewer("bob", Role.PLAYER));
        List<TableView> shared = viewers.stream().map(v -> (TableView) views.apply(v)).toList();
        for (int i = 0; i < viewers.size(); i++) {
            assertThat(shared.get(i)).isEqualTo(table.referee.view(table.state, viewers.get(i)));
        }
        TableView gail = shared.get(0);
        TableView ann = shared.get(1);
        TableView bob = shared.get(2);
        assertThat(combatant(ann, "goblin")).as("the goblin, seen from outside").isSameAs(combatant(bob, "goblin"));
        assertThat(combatant(ann, "alda")).as("Alda, seen by her owner and the GM").isSameAs(combatant(gail, "alda"));
        assertThat(combatant(bob, "alda")).isNotEqualTo(combatant(ann, "alda"));
        assertThat(combatant(gail, "goblin")).isNotEqualTo(combatant(ann, "goblin"));
        // Built for the GM first, Alda's actions are offered to Ann as they are: the same records,
        // and (above) equal to those built for Ann alone.
        List<ActionOption> aldaForGail = actionsFor(gail, "alda");
        List<ActionOption> aldaForAnn = actionsFor(ann, "alda");
        assertThat(aldaForAnn).isNotEmpty().hasSameSizeAs(aldaForGail);
        for (int i = 0; i < aldaForAnn.size(); i++) {
            assertThat(aldaForAnn.get(i)).isSameAs(aldaForGail.get(i));
        }
    }

    @Test
    @DisplayName("At a table's next fan-out a combatant no event changed is handed out as the same record, and a changed one is seen anew")
    void aCombatantNoEventChangedKeepsItsRecordFromTheFanOutBefore() {
        startWithGoblin();
        ViewMemory memory = new ViewMemory();
        Viewer gail = new Viewer("gail", Role.GM);
        Viewer ann = new Viewer("ann", Role.PLAYER);
        TableView gailBefore = (TableView) table.referee.views(table.state, memory).apply(gail);
        TableView annBefore = (TableView) table.referee.views(table.state, memory).apply(ann);

        table.accept(GM, new AddCondition("goblin", "poison", 2));
        var views = table.referee.views(table.state, memory);
        TableView gailAfter = (TableView) views.apply(gail);
        TableView annAfter = (TableView) views.apply(ann);

        assertThat(combatant(gailAfter, "alda")).isSameAs(combatant(gailBefore, "alda"));
        assertThat(combatant(annAfter, "bram")).as("Bram, as Ann sees him").isSameAs(combatant(annBefore, "bram"));
        assertThat(combatant(gailAfter, "goblin")).isNotSameAs(combatant(gailBefore, "goblin"));
        assertThat(combatant(gailAfter, "goblin").conditions()).extracting(CombatantView.Chip::name).contains("poison");
        assertThat(combatant(annAfter, "goblin").conditions()).extracting(CombatantView.Chip::name).contains("poison");
        assertThat(gailAfter).as("the same as the GM's view built alone").isEqualTo(table.referee.view(table.state, gail));
        assertThat(annAfter).isEqualTo(table.referee.view(table.state, ann));
    }

    @Test
    @DisplayName("A changed combatant keeps its stats record while its sheet and hexes are the same, and shows new ones when its owner writes a hex")
    void aChangedCombatantKeepsItsStatsUntilWhatTheyShowChanges() {
        table.character("wren", "Wren", "ann", false, TestTable.sheet("WIL", 1, "apCards", 6));
        table.accept(GM, new AddCharacter("wren"));
        ViewMemory memory = new ViewMemory();
        Viewer gail = new Viewer("gail", Role.GM);
        Viewer bob = new Viewer("bob", Role.PLAYER);
        var views = table.referee.views(table.state, memory);
        TableView gailBefore = (TableView) views.apply(gail);
        TableView bobBefore = (TableView) views.apply(bob);

        table.accept(GM, new AddCondition("wren", "poison", 2));
        views = table.referee.views(table.state, memory);
        TableView gailPoisoned = (TableView) views.apply(gail);
        TableView bobPoisoned = (TableView) views.apply(bob);
        assertThat(combatant(gailPoisoned, "wren")).isNotSameAs(combatant(gailBefore, "wren"));
        assertThat(combatant(gailPoisoned, "wren").stats()).isSameAs(combatant(gailBefore, "wren").stats());
        assertThat(combatant(bobPoisoned, "wren").stats()).as("Wren, as Bob sees her")
                .isSameAs(combatant(bobBefore, "wren").stats());
        assertThat(gailPoisoned).isEqualTo(table.referee.view(table.state, gail));

        table.accept(ANN, new ActliteCommand.WriteHex("wren", "Spark", List.of(), null));
        views = table.referee.views(table.state, memory);
        TableView gailHex = (TableView) views.apply(gail);
        TableView bobHex = (TableView) views.apply(bob);
        assertThat(combatant(gailHex, "wren").stats()).containsEntry("hexes", List.of("Spark")).containsEntry("hexesWritten", 1);
        assertThat(combatant(bobHex, "wren").stats()).as("hexes are not Bob's to see")
                .isSameAs(combatant(bobBefore, "wren").stats()).doesNotContainKey("hexes");
        assertThat(gailHex).isEqualTo(table.referee.view(table.state, gail));
        assertThat(bobHex).isEqualTo(table.referee.view(table.state, bob));
    }

    @Test
    @DisplayName("A character's offers keep their fixed arguments from one fan-out to the next, and follow another sheet the character is seated with")
    void offersKeepTheirArgumentsUntilTheSheetChanges() {
        ViewMemory memory = new ViewMemory();
        Viewer ann = new Viewer("ann", Role.PLAYER);
        table.accept(GM, new AddCharacter("alda"));
        TableView first = (TableView) table.referee.views(table.state, memory).apply(ann);
        table.accept(GM, new AddCondition("alda", "poison", 2));
        TableView second = (TableView) table.referee.views(table.state, memory).apply(ann);

        assertThat(action(second, "Attack with Club").args()).isSameAs(action(first, "Attack with Club").args());
        assertThat(action(second, "Roll a check").args()).isSameAs(action(first, "Roll a check").args());
        assertThat(second).as("the same as Ann's view built alone").isEqualTo(table.referee.view(table.state, ann));

        table.accept(GM, new RemoveCharacter("alda"));
        table.character("alda", "Alda", "ann", false, TestTable.sheet("AGI", 1, "movementSpeed", 6, "weapons",
                List.of(TestTable.club(), java.util.Map.of("name", "Knife", "speed", "1",
                        "attacks", List.of(java.util.Map.of("damage", "1d4", "type", "P"))))));
        table.accept(GM, new AddCharacter("alda"));
        table.accept(GM, new StartInitiative(List.of("alda")), TestTable.keepOrder(3));
        TableView third = (TableView) table.referee.views(table.state, memory).apply(ann);

        assertThat(third.actions()).extracting(ActionOption::label)
                .contains("Attack with Club (1 AP)", "Attack with Knife (1 AP)", "Move 6 spaces (1 AP)");
        assertThat(action(third, "Attack with Knife (1 AP)").args()).containsEntry("weapon", "Knife").containsEntry("attack", 0);
        assertThat(third).isEqualTo(table.referee.view(table.state, ann));
    }

    @Test
    @DisplayName("An argument asked for by several actions is the same need in each, so a view numbers its needs by identity")
    void anArgumentAskedForBySeveralActionsIsOneNeed() {
        startWithGoblin();
        TableView gail = table.view("gail", Role.GM);
        List<Need> targets = gail.actions().stream().flatMap(a -> a.needs().stream())
                .filter(n -> n.name().equals("target")).toList();
        assertThat(targets).hasSizeGreaterThan(3);
        assertThat(targets).allSatisfy(n -> assertThat(n).isSameAs(targets.getFirst()));
    }

    private static List<ActionOption> actionsFor(TableView view, String characterId) {
        return view.actions().stream().filter(a -> characterId.equals(a.args().get("characterId"))).toList();
    }

    @Test
    @DisplayName("Players see an NPC's health as a band and none of its numbers; the GM sees them")
    void npcNumbersAreHiddenFromPlayers() {
        table.accept(GM, new AddCharacter("goblin"));
        table.accept(GM, new ActliteCommand.ApplyDamage("goblin", 1, false));
        table.accept(GM, new AddCondition("goblin", "poison", 2));

        CombatantView seenByAnn = combatant(table.view("ann", Role.PLAYER), "goblin");
        assertThat(seenByAnn.stats()).isEmpty();
        assertThat(seenByAnn.tracks()).allSatisfy(track -> {
            assertThat(track.value()).isNull();
            assertThat(track.max()).isNull();
            assertThat(track.display()).isEqualTo("hurt");
            assertThat(track.band()).isEqualTo("hurt");
        });
        assertThat(seenByAnn.conditions()).containsExactly(new CombatantView.Chip("poison", 2));

        CombatantView seenByGm = combatant(table.view("gail", Role.GM), "goblin");
        assertThat(seenByGm.tracks()).extracting(CombatantView.Track::value).containsExactly(2, 3);
        assertThat(seenByGm.stats()).containsEntry("AGI", 1).containsEntry("passiveAGI", 7);
    }

    @Test
    @DisplayName("\"Character health is tracked as (X)Y\": both tracks show it, and characters at the table appear outside initiative")
    void charactersAtTheTableShowTheirHealthOutsideInitiative() {
        table.accept(GM, new AddCharacter("alda"));
        table.accept(GM, new ActliteCommand.ApplyDamage("alda", 12, false));

        TableView view = table.view("bob", Role.PLAYER);

        assertThat(view.model()).isEqualTo(InitiativeModel.CARD_DECK);
        assertThat(view.initiative()).isNull();
        CombatantView alda = combatant(view, "alda");
        assertThat(alda.mine()).isFalse();
        assertThat(alda.tracks()).containsExactly(new CombatantView.Track("crit", "Crit", 0, 3, "(0)0", "down"),
                new CombatantView.Track("health", "Health", 0, 9, "(0)0", "down"));
        assertThat(alda.conditions()).containsExactly(new CombatantView.Chip("dying", null),
                new CombatantView.Chip("unconscious", null));
        assertThat(alda.stats()).containsEntry("AGI", 1).containsEntry("passiveAGI", 7).doesNotContainKey("hexes");
    }

    @Test
    @DisplayName("Hands list the cards only for the viewer's own characters and for GMs")
    void handsShowCardsOnlyToTheirOwnersAndTheGm() {
        table.inInitiative();
        table.accept(GM, new DealCard());

        DeckView.Hand seenByAnn = ((DeckView) table.view("ann", Role.PLAYER).initiative()).hands().get("alda");
        DeckView.Hand seenByBob = ((DeckView) table.view("bob", Role.PLAYER).initiative()).hands().get("alda");
        DeckView.Hand seenByGm = ((DeckView) table.view("gail", Role.GM).initiative()).hands().get("alda");

        assertThat(seenByAnn.cards()).extracting(DeckView.Card::id).containsExactly("alda/ap1");
        assertThat(seenByBob.count()).isEqualTo(1);
        assertThat(seenByBob.cards()).isNull();
        assertThat(seenByGm.cards()).hasSize(1);
        assertThat(((DeckView) table.view("bob", Role.PLAYER).initiative()).lastDealt().id()).isEqualTo("alda/ap1");
    }

    @Test
    @DisplayName("\"Attack with Club (2 AP)\": the option carries this round's cost and is enabled only when the hand holds enough")
    void attackOptionsCarryThisRoundsCost() {
        table.inInitiative();
        TableView beforeTurn = table.view("ann", Role.PLAYER);
        assertThat(action(beforeTurn, "Attack with Club (1 AP)").enabled()).isFalse();
        assertThat(action(beforeTurn, "Attack with Club (1 AP)").reason())
                .isEqualTo("Not Alda's turn: act when dealt a card, or interrupt.");

        table.accept(GM, new DealCard());
        ActionOption first = action(table.view("ann", Role.PLAYER), "Attack with Club (1 AP)");
        assertThat(first.enabled()).isTrue();
        assertThat(first.cost()).isEqualTo(1);
        assertThat(first.args()).containsEntry("characterId", "alda").containsEntry("weapon", "Club")
                .containsEntry("attack", 0).containsEntry("hands", 1);
        assertThat(first.needs()).extracting(Need::name).containsExactly("target", "advantage", "disadvantage");

        table.accept(ANN, new Attack("alda", "Club", 0, "bram", 1, 0, 0, List.of()), 1, 1);
        ActionOption second = action(table.view("ann", Role.PLAYER), "Attack with Club (2 AP)");
        assertThat(second.enabled()).isFalse();
        assertThat(second.reason()).isEqualTo("Needs 2 AP, Alda holds 0.");
    }

    @Test
    void aPlayerGetsOptionsOnlyForTheirOwnCharactersAndNoGmControls() {
        table.inInitiative();
        table.accept(GM, new DealCard());

        TableView view = table.view("bob", Role.PLAYER);

        assertThat(view.actions()).allSatisfy(a -> {
            assertThat(a.args()).containsEntry("characterId", "bram");
            assertThat(a.gmOnly()).isFalse();
        });
        assertThat(action(view, "Interrupt (1 AP)").reason())
                .isEqualTo("Interrupting costs 1 AP from the hand, and Bram holds no cards.");
        assertThat(action(view, "Move 4 spaces (1 AP)").enabled()).isFalse();
        assertThat(table.view("sam", Role.SPECTATOR).actions()).isEmpty();
    }

    @Test
    @DisplayName("The GM picks who takes part when starting initiative; the option is open until initiative runs")
    void startInitiativeAsksWhichCharactersTakePart() {
        ActionOption start = action(table.view("gail", Role.GM), "Start initiative");
        assertThat(start.enabled()).as("nobody seated yet: the GM names them in the form").isTrue();
        assertThat(start.needs()).containsExactly(Need.of("characterIds", "Characters",
                Need.Kind.CHARACTERS));

        table.accept(GM, new AddCharacter("alda"));
        assertThat(action(table.view("gail", Role.GM), "Start initiative").args())
                .as("the seated characters come pre-selected").containsEntry("characterIds", List.of("alda"));

        table.accept(GM, new StartInitiative(List.of("alda")), 3, 2);
        ActionOption running = action(table.view("gail", Role.GM), "Start initiative");
        assertThat(running.enabled()).isFalse();
        assertThat(running.reason()).isEqualTo("Initiative is already running; end it first.");
    }

    @Test
    @DisplayName("The GM's deal option is disabled, with the reason, before initiative and once the deck is empty")
    void theDealOptionSaysWhyItIsDisabled() {
        table.accept(GM, new AddCharacter("alda"));
        assertThat(action(table.view("gail", Role.GM), "Deal next card").reason()).isEqualTo("Initiative has not started.");
        assertThat(action(table.view("gail", Role.GM), "Start initiative").enabled()).isTrue();

        table.accept(GM, new StartInitiative(List.of("alda")), 3, 2);
        ActionOption deal = action(table.view("gail", Role.GM), "Deal next card");
        assertThat(deal.enabled()).isTrue();
        assertThat(deal.gmOnly()).isTrue();
        assertThat(deal.command()).isEqualTo("actlite.dealCard");
        assertThat(action(table.view("gail", Role.GM), "End round").reason()).isEqualTo("3 cards are still in the deck.");

        for (int i = 0; i < 3; i++) {
            table.accept(GM, new DealCard());
        }
        assertThat(action(table.view("gail", Role.GM), "Deal next card").reason())
                .isEqualTo("The deck is empty: end the round once everyone still holding AP has acted or passed.");
        assertThat(action(table.view("gail", Role.GM), "End round").reason()).isEqualTo("Waiting for Alda to act or pass.");
        assertThat(action(table.view("gail", Role.GM), "End round without waiting").enabled()).isTrue();
        assertThat(action(table.view("gail", Role.GM), "Apply damage").needs()).extracting(Need::name).containsExactly("target", "amount");
    }

    @Test
    @DisplayName("\"'Temp AP' must be spent immediately when it is received or it is lost\": the GM's offer to end the round counts unspent temp AP as lost, as ending it would")
    void theEndOfRoundOfferCountsTempApAsLost() {
        table.inInitiative();
        while (!table.initiative().deck().isEmpty()) {
            table.accept(GM, new DealCard());
        }
        table.accept(ANN, new Pass("alda"));
        table.accept(BOB, new SpendAp("bram", "dig in", "3", List.of()));
        table.accept(GM, new GrantTempAp("bram", 1));
        // Bram holds temp AP and has not passed, so the round would wait for him; but ending it loses the temp AP first.
        assertThat(table.initiative().awaiting()).containsExactly("bram");

        ActionOption endRound = action(table.view("gail", Role.GM), "End round");
        assertThat(endRound.enabled()).as(endRound.reason()).isTrue();
        assertThat(action(table.view("gail", Role.GM), "Deal next card").reason())
                .isEqualTo("The deck is empty: end the round once everyone still holding AP has acted or passed.");
        table.accept(GM, new EndRound(false), TestTable.keepOrder(6));
        assertThat(table.initiative().round()).isEqualTo(2);
    }
}
