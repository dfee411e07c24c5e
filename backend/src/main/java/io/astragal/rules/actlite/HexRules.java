package io.astragal.rules.actlite;

import static io.astragal.rules.actlite.Rulings.atTable;
import static io.astragal.rules.actlite.Rulings.controlled;
import static io.astragal.rules.actlite.Rulings.refuse;
import static io.astragal.rules.actlite.Rulings.requireGm;

import io.astragal.rules.DeckView.Card;
import io.astragal.rules.GameEvent;
import io.astragal.rules.Play;
import io.astragal.rules.Refusal;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.actlite.ActliteCommand.ActivateHex;
import io.astragal.rules.actlite.ActliteCommand.Rest;
import io.astragal.rules.actlite.ActliteCommand.WriteHex;
import java.util.List;

/** Writing, activating and resting for hexes. Each method returns the events, or throws a {@link Refusal}. */
final class HexRules {

    private static final int MAX_HEX_TEXT = 100;

    private HexRules() {
    }

    /**
     * "A character can write 3 + WIL hexes, this capacity is reset after every rest. A character can
     * maintain 3 + WIL hexes at a time. If a character writes another hex while they are maintaining as
     * many as they can, the oldest hex is destroyed. Each hex can be modified by up to 3 + WIL
     * [modifier] hexes." "To write a hex during initiative you have to spend 3 AP for the hex and 1 AP
     * for every modifier."
     */
    static List<GameEvent> writeHex(ActliteState state, WriteHex command, Play play) {
        Combatant writer = controlled(state, command.characterId(), play);
        String text = Rulings.text(command.text(), MAX_HEX_TEXT, "the hex");
        // Almost always none (every probe of the offered "Write a hex" has none): no stream for them.
        List<String> modifiers = command.modifiers().isEmpty() ? List.of()
                : command.modifiers().stream().map(m -> Rulings.text(m, MAX_HEX_TEXT, "each modifier")).toList();
        if (!writer.sheet().attributes().containsKey("WIL")) {
            throw refuse(RejectionCode.INVALID_STATE, writer.name() + " has no WIL score and cannot write hexes.");
        }
        int capacity = writer.hexCapacity();
        if (modifiers.size() > capacity) {
            throw refuse(RejectionCode.INVALID_COMMAND,
                    "A hex of " + writer.name() + " can carry at most " + Math.max(0, capacity) + " [modifier] hexes (3 + WIL).");
        }
        if (writer.hexesWritten() >= capacity) {
            throw refuse(RejectionCode.INVALID_STATE, writer.name() + " has written " + writer.hexesWritten()
                    + " of " + Math.max(0, capacity) + " hexes (3 + WIL) since the last rest.");
        }
        List<Card> cards = List.of();
        if (state.initiative() != null) {
            cards = Rulings.charge(state.initiative(), writer, Rulings.WRITE_HEX, List.of(3 + modifiers.size()),
                    command.cardIds()).cards();
        } else {
            Rulings.noCardsOutsideInitiative(command.cardIds());
        }
        Combatant.Hex oldest = writer.hexes().size() >= capacity ? writer.hexes().getFirst() : null;
        Combatant.Hex hex = new Combatant.Hex(writer.id() + "-hex-" + (writer.hexSerial() + 1), text, modifiers);
        return List.of(new ActliteEvent.HexWritten(writer.id(), writer.name(), hex, cards, oldest));
    }

    /**
     * "If you want to search for an already written hex you do not already have in your hand and then
     * activate it, pay 1 AP." A hex that fires by its own activation condition costs nothing.
     */
    static List<GameEvent> activateHex(ActliteState state, ActivateHex command, Play play) {
        Combatant writer = controlled(state, command.characterId(), play);
        Combatant.Hex hex = writer.hexes().stream().filter(h -> h.id().equals(command.hexId())).findFirst()
                .orElseThrow(() -> refuse(RejectionCode.INVALID_COMMAND,
                        writer.name() + " maintains no hex \"" + command.hexId() + "\"."));
        List<Card> cards = List.of();
        if (state.initiative() != null && !command.free()) {
            cards = Rulings.charge(state.initiative(), writer, Rulings.ACTIVATE_HEX, List.of(1), command.cardIds()).cards();
        } else {
            Rulings.noCardsOutsideInitiative(command.cardIds());
        }
        return List.of(new ActliteEvent.HexActivated(writer.id(), writer.name(), hex, cards));
    }

    /** "This capacity is reset after every rest." "A hex remains usable until you sleep." */
    static List<GameEvent> rest(ActliteState state, Rest command, Play play) {
        requireGm(play, "call a rest");
        if (state.initiative() != null) {
            throw refuse(RejectionCode.OUT_OF_TURN, "Nobody rests during initiative; end it first.");
        }
        return Rulings.eachOnce(command.characterIds(), "resting").stream().map(id -> atTable(state, id))
                .<GameEvent>map(c -> new ActliteEvent.Rested(c.id(), c.name(), command.sleep(),
                        command.sleep() ? c.hexes() : List.of()))
                .toList();
    }
}
