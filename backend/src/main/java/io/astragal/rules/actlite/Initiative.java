package io.astragal.rules.actlite;

import io.astragal.rules.DeckView.Card;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The card deck while initiative runs. The deck's order is here (top first) and never leaves the
 * server: views show only its size.
 *
 * @param round          from 1
 * @param participants   combatant ids in the order they were named
 * @param deck           top card first
 * @param hands          per participant, the cards dealt and not yet spent, oldest first
 * @param discard        spent and resolved cards, newest last; they make the next round's deck
 * @param lost           set aside until regained or initiative ends
 * @param lastDealt      the card drawn most recently, or null at the start of a round
 * @param acting         who may act now without interrupting: the owner of the card just dealt,
 *                       anyone who interrupted since, and whoever was just granted temp AP
 * @param passed         participants who passed once the deck was empty
 * @param spentThisRound participants who spent at least one AP this round
 * @param uses           per participant, per action key, how often it was done this round
 * @param tempSerial     temp cards granted so far, for ids
 */
record Initiative(int round, List<String> participants, List<Card> deck, Map<String, List<Card>> hands,
                  List<Card> discard, List<Card> lost, Card lastDealt, List<String> acting, List<String> passed,
                  List<String> spentThisRound, Map<String, Map<String, Integer>> uses, int tempSerial) {

    static final String AP = "ap";
    static final String TEMP = "temp";
    static final String SPECIAL = "special";

    Initiative {
        participants = List.copyOf(participants);
        deck = List.copyOf(deck);
        Map<String, List<Card>> handsCopy = new HashMap<>();
        hands.forEach((id, cards) -> handsCopy.put(id, List.copyOf(cards)));
        hands = Map.copyOf(handsCopy);
        discard = List.copyOf(discard);
        lost = List.copyOf(lost);
        acting = List.copyOf(acting);
        passed = List.copyOf(passed);
        spentThisRound = List.copyOf(spentThisRound);
        Map<String, Map<String, Integer>> usesCopy = new HashMap<>();
        uses.forEach((id, byAction) -> usesCopy.put(id, Map.copyOf(byAction)));
        uses = Map.copyOf(usesCopy);
    }

    /** Round 1 with every participant's hand empty. */
    static Initiative start(List<String> participants, List<Card> deck) {
        Map<String, List<Card>> hands = new LinkedHashMap<>();
        participants.forEach(id -> hands.put(id, List.of()));
        return new Initiative(1, participants, deck, hands, List.of(), List.of(), null, List.of(), List.of(),
                List.of(), Map.of(), 0);
    }

    List<Card> hand(String id) {
        return hands.getOrDefault(id, List.of());
    }

    boolean takesPart(String id) {
        return participants.contains(id);
    }

    int usesOf(String id, String actionKey) {
        return uses.getOrDefault(id, Map.of()).getOrDefault(actionKey, 0);
    }

    /**
     * "The round ends when the table deck is empty and everyone who still has AP has had a chance to
     * interrupt to act with their remaining AP": once the deck is empty, those still holding cards
     * who have not passed.
     */
    List<String> awaiting() {
        if (!deck.isEmpty()) {
            return List.of();
        }
        return participants.stream().filter(id -> !hand(id).isEmpty() && !passed.contains(id)).toList();
    }

    /** The cards in {@code pile} that belong to {@code owner}, in pile order. */
    List<Card> cardsOf(String owner, List<Card> pile) {
        return pile.stream().filter(c -> c.owner().equals(owner)).toList();
    }

    Draft draft() {
        return new Draft(this);
    }

    /** A mutable copy for {@link Fold}: change what an event changes, then {@link #build()}. */
    static final class Draft {
        int round;
        final List<String> participants;
        final List<Card> deck;
        final Map<String, List<Card>> hands = new HashMap<>();
        final List<Card> discard;
        final List<Card> lost;
        Card lastDealt;
        final List<String> acting;
        final List<String> passed;
        final List<String> spentThisRound;
        final Map<String, Map<String, Integer>> uses = new HashMap<>();
        int tempSerial;

        private Draft(Initiative from) {
            round = from.round;
            participants = new ArrayList<>(from.participants);
            deck = new ArrayList<>(from.deck);
            from.hands.forEach((id, cards) -> hands.put(id, new ArrayList<>(cards)));
            discard = new ArrayList<>(from.discard);
            lost = new ArrayList<>(from.lost);
            lastDealt = from.lastDealt;
            acting = new ArrayList<>(from.acting);
            passed = new ArrayList<>(from.passed);
            spentThisRound = new ArrayList<>(from.spentThisRound);
            from.uses.forEach((id, byAction) -> uses.put(id, new HashMap<>(byAction)));
            tempSerial = from.tempSerial;
        }

        List<Card> hand(String id) {
            return hands.computeIfAbsent(id, k -> new ArrayList<>());
        }

        void actingToo(String id) {
            if (!acting.contains(id)) {
                acting.add(id);
            }
        }

        void spentBy(String id) {
            if (!spentThisRound.contains(id)) {
                spentThisRound.add(id);
            }
        }

        /** Spent cards go to the discard; temp AP is gone once spent. */
        void spend(String id, List<Card> cards) {
            hand(id).removeAll(cards);
            cards.stream().filter(c -> !c.kind().equals(TEMP)).forEach(discard::add);
            spentBy(id);
        }

        void used(String id, String actionKey) {
            uses.computeIfAbsent(id, k -> new HashMap<>()).merge(actionKey, 1, Integer::sum);
        }

        Initiative build() {
            return new Initiative(round, participants, deck, hands, discard, lost, lastDealt, acting, passed,
                    spentThisRound, uses, tempSerial);
        }
    }
}
