package io.astragal.rules.vogt;

import static io.astragal.rules.vogt.VogtTable.ALICE;
import static io.astragal.rules.vogt.VogtTable.BOB;
import static io.astragal.rules.vogt.VogtTable.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.GameCommand;
import io.astragal.rules.GameEvent;
import io.astragal.rules.vogt.VogtCommand.AddStatus;
import io.astragal.rules.vogt.VogtCommand.Attack;
import io.astragal.rules.vogt.VogtCommand.Check;
import io.astragal.rules.vogt.VogtCommand.Declare;
import io.astragal.rules.vogt.VogtCommand.EndInitiative;
import io.astragal.rules.vogt.VogtCommand.EndTurn;
import io.astragal.rules.vogt.VogtCommand.Help;
import io.astragal.rules.vogt.VogtCommand.Reevaluate;
import io.astragal.rules.vogt.VogtCommand.Siesta;
import io.astragal.rules.vogt.VogtCommand.StartInitiative;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class VogtReplayTest {

    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void replayingTheStoredEventsThroughJsonRebuildsTheSameTable() {
        VogtTable table = new VogtTable();
        table.accept(GM, new StartInitiative(List.of("alda", "bram", "ogre")));
        table.accept(GM, new AddStatus("ogre", "bleeding"));
        table.accept(ALICE, new Declare("alda", "attack", "Sword", null));
        table.accept(BOB, new Declare("bram", "help", null, null));
        table.accept(GM, new Declare("ogre", "attack", null, null), 5, 2, 3);
        table.accept(BOB, new Help("bram", "alda"));
        table.accept(BOB, new EndTurn("bram"));
        table.accept(GM, new Reevaluate("ogre", "defend", null, null), 4);
        table.accept(ALICE, new Check("alda", "DEX", 1, null), 2, 5);
        table.accept(ALICE, new Attack("alda", List.of("ogre")), 8, 3);
        table.accept(ALICE, new EndTurn("alda"));
        table.accept(GM, new EndTurn("ogre"));
        table.accept(GM, new EndInitiative());
        table.accept(GM, new Siesta(List.of("ogre")));

        Map<Class<?>, String> names = table.referee.eventTypes().entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getValue, Map.Entry::getKey));
        VogtState replayed = table.referee.initialState();
        for (GameEvent event : table.log) {
            String type = names.get(event.getClass());
            assertThat(type).as("wire name of " + event.getClass().getSimpleName()).startsWith("vogt.");
            GameEvent read = json.readValue(json.writeValueAsString(event), table.referee.eventTypes().get(type));
            assertThat(read).isEqualTo(event);
            replayed = table.referee.evolve(replayed, read);
        }

        assertThat(replayed).isEqualTo(table.state);
        assertThat(json.writeValueAsString(table.view(GM))).contains("\"combatants\"");
        assertThat(json.writeValueAsString(table.view(BOB))).contains("\"actions\"");
        assertThat(json.readValue(json.writeValueAsString(table.state), VogtState.class)).isEqualTo(table.state);
        assertThat(table.get("ogre").hp()).isEqualTo(20 - 1 - (8 + 3 + 4 - 2) + 10);
    }

    @Test
    void commandsRoundTripUnderTheirWireNames() {
        VogtTable table = new VogtTable();
        for (Map.Entry<String, Class<? extends GameCommand>> entry : table.referee.commandTypes().entrySet()) {
            assertThat(entry.getKey()).startsWith("vogt.");
            GameCommand read = json.readValue("{}", entry.getValue());
            assertThat(json.readValue(json.writeValueAsString(read), entry.getValue())).isEqualTo(read);
        }
        GameCommand declare = json.readValue("{\"combatantId\":\"alda\",\"action\":\"technique\",\"amount\":2}",
                table.referee.commandTypes().get("vogt.declare"));
        assertThat(declare).isEqualTo(new Declare("alda", "technique", null, 2));
    }
}
