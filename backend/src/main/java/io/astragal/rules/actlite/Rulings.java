package io.astragal.rules.actlite;

import io.astragal.dice.DiceSource;
import io.astragal.rules.Actor;
import io.astragal.rules.DeckView.Card;
import io.astragal.rules.Play;
import io.astragal.rules.Refusal;
import io.astragal.rules.RejectionCode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;

/** What the deciding code shares: who may do what, paying AP from a hand, shuffling. Refusals are thrown. */
final class Rulings {

    static final String WRITE_HEX = "write a hex";
    static final String ACTIVATE_HEX = "search for and activate a hex";

    private Rulings() {
    }

    /** Multiple-cost actions are counted per character, per action, per round. */
    static String actionKey(String action) {
        return action.strip().toLowerCase(Locale.ROOT);
    }

    /** "You pay the first cost on your first attack with the weapon in a round." */
    static String attackKey(String weapon) {
        return "attack with " + weapon.toLowerCase(Locale.ROOT);
    }

    static boolean controls(Actor actor, Combatant combatant) {
        return actor.isGm() || actor.userId().equals(combatant.ownerUserId());
    }

    static Refusal refuse(RejectionCode code, String message) {
        return new Refusal(code, message);
    }

    static void requireGm(Play play, String what) {
        if (!play.actor().isGm()) {
            throw refuse(RejectionCode.NOT_ALLOWED, "Only the GM can " + what + ".");
        }
    }

    static Combatant atTable(ActliteState state, String id) {
        Combatant combatant = state.combatant(id);
        if (combatant == null) {
            throw refuse(RejectionCode.UNKNOWN_CHARACTER, "No character \"" + id + "\" is at the table.");
        }
        return combatant;
    }

    /** The character the actor acts for: at the table and theirs (GMs act for everyone). */
    static Combatant controlled(ActliteState state, String id, Play play) {
        Combatant combatant = atTable(state, id);
        if (!controls(play.actor(), combatant)) {
            throw refuse(RejectionCode.NOT_YOUR_CHARACTER, combatant.name() + " is not your character.");
        }
        return combatant;
    }

    static Initiative running(ActliteState state) {
        if (state.initiative() == null) {
            throw refuse(RejectionCode.OUT_OF_TURN, "Initiative has not started.");
        }
        return state.initiative();
    }

    static void takesPart(Initiative initiative, Combatant combatant) {
        if (!initiative.takesPart(combatant.id())) {
            throw refuse(RejectionCode.UNKNOWN_CHARACTER, combatant.name() + " is not part of this initiative.");
        }
    }

    static void conscious(Combatant combatant) {
        if (combatant.unconscious()) {
            throw refuse(RejectionCode.INVALID_STATE, combatant.name() + " is unconscious and cannot act.");
        }
    }

    static void within(Integer value, int min, int max, String argument) {
        if (value == null || value < min || value > max) {
            throw refuse(RejectionCode.INVALID_COMMAND, argument + " must be between " + min + " and " + max + ".");
        }
    }

    /** A non-empty list of character ids without repeats. */
    static List<String> eachOnce(List<String> ids, String who) {
        if (ids.isEmpty() || new HashSet<>(ids).size() != ids.size()) {
            throw refuse(RejectionCode.INVALID_COMMAND, "Name at least one character " + who + ", each once.");
        }
        return ids;
    }

    static String text(String value, int max, String argument) {
        if (value == null || value.isBlank() || value.length() > max) {
            throw refuse(RejectionCode.INVALID_COMMAND, "Give " + argument + " in 1 to " + max + " characters.");
        }
        return value.strip();
    }

    /**
     * AP paid for an action.
     *
     * @param use the n-th time this action is done this round
     */
    record Paid(List<Card> cards, int use) {
        Paid {
            cards = List.copyOf(cards);
        }
    }

