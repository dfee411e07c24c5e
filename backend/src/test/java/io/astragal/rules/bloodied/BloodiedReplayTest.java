package io.astragal.rules.bloodied;

import static io.astragal.rules.bloodied.BloodiedTable.ALICE;
import static io.astragal.rules.bloodied.BloodiedTable.BOB;
import static io.astragal.rules.bloodied.BloodiedTable.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.GameCommand;
import io.astragal.rules.GameEvent;
import io.astragal.rules.bloodied.BloodiedCommand.Attack;
import io.astragal.rules.bloodied.BloodiedCommand.Cast;
import io.astragal.rules.bloodied.BloodiedCommand.EndInitiative;
import io.astragal.rules.bloodied.BloodiedCommand.EndTurn;
import io.astragal.rules.bloodied.BloodiedCommand.InjurySave;
import io.astragal.rules.bloodied.BloodiedCommand.SetInjuryTable;
import io.astragal.rules.bloodied.BloodiedState.InjuryRow;
import io.astragal.rules.bloodied.BloodiedState.Severity;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class BloodiedReplayTest {

    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void replayingTheStoredEventsThroughJsonRebuildsTheSameTable() {
        BloodiedTable table = new BloodiedTable();
        table.accept(GM, new SetInjuryTable(6, List.of(new InjuryRow(1, 3, Severity.MINOR, "1/day"),
                new InjuryRow(4, 6, Severity.MAJOR, "1/12 hours"))));
        table.aldaFirst();
        table.accept(ALICE, new Cast("alda", "Spark", 1, 2, 1, true), 6, 3);
        table.accept(ALICE, new EndTurn("alda"));
        table.accept(BOB, new Attack("bram", "ogre", null, 2, null, null, null, null), 20, 3, 4, 1, 2);
        table.accept(BOB, new EndTurn("bram"));
        table.accept(GM, new Attack("ogre", "bram", null, null, null, null, null, null), 19, 2, 4, 4, 2);
        table.accept(GM, new EndTurn("ogre"));
        String injury = table.get("ogre").injuries().getFirst().id();
        table.accept(GM, new InjurySave("ogre", injury), 5);
        table.accept(GM, new EndInitiative());

        Map<Class<?>, String> names = table.referee.eventTypes().entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getValue, Map.Entry::getKey));
        BloodiedState replayed = table.referee.initialState();
        for (GameEvent event : table.log) {
            String type = names.get(event.getClass());
            assertThat(type).as("wire name of " + event.getClass().getSimpleName()).startsWith("bloodied-d20.");
            GameEvent read = json.readValue(json.writeValueAsString(event), table.referee.eventTypes().get(type));
            assertThat(read).isEqualTo(event);
            replayed = table.referee.evolve(replayed, read);
        }

        assertThat(replayed).isEqualTo(table.state);
        assertThat(json.writeValueAsString(table.view(GM))).contains("\"combatants\"");
        assertThat(json.writeValueAsString(table.view(BOB))).contains("\"actions\"");
        assertThat(json.readValue(json.writeValueAsString(table.state), BloodiedState.class)).isEqualTo(table.state);
        // Bram's natural 20 with the Axe: 6 (maximum) + 4 + BLD 2/2, less the ogre's armor 1
        assertThat(table.get("ogre").hp()).isEqualTo(30 - 10);
        // the ogre's Club 2d4 (4 + 4) + STR 3/2 = 9 against Bram's 12 HP: more than half, a serious injury
        assertThat(table.get("bram").hp()).isEqualTo(3);
        assertThat(table.get("bram").injuries()).hasSize(1);
        assertThat(table.get("alda").poolLeft()).isEqualTo(3);
    }

    @Test
    void commandsRoundTripUnderTheirWireNames() {
        BloodiedTable table = new BloodiedTable();
        for (Map.Entry<String, Class<? extends GameCommand>> entry : table.referee.commandTypes().entrySet()) {
            assertThat(entry.getKey()).startsWith("bloodied-d20.");
            GameCommand read = json.readValue("{}", entry.getValue());
            assertThat(json.readValue(json.writeValueAsString(read), entry.getValue())).isEqualTo(read);
        }
        GameCommand table6 = json.readValue("{\"die\":6,\"rows\":[{\"from\":4,\"to\":5,\"severity\":\"MAJOR\",\"interval\":\"1/12 hours\"}]}",
                table.referee.commandTypes().get("bloodied-d20.setInjuryTable"));
        assertThat(table6).isEqualTo(new SetInjuryTable(6, List.of(new InjuryRow(4, 5, Severity.MAJOR, "1/12 hours"))));
    }
}
