package io.astragal.rules.actlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CostSequenceTest {

    @Test
    @DisplayName("\"These costs are connected with arrows, like this: 1->2->3.\"")
    void arrowsParse() {
        assertThat(CostSequence.parse("1->2->3")).containsExactly(1, 2, 3);
        assertThat(CostSequence.parse(" 2 -> 1 ")).containsExactly(2, 1);
        assertThat(CostSequence.parse("3")).containsExactly(3);
        assertThat(CostSequence.parse("1->")).isNull();
        assertThat(CostSequence.parse("one")).isNull();
    }

    @Test
    @DisplayName("\"The first time you perform the action in a round it costs the first amount ... If you are at the last cost, pay that amount of AP again\"")
    void theLastCostRepeats() {
        List<Integer> costs = List.of(1, 2, 3);

        assertThat(CostSequence.next(costs, 0)).isEqualTo(1);
        assertThat(CostSequence.next(costs, 1)).isEqualTo(2);
        assertThat(CostSequence.next(costs, 2)).isEqualTo(3);
        assertThat(CostSequence.next(costs, 7)).isEqualTo(3);
    }

    @Test
    @DisplayName("\"Attacking three times in one round with a weapon with the cost 1->2 costs 5 AP.\"")
    void threeAttacksAtOneThenTwoCostFive() {
        assertThat(CostSequence.total(List.of(1, 2), 3)).isEqualTo(5);
    }
}