    /**
     * Charges the next cost of an action. "When a character is dealt a card they can choose to act
     * using whatever cards they currently have in their hand": only someone who may act now (dealt the
     * last card, interrupted since, or just granted temp AP) spends AP on actions.
     */
    static Paid charge(Initiative initiative, Combatant combatant, String actionKey, List<Integer> costs,
                       List<String> cardIds) {
        takesPart(initiative, combatant);
        conscious(combatant);
        if (!initiative.acting().contains(combatant.id())) {
            throw refuse(RejectionCode.OUT_OF_TURN, "Not " + combatant.name() + "'s turn: act when dealt a card, or interrupt.");
        }
        int done = initiative.usesOf(combatant.id(), actionKey);
        return new Paid(pick(initiative.hand(combatant.id()), CostSequence.next(costs, done), cardIds, combatant.name()),
                done + 1);
    }

    /** Takes {@code cost} cards from the hand: the ones named, or temp AP first, then oldest first. */
    static List<Card> pick(List<Card> hand, int cost, List<String> cardIds, String name) {
        if (hand.size() < cost) {
            throw refuse(RejectionCode.NOT_ENOUGH_AP, "Needs " + cost + " AP, " + name + " holds " + hand.size() + ".");
        }
        if (cardIds.isEmpty()) {
            // Every probe of an offered action that its actor could pay for comes here: no streams or lists to sort.
            Card[] chosen = new Card[cost];
            int n = 0;
            for (int i = 0; i < hand.size() && n < cost; i++) {
                if (hand.get(i).kind().equals(Initiative.TEMP)) {
                    chosen[n++] = hand.get(i);
                }
            }
            for (int i = 0; i < hand.size() && n < cost; i++) {
                if (!hand.get(i).kind().equals(Initiative.TEMP)) {
                    chosen[n++] = hand.get(i);
                }
            }
            return List.of(chosen);
        }
        if (cardIds.size() != cost || new HashSet<>(cardIds).size() != cardIds.size()) {
            throw refuse(RejectionCode.INVALID_COMMAND, "Name " + cost + " different cards to pay " + cost + " AP.");
        }
        List<Card> chosen = new ArrayList<>();
        for (String cardId : cardIds) {
            chosen.add(hand.stream().filter(c -> c.id().equals(cardId)).findFirst().orElseThrow(() ->
                    refuse(RejectionCode.INVALID_STATE, name + " does not hold the card \"" + cardId + "\".")));
        }
        return List.copyOf(chosen);
    }

    /** Outside initiative nothing costs AP, so naming cards is a mistake. */
    static void noCardsOutsideInitiative(List<String> cardIds) {
        if (!cardIds.isEmpty()) {
            throw refuse(RejectionCode.INVALID_COMMAND, "Outside initiative this costs no AP; name no cards.");
        }
    }

    /** Fisher-Yates, every swap decided by the dice: card i swaps with a card from 0..i. */
    static List<Card> shuffle(List<Card> cards, DiceSource dice) {
        List<Card> deck = new ArrayList<>(cards);
        for (int i = deck.size() - 1; i > 0; i--) {
            int j = dice.roll(i + 1) - 1;
            Card swapped = deck.get(i);
            deck.set(i, deck.get(j));
            deck.set(j, swapped);
        }
        return List.copyOf(deck);
    }

    /** "Every character has 3 AP cards" (as many as the sheet says) plus any special cards. */
    static List<Card> cardsOf(Combatant combatant) {
        List<Card> cards = new ArrayList<>();
        for (int i = 1; i <= combatant.sheet().apCards(); i++) {
            cards.add(new Card(combatant.id() + "/ap" + i, combatant.id(), Initiative.AP, "1 AP"));
        }
        List<String> special = combatant.sheet().specialCards();
        for (int i = 0; i < special.size(); i++) {
            cards.add(new Card(combatant.id() + "/special" + (i + 1), combatant.id(), Initiative.SPECIAL, special.get(i)));
        }
        return cards;
    }
}
