package io.astragal.rules.cairn;

import static io.astragal.rules.cairn.CairnFixture.ALDA_PLAYER;
import static io.astragal.rules.cairn.CairnFixture.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.dice.DiceSource;
import io.astragal.rules.ActionOption;
import io.astragal.rules.Actor;
import io.astragal.rules.CombatantView;
import io.astragal.rules.Decision;
import io.astragal.rules.GameCommand;
import io.astragal.rules.Need;
import io.astragal.rules.Play;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import io.astragal.rules.cairn.CairnCommand.AddCondition;
import io.astragal.rules.cairn.CairnCommand.ApplyDamage;
import io.astragal.rules.cairn.CairnCommand.EndTurn;
import io.astragal.rules.cairn.CairnCommand.HoldAction;
import io.astragal.rules.cairn.CairnCommand.Move;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The buttons each member is offered: every one can be sent as it stands (its args and needs are
 * the command's own fields), and it is enabled exactly when the referee would accept it.
 */
class CairnOffersTest {

    /** Parses commands as the live table does: unknown fields and nulls for primitives are errors. */
    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    final CairnFixture table = new CairnFixture();

    private TableView view(Actor actor) {
        return (TableView) table.referee.view(table.state, new Viewer(actor.userId(), actor.role()));
    }

    /**
     * What a person would pick for each need, from what the browser's controls list: an opponent
     * for a target, table combatants for GROUPS, roster characters not yet at the table, the
     * suggestion where there is one. Null when the controls offer nothing to pick.
     */
    private Map<String, Object> picks(ActionOption option) {
        Map<String, Object> args = new HashMap<>(option.args());
        String actorId = (String) option.args().get("combatantId");
        List<CairnState.Combatant> all = table.state.combatants();
        String other = all.stream().map(CairnState.Combatant::id)
                .filter(id -> !id.equals(actorId) && (actorId == null || table.get(id).npc() != table.get(actorId).npc()))
                .findFirst().orElse(all.isEmpty() ? null : all.getFirst().id());
        List<String> unplaced = CairnFixture.CARDS.keySet().stream().filter(id -> table.state.find(id).isEmpty()).sorted().toList();
        for (Need need : option.needs()) {
            if (args.containsKey(need.name())) {
                continue;
            }
            Object pick = switch (need.kind()) {
                case COMBATANT -> other;
                case COMBATANTS -> List.of();
                case CHARACTER -> unplaced.isEmpty() ? null : unplaced.getFirst();
                case CHARACTERS -> unplaced.isEmpty() ? null : List.of(unplaced.getFirst());
                case NUMBER -> need.name().equals("dc") ? 10 : 1;
                case TEXT, NOTATION -> "something";
                case ATTRIBUTE -> "str";
                case CHOICE -> need.options().isEmpty() ? null : need.options().getFirst();
                case CHOICES -> List.of();
                case FLAG -> false;
                case GROUPS -> List.of(all.stream().filter(c -> !c.npc()).map(CairnState.Combatant::id).toList(),
                        all.stream().filter(CairnState.Combatant::npc).map(CairnState.Combatant::id).toList());
            };
            if (pick == null) {
                return null;
            }
            args.put(need.name(), pick);
        }
        if (option.command().endsWith("removeCondition") || option.command().endsWith("recoverScar")) {
            // the combatant who has the condition picked
            args.put("target", all.stream().filter(c -> c.has((String) args.get("condition"))).findFirst().orElseThrow().id());
        }
        if (option.command().endsWith("moraleSave")) {
            args.put("target", all.stream().filter(CairnState.Combatant::npc).findFirst().orElseThrow().id());
        }
        return args;
    }

    /** Every option of every member: it parses as its command, and enabled means accepted. */
    private void offersAreHonest() {
        for (Actor actor : List.of(GM, ALDA_PLAYER, CairnFixture.COLE_PLAYER)) {
            for (ActionOption option : view(actor).actions()) {
                Class<? extends GameCommand> type = CairnReferee.COMMANDS.get(option.command());
                assertThat(type).as(option.command()).isNotNull();
                Map<String, Object> picks = picks(option);
                if (picks == null) {
                    assertThat(option.enabled()).as("\"%s\" offers nothing to pick", option.label()).isFalse();
                    continue;
                }
                GameCommand command = STRICT.convertValue(picks, type);
                Decision decision = table.referee.decide(table.state, command,
                        new Play(actor, CairnFixture.CARDS, DiceSource.of(new java.util.Random(7))));
                if (option.enabled()) {
                    assertThat(decision).as("%s offers \"%s\" enabled: %s", actor.displayName(), option.label(), decision)
                            .isInstanceOf(Decision.Accepted.class);
                } else {
                    assertThat(decision).as("%s offers \"%s\" disabled", actor.displayName(), option.label())
                            .isInstanceOf(Decision.Rejected.class);
                    if (!option.needs().isEmpty() || option.reason().startsWith("Needs") || option.reason().startsWith("It is")) {
                        continue;
                    }
                    assertThat(((Decision.Rejected) decision).message()).isEqualTo(option.reason());
                }
            }
        }
    }

    @Test
    @DisplayName("\"The Warden can disclose the DC if appropriate\": the Warden's rolls against a DC offer to keep it; a player's do not")
    void onlyTheWardenIsOfferedToKeepADc() {
        table.place("alda", "bram", "cole");
        table.startFight(); // Bram (the Warden's) acts first
        for (String label : List.of("act against a DC", "save")) {
            assertThat(needNames(view(GM), "Bram: " + label)).contains("dc", "hideDc");
            assertThat(needNames(view(ALDA_PLAYER), "Alda: " + label)).contains("dc").doesNotContain("hideDc");
        }
        assertThat(needNames(view(GM), "Roll a save for a combatant")).contains("dc", "hideDc");
    }

    private static List<String> needNames(TableView view, String label) {
        return view.actions().stream().filter(a -> a.label().equalsIgnoreCase(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no \"" + label + "\" in " + view.actions().stream().map(ActionOption::label).toList()))
                .needs().stream().map(Need::name).toList();
    }

    @Test
    @DisplayName("Every offered action fits its command and is enabled exactly when the referee accepts it — before, during and after a fight")
    void everyOfferedActionIsWhatTheRefereeDecides() {
        offersAreHonest();
        table.place("alda", "cole", "bram");
        offersAreHonest();
        table.startFight("cole");
        offersAreHonest();
        table.run(new EndTurn("bram"), GM);
        table.run(new HoldAction("alda", "stab the first to come near", null), ALDA_PLAYER);
        offersAreHonest();
        table.run(new Move("alda"), ALDA_PLAYER);
        table.run(new Move("alda"), ALDA_PLAYER);
        table.run(new Move("alda"), ALDA_PLAYER);
        offersAreHonest();
        table.run(new AddCondition("cole", "walloped", 1), GM);
        table.run(new ApplyDamage("bram", 2, false, "arrow"), GM);
        offersAreHonest();
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        offersAreHonest();
    }

    @Test
    @DisplayName("The Warden starts a fight with a GROUPS need whose options are the sides, and a COMBATANTS need for the surprised")
    void theWardenStartsAFightWithSidesAndSurprise() {
        ActionOption empty = view(GM).actions().stream().filter(o -> o.command().equals("cairn-ap.startInitiative")).findFirst().orElseThrow();
        assertThat(empty.enabled()).isFalse();
        assertThat(empty.reason()).isEqualTo("Place characters at the table first.");
        ActionOption place = view(GM).actions().stream().filter(o -> o.command().equals("cairn-ap.placeCharacters")).findFirst().orElseThrow();
        assertThat(place.needs()).extracting(Need::kind).containsExactly(Need.Kind.CHARACTERS);

        table.place("alda", "bram");
        ActionOption start = view(GM).actions().stream().filter(o -> o.command().equals("cairn-ap.startInitiative")).findFirst().orElseThrow();
        assertThat(start.enabled()).isTrue();
        assertThat(start.gmOnly()).isTrue();
        assertThat(start.needs()).extracting(Need::name, Need::kind)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("groups", Need.Kind.GROUPS),
                        org.assertj.core.groups.Tuple.tuple("surprised", Need.Kind.COMBATANTS));
        assertThat(start.needs().getFirst().options()).isEqualTo(CairnViews.SIDES);
        assertThat(start.args()).containsEntry("sides", CairnViews.SIDES);
        assertThat(view(ALDA_PLAYER).actions()).noneMatch(o -> o.command().equals("cairn-ap.startInitiative"));
    }

    @Test
    @DisplayName("Attribute, DC and advantage are typed controls, not free text")
    void argumentsHaveTypedControls() {
        table.place("alda", "bram");
        table.startFight();
        List<ActionOption> mine = view(ALDA_PLAYER).actions();
        ActionOption attack = mine.stream().filter(o -> o.label().contains("attack with Sword")).findFirst().orElseThrow();
        Map<String, Need.Kind> kinds = new HashMap<>();
        attack.needs().forEach(n -> kinds.put(n.name(), n.kind()));
        assertThat(kinds).containsEntry("target", Need.Kind.COMBATANT).containsEntry("extraTargets", Need.Kind.COMBATANTS)
                .containsEntry("attribute", Need.Kind.CHOICE).containsEntry("edge", Need.Kind.NUMBER);
        ActionOption check = mine.stream().filter(o -> o.label().contains("act against a DC")).findFirst().orElseThrow();
        assertThat(check.needs()).filteredOn(n -> n.name().equals("attribute")).singleElement()
                .satisfies(n -> assertThat(n.options()).containsExactly("str", "dex", "wil"));
        assertThat(Stream.concat(view(GM).actions().stream(), mine.stream()).flatMap(o -> o.needs().stream())
                .filter(n -> n.kind() == Need.Kind.TEXT).map(Need::name).distinct().toList())
                .as("only descriptions are free text").containsOnly("text", "condition");
    }

    @Test
    @DisplayName("A held action \"happens\" when its condition is met, on another's turn: its holder keeps the buttons, the Warden gets an NPC's")
    void heldActionsAreOfferedOutOfTurn() {
        table.startFight();
        // Bram (NPC) holds an action on his turn; the Warden keeps its buttons once Alda acts.
        table.run(new HoldAction("bram", "spear whoever comes through the door", null), GM);
        table.run(new EndTurn("bram"), GM);
        List<ActionOption> gm = view(GM).actions();
        assertThat(gm).anyMatch(o -> o.label().equals("Bram: the held attack happens with Spear (d6)") && o.enabled());
        assertThat(gm).anyMatch(o -> o.label().equals("Bram: let the held action go") && o.enabled());
        assertThat(gm).filteredOn(o -> o.label().startsWith("Bram: move")).singleElement()
                .satisfies(o -> assertThat(o.enabled()).isFalse());
    }

    @Test
    void chipsShowSurpriseToAllAndFatigueOnlyToItsOwnerAndTheWarden() {
        table.startFight("alda");
        table.run(new CairnCommand.AddFatigue("alda", 2), GM);
        CombatantView forCole = view(CairnFixture.COLE_PLAYER).combatants().stream().filter(c -> c.id().equals("alda")).findFirst().orElseThrow();
        CombatantView forAlda = view(ALDA_PLAYER).combatants().stream().filter(c -> c.id().equals("alda")).findFirst().orElseThrow();
        assertThat(forCole.conditions()).extracting(CombatantView.Chip::name).contains("surprised").doesNotContain("fatigue");
        assertThat(forAlda.conditions()).extracting(CombatantView.Chip::name).contains("surprised", "fatigue");
        table.run(new EndTurn("bram"), GM);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        List<String> after = new ArrayList<>();
        view(ALDA_PLAYER).combatants().forEach(c -> c.conditions().forEach(chip -> after.add(chip.name())));
        assertThat(after).as("surprise lasts until the first turn ends").doesNotContain("surprised");
    }
}
