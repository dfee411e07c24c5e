package io.astragal.rules.vogt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.astragal.rules.InvalidSheetException;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.vogt.VogtCommand.EncumbranceSave;
import io.astragal.rules.vogt.VogtCommand.PlaceCharacter;
import io.astragal.rules.vogt.VogtEvent.EncumbranceSaved;
import io.astragal.rules.vogt.VogtEvent.ExhaustionGained;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class VogtSheetTest {

    private final VogtRuleset ruleset = new VogtRuleset();

    @Test
    void aSheetIsNormalisedWithDefaultsAndDerivedValues() {
        Map<String, Object> sheet = ruleset.validateSheet(VogtTable.alda());

        assertThat(sheet).containsEntry("ar", 1).containsEntry("hands", 2).containsEntry("bag", true)
                .containsEntry("strModifier", 4).containsEntry("slots", 14).containsEntry("quickSlots", 7)
                .containsEntry("slotsUsed", 2).containsEntry("extraSlots", 0)
                .containsEntry("quickItems", List.of("Club", "Sword"));
        assertThat(ruleset.sheetSchema().fields()).extracting(f -> f.key()).containsAll(sheet.keySet());
    }

    @Test
    @DisplayName("Abilities are dice on the die-size chart")
    void abilitiesMustBeOnTheChart() {
        Map<String, Object> sheet = VogtTable.alda();
        sheet.put("DEX", "1d7");

        assertThatThrownBy(() -> ruleset.validateSheet(sheet)).isInstanceOf(InvalidSheetException.class)
                .extracting(e -> ((InvalidSheetException) e).field()).isEqualTo("DEX");
    }

    @Test
    void missingHpAndBadWeaponsNameTheField() {
        Map<String, Object> noHp = VogtTable.alda();
        noHp.remove("hp");
        assertThatThrownBy(() -> ruleset.validateSheet(noHp)).extracting(e -> ((InvalidSheetException) e).field()).isEqualTo("hp");
        Map<String, Object> badWeapon = VogtTable.alda();
        badWeapon.put("weapons", List.of(Map.of("name", "Club", "damage", "lots")));
        assertThatThrownBy(() -> ruleset.validateSheet(badWeapon)).extracting(e -> ((InvalidSheetException) e).field()).isEqualTo("weapons");
        Map<String, Object> badStatus = VogtTable.alda();
        badStatus.put("statuses", List.of("sleepy"));
        assertThatThrownBy(() -> ruleset.validateSheet(badStatus)).extracting(e -> ((InvalidSheetException) e).field()).isEqualTo("statuses");
    }

    @Test
    @DisplayName("\"if you don't have a bag to hold your stuff in, you can only hold a maximum of 1 item per hand\"")
    void withoutABagOneItemPerHand() {
        Map<String, Object> sheet = VogtTable.alda();
        sheet.put("bag", false);
        sheet.put("inventory", List.of(Map.of("name", "Torch")));

        assertThatThrownBy(() -> ruleset.validateSheet(sheet)).extracting(e -> ((InvalidSheetException) e).field())
                .isEqualTo("inventory");
    }

    @Test
    @DisplayName("\"The number of inventory slots you have is equal to 10 + median STR (rounded down), to a minimum of the number of hands you have.\"")
    void slotsAreTenPlusMedianStrength() {
        assertThat(Inventory.slots("1d6", 2)).isEqualTo(13);
        assertThat(Inventory.slots("3d8", 2)).isEqualTo(10 + 13);
        assertThat(Inventory.slots("0", 12)).isEqualTo(12);
    }

    @Test
    @DisplayName("\"4 + DEX, to a minimum of the number of hands you have and a maximum of the number of inventory slots you have\"")
    void quickSlotsAreBounded() {
        assertThat(Inventory.quickSlots("1d8", 2, 14)).isEqualTo(8);
        assertThat(Inventory.quickSlots("5d12", 2, 14)).isEqualTo(14);
        assertThat(Inventory.quickSlots("0", 6, 14)).isEqualTo(6);
    }

    @Test
    @DisplayName("\"Multiple bundled items can be carried in one slot\"; \"An item that occupies a quick slot and a non-quick slot is treated as if it occupies a non-quick slot.\"")
    void bundlesShareSlotsAndSpanningItemsAreNotQuick() {
        Stats.Item arrows = new Stats.Item("Arrows", 1, 40, 20, true);
        Stats.Item tent = new Stats.Item("Tent", 3, 1, 1, true);
        Stats.Item rope = new Stats.Item("Rope", 1, 1, 1, true);

        assertThat(Inventory.slotsOf(arrows)).isEqualTo(2);
        assertThat(Inventory.quickItems(List.of(), List.of(arrows, tent, rope), 4)).containsExactly("Arrows", "Rope");
        assertThat(Inventory.used(List.of(), List.of(arrows, tent, rope))).isEqualTo(6);
    }

    @Test
    @DisplayName("\"You must make a saving throw versus exhaustion ... You make this roll minus the number of extra slots\"")
    void encumbranceSaveSubtractsExtraSlotsAndFailureExhausts() {
        Map<String, Object> sheet = VogtTable.bram();
        sheet.put("inventory", List.of(new java.util.HashMap<>(Map.of("name", "Anvil", "slots", 15))));
        VogtTable table = new VogtTable().add("mule", "Mule", "bob", false, sheet);
        table.accept(VogtTable.GM, new PlaceCharacter("mule"));
        table.accept(VogtTable.GM, new PlaceCharacter("alda"));
        assertThat(table.get("mule").extraSlots()).isEqualTo(16 - 13);

        var events = table.accept(VogtTable.GM, new EncumbranceSave("mule", "STR", 2), 4);

        EncumbranceSaved save = table.only(events, EncumbranceSaved.class);
        assertThat(save.total()).isEqualTo(1);
        assertThat(save.success()).isFalse();
        assertThat(table.only(events, ExhaustionGained.class).level()).isEqualTo(1);
        table.reject(VogtTable.GM, new EncumbranceSave("alda", "STR", 2), RejectionCode.INVALID_STATE);
    }

    @Test
    @DisplayName("Die Size chart: 0 Minimum ... 5d12 Maximum")
    void dieSizesStepAlongTheChartAndClamp() {
        assertThat(DieChart.step("1d12", 1)).isEqualTo("2d6");
        assertThat(DieChart.step("2d6", -2)).isEqualTo("1d10");
        assertThat(DieChart.step("1d4", -3)).isEqualTo("0");
        assertThat(DieChart.step("5d10", 4)).isEqualTo("5d12");
        assertThat(DieChart.median("3d8")).isEqualTo(13);
        assertThat(DieChart.median("0")).isZero();
    }
}
