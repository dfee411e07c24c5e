package io.astragal.dice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DiceFacadeTest {

    @Test
    void weaponDamageAddsTheBonusToTheDie() {
        RollResult result = Dice.roll("1d8+2", DiceSource.scripted(5));

        assertThat(result).isEqualTo(new RollResult("1d8+2", 7, List.of(Die.kept(8, 5))));
    }

    @Test
    void parenthesesAndPrecedenceFollowArithmetic() {
        RollResult result = Dice.roll("(2d6 + 1) * 2 - d4 / 2", DiceSource.scripted(3, 4, 3));

        assertThat(result.total()).isEqualTo((3 + 4 + 1) * 2 - 3 / 2);
        assertThat(result.dice()).containsExactly(Die.kept(6, 3), Die.kept(6, 4), Die.kept(4, 3));
    }

    @Test
    void referencesAreResolvedFromTheMap() {
        RollResult result = Dice.roll("1d20 + @STR", Map.of("STR", 3), DiceSource.scripted(12));

        assertThat(result.total()).isEqualTo(15);
    }

    @Test
    void unknownReferenceIsNamed() {
        assertThatThrownBy(() -> Dice.roll("1d20 + @DEX", Map.of("STR", 3), DiceSource.scripted(12)))
                .isInstanceOf(DiceException.class)
                .hasMessageContaining("@DEX")
                .extracting(e -> ((DiceException) e).position()).isEqualTo(7);
    }

    @Test
    void badCharacterReportsItsPosition() {
        assertThatThrownBy(() -> Dice.roll("1d6+x", DiceSource.scripted(1)))
                .isInstanceOf(DiceException.class)
                .hasMessageStartingWith("unexpected 'x' at position 4: expected")
                .extracting(e -> ((DiceException) e).position()).isEqualTo(4);
    }
}
