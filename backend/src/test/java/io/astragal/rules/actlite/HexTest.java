package io.astragal.rules.actlite;

import static io.astragal.rules.actlite.TestTable.ANN;
import static io.astragal.rules.actlite.TestTable.GM;
import static io.astragal.rules.actlite.TestTable.keepOrder;
import static io.astragal.rules.actlite.TestTable.sheet;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.GameEvent;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.actlite.ActliteCommand.ActivateHex;
import io.astragal.rules.actlite.ActliteCommand.AddCharacter;
import io.astragal.rules.actlite.ActliteCommand.DealCard;
import io.astragal.rules.actlite.ActliteCommand.Rest;
import io.astragal.rules.actlite.ActliteCommand.StartInitiative;
import io.astragal.rules.actlite.ActliteCommand.WriteHex;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class HexTest {

    /** Wren has WIL -1: 3 + WIL = 2 hexes written per rest, 2 maintained, 2 modifiers per hex. */
    private final TestTable table = TestTable.standard()
            .character("wren", "Wren", "ann", false, sheet("WIL", -1, "apCards", 6))
            .character("mute", "Mute", "ann", false, sheet("missingAttributes", List.of("WIL")));

    @BeforeEach
    void placeWren() {
        table.accept(GM, new AddCharacter("wren"));
    }

    private List<GameEvent> write(String text, String... modifiers) {
        return table.accept(ANN, new WriteHex("wren", text, List.of(modifiers), null));
    }

    @Test
    @DisplayName("\"A character can write 3 + WIL hexes, this capacity is reset after every rest.\"")
    void writingCapacityIsThreePlusWilAndResetsOnRest() {
        write("Spark");
        write("Ward");

        var rejected = table.reject(ANN, new WriteHex("wren", "Gust", List.of(), null));
        assertThat(rejected.code()).isEqualTo(RejectionCode.INVALID_STATE);
        assertThat(rejected.message()).isEqualTo("Wren has written 2 of 2 hexes (3 + WIL) since the last rest.");
        table.accept(GM, new Rest(List.of("wren"), false));
        write("Gust");
        assertThat(table.combatant("wren").hexesWritten()).isEqualTo(1);
    }

    @Test
    @DisplayName("\"If a character writes another hex while they are maintaining as many as they can, the oldest hex is destroyed.\"")
    void writingBeyondWhatIsMaintainedDestroysTheOldest() {
        write("Spark");
        write("Ward");
        table.accept(GM, new Rest(List.of("wren"), false));

        List<GameEvent> events = write("Gust");

        ActliteEvent.HexWritten written = table.only(events, ActliteEvent.HexWritten.class);
        assertThat(written.destroyed().text()).isEqualTo("Spark");
        assertThat(written.describe()).isEqualTo("Wren writes a hex: Gust. The oldest hex, Spark, is destroyed — and so activated.");
        assertThat(table.combatant("wren").hexes()).extracting(Combatant.Hex::text).containsExactly("Ward", "Gust");
    }

    @Test
    @DisplayName("\"Each hex can be modified by up to 3 + WIL [modifier] hexes.\"")
    void modifiersAreCappedAtThreePlusWil() {
        write("Spark", "Loud", "Far");

        assertThat(table.reject(ANN, new WriteHex("wren", "Spark", List.of("Loud", "Far", "Slow"), null)).code())
                .isEqualTo(RejectionCode.INVALID_COMMAND);
        assertThat(table.combatant("wren").hexes().getFirst().modifiers()).containsExactly("Loud", "Far");
    }

    @Test
    @DisplayName("\"To write a hex during initiative you have to spend 3 AP for the hex and 1 AP for every modifier.\"")
    void writingDuringInitiativeCostsThreePlusOnePerModifier() {
        table.accept(GM, new StartInitiative(List.of("wren")), keepOrder(6));
        for (int i = 0; i < 4; i++) {
            table.accept(GM, new DealCard());
        }

        assertThat(table.reject(ANN, new WriteHex("wren", "Spark", List.of("Loud", "Far"), null)).message())
                .isEqualTo("Needs 5 AP, Wren holds 4.");
        List<GameEvent> events = table.accept(ANN, new WriteHex("wren", "Spark", List.of("Loud"), null));

        assertThat(table.only(events, ActliteEvent.HexWritten.class).cards()).hasSize(4);
        assertThat(table.handIds("wren")).isEmpty();
    }

    @Test
    @DisplayName("\"If you want to search for an already written hex ... and then activate it, pay 1 AP.\" \"When it is activated, it is destroyed.\"")
    void activatingAWrittenHexCostsOneApAndDestroysIt() {
        write("Spark");
        table.accept(GM, new StartInitiative(List.of("wren")), keepOrder(6));
        table.accept(GM, new DealCard());

        List<GameEvent> events = table.accept(ANN, new ActivateHex("wren", "wren-hex-1", null, null));

        assertThat(table.only(events, ActliteEvent.HexActivated.class).cards()).hasSize(1);
        assertThat(events.getFirst().describe()).isEqualTo("Wren activates the hex Spark for 1 AP; it is destroyed.");
        assertThat(table.combatant("wren").hexes()).isEmpty();
        assertThat(table.reject(ANN, new ActivateHex("wren", "wren-hex-1", null, null)).code())
                .isEqualTo(RejectionCode.INVALID_COMMAND);
    }

    @Test
    @DisplayName("\"Many hexes have some kind of activation condition ... In these cases you don't have to pay AP to use the hex.\"")
    void aHexFiringByItsOwnConditionCostsNothing() {
        write("Spark");
        table.accept(GM, new StartInitiative(List.of("wren")), keepOrder(6));

        List<GameEvent> events = table.accept(ANN, new ActivateHex("wren", "wren-hex-1", true, null));

        assertThat(table.only(events, ActliteEvent.HexActivated.class).cards()).isEmpty();
    }

    @Test
    @DisplayName("\"Once written, a hex remains usable until you sleep\": sleeping ends the hexes maintained")
    void sleepingEndsWrittenHexes() {
        write("Spark");

        table.accept(GM, new Rest(List.of("wren"), true));

        assertThat(table.combatant("wren").hexes()).isEmpty();
        assertThat(table.combatant("wren").hexesWritten()).isZero();
    }

    @Test
    @DisplayName("\"[WIL] is also used for most supernatural abilities, like writing hexes\": without WIL there are none")
    void aCharacterWithoutWilCannotWriteHexes() {
        table.accept(GM, new AddCharacter("mute"));

        assertThat(table.reject(ANN, new WriteHex("mute", "Spark", List.of(), null)).code()).isEqualTo(RejectionCode.INVALID_STATE);
    }

    @Test
    void restingIsForTheGmAndNotDuringInitiative() {
        assertThat(table.reject(ANN, new Rest(List.of("wren"), false)).code()).isEqualTo(RejectionCode.NOT_ALLOWED);
        table.accept(GM, new StartInitiative(List.of("wren")), keepOrder(6));
        assertThat(table.reject(GM, new Rest(List.of("wren"), false)).code()).isEqualTo(RejectionCode.OUT_OF_TURN);
    }
}
