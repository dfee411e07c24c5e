package io.astragal.rules.bloodied;

import static io.astragal.rules.bloodied.BloodiedTable.ALICE;
import static io.astragal.rules.bloodied.BloodiedTable.BOB;
import static io.astragal.rules.bloodied.BloodiedTable.GM;
import static io.astragal.rules.bloodied.BloodiedTable.SPECTATOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.InvalidSheetException;
import io.astragal.rules.OrderView;
import io.astragal.rules.TableView;
import io.astragal.rules.bloodied.BloodiedCommand.ApplyDamage;
import io.astragal.rules.bloodied.BloodiedCommand.Move;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BloodiedViewAndSheetTest {

    private final BloodiedTable table = new BloodiedTable();

    @Test
    void playersSeeNoNpcNumbersNotEvenItsInitiative() {
        table.aldaFirst();
        table.accept(GM, new ApplyDamage(List.of("ogre"), "14"));

        TableView players = table.view(BOB);
        assertThat(players.model()).isEqualTo(InitiativeModel.ORDERED);
        CombatantView ogre = players.combatants().get(2);
        assertThat(ogre.stats()).isEmpty();
        assertThat(ogre.tracks()).containsExactly(new CombatantView.Track("hp", "HP", null, null, "hurt", "hurt"));
        OrderView order = (OrderView) players.initiative();
        assertThat(order.order()).extracting(OrderView.Entry::score).containsExactly(22, 10, null);

        TableView gm = table.view(GM);
        assertThat(gm.combatants().get(2).tracks().getFirst().value()).isEqualTo(16);
        assertThat(((OrderView) gm.initiative()).order().get(2).score()).isEqualTo(3);
    }

    @Test
    void theLogLeavesAnNpcsScoresOutOfItsSavesAndChecks() {
        table.accept(GM, new BloodiedCommand.PlaceCharacter("ogre"));
        table.accept(GM, new BloodiedCommand.PlaceCharacter("bram"));

        String npcSave = table.only(table.accept(GM, new BloodiedCommand.Save("ogre", "BLD", 0), 12), BloodiedEvent.SaveRolled.class).describe();
        String npcCheck = table.only(table.accept(GM, new BloodiedCommand.Check("ogre", "STR", 0, 10), 12), BloodiedEvent.CheckRolled.class).describe();
        String pcSave = table.only(table.accept(BOB, new BloodiedCommand.Save("bram", "BLD", 0), 12), BloodiedEvent.SaveRolled.class).describe();

        assertThat(npcSave).isEqualTo("Ogre saves BLD: 12 — success.").doesNotContain("16");
        assertThat(npcCheck).isEqualTo("Ogre checks STR against 10 — success.").doesNotContain("15");
        assertThat(pcSave).isEqualTo("Bram saves BLD: 12 vs 14 — success.");
    }

    @Test
    void bloodiedShowsAsAChipAndABand() {
        table.aldaFirst();
        table.accept(GM, new ApplyDamage(List.of("alda"), "10"));

        CombatantView alda = table.view(BOB).combatants().getFirst();
        assertThat(alda.tracks().getFirst().band()).isEqualTo("bloodied");
        assertThat(alda.conditions()).contains(new CombatantView.Chip("bloodied", null));
    }

    @Test
    void actionsSayWhyTheyAreDisabled() {
        table.aldaFirst();
        table.accept(ALICE, new Move("alda"));

        List<ActionOption> alices = table.view(ALICE).actions();
        assertThat(alices).filteredOn(a -> a.command().equals("bloodied-d20.move")).singleElement()
                .satisfies(a -> assertThat(a.label()).isEqualTo("Alda: move again (uses the action)"));
        // Sword, Dagger, Bow, and Sword with Dagger as two weapons
        assertThat(alices).filteredOn(a -> a.command().equals("bloodied-d20.attack")).hasSize(4)
                .allMatch(ActionOption::enabled);
        List<ActionOption> bobs = table.view(BOB).actions();
        assertThat(bobs).filteredOn(a -> a.command().equals("bloodied-d20.attack")).singleElement()
                .satisfies(a -> assertThat(a.reason()).isEqualTo("It is not Bram's turn."));
        assertThat(bobs).noneMatch(ActionOption::gmOnly);
        assertThat(table.view(GM).actions()).filteredOn(ActionOption::gmOnly).extracting(ActionOption::command)
                .contains("bloodied-d20.endInitiative", "bloodied-d20.setInjuryTable");
        assertThat(table.view(SPECTATOR).actions()).isEmpty();
    }

    @Test
    void aSheetGetsDefaultsAndDerivedValues() {
        Map<String, Object> sheet = table.ruleset.validateSheet(BloodiedTable.bram());

        assertThat(sheet).containsEntry("STR", 10).containsEntry("level", 1).containsEntry("initiativeBonus", 0)
                .containsEntry("defenseBonus", 0).containsEntry("bloodied", 6).containsEntry("deathAt", -6);
        assertThat(table.ruleset.sheetSchema().fields()).extracting(f -> f.key()).containsAll(sheet.keySet());
    }

    @Test
    void weaponsUseTheAbilitiesTheRulesAllow() {
        Map<String, Object> sheet = BloodiedTable.bram();
        sheet.put("weapons", List.of(Map.of("name", "Bow", "damage", "1d6", "kind", "ranged", "ability", "STR",
                "effectiveRange", 60, "maxRange", 120)));
        assertThatThrownBy(() -> table.ruleset.validateSheet(sheet)).isInstanceOf(InvalidSheetException.class)
                .hasMessageContaining("AGL or INT");
        Map<String, Object> noRange = BloodiedTable.bram();
        noRange.put("weapons", List.of(Map.of("name", "Sling", "damage", "1d4", "kind", "ranged")));
        assertThatThrownBy(() -> table.ruleset.validateSheet(noRange)).extracting(e -> ((InvalidSheetException) e).field())
                .isEqualTo("weapons");
        Map<String, Object> badArmor = BloodiedTable.bram();
        badArmor.put("armor", "1d");
        assertThatThrownBy(() -> table.ruleset.validateSheet(badArmor)).extracting(e -> ((InvalidSheetException) e).field())
                .isEqualTo("armor");
    }

    @Test
    void modifiersAreHalfTheDistanceFromTenRoundedDown() {
        assertThat(Stats.modifier(10)).isZero();
        assertThat(Stats.modifier(13)).isEqualTo(1);
        assertThat(Stats.modifier(9)).isEqualTo(-1);
        assertThat(Stats.modifier(18)).isEqualTo(4);
    }
}
