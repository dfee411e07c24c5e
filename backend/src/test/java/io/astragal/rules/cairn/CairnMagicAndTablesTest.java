package io.astragal.rules.cairn;

import static io.astragal.rules.cairn.CairnFixture.ALDA_PLAYER;
import static io.astragal.rules.cairn.CairnFixture.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.RejectionCode;
import io.astragal.rules.cairn.CairnCommand.AddCondition;
import io.astragal.rules.cairn.CairnCommand.AddFatigue;
import io.astragal.rules.cairn.CairnCommand.CastSpell;
import io.astragal.rules.cairn.CairnCommand.MoraleSave;
import io.astragal.rules.cairn.CairnCommand.Rest;
import io.astragal.rules.cairn.CairnCommand.RestoreHp;
import io.astragal.rules.cairn.CairnCommand.RollDieOfFate;
import io.astragal.rules.cairn.CairnCommand.RollHireling;
import io.astragal.rules.cairn.CairnCommand.RollReaction;
import io.astragal.rules.cairn.CairnEvent.FateRolled;
import io.astragal.rules.cairn.CairnEvent.FatigueAdded;
import io.astragal.rules.cairn.CairnEvent.HirelingRolled;
import io.astragal.rules.cairn.CairnEvent.MoraleChecked;
import io.astragal.rules.cairn.CairnEvent.ReactionRolled;
import io.astragal.rules.cairn.CairnEvent.SpellCast;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CairnMagicAndTablesTest {

    final CairnFixture table = new CairnFixture();

    @BeforeEach
    void place() {
        table.place("alda", "bram", "cole");
    }

    @Test
    @DisplayName("\"For each inventory slot die that shows a 4-6, you gain one Fatigue.\" Mana dust \"cannot produce fatigue\"")
    void onlySlotDiceShowingFourToSixGiveFatigue() {
        SpellCast cast = table.only(table.run(new CastSpell("alda", "Light", 2, 1, false), ALDA_PLAYER, 4, 2, 6), SpellCast.class);
        assertThat(cast.fatigue()).isEqualTo(1);
        assertThat(cast.sum()).isEqualTo(12);
        assertThat(cast.mishap()).isNull();
        assertThat(table.get("alda").get("fatigue")).isEqualTo(1);
        assertThat(table.get("alda").get("manaDust")).isEqualTo(1);
        // 10 slots - 3 for items - 1 Fatigue: "Each Fatigue occupies one slot"
        assertThat(table.get("alda").freeSlots()).isEqualTo(6);
    }

    @Test
    @DisplayName("Barry: \"He rolls: double 2s and a 5. The spell effects occur, and he takes one Fatigue. ... the [sum] of the dice - 9\"")
    void twoMatchesMeanAMishapBySum() {
        SpellCast cast = table.only(table.run(new CastSpell("alda", "Mirror Image", 1, 2, false), ALDA_PLAYER, 5, 2, 2), SpellCast.class);
        assertThat(cast.fatigue()).isEqualTo(1);
        assertThat(cast.matches()).isEqualTo(2);
        assertThat(cast.mishap()).isEqualTo(9);
        assertThat(cast.mishapText()).startsWith("The spell turns your skin a dark shade of purple");
        assertThat(cast.failed()).isFalse();
    }

    @Test
    @DisplayName("\"If you get 3 matches or more ... consider the spell failed.\" #15 \"You lose half your WIL (rounded down).\"")
    void threeMatchesFailTheSpell() {
        SpellCast cast = table.only(table.run(new CastSpell("alda", "Sleep", 3, 0, false), ALDA_PLAYER, 5, 5, 5), SpellCast.class);
        assertThat(cast.failed()).isTrue();
        assertThat(cast.mishap()).isEqualTo(15);
        assertThat(cast.fatigue()).isEqualTo(3);
        assertThat(table.get("alda").get("wil")).isEqualTo(5);
    }

    @Test
    @DisplayName("\"Choose how many you wish to invest (up to a maximum of 4)\" from \"available inventory slots and Mana Dust\"")
    void magicDiceAreLimitedBySlotsDustAndFour() {
        table.rejected(new CastSpell("alda", "Light", 3, 2, false), ALDA_PLAYER, RejectionCode.INVALID_COMMAND);
        table.rejected(new CastSpell("alda", "Light", 0, 3, false), ALDA_PLAYER, RejectionCode.NOT_ENOUGH_AP);
        table.run(new AddFatigue("alda", 6), GM);
        table.rejected(new CastSpell("alda", "Light", 2, 0, false), ALDA_PLAYER, RejectionCode.NOT_ENOUGH_AP);
    }

    @Test
    @DisplayName("Mishaps table: a row for every [sum] from 2 to 24")
    void theMishapTableCoversEverySum() {
        for (int sum = 2; sum <= 24; sum++) {
            assertThat(CairnTables.mishap(sum).entry()).isEqualTo(sum);
        }
        assertThat(CairnTables.mishap(24).title()).isEqualTo("Elemental");
    }

    @Test
    @DisplayName("#4 \"There is a chain reaction to the spell ... Take an additional Fatigue.\"")
    void aChainReactionAddsFatigue() {
        SpellCast cast = table.only(table.run(new CastSpell("alda", "Light", 0, 2, false), ALDA_PLAYER, 2, 2), SpellCast.class);
        assertThat(cast.mishap()).isEqualTo(4);
        assertThat(cast.fatigue()).isEqualTo(1);
    }

    @Test
    @DisplayName("\"If a character is forced to add Fatigue to their inventory but they have no free slots, they must drop an item from their inventory.\"")
    void fatigueWithoutFreeSlotsDropsItems() {
        FatigueAdded added = table.only(table.run(new AddFatigue("alda", 8), GM), FatigueAdded.class);
        assertThat(added.itemsDropped()).isEqualTo(1);
        assertThat(table.get("alda").get("items")).isEqualTo(2);
    }

    @Test
    @DisplayName("\"A Deprived PC cannot recover HP, Attributes, or item slots from Fatigue.\"")
    void deprivedCharactersCannotRecover() {
        table.run(new AddFatigue("alda", 1), GM);
        table.run(new AddCondition("alda", Conditions.DEPRIVED, null), GM);
        table.rejected(new Rest("alda"), GM, RejectionCode.INVALID_STATE);
        table.rejected(new RestoreHp("alda", 1), GM, RejectionCode.INVALID_STATE);
        table.run(new CairnCommand.RemoveCondition("alda", Conditions.DEPRIVED), GM);
        table.run(new Rest("alda"), GM);
        assertThat(table.get("alda").get("fatigue")).isZero();
    }

    @ParameterizedTest(name = "2d6 {0}+{1} -> {2}")
    @CsvSource({"1,1,Hostile", "2,3,Wary", "3,3,Curious", "4,5,Kind", "6,5,Kind", "6,6,Helpful"})
    @DisplayName("Reactions: \"2 | 3-5 | 6-8 | 9-11 | 12 — Hostile | Wary | Curious | Kind | Helpful\"")
    void theReactionRollReadsTheTable(int a, int b, String result) {
        ReactionRolled rolled = table.only(table.run(new RollReaction("the hermit"), GM, a, b), ReactionRolled.class);
        assertThat(rolled.result()).isEqualTo(result);
        assertThat(rolled.roll().total()).isEqualTo(a + b);
    }

    @Test
    @DisplayName("\"A roll of 4 or more generally favors the PCs, while a roll of 3 or under usually means bad luck\"")
    void theDieOfFateFavoursOnFourOrMore() {
        assertThat(table.only(table.run(new RollDieOfFate("weather"), GM, 4), FateRolled.class).favoursPcs()).isTrue();
        assertThat(table.only(table.run(new RollDieOfFate("weather"), GM, 3), FateRolled.class).favoursPcs()).isFalse();
        table.rejected(new RollDieOfFate("weather"), ALDA_PLAYER, RejectionCode.NOT_ALLOWED, 3);
    }

    @Test
    @DisplayName("Hirelings: \"Roll 3d6 for each attribute and 1d6 for their HP.\"")
    void aHirelingRollsThreeD6PerAttributeAndD6Hp() {
        HirelingRolled h = table.only(table.run(new RollHireling("torchbearer"), GM, 1, 2, 3, 4, 5, 6, 6, 6, 6, 2), HirelingRolled.class);
        assertThat(h.str().total()).isEqualTo(6);
        assertThat(h.dex().total()).isEqualTo(15);
        assertThat(h.wil().total()).isEqualTo(18);
        assertThat(h.hp().total()).isEqualTo(2);
    }

    @Test
    @DisplayName("Morale: \"Enemies must pass a WIL save to avoid fleeing\"; \"Some groups may use their leader's WIL\"; \"Morale does not affect PCs.\"")
    void moraleIsAWilSaveForEnemiesOnly() {
        MoraleChecked fled = table.only(table.run(new MoraleSave("bram", null, null), GM, 13), MoraleChecked.class);
        assertThat(fled.roll().total()).isEqualTo(20);
        assertThat(fled.success()).isFalse();
        assertThat(table.get("bram").has(Conditions.FLEEING)).isTrue();
        table.place("mob");
        MoraleChecked held = table.only(table.run(new MoraleSave("bram", "mob", 15), GM, 10), MoraleChecked.class);
        assertThat(held.wil()).isEqualTo(6);
        assertThat(held.success()).isTrue();
        table.rejected(new MoraleSave("alda", null, null), GM, RejectionCode.INVALID_COMMAND, 10);
    }
}
