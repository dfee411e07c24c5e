package io.astragal.rules;

import java.util.List;
import java.util.Map;

/**
 * The card-deck initiative as one viewer sees it. The deck's order is never here.
 *
 * @param round     the round number, from 1
 * @param deckCount cards left in the deck
 * @param lastDealt the card dealt most recently (for the deal animation), or null
 * @param hands     per combatant id: its hand; the cards are listed only for the viewer's own characters (and for GMs), others show only the count
 * @param discard   spent cards, newest last
 * @param lost      lost cards, set aside until regained
 * @param awaiting  combatant ids that still hold AP once the deck is empty (the round waits for them to act or pass)
 */
public record DeckView(int round, int deckCount, Card lastDealt, Map<String, Hand> hands, List<Card> discard,
                       List<Card> lost, List<String> awaiting) {

    public DeckView {
        hands = OrderedMap.copyOf(hands); // keeps the seating order
        discard = List.copyOf(discard);
        lost = List.copyOf(lost);
        awaiting = List.copyOf(awaiting);
    }

    /**
     * One card. {@code kind} is {@code ap}, {@code temp} or {@code special}.
     *
     * @param id    unique within the encounter
     * @param owner combatant id the card belongs to
     */
    public record Card(String id, String owner, String kind, String label) {
    }

    /** A hand: {@code cards} is null when the viewer may only know the count. */
    public record Hand(int count, List<Card> cards) {
    }
}
