package io.astragal.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.ActionOption;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Need;
import io.astragal.rules.TableView;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SentTableTest {

    private static final Need TARGET = Need.of("target", "Target", Need.Kind.COMBATANT);
    private static final Need AMOUNT = Need.of("amount", "Amount", Need.Kind.NUMBER);
    private static final Need SIDES = new Need("groups", "Sides", Need.Kind.GROUPS, List.of("Party", "Foes"));

    private static ActionOption option(String label, List<Need> needs) {
        return new ActionOption("actlite.applyDamage", label, Map.of("crit", false), needs, null, true, "", true);
    }

    @Test
    void eachDistinctNeedIsSentOnceAndActionsNameThemByIndex() {
        TableView view = new TableView(InitiativeModel.CARD_DECK, List.of(), null, List.of(
                option("Apply damage", List.of(TARGET, AMOUNT)),
                option("Deal next card", List.of()),
                option("Start the fight", List.of(SIDES, TARGET)),
                option("Heal", List.of(TARGET, AMOUNT))));

        JsonNode sent = JsonMapper.builder().build().valueToTree(SentTable.of(view));

        assertThat(sent.get("needs")).hasSize(3);
        assertThat(sent.get("needs").findValuesAsString("name")).containsExactly("target", "amount", "groups");
        assertThat(sent.get("needs").get(2).get("options").toString()).isEqualTo("[\"Party\",\"Foes\"]");
        assertThat(sent.get("actions").findValues("needs").stream().map(JsonNode::toString))
                .containsExactly("[0,1]", "[]", "[2,0]", "[0,1]");
        JsonNode heal = sent.get("actions").get(3);
        assertThat(heal.get("label").asString()).isEqualTo("Heal");
        assertThat(heal.get("args").get("crit").asBoolean()).isFalse();
        assertThat(heal.get("gmOnly").asBoolean()).isTrue();
        assertThat(sent.get("model").asString()).isEqualTo("CARD_DECK");
    }

    @Test
    void needsThatDifferOnlyInTheirOptionsAreKeptApart() {
        Need swords = new Need("weapon", "Weapon", Need.Kind.CHOICE, List.of("Sword"));
        Need bows = new Need("weapon", "Weapon", Need.Kind.CHOICE, List.of("Bow"));
        TableView view = new TableView(InitiativeModel.ORDERED, List.of(), null,
                List.of(option("Alda attacks", List.of(swords)), option("Bram attacks", List.of(bows))));

        SentTable sent = (SentTable) SentTable.of(view);

        assertThat(sent.needs()).containsExactly(swords, bows);
        assertThat(sent.actions().get(1).needs()).containsExactly(1);
    }

    @Test
    void anOptionOfferedAlikeInTwoViewsIsOneActionOnlyWhereItsNeedsHaveTheSameIndices() {
        ActionOption heal = option("Heal", List.of(TARGET, AMOUNT));
        ActionOption start = option("Start the fight", List.of(SIDES, TARGET));
        ActionOption deal = option("Deal next card", List.of());
        Map<ActionOption, SentTable.Action> made = new IdentityHashMap<>();

        SentTable owner = (SentTable) SentTable.of(new TableView(InitiativeModel.CARD_DECK, List.of(), null,
                List.of(heal, deal)), made);
        SentTable sameOrder = (SentTable) SentTable.of(new TableView(InitiativeModel.CARD_DECK, List.of(), null,
                List.of(heal, deal)), made);
        // Here TARGET comes first again but SIDES takes index 1: the heal's first index agrees, its second does not.
        SentTable gm = (SentTable) SentTable.of(new TableView(InitiativeModel.CARD_DECK, List.of(), null,
                List.of(option("Apply damage", List.of(TARGET)), start, heal, deal)), made);

        assertThat(sameOrder.actions().get(0)).isSameAs(owner.actions().get(0));
        assertThat(sameOrder.actions().get(1)).isSameAs(owner.actions().get(1));
        assertThat(owner.actions().get(0).needs()).containsExactly(0, 1);
        assertThat(gm.needs()).containsExactly(TARGET, SIDES, AMOUNT);
        assertThat(gm.actions().get(2)).isNotSameAs(owner.actions().get(0));
        assertThat(gm.actions().get(2).needs()).containsExactly(0, 2);
        assertThat(owner.actions().get(0).needs()).containsExactly(0, 1);
        assertThat(gm.actions().get(3)).isSameAs(owner.actions().get(1));
    }

    @Test
    void aViewOfAnotherShapeIsSentAsItIs() {
        Map<String, Object> other = Map.of("anything", 1);
        assertThat(SentTable.of(other)).isSameAs(other);
    }
}
