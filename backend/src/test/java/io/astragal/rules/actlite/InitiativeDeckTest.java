package io.astragal.rules.actlite;

import static io.astragal.rules.actlite.TestTable.ANN;
import static io.astragal.rules.actlite.TestTable.BOB;
import static io.astragal.rules.actlite.TestTable.GM;
import static io.astragal.rules.actlite.TestTable.SPECTATOR;
import static io.astragal.rules.actlite.TestTable.keepOrder;
import static io.astragal.rules.actlite.TestTable.sheet;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.DeckView.Card;
import io.astragal.rules.GameEvent;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.actlite.ActliteCommand.DealCard;
import io.astragal.rules.actlite.ActliteCommand.EndInitiative;
import io.astragal.rules.actlite.ActliteCommand.EndRound;
import io.astragal.rules.actlite.ActliteCommand.GrantTempAp;
import io.astragal.rules.actlite.ActliteCommand.Interrupt;
import io.astragal.rules.actlite.ActliteCommand.LoseAp;
import io.astragal.rules.actlite.ActliteCommand.Pass;
import io.astragal.rules.actlite.ActliteCommand.RegainAp;
import io.astragal.rules.actlite.ActliteCommand.SpendAp;
import io.astragal.rules.actlite.ActliteCommand.StartInitiative;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class InitiativeDeckTest {

    private final TestTable table = TestTable.standard();

    private static SpendAp spend(String id, String action, String costs, String... cards) {
        return new SpendAp(id, action, costs, List.of(cards));
    }

    private void dealAll() {
        while (!table.initiative().deck().isEmpty()) {
            table.accept(GM, new DealCard());
        }
    }

    private static List<String> ids(List<Card> cards) {
        return cards.stream().map(Card::id).toList();
    }

    @Test
    @DisplayName("\"When initiative starts all characters pass their cards to the DM ... The DM shuffles these cards together to create the deck.\"")
    void startingInitiativeShufflesEveryonesCardsIntoOneDeck() {
        // Fisher-Yates on [ap1, ap2, ap3]: d3 shows 1 (swap 2 with 0), then d2 shows 1 (swap 1 with 0).
        List<GameEvent> events = table.accept(GM, new StartInitiative(List.of("bram")), 1, 1);

        ActliteEvent.InitiativeStarted started = table.only(events, ActliteEvent.InitiativeStarted.class);
        assertThat(ids(started.deck())).containsExactly("bram/ap2", "bram/ap3", "bram/ap1");
        assertThat(table.initiative().round()).isEqualTo(1);
        assertThat(ids(table.initiative().deck())).containsExactly("bram/ap2", "bram/ap3", "bram/ap1");
    }

    @Test
    @DisplayName("\"Every character has 3 AP cards\": two characters bring six; characters not yet at the table are placed first")
    void everyCombatantBringsItsApCards() {
        List<GameEvent> events = table.accept(GM, new StartInitiative(List.of("alda", "bram")), keepOrder(6));

        assertThat(events).hasSize(3);
        assertThat(events.get(0)).isInstanceOf(ActliteEvent.CharacterAdded.class);
        assertThat(events.get(1)).isInstanceOf(ActliteEvent.CharacterAdded.class);
        assertThat(ids(table.initiative().deck())).containsExactly("alda/ap1", "alda/ap2", "alda/ap3", "bram/ap1",
                "bram/ap2", "bram/ap3");
        assertThat(table.combatant("alda").current()).isEqualTo(new Combatant.Health(3, 9));
    }

    @Test
    @DisplayName("\"The DM pulls a card from the top of the deck and either deals the card to the character/player that it belongs to or follows the rules on the card.\"")
    void specialCardsAreShuffledInAndResolvedWhenDrawn() {
        table.character("cass", "Cass", "ann", false, sheet("apCards", 1, "specialCards", List.of("Ambush: act first")));
        table.accept(GM, new StartInitiative(List.of("cass")), keepOrder(2));

        table.accept(GM, new DealCard());
        List<GameEvent> events = table.accept(GM, new DealCard());

        ActliteEvent.SpecialCardResolved special = table.only(events, ActliteEvent.SpecialCardResolved.class);
        assertThat(special.describe()).isEqualTo("The GM draws Cass's special card and follows it: Ambush: act first.");
        assertThat(table.handIds("cass")).containsExactly("cass/ap1");
        assertThat(ids(table.initiative().discard())).containsExactly("cass/special1");
    }

    @Test
    @DisplayName("\"When a character is dealt a card they can choose to act using whatever cards they currently have in their hand.\"")
    void theCharacterDealtACardActsWithTheCardsInHand() {
        table.inInitiative();
        table.accept(GM, new DealCard());
        table.accept(GM, new DealCard());

        List<GameEvent> events = table.accept(ANN, spend("alda", "move", "1"));

        ActliteEvent.ApSpent spent = table.only(events, ActliteEvent.ApSpent.class);
        assertThat(spent.describe()).isEqualTo("Alda spends 1 AP to move (up to 4 spaces).");
        assertThat(table.handIds("alda")).containsExactly("alda/ap2");
        assertThat(ids(table.initiative().discard())).containsExactly("alda/ap1");
    }

    @Test
    @DisplayName("\"They can also just hold on to the card\": the next deal passes the turn to the card's owner")
    void holdingACardAndTheNextDealMovesTheTurn() {
        table.inInitiative();
        table.accept(GM, new DealCard());
        table.accept(GM, new DealCard());
        table.accept(GM, new DealCard());
        table.accept(GM, new DealCard());

        assertThat(table.initiative().acting()).containsExactly("bram");
        RejectionCode code = table.reject(ANN, spend("alda", "move", "1")).code();
        assertThat(code).isEqualTo(RejectionCode.OUT_OF_TURN);
    }

    @Test
    @DisplayName("\"Any character can interrupt in order to act at any time, doing this costs 1 AP.\"")
    void interruptingSpendsOneApAndLetsTheCharacterAct() {
        table.inInitiative();
        table.accept(GM, new DealCard());
        table.accept(GM, new DealCard());
        table.accept(GM, new DealCard());
        table.accept(GM, new DealCard());

        table.accept(ANN, new Interrupt("alda", "alda/ap3"));
        table.accept(ANN, spend("alda", "move", "1"));

        assertThat(table.handIds("alda")).containsExactly("alda/ap2");
        assertThat(ids(table.initiative().discard())).containsExactly("alda/ap3", "alda/ap1");
        assertThat(table.initiative().acting()).containsExactly("bram", "alda");
    }

    @Test
    @DisplayName("\"Interrupt: Spend 1 AP, act immediately\": with no card in hand there is nothing to spend")
    void interruptingWithAnEmptyHandIsRefused() {
        table.inInitiative();
        table.accept(GM, new DealCard());

        assertThat(table.reject(BOB, new Interrupt("bram", null)).code()).isEqualTo(RejectionCode.NOT_ENOUGH_AP);
    }

    @Test
    void spendingACardYouDoNotHoldIsRefused() {
        table.inInitiative();
        table.accept(GM, new DealCard());

        assertThat(table.reject(ANN, spend("alda", "move", "1", "alda/ap2")).code()).isEqualTo(RejectionCode.INVALID_STATE);
        assertThat(table.reject(ANN, spend("alda", "move", "1", "bram/ap1")).code()).isEqualTo(RejectionCode.INVALID_STATE);
    }

    @Test
    void spendingMoreApThanTheHandHoldsIsRefused() {
        table.inInitiative();
        table.accept(GM, new DealCard());

        var rejected = table.reject(ANN, spend("alda", "charge", "2"));
        assertThat(rejected.code()).isEqualTo(RejectionCode.NOT_ENOUGH_AP);
        assertThat(rejected.message()).isEqualTo("Needs 2 AP, Alda holds 1.");
    }

    @Test
    void actingForSomeoneElsesCharacterIsRefused() {
        table.inInitiative();
        table.accept(GM, new DealCard());

        assertThat(table.reject(BOB, spend("alda", "move", "1")).code()).isEqualTo(RejectionCode.NOT_YOUR_CHARACTER);
        assertThat(table.reject(BOB, new Pass("alda")).code()).isEqualTo(RejectionCode.NOT_YOUR_CHARACTER);
    }

    @Test
    void playersAndSpectatorsCannotRunTheDeck() {
        table.inInitiative();

        assertThat(table.reject(ANN, new DealCard()).code()).isEqualTo(RejectionCode.NOT_ALLOWED);
        assertThat(table.reject(ANN, new EndRound(false)).code()).isEqualTo(RejectionCode.NOT_ALLOWED);
        assertThat(table.reject(ANN, new LoseAp("bram", 1)).code()).isEqualTo(RejectionCode.NOT_ALLOWED);
        assertThat(table.reject(ANN, new GrantTempAp("alda", 1)).code()).isEqualTo(RejectionCode.NOT_ALLOWED);
        assertThat(table.reject(SPECTATOR, new DealCard()).code()).isEqualTo(RejectionCode.NOT_ALLOWED);
    }

    @Test
    void outOfRangeArgumentsAreRefused() {
        table.inInitiative();

        assertThat(table.reject(GM, new LoseAp("alda", 0)).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(GM, new GrantTempAp("alda", 11)).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(GM, spend("alda", "move", "1->0")).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(GM, spend("alda", " ", "1")).code()).isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.reject(GM, new StartInitiative(List.of("alda"))).code()).isEqualTo(RejectionCode.INVALID_STATE);
    }

    @Test
    void dealingFromAnEmptyDeckOrWithoutInitiativeIsRefused() {
        assertThat(table.reject(GM, new DealCard()).code()).isEqualTo(RejectionCode.OUT_OF_TURN);
        table.inInitiative();
        dealAll();

        assertThat(table.reject(GM, new DealCard()).code()).isEqualTo(RejectionCode.INVALID_STATE);
    }

    @Test
    void apIsSpentOnlyDuringInitiative() {
        table.accept(GM, new ActliteCommand.AddCharacter("alda"));

        assertThat(table.reject(ANN, spend("alda", "move", "1")).code()).isEqualTo(RejectionCode.OUT_OF_TURN);
    }

    @Test
    @DisplayName("\"The first time you perform the action in a round it costs the first amount, the second time you do it, it costs the second\"")
    void multipleCostsChargeTheNthCostAndResetEachRound() {
        table.character("dag", "Dag", "ann", false, sheet("apCards", 5));
        table.accept(GM, new StartInitiative(List.of("dag")), keepOrder(5));
        dealAll();

        table.accept(ANN, spend("dag", "shove", "1->2"));
        List<GameEvent> second = table.accept(ANN, spend("dag", "shove", "1->2"));
        table.accept(ANN, spend("dag", "shove", "1->2"));

        assertThat(table.only(second, ActliteEvent.ApSpent.class).cards()).hasSize(2);
        assertThat(table.handIds("dag")).isEmpty();
        table.accept(GM, new EndRound(false), keepOrder(5));
        dealAll();
        List<GameEvent> nextRound = table.accept(ANN, spend("dag", "shove", "1->2"));
        assertThat(table.only(nextRound, ActliteEvent.ApSpent.class).cards()).hasSize(1);
    }

    @Test
    @DisplayName("\"The round ends when the table deck is empty and everyone who still has AP has had a chance to interrupt to act with their remaining AP.\"")
    void theRoundWaitsForEveryoneStillHoldingAp() {
        table.inInitiative();
        dealAll();

        assertThat(table.initiative().awaiting()).containsExactly("alda", "bram");
        assertThat(table.reject(GM, new EndRound(false)).message()).isEqualTo("Waiting for Alda, Bram to act or pass.");
        table.accept(ANN, new Pass("alda"));
        table.accept(BOB, spend("bram", "dig in", "3"));

        assertThat(table.initiative().awaiting()).isEmpty();
        table.accept(GM, new EndRound(false), keepOrder(6));
        assertThat(table.initiative().round()).isEqualTo(2);
    }

    @Test
    @DisplayName("The GM may end the round without waiting for those still holding AP")
    void theGmMayForceTheEndOfTheRound() {
        table.inInitiative();
        dealAll();

        table.accept(GM, new EndRound(true), keepOrder(6));

        assertThat(table.initiative().round()).isEqualTo(2);
        assertThat(table.initiative().deck()).hasSize(6);
    }

    @Test
    void theRoundCannotEndWhileCardsRemainInTheDeck() {
        table.inInitiative();
        table.accept(GM, new DealCard());

        var rejected = table.reject(GM, new EndRound(true));
        assertThat(rejected.code()).isEqualTo(RejectionCode.OUT_OF_TURN);
        assertThat(rejected.message()).isEqualTo("5 cards are still in the deck.");
    }

    @Test
    @DisplayName("\"At the end of a round, cards that have been discarded are shuffled together to create the deck for the next round.\"")
    void theDiscardBecomesTheNextDeck() {
        table.inInitiative();
        dealAll();
        table.accept(BOB, spend("bram", "dig in", "3"));
        table.accept(ANN, new Interrupt("alda", null));
        table.accept(ANN, spend("alda", "move", "2"));

        // Discard: bram 1-3, alda 1 (interrupt), alda 2-3. Shuffle: d6 shows 1 (swap 5 with 0), the rest keep.
        List<GameEvent> events = table.accept(GM, new EndRound(false), 1, 5, 4, 3, 2);

        ActliteEvent.RoundAdvanced advanced = table.only(events, ActliteEvent.RoundAdvanced.class);
        assertThat(ids(advanced.deck())).containsExactly("alda/ap3", "bram/ap2", "bram/ap3", "alda/ap1", "alda/ap2",
                "bram/ap1");
        assertThat(table.initiative().discard()).isEmpty();
        assertThat(table.initiative().deck()).isEqualTo(advanced.deck());
    }

    @Test
    @DisplayName("\"Cards that have been lost are not, they are set aside until they are regained, or initiative ends.\"")
    void lostCardsStayOutOfTheNextDeckUntilInitiativeEnds() {
        table.inInitiative();
        table.accept(GM, new DealCard());
        table.accept(GM, new LoseAp("alda", 1));
        table.accept(GM, new DealCard());
        table.accept(ANN, spend("alda", "move", "1"));
        dealAll();
        table.accept(ANN, new Pass("alda"));
        table.accept(BOB, new Pass("bram"));

        table.accept(GM, new EndRound(false), keepOrder(5));

        assertThat(ids(table.initiative().lost())).containsExactly("alda/ap1");
        assertThat(ids(table.initiative().deck())).doesNotContain("alda/ap1").hasSize(5);
        List<GameEvent> ended = table.accept(GM, new EndInitiative());
        assertThat(ended.getFirst().describe()).isEqualTo("Initiative ends after round 2; lost AP returns.");
        assertThat(table.state.initiative()).isNull();
        table.accept(GM, new StartInitiative(List.of("alda", "bram")), keepOrder(6));
        assertThat(table.initiative().deck()).hasSize(6);
    }

    @Test
    @DisplayName("Losing AP takes a card from the hand first, then from the deck")
    void losingApTakesFromTheHandThenTheDeck() {
        table.inInitiative();
        table.accept(GM, new DealCard());

        List<GameEvent> events = table.accept(GM, new LoseAp("alda", 2));

        assertThat(ids(table.only(events, ActliteEvent.ApLost.class).cards())).containsExactly("alda/ap1", "alda/ap2");
        assertThat(table.handIds("alda")).isEmpty();
        assertThat(ids(table.initiative().deck())).containsExactly("alda/ap3", "bram/ap1", "bram/ap2", "bram/ap3");
    }

    @Test
    @DisplayName("\"If you spend no AP for an entire round, regain 1 AP.\"")
    void spendingNoApForARoundRegainsALostCard() {
        table.inInitiative();
        table.accept(GM, new LoseAp("alda", 2));
        dealAll();
        table.accept(ANN, new Pass("alda"));
        table.accept(BOB, spend("bram", "move", "1"));
        table.accept(BOB, new Pass("bram"));

        List<GameEvent> events = table.accept(GM, new EndRound(false), keepOrder(5));

        ActliteEvent.RoundAdvanced advanced = table.only(events, ActliteEvent.RoundAdvanced.class);
        assertThat(ids(advanced.regained())).containsExactly("alda/ap1");
        assertThat(advanced.describe()).contains("Spent no AP last round and regains 1 AP: Alda.");
        assertThat(ids(table.initiative().lost())).containsExactly("alda/ap2");
        assertThat(ids(table.initiative().deck())).contains("alda/ap1", "alda/ap3");
    }

    @Test
    @DisplayName("\"'Losing' AP: Lost AP ... must be 'regained' either mechanically\": the GM gives it back, to the hand or the next deck")
    void theGmCanGiveLostApBack() {
        table.inInitiative();
        table.accept(GM, new LoseAp("alda", 2));

        table.accept(GM, new RegainAp("alda", 1, true));
        table.accept(GM, new RegainAp("alda", 1, false));

        assertThat(table.handIds("alda")).containsExactly("alda/ap1");
        assertThat(ids(table.initiative().discard())).containsExactly("alda/ap2");
        assertThat(table.reject(GM, new RegainAp("alda", 1, false)).code()).isEqualTo(RejectionCode.INVALID_STATE);
    }

    @Test
    @DisplayName("\"'Temp AP' must be spent immediately when it is received\": the holder may act with it at once, and it is gone once spent")
    void tempApIsSpentFirstAndDoesNotReachTheDiscard() {
        table.inInitiative();
        table.accept(GM, new DealCard());
        table.accept(GM, new GrantTempAp("bram", 1));

        table.accept(BOB, spend("bram", "move", "1"));

        assertThat(table.handIds("bram")).isEmpty();
        assertThat(table.initiative().discard()).isEmpty();
        assertThat(table.initiative().spentThisRound()).containsExactly("bram");
    }

    @Test
    @DisplayName("\"'Temp AP' must be spent immediately when it is received or it is lost\": the next command that is not its holder spending loses it")
    void unspentTempApIsLostByTheNextCommand() {
        table.inInitiative();
        table.accept(GM, new GrantTempAp("bram", 2));

        List<GameEvent> events = table.accept(GM, new DealCard());

        assertThat(events.getFirst()).isInstanceOf(ActliteEvent.TempApExpired.class);
        assertThat(events.getFirst().describe()).isEqualTo("Bram's 2 unspent temp AP is lost.");
        assertThat(events.get(1)).isInstanceOf(ActliteEvent.CardDealt.class);
        assertThat(table.handIds("bram")).isEmpty();
    }

    @Test
    @DisplayName("A refused command loses no temp AP: nothing changes")
    void aRefusedCommandKeepsTempAp() {
        table.inInitiative();
        table.accept(GM, new GrantTempAp("bram", 1));

        table.reject(ANN, new DealCard());

        assertThat(table.handIds("bram")).containsExactly("bram/temp1");
    }

    @Test
    void passingBeforeTheDeckIsEmptyEndsTheCharactersActing() {
        table.inInitiative();
        table.accept(GM, new DealCard());

        table.accept(ANN, new Pass("alda"));

        assertThat(table.initiative().acting()).isEmpty();
        assertThat(table.initiative().passed()).isEmpty();
        assertThat(table.reject(BOB, new Pass("bram")).code()).isEqualTo(RejectionCode.INVALID_STATE);
    }

    @Test
    @DisplayName("\"When crit health reaches 0, the character falls unconscious\": an unconscious character spends no AP")
    void anUnconsciousCharacterCannotAct() {
        table.inInitiative();
        table.accept(GM, new DealCard());
        table.accept(GM, new ActliteCommand.ApplyDamage("alda", 3, true));

        assertThat(table.reject(ANN, spend("alda", "move", "1")).message()).isEqualTo("Alda is unconscious and cannot act.");
    }
}
