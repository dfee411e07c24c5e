package io.astragal.rules.vogt;

import static io.astragal.rules.vogt.VogtTable.ALICE;
import static io.astragal.rules.vogt.VogtTable.BOB;
import static io.astragal.rules.vogt.VogtTable.GM;
import static io.astragal.rules.vogt.VogtTable.SPECTATOR;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.ActionOption;
import io.astragal.rules.Actor;
import io.astragal.rules.CombatantView;
import io.astragal.rules.Decision;
import io.astragal.rules.GameCommand;
import io.astragal.rules.Need;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.TableView;
import io.astragal.rules.vogt.VogtCommand.ApplyDamage;
import io.astragal.rules.vogt.VogtCommand.Attack;
import io.astragal.rules.vogt.VogtCommand.Declare;
import io.astragal.rules.vogt.VogtCommand.EndTurn;
import io.astragal.rules.vogt.VogtCommand.PlaceCharacter;
import io.astragal.rules.vogt.VogtCommand.StartInitiative;
import io.astragal.rules.vogt.VogtCommand.UseTechnique;
import io.astragal.rules.vogt.VogtEvent.TechniqueUsed;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class VogtViewTest {

    private final VogtTable table = new VogtTable();

    @Test
    void playersSeeOnlyABandForNpcsAndNoneOfTheirNumbers() {
        table.accept(GM, new PlaceCharacter("alda"));
        table.accept(GM, new PlaceCharacter("ogre"));
        table.accept(GM, new ApplyDamage(List.of("ogre"), "12", "", true));

        TableView players = table.view(ALICE);
        CombatantView ogre = players.combatants().get(1);
        assertThat(players.model()).isEqualTo(InitiativeModel.DECLARED_DICE);
        assertThat(players.initiative()).isNull();
        assertThat(ogre.stats()).isEmpty();
        assertThat(ogre.tracks()).containsExactly(new CombatantView.Track("hp", "HP", null, null, "bloodied", "bloodied"));
        assertThat(ogre.mine()).isFalse();

        CombatantView gmSees = table.view(GM).combatants().get(1);
        assertThat(gmSees.tracks().getFirst()).isEqualTo(new CombatantView.Track("hp", "HP", 8, 20, "8/20", "bloodied"));
        assertThat(gmSees.stats()).containsEntry("STR", "2d6").containsEntry("ar", 2);

        CombatantView alda = players.combatants().getFirst();
        assertThat(alda.mine()).isTrue();
        assertThat(alda.stats()).containsEntry("movement", 6).containsEntry("slots", 14);
        assertThat(alda.tracks()).extracting(CombatantView.Track::key).containsExactly("hp", "technique");
    }

    @Test
    void spectatorsAreOfferedNothingAndPlayersNoGmControls() {
        table.accept(GM, new PlaceCharacter("alda"));

        assertThat(table.view(SPECTATOR).actions()).isEmpty();
        assertThat(table.view(ALICE).actions()).noneMatch(a -> a.gmOnly())
                .extracting(a -> a.command()).contains("vogt.check", "vogt.contest");
        // The abilities are named, so the browser's dice roller offers the check and the contest.
        assertThat(table.view(ALICE).actions()).filteredOn(a -> a.command().equals("vogt.check")).singleElement()
                .satisfies(a -> assertThat(a.needs().getFirst())
                        .isEqualTo(new Need("attribute", "Ability", Need.Kind.ATTRIBUTE, List.of("STR", "DEX", "AWR", "WIL"))));
        assertThat(table.view(GM).actions()).filteredOn(a -> a.gmOnly()).extracting(a -> a.command())
                .contains("vogt.startInitiative", "vogt.applyDamage", "vogt.siesta");
    }

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Every option each member is offered, at each step of a round played only through offered options. */
    private final List<ActionOption> seen = new ArrayList<>();

    /**
     * Sends the first enabled option of this member whose label starts with {@code label}, with
     * {@code picks} for its needs, and checks that no offered option says one thing while the
     * referee decides another.
     */
    private void play(Actor actor, String label, Map<String, Object> picks, int... faces) {
        checkOffers();
        ActionOption option = table.view(actor).actions().stream().filter(a -> a.label().startsWith(label))
                .filter(ActionOption::enabled).findFirst()
                .orElseThrow(() -> new AssertionError("no enabled \"" + label + "\" for " + actor.displayName() + ": "
                        + table.view(actor).actions().stream().map(a -> a.label() + " [" + a.reason() + "]").toList()));
        Map<String, Object> args = new java.util.HashMap<>(option.args());
        for (Need need : option.needs()) {
            if (picks.containsKey(need.name())) {
                args.put(need.name(), picks.get(need.name()));
            }
            assertThat(args).as("a pick for " + need.name() + " of " + label).containsKey(need.name());
        }
        table.accept(actor, command(option.command(), args), faces);
    }

    private GameCommand command(String type, Map<String, Object> args) {
        return JSON.convertValue(args, table.referee.commandTypes().get(type));
    }

    /**
     * For every option whose arguments are all fixed or pre-selected, enabled means the referee
     * accepts it as offered; every argument still to pick has a typed control.
     */
    private void checkOffers() {
        for (Actor actor : List.of(GM, ALICE, BOB)) {
            for (ActionOption option : table.view(actor).actions()) {
                seen.add(option);
                assertThat(option.needs()).as(option.label()).noneMatch(n -> n.kind() == Need.Kind.TEXT);
                if (option.enabled()) {
                    assertThat(option.needs()).as(option.label())
                            .allMatch(n -> n.kind() != Need.Kind.CHOICE || !n.options().isEmpty())
                            .allMatch(n -> n.kind() != Need.Kind.ATTRIBUTE || n.options().equals(VogtSheet.ABILITIES));
                }
                if (option.needs().stream().allMatch(n -> option.args().containsKey(n.name()))) {
                    Decision decision = table.decide(actor, command(option.command(), option.args()), 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
                    assertThat(decision instanceof Decision.Accepted)
                            .as(actor.displayName() + " / " + option.label() + " offered " + option.enabled() + " " + option.reason()
                                    + " but decided " + decision)
                            .isEqualTo(option.enabled());
                }
            }
        }
    }

    @Test
    @DisplayName("A GM and two players play a round using only offered options, each argument with a typed control")
    void aRoundIsPlayedThroughTheOfferedOptions() {
        play(GM, "Place a character", Map.of("characterId", "alda"));
        play(GM, "Start initiative", Map.of("characterIds", List.of("alda", "bram", "ogre")));
        play(ALICE, "Alda: declare Attack with Sword", Map.of());
        play(BOB, "Bram: declare Help", Map.of());
        play(GM, "Ogre: declare Defend", Map.of(), 2, 5, 1);
        // ogre 1, alda 2, bram 5
        play(GM, "Ogre: move", Map.of("amount", 3));
        play(GM, "Ogre: Defend", Map.of());
        play(GM, "Ogre: end turn", Map.of());
        play(ALICE, "Alda: Attack with Sword", Map.of("targets", List.of("ogre")), 4);
        play(ALICE, "Alda: end turn", Map.of());
        play(BOB, "Bram: Help", Map.of("target", "alda"));
        play(BOB, "Bram: ability check", Map.of("attribute", "DEX", "edge", "advantage"), 3, 6);
        play(BOB, "Bram: end turn", Map.of());
        checkOffers();

        assertThat(table.state.initiative().round()).isEqualTo(2);
        assertThat(table.get("ogre").hp()).as("4 + STR 4 - AR 2 (Defend +2)").isEqualTo(20 - (4 + 4 - 4));
        assertThat(seen).extracting(ActionOption::command).contains("vogt.declare", "vogt.attack", "vogt.defend",
                "vogt.help", "vogt.reevaluate", "vogt.move", "vogt.endTurn", "vogt.check",
                "vogt.contest", "vogt.applyDamage", "vogt.heal", "vogt.addStatus", "vogt.removeStatus",
                "vogt.changeExhaustion", "vogt.encumbranceSave", "vogt.siesta", "vogt.fullRest", "vogt.configure",
                "vogt.endInitiative", "vogt.startInitiative", "vogt.placeCharacter");
        play(GM, "End initiative", Map.of());
        play(GM, "Settings", Map.of("strengthModifier", "roll"));
        checkOffers();
        assertThat(table.state.settings().strengthModifier()).isEqualTo(VogtState.StrengthModifier.ROLL);
    }

    @Test
    @DisplayName("\"Reevaluate (varies). Choose a new action to perform on your turn\": on their turn a combatant is offered the action they declared, any other by reevaluating")
    void onTheirTurnTheDeclaredActionIsOfferedAndOthersByReevaluating() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram")));
        table.accept(ALICE, new Declare("alda", "technique", null, 1));
        table.accept(BOB, new Declare("bram", "run", null, null), 1, 4);
        checkOffers();

        List<String> aldas = table.view(ALICE).actions().stream().map(ActionOption::label).toList();
        assertThat(aldas).contains("Alda: Use Technique (1 die)", "Alda: Use Technique with damage (1 die)",
                "Alda: reevaluate to Run (1d6)", "Alda: reevaluate to Defend (1d4)");
        assertThat(aldas).noneMatch(l -> l.startsWith("Alda: Attack") || l.equals("Alda: Defend") || l.equals("Alda: Help")
                || l.equals("Alda: Run"));
        assertThat(table.view(ALICE).actions()).filteredOn(a -> a.label().startsWith("Alda: Use Technique"))
                .allSatisfy(a -> assertThat(a.needs()).extracting(Need::name).startsWith("text"));
        List<ActionOption> brams = table.view(BOB).actions();
        assertThat(brams).extracting(ActionOption::label).contains("Bram: Run")
                .noneMatch(l -> l.startsWith("Bram: Use Technique") || l.equals("Bram: Defend") || l.equals("Bram: Help"));
        assertThat(brams).filteredOn(a -> a.label().equals("Bram: Run")).singleElement()
                .satisfies(a -> assertThat(a.reason()).isEqualTo("It is not Bram's turn."));
    }

    @Test
    void optionsThatCannotBeTakenSayWhyInTheRefereesWords() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram")));

        List<ActionOption> bobs = table.view(BOB).actions();
        assertThat(bobs).filteredOn(a -> a.label().startsWith("Bram: declare Use Technique")).singleElement()
                .satisfies(a -> assertThat(a.reason()).isEqualTo("Bram has no prepared technique."));
        assertThat(bobs).filteredOn(a -> a.label().equals("Bram: contest")).singleElement()
                .satisfies(a -> assertThat(a.enabled()).isTrue());
        List<ActionOption> gms = table.view(GM).actions();
        assertThat(gms).filteredOn(a -> a.command().equals("vogt.removeStatus")).singleElement()
                .satisfies(a -> assertThat(a.reason()).isEqualTo("Nobody has a status to remove."));
        assertThat(gms).filteredOn(a -> a.command().equals("vogt.encumbranceSave")).singleElement()
                .satisfies(a -> assertThat(a.reason()).isEqualTo("Nobody carries more items than they have slots."));
        assertThat(gms).filteredOn(a -> a.command().equals("vogt.startInitiative")).singleElement()
                .satisfies(a -> assertThat(a.reason()).isEqualTo("Initiative is already running."));
        assertThat(gms).filteredOn(a -> a.command().equals("vogt.applyDamage")).singleElement()
                .satisfies(a -> assertThat(a.needs()).filteredOn(n -> n.name().equals("damageType")).singleElement()
                        .satisfies(n -> assertThat(n.options()).startsWith("none", "blunt", "slash", "stab", "fire", "lightning")));
    }

    @Test
    @DisplayName("\"Use a technique you have prepared using a number of unexpended technique dice you have.\"")
    void onlyPreparedTechniquesAreUsed() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram")));
        table.reject(BOB, new Declare("bram", "technique", null, 1), RejectionCode.INVALID_STATE);
        table.accept(ALICE, new Declare("alda", "technique", null, 1));
        table.accept(BOB, new Declare("bram", "run", null, null), 1, 4);

        String message = table.reject(ALICE, new UseTechnique("alda", "Ward", List.of(), "", null), RejectionCode.INVALID_COMMAND);
        assertThat(message).isEqualTo("Alda has not prepared Ward.");
        TechniqueUsed used = table.only(table.accept(ALICE, new UseTechnique("alda", "firebolt", List.of("bram"), "1d4", "none"), 2),
                TechniqueUsed.class);
        assertThat(used.technique()).isEqualTo("Firebolt");
        assertThat(used.damageType()).as("\"none\" is untyped damage").isEmpty();
        assertThat(table.get("bram").hp()).isEqualTo(10 - 2);
        table.accept(ALICE, new EndTurn("alda"));
        table.reject(BOB, new Attack("bram", List.of("alda")), RejectionCode.INVALID_STATE);
    }
}
