package io.astragal.rules.actlite;

import static io.astragal.rules.actlite.Rulings.atTable;
import static io.astragal.rules.actlite.Rulings.controlled;
import static io.astragal.rules.actlite.Rulings.refuse;
import static io.astragal.rules.actlite.Rulings.requireGm;
import static io.astragal.rules.actlite.Rulings.running;
import static io.astragal.rules.actlite.Rulings.within;

import io.astragal.rules.CharacterCard;
import io.astragal.rules.DeckView.Card;
import io.astragal.rules.GameEvent;
import io.astragal.rules.InvalidSheetException;
import io.astragal.rules.Play;
import io.astragal.rules.Refusal;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.actlite.ActliteCommand.AddCharacter;
import io.astragal.rules.actlite.ActliteCommand.EndRound;
import io.astragal.rules.actlite.ActliteCommand.GrantTempAp;
import io.astragal.rules.actlite.ActliteCommand.Interrupt;
import io.astragal.rules.actlite.ActliteCommand.LoseAp;
import io.astragal.rules.actlite.ActliteCommand.Pass;
import io.astragal.rules.actlite.ActliteCommand.RegainAp;
import io.astragal.rules.actlite.ActliteCommand.RemoveCharacter;
import io.astragal.rules.actlite.ActliteCommand.SpendAp;
import io.astragal.rules.actlite.ActliteCommand.StartInitiative;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Placing characters and running the initiative deck. Each method returns the events, or throws a {@link Refusal}. */
final class TableRules {

    private static final int MAX_ACTION = 60;

    private TableRules() {
    }

    static List<GameEvent> addCharacter(ActliteState state, AddCharacter command, Play play) {
        requireGm(play, "place characters at the table");
        if (state.combatant(command.characterId()) != null) {
            throw refuse(RejectionCode.INVALID_STATE, state.combatant(command.characterId()).name() + " is already at the table.");
        }
        return List.of(new ActliteEvent.CharacterAdded(place(command.characterId(), play)));
    }

    /** The combatant copied from the campaign character's sheet, so replay never reads the sheet again. */
    private static Combatant place(String characterId, Play play) {
        CharacterCard card = characterId == null ? null : play.characters().get(characterId);
        if (card == null) {
            throw refuse(RejectionCode.UNKNOWN_CHARACTER, "The campaign has no character \"" + characterId + "\".");
        }
        try {
            Sheet sheet = SheetFormat.parse(card.sheet());
            return Combatant.placed(card.id(), card.name(), card.ownerUserId(), card.npc(), sheet);
        } catch (InvalidSheetException e) {
            throw refuse(RejectionCode.INVALID_STATE, card.name() + "'s sheet is not a valid Actlite sheet ("
                    + e.field() + "): " + e.getMessage());
        }
    }

    static List<GameEvent> removeCharacter(ActliteState state, RemoveCharacter command, Play play) {
        requireGm(play, "remove characters from the table");
        Combatant target = atTable(state, command.target());
        if (state.initiative() != null && state.initiative().takesPart(target.id())) {
            throw refuse(RejectionCode.INVALID_STATE, target.name() + " takes part in initiative; end it first.");
        }
        return List.of(new ActliteEvent.CharacterRemoved(target.id(), target.name()));
    }

    /**
     * "When initiative starts all characters pass their cards to the DM. This includes their AP and
     * any other special cards. The DM shuffles these cards together to create the deck."
     */
    static List<GameEvent> startInitiative(ActliteState state, StartInitiative command, Play play) {
        requireGm(play, "start initiative");
        if (state.initiative() != null) {
            throw refuse(RejectionCode.INVALID_STATE, "Initiative is already running; end it first.");
        }
        List<String> ids = Rulings.eachOnce(command.characterIds(), "taking part");
        List<GameEvent> events = new ArrayList<>();
        ActliteState table = state;
        for (String id : ids) {
            if (table.combatant(id) == null) {
                ActliteEvent.CharacterAdded added = new ActliteEvent.CharacterAdded(place(id, play));
                events.add(added);
                table = Fold.apply(table, added);
            }
        }
        List<Combatant> participants = ids.stream().map(table::combatant).toList();
        List<Card> cards = participants.stream().flatMap(c -> Rulings.cardsOf(c).stream()).toList();
        events.add(new ActliteEvent.InitiativeStarted(ids, participants.stream().map(Combatant::name).toList(),
                Rulings.shuffle(cards, play.dice()), RoundStart.steps(table, ids)));
        return events;
    }

