package io.astragal.rules.actlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.astragal.dice.DiceSource;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class AdvancementTest {

    private static final List<String> TABLE = List.of("Riposte", "Feint", "Disarm", "Parry");

    @Test
    @DisplayName("\"Going from 2 STR to 3 STR costs 3 XP.\"")
    void raisingAPositiveScoreCostsTheNewScore() {
        assertThat(Advancement.attributeCost(2, 3)).isEqualTo(3);
    }

    @Test
    @DisplayName("\"Going from -1 STR to 2 STR costs 1 (-1 to 0) + 1 (0 to 1) + 2 (1 to 2) = 4 XP.\"")
    void eachStepIsPricedOnItsOwn() {
        assertThat(Advancement.attributeCost(-1, 2)).isEqualTo(4);
    }

    @Test
    @DisplayName("\"Increasing a negative attribute costs 1 XP.\"")
    void raisingANegativeScoreCostsOne() {
        assertThat(Advancement.attributeCost(-3, 0)).isEqualTo(3);
        assertThat(Advancement.attributeCost(1, 1)).isZero();
        assertThatThrownBy(() -> Advancement.attributeCost(2, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("\"The first roll costs X, the second roll costs Y, and all subsequent rolls have an XP cost of Z, notated X->Y->Z.\"")
    void tableRollsFollowTheArrowCosts() {
        assertThat(Advancement.tableRollCost("1->2->3", 0)).isEqualTo(1);
        assertThat(Advancement.tableRollCost("1->2->3", 1)).isEqualTo(2);
        assertThat(Advancement.tableRollCost("1->2->3", 5)).isEqualTo(3);
        assertThat(Advancement.tableRollCost("3->1", 4)).isEqualTo(1);
    }

    @Test
    @DisplayName("\"If no cost is listed, rolling costs on the table costs 1 XP.\"")
    void anUnlistedCostIsOne() {
        assertThat(Advancement.tableRollCost(null, 3)).isEqualTo(1);
        assertThat(Advancement.tableRollCost("", 0)).isEqualTo(1);
    }

    @Test
    @DisplayName("\"If a player gets a skill they already have ... they get the skill below/before it in the table.\"")
    void aDuplicateGivesTheSkillBeforeIt() {
        assertThat(Advancement.skillFor(TABLE, Set.of("Disarm"), 2)).isEqualTo("Feint");
        assertThat(Advancement.skillFor(TABLE, Set.of("Disarm", "Feint"), 2)).isEqualTo("Riposte");
        assertThat(Advancement.skillFor(TABLE, Set.of(), 2)).isEqualTo("Disarm");
    }

    @Test
    @DisplayName("\"If none are below it, they get the first skill above it.\"")
    void withNothingBeforeItTheFirstSkillAfterIt() {
        assertThat(Advancement.skillFor(TABLE, Set.of("Riposte"), 0)).isEqualTo("Feint");
        assertThat(Advancement.skillFor(TABLE, Set.of("Riposte", "Feint", "Disarm"), 1)).isEqualTo("Parry");
    }

    @Test
    @DisplayName("\"A player cannot roll on a table when they have every skill on the table.\"")
    void aCompletedTableCannotBeRolled() {
        Set<String> all = Set.copyOf(TABLE);

        assertThat(Advancement.canRoll(TABLE, all)).isFalse();
        assertThatThrownBy(() -> Advancement.rollOnTable(TABLE, all, null, 0, DiceSource.scripted(1)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aTableRollUsesADieAsLargeAsTheTable() {
        Advancement.TableRoll roll = Advancement.rollOnTable(TABLE, Set.of("Parry"), "2->1", 1, DiceSource.scripted(4));

        assertThat(roll).isEqualTo(new Advancement.TableRoll(4, "Disarm", 1));
    }
}
