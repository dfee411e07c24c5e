package io.astragal.rules.cairn;

import static io.astragal.rules.cairn.CairnFixture.ALDA_PLAYER;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.astragal.dice.Die;
import io.astragal.rules.InvalidSheetException;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.Role;
import io.astragal.rules.Rulesets;
import io.astragal.rules.Viewer;
import io.astragal.rules.cairn.CairnCommand.Check;
import io.astragal.rules.cairn.CairnCommand.Save;
import io.astragal.rules.cairn.CairnEvent.CheckRolled;
import io.astragal.rules.cairn.CairnEvent.SaveRolled;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CairnSheetAndActionsTest {

    final CairnFixture table = new CairnFixture();

    @Test
    void theRulesetIsRegisteredUnderItsId() {
        assertThat(Rulesets.byId("cairn-ap")).get().isInstanceOf(CairnApRuleset.class);
    }

    @Test
    @DisplayName("Move: \"up to their half DEX rounded up Spaces\" is derived on the sheet")
    void theSheetDerivesMoveAndUsedSlots() {
        Map<String, Object> sheet = CairnFixture.RULESET.validateSheet(Map.of("dex", 13,
                "inventory", List.of("rope", "grimoire (bulky)"), "weapons", List.of(Map.of("name", "Bow", "die", "d6"))));
        assertThat(sheet).containsEntry("move", 7).containsEntry("usedSlots", 3).containsEntry("str", 10);
        assertThat(sheet.get("weapons")).isEqualTo(List.of(Map.of("name", "Bow", "die", 6)));
    }

    @Test
    @DisplayName("\"A PC, NPC, or monster cannot have more than 3 Armor.\"")
    void armorAboveThreeIsRefusedOnTheSheet() {
        assertThatThrownBy(() -> CairnFixture.RULESET.validateSheet(Map.of("armor", 4)))
                .isInstanceOf(InvalidSheetException.class)
                .satisfies(e -> assertThat(((InvalidSheetException) e).field()).isEqualTo("armor"));
    }

    @Test
    void aWeaponWithoutAnObjectDieIsRefused() {
        assertThatThrownBy(() -> CairnFixture.RULESET.validateSheet(Map.of("weapons", List.of(Map.of("name", "Stick", "die", "d7")))))
                .isInstanceOf(InvalidSheetException.class).hasMessageContaining("Stick");
    }

    @Test
    @DisplayName("\"IR is larger or equal to TR: The Initiator Succeed\" — an IR equal to the DC succeeds")
    void anActionMeetingTheDcSucceeds() {
        table.place("alda");
        // d20 8 + STR 12 = 20 vs DC 20
        CheckRolled rolled = table.only(table.run(new Check("alda", "STR", 20, null, null, List.of(), List.of(),
                List.of(), List.of(), null, false, "bend the bars", null), ALDA_PLAYER, 8), CheckRolled.class);
        assertThat(rolled.roll().total()).isEqualTo(20);
        assertThat(rolled.success()).isTrue();
    }

    @Test
    @DisplayName("\"The Warden decide the DC\" and \"can disclose the DC if appropriate\": a DC the Warden keeps is in no player's log")
    void aDcTheWardenKeepsIsLeftOutOfThePlayersLog() {
        table.place("alda", "bram");
        Viewer warden = new Viewer(CairnFixture.GM.userId(), Role.GM);
        Viewer ann = new Viewer(ALDA_PLAYER.userId(), Role.PLAYER);
        // d20 8 + STR 12 = 20 vs DC 24, kept by the Warden
        CheckRolled kept = table.only(table.run(new Check("alda", "str", 24, null, null, List.of(), List.of(), List.of(),
                List.of(), null, false, "bend the bars", null, true), CairnFixture.GM, 8), CheckRolled.class);
        assertThat(kept.success()).isFalse();
        assertThat(kept.describeTo(warden)).contains("vs DC 24 — failure");
        assertThat(kept.describeTo(ann)).contains("vs a DC the Warden keeps — failure").doesNotContain("24");
        SaveRolled keptSave = table.only(table.run(new Save("alda", "dex", 17, List.of(), List.of(), "boulder", true),
                CairnFixture.GM, 11), SaveRolled.class);
        assertThat(keptSave.describeTo(ann)).contains("vs a DC the Warden keeps — ").doesNotContain("17");
        assertThat(keptSave.describeTo(warden)).contains("vs DC 17");

        // Told: the player typed it, or the Warden did not keep it.
        CheckRolled told = table.only(table.run(new Check("alda", "str", 20, null, null, List.of(), List.of(), List.of(),
                List.of(), null, false, null, null), ALDA_PLAYER, 8), CheckRolled.class);
        assertThat(told.describeTo(ann)).contains("vs DC 20 — success");

        table.rejected(new Check("alda", "str", 20, null, null, List.of(), List.of(), List.of(), List.of(), null, false, null,
                null, true), ALDA_PLAYER, RejectionCode.NOT_ALLOWED);
        table.rejected(new Save("alda", "dex", 15, List.of(), List.of(), null, true), ALDA_PLAYER, RejectionCode.NOT_ALLOWED);
        table.rejected(new Check("alda", "str", null, "bram", null, List.of(), List.of(), List.of(), List.of(), null, false,
                null, null, true), CairnFixture.GM, RejectionCode.INVALID_COMMAND);
    }

    @Test
    @DisplayName("\"Base Dice (d20) + Modifiers + Object Dice\"; \"IR is smaller than the TR: The Target Succeed the Save\"")
    void aContestedCheckAddsObjectDiceAndLosesBelowTheTargetsResult() {
        table.place("alda", "bram");
        // Alda: d20 3 + DEX 13 + d6 2 = 18; Bram's DEX save: d20 7 + 12 = 19
        CheckRolled rolled = table.only(table.run(new Check("alda", "dex", null, "bram", "dex", List.of(6), List.of(),
                List.of(), List.of(), null, false, "trip him", null), ALDA_PLAYER, 3, 2, 7), CheckRolled.class);
        assertThat(rolled.roll().total()).isEqualTo(18);
        assertThat(rolled.targetRoll().total()).isEqualTo(19);
        assertThat(rolled.success()).isFalse();
    }

    @Test
    @DisplayName("\"one or multiple Advantage (roll +N dice, and use the higher roll)\" per die, and Disadvantage keeps the lowest")
    void advantageAndDisadvantageApplyPerDie() {
        table.place("alda");
        // base d20 with 2 Advantage: 4, 17, 9 -> 17; d8 with 1 Disadvantage: 7, 2 -> 2
        CheckRolled rolled = table.only(table.run(new Check("alda", "str", 25, null, null, List.of(8), List.of(),
                List.of(2, -1), List.of(), null, false, null, null), ALDA_PLAYER, 4, 17, 9, 7, 2), CheckRolled.class);
        assertThat(rolled.roll().total()).isEqualTo(17 + 12 + 2);
        assertThat(rolled.roll().notation()).isEqualTo("3d20kh1+12+2d8kl1");
        assertThat(rolled.roll().dice()).extracting(Die::kept).containsExactly(false, true, false, false, true);
    }

    @Test
    @DisplayName("\"For Natural 1 and Natural 20 on the Base Dice: The Warden should describes what extraordinary things happens.\"")
    void naturalOneAndTwentyOnTheBaseDieAreFlagged() {
        table.place("alda");
        CheckRolled twenty = table.only(table.run(new Check("alda", "wil", 40, null, null, List.of(), List.of(),
                List.of(), List.of(), null, false, "seduce the door", null), ALDA_PLAYER, 20), CheckRolled.class);
        assertThat(twenty.natural20()).isTrue();
        assertThat(twenty.triggers()).containsExactly("natural 20");
        assertThat(twenty.describe()).contains("natural 20");
        CheckRolled one = table.only(table.run(new Check("alda", "wil", 5, null, null, List.of(), List.of(),
                List.of(), List.of(), null, false, null, null), ALDA_PLAYER, 1), CheckRolled.class);
        assertThat(one.natural1()).isTrue();
    }

    @Test
    @DisplayName("Save vs DC: \"Compare the IR (or DC) with the TR\" — a TR equal to the DC fails, one above saves")
    void aSaveMustBeatTheDc() {
        table.place("alda");
        SaveRolled tie = table.only(table.run(new Save("alda", "dex", 24, List.of(), List.of(), "boulder"), ALDA_PLAYER, 11), SaveRolled.class);
        assertThat(tie.roll().total()).isEqualTo(24);
        assertThat(tie.success()).isFalse();
        SaveRolled above = table.only(table.run(new Save("alda", "dex", 24, List.of(), List.of(), "boulder"), ALDA_PLAYER, 12), SaveRolled.class);
        assertThat(above.success()).isTrue();
    }

    @Test
    void aCheckNeedsADcOrATargetButNotBoth() {
        table.place("alda", "bram");
        table.rejected(new Check("alda", "str", 20, "bram", null, List.of(), List.of(), List.of(), List.of(), null, false, null, null),
                ALDA_PLAYER, RejectionCode.INVALID_COMMAND);
        table.rejected(new Check("alda", "cha", 20, null, null, List.of(), List.of(), List.of(), List.of(), null, false, null, null),
                ALDA_PLAYER, RejectionCode.INVALID_COMMAND);
        table.rejected(new Check("alda", "str", 20, null, null, List.of(7), List.of(), List.of(), List.of(), null, false, null, null),
                ALDA_PLAYER, RejectionCode.INVALID_DICE);
    }

    @Test
    void aPlayerCannotRollForSomeoneElsesCharacter() {
        table.place("alda", "cole");
        table.rejected(new Save("cole", "dex", 15, List.of(), List.of(), null), ALDA_PLAYER, RejectionCode.NOT_YOUR_CHARACTER);
    }

    @Test
    @DisplayName("\"the attack is Enhanced, allowing the attacker to roll with Advantage on the Base Die\": edge +1 rolls two d20s and keeps the higher")
    void anEdgeAddsAdvantageToTheBaseDie() {
        table.place("alda");
        CheckRolled enhanced = table.only(table.run(new Check("alda", "str", 20, null, null, List.of(), List.of(), List.of(),
                List.of(), null, false, null, 1), ALDA_PLAYER, 3, 17), CheckRolled.class);
        assertThat(enhanced.roll().total()).isEqualTo(17 + 12);
        CheckRolled impaired = table.only(table.run(new Check("alda", "str", 20, null, null, List.of(), List.of(), List.of(),
                List.of(), null, false, null, -1), ALDA_PLAYER, 3, 17), CheckRolled.class);
        assertThat(impaired.roll().total()).isEqualTo(3 + 12);
        assertThat(impaired.roll().dice()).extracting(Die::kept).containsExactly(true, false);
    }

    @Test
    void aFloodOfDiceIsRefused() {
        table.place("alda");
        table.rejected(new Check("alda", "str", 20, null, null, List.of(), List.of(), List.of(1_000_000), List.of(), null, false, null, null),
                ALDA_PLAYER, RejectionCode.INVALID_COMMAND);
        table.rejected(new Check("alda", "str", 20, null, null, List.of(), List.of(), List.of(), List.of(), null, false, null, 6),
                ALDA_PLAYER, RejectionCode.INVALID_COMMAND);
        table.rejected(new Check("alda", "str", 20, null, null, List.of(), List.of(), List.of(0, 1), List.of(), null, false, null, null),
                ALDA_PLAYER, RejectionCode.INVALID_COMMAND);
        table.rejected(new Check("alda", "str", 20, null, null, List.of(4, 4, 4, 4, 4), List.of(), List.of(), List.of(), null, false,
                null, null), ALDA_PLAYER, RejectionCode.INVALID_DICE);
        table.rejected(new Save("alda", "dex", 10, List.of(), List.of(-9), null), ALDA_PLAYER, RejectionCode.INVALID_COMMAND);
    }
}