    static List<GameEvent> endInitiative(ActliteState state, Play play) {
        requireGm(play, "end initiative");
        return List.of(new ActliteEvent.InitiativeEnded(running(state).round()));
    }

    /**
     * "The DM pulls a card from the top of the deck and either deals the card to the
     * character/player that it belongs to or follows the rules on the card."
     */
    static List<GameEvent> dealCard(ActliteState state, Play play) {
        requireGm(play, "deal cards");
        Initiative initiative = running(state);
        if (initiative.deck().isEmpty()) {
            throw refuse(RejectionCode.INVALID_STATE,
                    "The deck is empty: end the round once everyone still holding AP has acted or passed.");
        }
        Card top = initiative.deck().getFirst();
        String owner = state.combatant(top.owner()).name();
        return List.of(top.kind().equals(Initiative.SPECIAL)
                ? new ActliteEvent.SpecialCardResolved(top, owner)
                : new ActliteEvent.CardDealt(top, owner));
    }

    static List<GameEvent> spendAp(ActliteState state, SpendAp command, Play play) {
        Combatant actor = controlled(state, command.characterId(), play);
        String action = Rulings.text(command.action(), MAX_ACTION, "the action");
        List<Integer> costs = CostSequence.parse(command.costs());
        if (costs == null || costs.contains(0)) {
            throw refuse(RejectionCode.INVALID_COMMAND,
                    "An AP cost is a number or arrow costs like 1->2, each at least 1, not \"" + command.costs() + "\".");
        }
        if (state.initiative() == null) {
            throw refuse(RejectionCode.OUT_OF_TURN, "AP is spent only during initiative.");
        }
        Rulings.Paid paid = Rulings.charge(state.initiative(), actor, Rulings.actionKey(action), costs, command.cardIds());
        return List.of(new ActliteEvent.ApSpent(actor.id(), actor.name(), action, paid.use(), paid.cards(),
                note(actor, action)));
    }

    /** "'Movement Speed' determines how many spaces a character moves when they spend 1 AP to move." */
    private static String note(Combatant actor, String action) {
        return Rulings.actionKey(action).equals("move") ? "up to " + actor.sheet().movementSpeed() + " spaces" : "";
    }

    /** A participant the actor controls, while initiative runs. */
    private static Combatant participant(ActliteState state, String id, Play play) {
        Combatant combatant = controlled(state, id, play);
        Rulings.takesPart(running(state), combatant);
        return combatant;
    }

    /** "Any character can interrupt in order to act at any time, doing this costs 1 AP." */
    static List<GameEvent> interrupt(ActliteState state, Interrupt command, Play play) {
        Combatant actor = participant(state, command.characterId(), play);
        Initiative initiative = state.initiative();
        Rulings.conscious(actor);
        if (initiative.acting().contains(actor.id())) {
            throw refuse(RejectionCode.INVALID_STATE, actor.name() + " is already acting; no need to interrupt.");
        }
        if (initiative.hand(actor.id()).isEmpty()) {
            throw refuse(RejectionCode.NOT_ENOUGH_AP,
                    "Interrupting costs 1 AP from the hand, and " + actor.name() + " holds no cards.");
        }
        List<String> named = command.cardId() == null ? List.of() : List.of(command.cardId());
        Card card = Rulings.pick(initiative.hand(actor.id()), 1, named, actor.name()).getFirst();
        return List.of(new ActliteEvent.Interrupted(actor.id(), actor.name(), card));
    }

    static List<GameEvent> pass(ActliteState state, Pass command, Play play) {
        Combatant actor = participant(state, command.characterId(), play);
        Initiative initiative = state.initiative();
        if (!initiative.acting().contains(actor.id()) && !initiative.awaiting().contains(actor.id())) {
            throw refuse(RejectionCode.INVALID_STATE, actor.name() + " is not acting and the round is not waiting for them.");
        }
        return List.of(new ActliteEvent.Passed(actor.id(), actor.name()));
    }

