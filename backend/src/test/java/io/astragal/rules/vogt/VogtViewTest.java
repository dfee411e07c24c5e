package io.astragal.rules.vogt;

import static io.astragal.rules.vogt.VogtTable.ALICE;
import static io.astragal.rules.vogt.VogtTable.GM;
import static io.astragal.rules.vogt.VogtTable.SPECTATOR;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.CombatantView;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.TableView;
import io.astragal.rules.vogt.VogtCommand.ApplyDamage;
import io.astragal.rules.vogt.VogtCommand.PlaceCharacter;
import java.util.List;
import org.junit.jupiter.api.Test;

class VogtViewTest {

    private final VogtTable table = new VogtTable();

    @Test
    void playersSeeOnlyABandForNpcsAndNoneOfTheirNumbers() {
        table.accept(GM, new PlaceCharacter("alda"));
        table.accept(GM, new PlaceCharacter("ogre"));
        table.accept(GM, new ApplyDamage(List.of("ogre"), "12", "", true));

        TableView players = table.view(ALICE);
        CombatantView ogre = players.combatants().get(1);
        assertThat(players.model()).isEqualTo(InitiativeModel.DECLARED_DICE);
        assertThat(players.initiative()).isNull();
        assertThat(ogre.stats()).isEmpty();
        assertThat(ogre.tracks()).containsExactly(new CombatantView.Track("hp", "HP", null, null, "bloodied", "bloodied"));
        assertThat(ogre.mine()).isFalse();

        CombatantView gmSees = table.view(GM).combatants().get(1);
        assertThat(gmSees.tracks().getFirst()).isEqualTo(new CombatantView.Track("hp", "HP", 8, 20, "8/20", "bloodied"));
        assertThat(gmSees.stats()).containsEntry("STR", "2d6").containsEntry("ar", 2);

        CombatantView alda = players.combatants().getFirst();
        assertThat(alda.mine()).isTrue();
        assertThat(alda.stats()).containsEntry("movement", 6).containsEntry("slots", 14);
        assertThat(alda.tracks()).extracting(CombatantView.Track::key).containsExactly("hp", "technique");
    }

    @Test
    void spectatorsAreOfferedNothingAndPlayersNoGmControls() {
        table.accept(GM, new PlaceCharacter("alda"));

        assertThat(table.view(SPECTATOR).actions()).isEmpty();
        assertThat(table.view(ALICE).actions()).noneMatch(a -> a.gmOnly())
                .extracting(a -> a.command()).contains("vogt.check", "vogt.contest");
        assertThat(table.view(GM).actions()).filteredOn(a -> a.gmOnly()).extracting(a -> a.command())
                .contains("vogt.startInitiative", "vogt.applyDamage", "vogt.siesta");
    }
}
