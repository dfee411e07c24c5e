package io.astragal.rules.actlite;

import static io.astragal.rules.actlite.TestTable.GM;
import static io.astragal.rules.actlite.TestTable.keepOrder;
import static io.astragal.rules.actlite.TestTable.sheet;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.GameEvent;
import io.astragal.rules.actlite.ActliteCommand.AddCharacter;
import io.astragal.rules.actlite.ActliteCommand.AddCondition;
import io.astragal.rules.actlite.ActliteCommand.ApplyDamage;
import io.astragal.rules.actlite.ActliteCommand.EndRound;
import io.astragal.rules.actlite.ActliteCommand.StartInitiative;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RoundStartTest {

    private final TestTable table = TestTable.standard()
            .character("sage", "Sage", "bob", false, sheet("skills", List.of("Rally: at the beginning of the round, heal 1",
                    "Tumble")));

    private ActliteEvent.RoundAdvanced nextRound() {
        table.accept(GM, new StartInitiative(List.of("alda", "sage")), keepOrder(6));
        for (int i = 0; i < 6; i++) {
            table.accept(GM, new ActliteCommand.DealCard());
        }
        List<GameEvent> events = table.accept(GM, new EndRound(true), keepOrder(6));
        return table.only(events, ActliteEvent.RoundAdvanced.class);
    }

    private void setUpConditions() {
        table.accept(GM, new AddCharacter("alda"));
        table.accept(GM, new AddCharacter("sage"));
        table.accept(GM, new AddCondition("alda", "poison", 2));
        table.accept(GM, new AddCondition("alda", "bleed", 1));
        table.accept(GM, new ApplyDamage("sage", 4, false));
        table.accept(GM, new AddCondition("sage", "heal", 1));
        table.accept(GM, new AddCondition("sage", "stun", 1));
    }

    @Test
    @DisplayName("\"Effect Management ... happens before anything else\", then \"Status Management\", then \"Skills ... must be used after effects and statuses resolve.\"")
    void effectsThenStatusesThenSkills() {
        setUpConditions();
        table.accept(GM, new StartInitiative(List.of("alda", "sage")), keepOrder(6));

        List<RoundStep> steps = table.log.stream().filter(ActliteEvent.InitiativeStarted.class::isInstance)
                .map(e -> ((ActliteEvent.InitiativeStarted) e).steps()).findFirst().orElseThrow();

        assertThat(steps).extracting(RoundStep::phase).containsExactly("effects", "effects", "effects", "statuses",
                "statuses", "statuses", "skills");
        assertThat(steps).extracting(RoundStep::subject).containsExactly("poison", "bleed", "heal", "poison", "heal", "stun",
                "Rally: at the beginning of the round, heal 1");
    }

    @Test
    @DisplayName("\"Examples includes taking damage from [poison] or [bleed] or gaining health from [heal].\" Each deals its points.")
    void poisonAndBleedDamageAndHealHeals() {
        setUpConditions();
        table.accept(GM, new StartInitiative(List.of("alda", "sage")), keepOrder(6));

        assertThat(table.combatant("alda").current()).isEqualTo(new Combatant.Health(3, 6));
        assertThat(table.combatant("sage").current()).isEqualTo(new Combatant.Health(3, 6));
    }

    @Test
    @DisplayName("\"A point of [poison] is removed, a point of [heal] is removed, anything that would end at the 'beginning' of this round ends now.\"")
    void aPointOfPoisonAndHealIsRemovedAndStunEnds() {
        setUpConditions();
        table.accept(GM, new StartInitiative(List.of("alda", "sage")), keepOrder(6));

        assertThat(table.combatant("alda").conditions()).containsEntry("poison", 1).containsEntry("bleed", 1);
        assertThat(table.combatant("sage").conditions()).doesNotContainKeys("heal", "stun");
    }

    @Test
    @DisplayName("Every round begins the same way, and the log shows each step")
    void theRoundAdvanceLogsEachStep() {
        table.accept(GM, new AddCharacter("alda"));
        table.accept(GM, new AddCondition("alda", "poison", 1));

        ActliteEvent.RoundAdvanced advanced = nextRound();

        assertThat(advanced.round()).isEqualTo(2);
        assertThat(advanced.describe()).isEqualTo("Round 2 begins: 6 cards shuffled into the deck. Beginning of the round: "
                + "Sage may use \"Rally: at the beginning of the round, heal 1\".");
        assertThat(table.combatant("alda").current()).isEqualTo(new Combatant.Health(3, 8));
        assertThat(table.combatant("alda").conditions()).isEmpty();
    }

    @Test
    void aStepOnAnNpcDoesNotLogItsHealth() {
        table.accept(GM, new AddCharacter("goblin"));
        table.accept(GM, new AddCondition("goblin", "bleed", 1));

        List<GameEvent> events = table.accept(GM, new StartInitiative(List.of("goblin")), keepOrder(3));

        assertThat(events.getFirst().describe()).isEqualTo("Initiative starts with Goblin: 3 cards shuffled into the deck. "
                + "Beginning of the round: Goblin takes 1 damage from [bleed].");
    }
}
