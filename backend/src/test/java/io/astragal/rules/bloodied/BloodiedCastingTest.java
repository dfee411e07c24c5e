package io.astragal.rules.bloodied;

import static io.astragal.rules.bloodied.BloodiedTable.ALICE;
import static io.astragal.rules.bloodied.BloodiedTable.BOB;
import static io.astragal.rules.bloodied.BloodiedTable.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.RejectionCode;
import io.astragal.rules.bloodied.BloodiedCommand.Cast;
import io.astragal.rules.bloodied.BloodiedCommand.FullRest;
import io.astragal.rules.bloodied.BloodiedCommand.PlaceCharacter;
import io.astragal.rules.bloodied.BloodiedEvent.SpellCast;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class BloodiedCastingTest {

    private final BloodiedTable table = new BloodiedTable();

    @BeforeEach
    void placeEveryone() {
        table.accept(GM, new PlaceCharacter("alda"));
        table.accept(GM, new PlaceCharacter("bram"));
    }

    @Test
    @DisplayName("Target numbers: Tier 0: 3, Tier 1: 4, Tier 2: 11, Tier 3: 30, Tier 4: 67")
    void tiersHaveTheirTargetNumbers() {
        assertThat(List.of(0, 1, 2, 3, 4)).extracting(t -> Casting.target(t, 0)).containsExactly(3, 4, 11, 30, 67);
    }

    @Test
    @DisplayName("\"The target number can be reduced by 25% if the caster adds one condition per Tier\"")
    void conditionsTakeAQuarterOffEach() {
        assertThat(Casting.target(3, 1)).isEqualTo(23);
        assertThat(Casting.target(3, 2)).isEqualTo(17);
        assertThat(Casting.target(4, 4)).isEqualTo(22);
        table.reject(ALICE, new Cast("alda", "Light", 0, 1, 1, true), RejectionCode.INVALID_COMMAND);
    }

    @Test
    @DisplayName("\"Each die that rolled 6 is counted and then removed from the caster's pool until he rests fully.\"")
    void sixesLeaveThePoolUntilAFullRest() {
        SpellCast cast = table.only(table.accept(ALICE, new Cast("alda", "Levitate", 2, 3, 0, true), 6, 4, 2), SpellCast.class);

        assertThat(cast.castTier()).isEqualTo(2);
        assertThat(cast.sixes()).isEqualTo(1);
        assertThat(cast.triggers()).containsExactly("on 6");
        assertThat(table.get("alda").poolLeft()).isEqualTo(3);
        table.reject(ALICE, new Cast("alda", "Levitate", 2, 4, 0, true), RejectionCode.NOT_ENOUGH_AP);
        table.accept(GM, new FullRest(List.of("alda")));
        assertThat(table.get("alda").poolLeft()).isEqualTo(4);
    }

    @Test
    @DisplayName("\"If the caster does not reach the target number, they may cast a lower Tier version of the spell (if applicable) if they reach the lower target. Otherwise the spell fizzles and all lost dice are still lost.\"")
    void fallingShortCastsALowerTierOrFizzles() {
        SpellCast lower = table.only(table.accept(ALICE, new Cast("alda", "Fire", 3, 2, 0, true), 6, 5), SpellCast.class);
        SpellCast fizzle = table.only(table.accept(ALICE, new Cast("alda", "Fire", 3, 2, 0, false), 6, 5), SpellCast.class);

        assertThat(lower.castTier()).isEqualTo(2);
        assertThat(fizzle.castTier()).isEqualTo(-1);
        assertThat(fizzle.describe()).contains("the spell fizzles");
        assertThat(table.get("alda").poolLeft()).isEqualTo(2);
    }

    @Test
    void castingInInitiativeTakesTheAction() {
        table.accept(GM, new BloodiedCommand.StartInitiative(List.of("alda", "bram")), 20, 1);
        table.reject(BOB, new Cast("alda", "Light", 0, 1, 0, true), RejectionCode.NOT_YOUR_CHARACTER);
        table.accept(ALICE, new Cast("alda", "Light", 0, 1, 0, true), 3);

        assertThat(table.state.initiative().used()).containsExactly("action");
        table.reject(ALICE, new Cast("alda", "Light", 0, 1, 0, true), RejectionCode.NOT_ENOUGH_AP);
    }
}
