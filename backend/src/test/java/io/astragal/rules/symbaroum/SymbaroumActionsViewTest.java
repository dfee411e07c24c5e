package io.astragal.rules.symbaroum;

import static io.astragal.rules.symbaroum.SymbaroumFixture.ALDA_PLAYER;
import static io.astragal.rules.symbaroum.SymbaroumFixture.COLE_PLAYER;
import static io.astragal.rules.symbaroum.SymbaroumFixture.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.dice.DiceSource;
import io.astragal.rules.ActionOption;
import io.astragal.rules.Actor;
import io.astragal.rules.Decision;
import io.astragal.rules.GameCommand;
import io.astragal.rules.Need;
import io.astragal.rules.Need.Kind;
import io.astragal.rules.Play;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import io.astragal.rules.symbaroum.SymbaroumCommand.AddCondition;
import io.astragal.rules.symbaroum.SymbaroumCommand.ApplyDamage;
import io.astragal.rules.symbaroum.SymbaroumCommand.Attack;
import io.astragal.rules.symbaroum.SymbaroumCommand.EndTurn;
import io.astragal.rules.symbaroum.SymbaroumCommand.Move;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The buttons each member is offered: typed controls for every argument, enabled exactly when the referee agrees. */
class SymbaroumActionsViewTest {

    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    private static final Map<String, Kind> CONTROLS = Map.ofEntries(
            Map.entry("target", Kind.COMBATANT), Map.entry("combatantId", Kind.COMBATANT),
            Map.entry("characterIds", Kind.CHARACTERS), Map.entry("withdrawFrom", Kind.COMBATANTS),
            Map.entry("passing", Kind.COMBATANTS), Map.entry("sides", Kind.GROUPS),
            Map.entry("advantage", Kind.FLAG), Map.entry("herbalCure", Kind.FLAG), Map.entry("medicus", Kind.FLAG),
            Map.entry("longWeapon", Kind.FLAG), Map.entry("attribute", Kind.CHOICE), Map.entry("targetAttribute", Kind.CHOICE),
            Map.entry("blind", Kind.CHOICE), Map.entry("action", Kind.CHOICE), Map.entry("weapon", Kind.CHOICE),
            Map.entry("condition", Kind.CHOICE), Map.entry("modifier", Kind.NUMBER), Map.entry("amount", Kind.NUMBER),
            Map.entry("text", Kind.TEXT));

    final SymbaroumFixture table = new SymbaroumFixture();

    private List<ActionOption> actions(Actor actor) {
        return ((TableView) table.referee.view(table.state, new Viewer(actor.userId(), actor.role()))).actions();
    }

    /** Checks every offered option of every member against the referee. */
    private void everyOptionIsHonest() {
        for (Actor actor : List.of(GM, ALDA_PLAYER, COLE_PLAYER)) {
            for (ActionOption option : actions(actor)) {
                for (Need need : option.needs()) {
                    assertThat(need.kind()).as(option.label() + " / " + need.name()).isEqualTo(CONTROLS.get(need.name()));
                    if (option.enabled() && (need.kind() == Kind.CHOICE || need.kind() == Kind.GROUPS)) {
                        assertThat(need.options()).as(option.label() + " / " + need.name()).isNotEmpty();
                    }
                }
                if (!option.needs().isEmpty()) {
                    continue;
                }
                GameCommand command = STRICT.convertValue(option.args(), SymbaroumReferee.COMMANDS.get(option.command()));
                Decision decision = table.referee.decide(table.state, command, new Play(actor, SymbaroumFixture.CARDS,
                        sides -> sides));
                if (option.enabled()) {
                    assertThat(decision).as(actor.displayName() + ": " + option.label()).isInstanceOf(Decision.Accepted.class);
                } else {
                    assertThat(decision).as(actor.displayName() + ": " + option.label()).isInstanceOf(Decision.Rejected.class);
                    assertThat(option.reason()).isEqualTo(((Decision.Rejected) decision).message());
                }
            }
        }
    }

    @Test
    void everyArgumentHasATypedControlAndEveryButtonWithoutPicksMatchesTheReferee() {
        everyOptionIsHonest();
        table.place("alda", "bram");
        everyOptionIsHonest();
        table.startFight();
        everyOptionIsHonest();
        table.run(new Attack("alda", "bram", "Sword", false, null, false), ALDA_PLAYER, 13, 7);
        everyOptionIsHonest();
        table.run(new AddCondition("alda", "prone", null), GM);
        table.run(new Move("alda", null, List.of("bram"), List.of()), ALDA_PLAYER);
        everyOptionIsHonest();
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.run(new ApplyDamage("cole", 15, "ambush"), GM);
        everyOptionIsHonest();
    }

    @Test
    void theGmStartsTheFightWithTheCharactersAtTheTablePreselectedAndPicksSurpriseSidesAsGroups() {
        table.place("alda", "bram");
        List<ActionOption> gm = actions(GM);
        ActionOption start = gm.stream().filter(a -> a.command().equals("symbaroum.startInitiative")).findFirst().orElseThrow();
        assertThat(start.args()).containsEntry("characterIds", List.of("alda", "bram"));
        assertThat(start.needs()).singleElement().satisfies(n -> assertThat(n.kind()).isEqualTo(Kind.CHARACTERS));
        ActionOption surprise = gm.stream().filter(a -> a.command().equals("symbaroum.surprise")).findFirst().orElseThrow();
        assertThat(surprise.enabled()).isTrue();
        assertThat(surprise.needs()).singleElement().satisfies(n -> {
            assertThat(n.kind()).isEqualTo(Kind.GROUPS);
            assertThat(n.options()).containsExactly("Attackers", "Defenders");
        });
        // What the browser's GROUPS control sends: one list of ids per option, in order.
        GameCommand sent = STRICT.convertValue(Map.of("sides", List.of(List.of("bram"), List.of("alda"))),
                SymbaroumReferee.COMMANDS.get("symbaroum.surprise"));
        assertThat(table.referee.decide(table.state, sent, new Play(GM, SymbaroumFixture.CARDS, DiceSource.scripted(3))))
                .isInstanceOf(Decision.Accepted.class);
        assertThat(actions(ALDA_PLAYER)).noneMatch(ActionOption::gmOnly);
    }

    @Test
    void aPlayerSeesTheirOwnTurnButtonsDisabledWithTheRefereesReasonUntilItIsTheirTurn() {
        table.startFight();
        List<ActionOption> cole = actions(COLE_PLAYER);
        assertThat(cole).filteredOn(a -> a.command().equals("symbaroum.move")).singleElement()
                .satisfies(a -> assertThat(a.reason()).isEqualTo("It is Alda's turn, not Cole's."));
        assertThat(cole).noneMatch(a -> a.label().startsWith("Alda"));
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        assertThat(actions(COLE_PLAYER)).filteredOn(a -> a.label().contains("attack with Axe")).singleElement()
                .satisfies(a -> assertThat(a.enabled()).isTrue());
    }
}
