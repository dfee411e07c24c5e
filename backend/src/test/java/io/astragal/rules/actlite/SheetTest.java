package io.astragal.rules.actlite;

import static io.astragal.rules.actlite.TestTable.sheet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.astragal.rules.InvalidSheetException;
import io.astragal.rules.SheetSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SheetTest {

    private final ActliteRuleset ruleset = new ActliteRuleset();

    private Map<String, Object> valid(Map<String, Object> sheet) {
        return ruleset.validateSheet(sheet);
    }

    private void invalid(Map<String, Object> sheet, String field) {
        assertThatThrownBy(() -> ruleset.validateSheet(sheet))
                .isInstanceOf(InvalidSheetException.class)
                .satisfies(e -> assertThat(((InvalidSheetException) e).field()).isEqualTo(field));
    }

    @Test
    @DisplayName("\"The default character block with (3)9 health and 0s for all attributes\" is what an empty sheet becomes")
    void anEmptySheetIsTheDefaultStatblock() {
        Map<String, Object> sheet = valid(Map.of());

        assertThat(sheet).containsEntry("critMax", 3).containsEntry("healthMax", 9).containsEntry("health", "(3)9")
                .containsEntry("movementSpeed", 4).containsEntry("apCards", 3)
                .containsEntry("STR", 0).containsEntry("AGI", 0).containsEntry("WIL", 0).containsEntry("PER", 0)
                .containsEntry("SOC", 0);
    }

    @Test
    @DisplayName("\"The 'passive' score, the score that other characters roll against, is 6+SCORE.\"")
    void passiveScoresAreSixPlusTheScore() {
        Map<String, Object> sheet = valid(sheet("AGI", 2, "SOC", -3));

        assertThat(sheet).containsEntry("passiveAGI", 8).containsEntry("passiveSOC", 3).containsEntry("passiveSTR", 6);
    }

    @Test
    @DisplayName("\"If you do not have an attribute score...\": a missing defensive attribute has no score and no passive")
    void aMissingDefensiveAttributeIsRepresentable() {
        Map<String, Object> sheet = valid(sheet("missingAttributes", List.of("soc"), "SOC", 2));

        assertThat(sheet).doesNotContainKeys("SOC", "passiveSOC").containsEntry("missingAttributes", List.of("SOC"));
        assertThat(SheetFormat.parse(sheet).attributes()).doesNotContainKey("SOC");
    }

    @Test
    @DisplayName("\"You can have attribute scores not listed here\": DEX as a list record or a map")
    void additionalAttributesAreAcceptedAsRecordsOrAMap() {
        Map<String, Object> fromList = valid(sheet("additionalAttributes", List.of(Map.of("name", "dex", "score", 2))));
        Map<String, Object> fromMap = valid(sheet("additionalAttributes", Map.of("DEX", 2)));

        assertThat(fromList.get("additionalAttributes")).isEqualTo(List.of(Map.of("name", "DEX", "score", 2)));
        assertThat(fromMap).isEqualTo(fromList);
        assertThat(fromList).doesNotContainKey("passiveDEX");
    }

    @Test
    @DisplayName("The club: \"Tags: pole, one-handed / Speed: 1->2 / 1d4 B, On 6: inflict [stun]\"")
    void theClubIsNormalised() {
        Map<String, Object> sheet = valid(sheet("weapons", List.of(Map.of("name", "Club", "tags", List.of("Pole", "1-h"),
                "speed", "1 -> 2", "attacks", List.of(Map.of("damage", "1d4", "type", "B", "on6", "inflict [stun]"))))));

        Sheet.Weapon club = SheetFormat.parse(sheet).weapons().getFirst();
        assertThat(club.tags()).containsExactly("pole", "one-handed");
        assertThat(club.speed()).containsExactly(1, 2);
        assertThat(club.toHit()).isZero();
        assertThat(club.strRequirement()).isNull();
        assertThat(club.attacks().getFirst()).isEqualTo(new Sheet.Attack("1d4", false, "B", "inflict [stun]"));
        assertThat(((List<?>) sheet.get("weapons")).getFirst()).isEqualTo(Map.of("name", "Club",
                "tags", List.of("pole", "one-handed"), "speed", "1->2", "toHit", 0,
                "attacks", List.of(Map.of("damage", "1d4", "crit", false, "type", "B", "on6", "inflict [stun]"))));
    }

    @Test
    @DisplayName("\"Crit damage is notated with parentheses\": (1d6) is crit damage of 1d6")
    void parenthesesMarkCritDamage() {
        Sheet sheet = SheetFormat.parse(sheet("weapons", List.of(Map.of("name", "Garrote",
                "attacks", List.of(Map.of("damage", "(1d6)"))))));

        assertThat(sheet.weapons().getFirst().attacks().getFirst()).isEqualTo(new Sheet.Attack("1d6", true, "", ""));
        assertThat(sheet.weapons().getFirst().attacks().getFirst().label()).isEqualTo("(1d6)");
    }

    @Test
    @DisplayName("Tags \"reach: N\" and \"reach: close\" are kept; 2-h reads two-handed")
    void reachTagsAndHandTags() {
        Sheet sheet = SheetFormat.parse(sheet("weapons", List.of(Map.of("name", "Spear",
                "tags", List.of("pole", "2-h", "reach:2", "range: close"), "attacks", List.of(Map.of("damage", "1d8"))))));

        assertThat(sheet.weapons().getFirst().tags()).containsExactly("pole", "two-handed", "reach: 2", "range: close");
        assertThat(sheet.weapons().getFirst().needsTwoHands()).isTrue();
    }

    @Test
    void aValidatedSheetValidatesToItself() {
        Map<String, Object> once = valid(sheet("STR", 2, "additionalAttributes", Map.of("DEX", 1), "armor", 8,
                "missingAttributes", List.of("WIL"), "skills", List.of("Tumble"), "specialCards", List.of("Ambush"),
                "weapons", List.of(TestTable.club(), Map.of("name", "Maul", "tags", List.of("2-h"), "speed", 2,
                        "strRequirement", 2, "attacks", List.of(Map.of("damage", "(1d6+@STR)", "type", "B"))))));

        assertThat(valid(once)).isEqualTo(once);
    }

    @Test
    void theSchemaListsEveryFieldWithDerivedValuesMarked() {
        SheetSchema schema = ruleset.sheetSchema();

        assertThat(schema.fields()).extracting(SheetSchema.Field::key).contains("critMax", "healthMax", "movementSpeed",
                "STR", "AGI", "WIL", "PER", "SOC", "missingAttributes", "additionalAttributes", "armor", "weapons",
                "skills", "apCards", "specialCards", "health", "passiveAGI");
        assertThat(schema.fields()).filteredOn(SheetSchema.Field::derived).extracting(SheetSchema.Field::key)
                .containsExactlyInAnyOrder("health", "passiveSTR", "passiveAGI", "passiveWIL", "passivePER", "passiveSOC");
    }

    @Test
    void invalidSheetsNameTheField() {
        invalid(sheet("STR", 11), "STR");
        invalid(sheet("AGI", "fast"), "AGI");
        invalid(sheet("critMax", 0), "critMax");
        invalid(sheet("apCards", 0), "apCards");
        invalid(sheet("stamina", 3), "stamina");
        invalid(sheet("missingAttributes", List.of("DEX")), "missingAttributes");
        invalid(sheet("additionalAttributes", List.of(Map.of("name", "STR", "score", 1))), "additionalAttributes[0].name");
        invalid(sheet("additionalAttributes", Map.of("DEX", 12)), "additionalAttributes.DEX");
        invalid(sheet("weapons", List.of(Map.of("name", "Club", "speed", "fast", "attacks", List.of(Map.of("damage", "1d4"))))),
                "weapons[0].speed");
        invalid(sheet("weapons", List.of(Map.of("name", "Club", "attacks", List.of(Map.of("damage", "1d"))))),
                "weapons[0].attacks[0].damage");
        invalid(sheet("weapons", List.of(Map.of("name", "Club", "attacks", List.of(Map.of("damage", "1d4+@DEX"))))),
                "weapons[0].attacks[0].damage");
        invalid(sheet("weapons", List.of(Map.of("name", "Club", "attacks", List.of()))), "weapons[0].attacks");
        invalid(sheet("weapons", List.of(Map.of("name", "Club", "tags", List.of("reach: far"),
                "attacks", List.of(Map.of("damage", "1d4"))))), "weapons[0].tags");
        invalid(sheet("weapons", List.of(TestTable.club(), TestTable.club())), "weapons[1].name");
        invalid(sheet("weapons", List.of(Map.of("attacks", List.of(Map.of("damage", "1d4"))))), "weapons[0].name");
    }
}