    /** The GM's deck commands aim at a participant. */
    private static Combatant gmTarget(ActliteState state, String target, Play play, String what) {
        requireGm(play, what);
        return participant(state, target, play);
    }

    /** Lost AP is taken from the hand first, then from the deck (this round), then from the discard. */
    static List<GameEvent> loseAp(ActliteState state, LoseAp command, Play play) {
        Combatant target = gmTarget(state, command.target(), play, "take AP away");
        within(command.amount(), 1, 20, "amount");
        Initiative initiative = state.initiative();
        List<Card> losable = Stream.of(initiative.hand(target.id()), initiative.deck(), initiative.discard())
                .flatMap(pile -> initiative.cardsOf(target.id(), pile).stream())
                .filter(c -> c.kind().equals(Initiative.AP))
                .limit(command.amount())
                .toList();
        if (losable.isEmpty()) {
            throw refuse(RejectionCode.INVALID_STATE, target.name() + " has no AP cards left to lose.");
        }
        return List.of(new ActliteEvent.ApLost(target.id(), target.name(), losable));
    }

    static List<GameEvent> regainAp(ActliteState state, RegainAp command, Play play) {
        Combatant target = gmTarget(state, command.target(), play, "give AP back");
        within(command.amount(), 1, 20, "amount");
        List<Card> lost = state.initiative().cardsOf(target.id(), state.initiative().lost());
        if (lost.isEmpty()) {
            throw refuse(RejectionCode.INVALID_STATE, target.name() + " has no lost AP to regain.");
        }
        return List.of(new ActliteEvent.ApRegained(target.id(), target.name(),
                lost.subList(0, Math.min(command.amount(), lost.size())), command.toHand()));
    }

    static List<GameEvent> grantTempAp(ActliteState state, GrantTempAp command, Play play) {
        Combatant target = gmTarget(state, command.target(), play, "grant temp AP");
        within(command.amount(), 1, 10, "amount");
        int serial = state.initiative().tempSerial();
        List<Card> cards = new ArrayList<>();
        for (int i = 1; i <= command.amount(); i++) {
            cards.add(new Card(target.id() + "/temp" + (serial + i), target.id(), Initiative.TEMP, "1 temp AP"));
        }
        return List.of(new ActliteEvent.TempApGranted(target.id(), target.name(), cards));
    }

    /**
     * "At the end of a round, cards that have been discarded are shuffled together to create the deck
     * for the next round." Cards still held by those who passed join them; "if you spend no AP for an
     * entire round, regain 1 AP" brings one lost card back into the new deck.
     */
    static List<GameEvent> endRound(ActliteState state, EndRound command, Play play) {
        requireGm(play, "end the round");
        Initiative initiative = running(state);
        if (!initiative.deck().isEmpty()) {
            throw refuse(RejectionCode.OUT_OF_TURN, initiative.deck().size() + " cards are still in the deck.");
        }
        List<String> awaiting = initiative.awaiting();
        if (!awaiting.isEmpty() && !command.force()) {
            throw refuse(RejectionCode.OUT_OF_TURN, "Waiting for "
                    + String.join(", ", awaiting.stream().map(id -> state.combatant(id).name()).toList())
                    + " to act or pass.");
        }
        List<Card> gathered = initiative.participants().stream()
                .flatMap(id -> initiative.hand(id).stream())
                .toList();
        List<Card> regained = new ArrayList<>();
        List<String> regainedNames = new ArrayList<>();
        for (String id : initiative.participants()) {
            List<Card> lost = initiative.cardsOf(id, initiative.lost());
            if (!initiative.spentThisRound().contains(id) && !lost.isEmpty()) {
                regained.add(lost.getFirst());
                regainedNames.add(state.combatant(id).name());
            }
        }
        List<Card> next = new ArrayList<>(initiative.discard());
        next.addAll(gathered);
        next.addAll(regained);
        return List.of(new ActliteEvent.RoundAdvanced(initiative.round() + 1, gathered, regained, regainedNames,
                RoundStart.steps(state, initiative.participants()), Rulings.shuffle(next, play.dice())));
    }
}
