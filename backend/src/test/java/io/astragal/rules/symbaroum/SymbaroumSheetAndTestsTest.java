package io.astragal.rules.symbaroum;

import static io.astragal.rules.symbaroum.SymbaroumFixture.ALDA_PLAYER;
import static io.astragal.rules.symbaroum.SymbaroumFixture.GM;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.astragal.rules.InvalidSheetException;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.Rulesets;
import io.astragal.rules.symbaroum.SymbaroumCommand.AwardExperience;
import io.astragal.rules.symbaroum.SymbaroumCommand.LearnAbility;
import io.astragal.rules.symbaroum.SymbaroumCommand.SuccessTest;
import io.astragal.rules.symbaroum.SymbaroumEvent.AbilityLearned;
import io.astragal.rules.symbaroum.SymbaroumEvent.TestRolled;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SymbaroumSheetAndTestsTest {

    final SymbaroumFixture table = new SymbaroumFixture();

    @Test
    void theRulesetIsRegisteredUnderItsId() {
        assertThat(Rulesets.byId("symbaroum")).get().isInstanceOf(SymbaroumRuleset.class);
    }

    @Test
    @DisplayName("\"Toughness = Strong (though never below 10)\", \"Pain Threshold = Strong/2 (rounded up)\", \"Defense = [Quick – Armor's Impeding value]\", \"Corruption Threshold = Resolute/2 (rounded up)\"")
    void secondaryAttributesAreDerived() {
        Map<String, Object> sheet = SymbaroumFixture.RULESET.validateSheet(Map.of("strong", 7, "quick", 13, "impeding", 2, "resolute", 11));
        assertThat(sheet).containsEntry("toughness", 10).containsEntry("painThreshold", 4)
                .containsEntry("defense", 11).containsEntry("corruptionThreshold", 6);
        assertThat(SymbaroumFixture.RULESET.validateSheet(Map.of("strong", 15))).containsEntry("toughness", 15).containsEntry("painThreshold", 8);
    }

    @Test
    @DisplayName("Shield: \"Anyone can defend themselves with a shield, providing +1 to Defense.\"")
    void aShieldAddsOneToDefense() {
        assertThat(SymbaroumFixture.RULESET.validateSheet(Map.of("quick", 14, "impeding", 2, "shield", true))).containsEntry("defense", 13);
    }

    @Test
    void weaponDamageMustBeDiceNotation() {
        assertThatThrownBy(() -> SymbaroumFixture.RULESET.validateSheet(Map.of("weapons", List.of(Map.of("name", "Club", "damage", "1d")))))
                .isInstanceOf(InvalidSheetException.class)
                .satisfies(e -> assertThat(((InvalidSheetException) e).field()).isEqualTo("weapons"));
    }

    @Test
    @DisplayName("\"success is only a matter of the die landing on a number which is equal to or lower than the character's attribute value\"")
    void aTestSucceedsOnOrUnderTheAttribute() {
        table.place("alda");
        TestRolled equal = table.only(table.run(new SuccessTest("alda", "Accurate", null, null, null, false, null, null, "throw"),
                ALDA_PLAYER, 13), TestRolled.class);
        assertThat(equal.success()).isTrue();
        TestRolled over = table.only(table.run(new SuccessTest("alda", "accurate", null, null, null, false, null, null, "throw"),
                ALDA_PLAYER, 14), TestRolled.class);
        assertThat(over.success()).isFalse();
    }

    @ParameterizedTest(name = "opposing {0} -> modifier {1}")
    @CsvSource({"5,5", "6,4", "7,3", "8,2", "9,1", "10,0", "11,-1", "12,-2", "13,-3", "14,-4", "15,-5"})
    @DisplayName("Opposed tests use \"[10 –the enemy's attribute value]\" (Attribute | Modifier table)")
    void anOpposedTestIsModifiedByTenMinusTheOpposingValue(int opposing, int modifier) {
        table.place("alda");
        SymbaroumState.Fighter enemy = new SymbaroumState.Fighter("foe", "Foe", "gm", true, Map.of("vigilant", opposing),
                "", List.of(), Map.of(), Map.of());
        table.state = table.state.with(enemy);
        TestRolled rolled = table.only(table.run(new SuccessTest("alda", "discreet", null, "foe", "vigilant", false, null, null, null),
                ALDA_PLAYER, 1), TestRolled.class);
        assertThat(rolled.chance()).isEqualTo(11 + modifier);
    }

    @Test
    @DisplayName("Difficulty: \"typically from +5 (very easy) to −5 (very hard)\"; Advantage: \"a +2 modification to the relevant Attribute\"")
    void difficultyAndAdvantageModifyTheChance() {
        table.place("alda");
        TestRolled hard = table.only(table.run(new SuccessTest("alda", "cunning", -5, null, null, true, null, null, "lock"),
                ALDA_PLAYER, 8), TestRolled.class);
        assertThat(hard.chance()).isEqualTo(10 - 5 + 2);
        assertThat(hard.success()).isFalse();
    }

    @Test
    @DisplayName("Blind Fighting: \"if the character is affected, the player rolls twice and picks the worst result\"")
    void blindTestsRollTwice() {
        table.place("alda");
        TestRolled self = table.only(table.run(new SuccessTest("alda", "quick", null, null, null, false, "self", null, null),
                ALDA_PLAYER, 3, 17), TestRolled.class);
        assertThat(self.roll().total()).isEqualTo(17);
        assertThat(self.success()).isFalse();
        TestRolled enemy = table.only(table.run(new SuccessTest("alda", "quick", null, null, null, false, "enemy", null, null),
                ALDA_PLAYER, 19, 2), TestRolled.class);
        assertThat(enemy.roll().total()).isEqualTo(2);
    }

    @Test
    void unknownAttributesAndOthersCharactersAreRefused() {
        table.place("alda", "cole");
        table.rejected(new SuccessTest("alda", "charm", null, null, null, false, null, null, null), ALDA_PLAYER, RejectionCode.INVALID_COMMAND);
        table.rejected(new SuccessTest("cole", "quick", null, null, null, false, null, null, null), ALDA_PLAYER, RejectionCode.NOT_YOUR_CHARACTER);
    }

    @Test
    @DisplayName("\"Purchasing a new ability at novice level costs 10 Experience, ... novice to the adept level costs 20 ... adept to master costs 30\"")
    void abilitiesCostTenTwentyThirty() {
        table.place("alda");
        AbilityLearned adept = table.only(table.run(new LearnAbility("alda", "medicus"), ALDA_PLAYER), AbilityLearned.class);
        assertThat(adept.cost()).isEqualTo(20);
        assertThat(table.get("alda").abilities()).containsEntry("Medicus", 2);
        assertThat(table.get("alda").get("experience")).isEqualTo(5);
        table.rejected(new LearnAbility("alda", "Medicus"), ALDA_PLAYER, RejectionCode.INVALID_STATE);
        table.rejected(new AwardExperience("alda", 40), ALDA_PLAYER, RejectionCode.NOT_ALLOWED);
        table.run(new AwardExperience("alda", 40), GM);
        assertThat(table.only(table.run(new LearnAbility("alda", "Recovery"), ALDA_PLAYER), AbilityLearned.class).cost()).isEqualTo(10);
        assertThat(table.only(table.run(new LearnAbility("alda", "Medicus"), ALDA_PLAYER), AbilityLearned.class).cost()).isEqualTo(30);
        table.rejected(new LearnAbility("alda", "Medicus"), ALDA_PLAYER, RejectionCode.INVALID_STATE);
    }
}
