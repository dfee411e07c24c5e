package io.astragal.rules.vogt;

import static io.astragal.rules.vogt.VogtTable.ALICE;
import static io.astragal.rules.vogt.VogtTable.BOB;
import static io.astragal.rules.vogt.VogtTable.GM;
import static io.astragal.rules.vogt.VogtTable.SPECTATOR;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.ActionOption;
import io.astragal.rules.DeclaredView;
import io.astragal.rules.GameEvent;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.vogt.VogtCommand.Attack;
import io.astragal.rules.vogt.VogtCommand.Declare;
import io.astragal.rules.vogt.VogtCommand.Defend;
import io.astragal.rules.vogt.VogtCommand.EndTurn;
import io.astragal.rules.vogt.VogtCommand.Move;
import io.astragal.rules.vogt.VogtCommand.OrderTied;
import io.astragal.rules.vogt.VogtCommand.Reevaluate;
import io.astragal.rules.vogt.VogtCommand.StartInitiative;
import io.astragal.rules.vogt.VogtEvent.InitiativeRolled;
import io.astragal.rules.vogt.VogtEvent.RoundStarted;
import io.astragal.rules.vogt.VogtEvent.TurnStarted;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class VogtInitiativeTest {

    private final VogtTable table = new VogtTable();

    @Test
    @DisplayName("\"Lower numbers go first.\" The die is the declared action's: weapon damage die, Defend 1d4")
    void lowestInitiativeActsFirstWithTheDeclaredActionsDie() {
        table.startFight(3, 2, 5);

        InitiativeRolled rolled = table.only(table.log, InitiativeRolled.class);
        assertThat(rolled.results()).extracting(VogtEvent.InitiativeRoll::dice).containsExactly("1d6", "1d4", "1d8");
        assertThat(table.view(GM).initiative()).isInstanceOfSatisfying(DeclaredView.class, v -> {
            assertThat(v.phase()).isEqualTo("acting");
            assertThat(v.order()).containsExactly("bram", "alda", "ogre");
            assertThat(v.current()).isEqualTo("bram");
        });
        assertThat(table.log.getLast()).isEqualTo(new TurnStarted(1, "bram", "Bram"));
    }

    @Test
    @DisplayName("\"Your initiative is equal to the technique dice you spent (i.e. your initiative is 2d6 when using a technique with 2d6 technique dice)\"")
    void techniqueInitiativeRollsTheSpentDice() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram")));
        table.accept(ALICE, new Declare("alda", "technique", null, 2));
        table.accept(BOB, new Declare("bram", "run", null, null), 4, 1, 5);

        InitiativeRolled rolled = table.only(table.log, InitiativeRolled.class);
        assertThat(rolled.results().getFirst().dice()).isEqualTo("2d6");
        assertThat(rolled.results().getFirst().roll().total()).isEqualTo(5);
        assertThat(rolled.results().get(1).dice()).isEqualTo("1d6");
    }

    @Test
    @DisplayName("Declarations stay hidden until everyone has declared; each owner sees only their own")
    void declarationsAreHiddenUntilEveryoneHasDeclared() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram", "ogre")));
        table.accept(ALICE, new Declare("alda", "attack", "Sword", null));
        table.accept(GM, new Declare("ogre", "defend", null, null));

        DeclaredView bobSees = (DeclaredView) table.view(BOB).initiative();
        assertThat(bobSees.phase()).isEqualTo("declaring");
        assertThat(bobSees.order()).isEmpty();
        assertThat(bobSees.declarations()).containsExactly(
                new DeclaredView.Declaration("alda", true, null, null, null, false),
                new DeclaredView.Declaration("bram", false, null, null, null, false),
                new DeclaredView.Declaration("ogre", true, null, null, null, false));
        DeclaredView aliceSees = (DeclaredView) table.view(ALICE).initiative();
        assertThat(aliceSees.declarations().getFirst())
                .isEqualTo(new DeclaredView.Declaration("alda", true, "Attack", "1d8", null, false));
        assertThat(aliceSees.declarations().get(2).action()).isNull();
        DeclaredView gmSees = (DeclaredView) table.view(GM).initiative();
        assertThat(gmSees.declarations().getFirst().action()).as("the GM does not peek at players' choices").isNull();
        assertThat(gmSees.declarations().get(2).action()).isEqualTo("Defend");
        assertThat(table.log.getFirst().describe()).doesNotContain("Sword");

        table.accept(BOB, new Declare("bram", "help", null, null), 6, 4, 2);

        DeclaredView revealed = (DeclaredView) table.view(BOB).initiative();
        assertThat(revealed.declarations()).extracting(DeclaredView.Declaration::action)
                .containsExactly("Defend", "Help", "Attack");
        assertThat(revealed.declarations()).extracting(DeclaredView.Declaration::roll).containsExactly(2, 4, 6);
    }

    @Test
    @DisplayName("\"In case of a tie, the character with higher Dexterity goes first\"")
    void tiesGoToHigherDexterity() {
        table.startFight(3, 3, 6);

        // Bram's DEX 1d8 beats Alda's 1d6, though Bram's die (1d4) matters only after Dexterity.
        assertThat(((DeclaredView) table.view(GM).initiative()).order()).containsExactly("bram", "alda", "ogre");
    }

    @Test
    @DisplayName("\"in case of further ties, the character who rolled the smaller die for initiative goes first\"")
    void furtherTiesGoToTheSmallerDie() {
        table.add("cara", "Cara", "bob", false, VogtTable.alda());
        table.accept(GM, new StartInitiative(List.of("alda", "cara")));
        table.accept(ALICE, new Declare("alda", "attack", "Sword", null));
        table.accept(BOB, new Declare("cara", "defend", null, null), 3, 3);

        assertThat(((DeclaredView) table.view(GM).initiative()).order()).containsExactly("cara", "alda");
        assertThat(table.current()).isEqualTo("cara");
    }

    @Test
    @DisplayName("\"Any further ties are determined by the GM.\" Nobody acts until the GM orders them")
    void fullTiesWaitForTheGmsOrder() {
        table.add("cara", "Cara", "bob", false, VogtTable.alda());
        table.accept(GM, new StartInitiative(List.of("alda", "cara")));
        table.accept(ALICE, new Declare("alda", "attack", "Club", null));
        table.accept(BOB, new Declare("cara", "attack", "Club", null), 4, 4);

        assertThat(table.log).noneMatch(TurnStarted.class::isInstance);
        table.reject(ALICE, new Defend("alda"), RejectionCode.OUT_OF_TURN);
        table.reject(ALICE, new OrderTied(List.of("cara", "alda")), RejectionCode.NOT_ALLOWED);
        // One button per combatant who could go first, each sending the whole order.
        assertThat(table.view(GM).actions()).filteredOn(a -> a.command().equals("vogt.orderTied"))
                .allMatch(ActionOption::enabled)
                .extracting(a -> a.args().get("combatantIds"))
                .containsExactlyInAnyOrder(List.of("alda", "cara"), List.of("cara", "alda"));

        List<GameEvent> events = table.accept(GM, new OrderTied(List.of("cara", "alda")));

        assertThat(events.getLast()).isEqualTo(new TurnStarted(1, "cara", "Cara"));
        assertThat(((DeclaredView) table.view(ALICE).initiative()).order()).containsExactly("cara", "alda");
    }

    @Test
    @DisplayName("\"Reevaluate (varies). Choose a new action ... and roll initiative. Add your new initiative to your current initiative.\"")
    void reevaluatingAddsTheNewDieAndWaitsForTheNewInitiative() {
        table.startFight(3, 1, 5);
        assertThat(table.current()).isEqualTo("bram");

        List<GameEvent> events = table.accept(BOB, new Reevaluate("bram", "attack", null, null), 4);

        assertThat(table.state.initiative().declaration("bram").orElseThrow().total()).isEqualTo(5);
        assertThat(events.getLast()).isEqualTo(new TurnStarted(1, "alda", "Alda"));
        // "You may not use your movement until your new initiative."
        table.reject(BOB, new Move("bram", 1), RejectionCode.OUT_OF_TURN);
        table.accept(ALICE, new EndTurn("alda"));
        // Bram's 5 ties the ogre's 5: Bram's DEX 1d8 beats the ogre's 1d4.
        assertThat(table.current()).isEqualTo("bram");
        table.accept(BOB, new Attack("bram", List.of("ogre")), 2);
    }

    @Test
    @DisplayName("\"Unconscious: ... your initiative is 10d10\" and they need not declare")
    void unconsciousCombatantsRollTenDTen() {
        Map<String, Object> sheet = VogtTable.bram();
        sheet.put("exhaustion", 3);
        table.add("dora", "Dora", "bob", false, sheet);
        table.accept(GM, new StartInitiative(List.of("alda", "dora")));

        table.accept(ALICE, new Declare("alda", "defend", null, null), 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);

        InitiativeRolled rolled = table.only(table.log, InitiativeRolled.class);
        assertThat(rolled.results().get(1).dice()).isEqualTo("10d10");
        assertThat(rolled.results().get(1).roll().total()).isEqualTo(10);
        table.reject(BOB, new Declare("dora", "run", null, null), RejectionCode.OUT_OF_TURN);
    }

    @Test
    @DisplayName("Each round starts with new declarations once every turn has ended")
    void theNextRoundAsksForNewDeclarations() {
        table.startFight(3, 1, 5);
        table.accept(BOB, new EndTurn("bram"));
        table.accept(ALICE, new EndTurn("alda"));
        List<GameEvent> events = table.accept(GM, new EndTurn("ogre"));

        assertThat(events.getLast()).isEqualTo(new RoundStarted(2));
        DeclaredView view = (DeclaredView) table.view(ALICE).initiative();
        assertThat(view.round()).isEqualTo(2);
        assertThat(view.phase()).isEqualTo("declaring");
        assertThat(view.declarations()).noneMatch(DeclaredView.Declaration::declared);
    }

    @Test
    @DisplayName("\"On each character's turn, they can perform 1 action and move a number of squares less than or equal to their movement.\"")
    void oneActionAndMovementUpToSpeed() {
        table.startFight(3, 1, 5);
        table.accept(BOB, new Defend("bram"));
        table.reject(BOB, new Defend("bram"), RejectionCode.NOT_ENOUGH_AP);
        table.accept(BOB, new Move("bram", 4));
        String message = table.reject(BOB, new Move("bram", 3), RejectionCode.INVALID_COMMAND);
        assertThat(message).isEqualTo("Bram can move 2 more squares this turn.");
        table.accept(BOB, new Move("bram", 2));
    }

    @Test
    void commandsOutOfTurnForOthersOrByPlayersForTheGmAreRejected() {
        table.reject(ALICE, new StartInitiative(List.of("alda")), RejectionCode.NOT_ALLOWED);
        table.reject(SPECTATOR, new Declare("alda", "run", null, null), RejectionCode.NOT_ALLOWED);
        table.accept(GM, new StartInitiative(List.of("alda", "bram", "ogre")));
        table.reject(ALICE, new Declare("bram", "run", null, null), RejectionCode.NOT_YOUR_CHARACTER);
        table.reject(ALICE, new Declare("alda", "technique", null, 4), RejectionCode.NOT_ENOUGH_AP);
        table.reject(ALICE, new Declare("alda", "dance", null, null), RejectionCode.INVALID_COMMAND);
        table.accept(ALICE, new Declare("alda", "attack", "Club", null));
        table.reject(ALICE, new Declare("alda", "run", null, null), RejectionCode.INVALID_STATE);
        table.reject(ALICE, new Attack("alda", List.of("ogre")), RejectionCode.OUT_OF_TURN);
        table.accept(BOB, new Declare("bram", "defend", null, null));
        table.accept(GM, new Declare("ogre", "attack", null, null), 3, 1, 5);

        table.reject(ALICE, new Attack("alda", List.of("ogre")), RejectionCode.OUT_OF_TURN);
        String message = table.reject(BOB, new Attack("bram", List.of("ogre")), RejectionCode.INVALID_STATE);
        assertThat(message).isEqualTo("Bram declared Defend; reevaluate to take another action.");
    }

    @Test
    void actionsOfferTheDeclaredActionAnyOtherByReevaluatingAndSayWhyOthersAreDisabled() {
        table.startFight(3, 1, 5);

        List<ActionOption> bobs = table.view(BOB).actions();
        assertThat(bobs).filteredOn(a -> a.command().equals("vogt.defend")).singleElement()
                .satisfies(a -> assertThat(a.enabled()).isTrue());
        // Another action is taken only by reevaluating, so it is offered only that way.
        assertThat(bobs).noneMatch(a -> a.command().equals("vogt.attack"));
        assertThat(table.reject(BOB, new Attack("bram", List.of("alda")), RejectionCode.INVALID_STATE))
                .isEqualTo("Bram declared Defend; reevaluate to take another action.");
        assertThat(bobs).filteredOn(a -> a.command().equals("vogt.reevaluate") && a.label().startsWith("Bram: reevaluate to Attack"))
                .isNotEmpty().allSatisfy(a -> assertThat(a.enabled()).isTrue());
        assertThat(bobs).noneMatch(ActionOption::gmOnly);
        List<ActionOption> alices = table.view(ALICE).actions();
        assertThat(alices).filteredOn(a -> a.command().equals("vogt.attack")).singleElement()
                .satisfies(a -> {
                    assertThat(a.enabled()).isFalse();
                    assertThat(a.reason()).isEqualTo("It is not Alda's turn.");
                    assertThat(a.needs()).extracting(io.astragal.rules.Need::name).containsExactly("targets");
                });
        assertThat(table.view(GM).actions()).filteredOn(a -> a.command().equals("vogt.siesta")).singleElement()
                .satisfies(a -> assertThat(a.reason()).isEqualTo("Nobody rests during initiative."));
    }
}
