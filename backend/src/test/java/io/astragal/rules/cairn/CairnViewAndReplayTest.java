package io.astragal.rules.cairn;

import static io.astragal.rules.cairn.CairnFixture.ALDA_PLAYER;
import static io.astragal.rules.cairn.CairnFixture.COLE_PLAYER;
import static io.astragal.rules.cairn.CairnFixture.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.GameEvent;
import io.astragal.rules.GroupedView;
import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import io.astragal.rules.cairn.CairnCommand.ApplyDamage;
import io.astragal.rules.cairn.CairnCommand.Attack;
import io.astragal.rules.cairn.CairnCommand.CastSpell;
import io.astragal.rules.cairn.CairnCommand.EndTurn;
import io.astragal.rules.cairn.CairnCommand.GainAdvantage;
import io.astragal.rules.cairn.CairnCommand.HoldAction;
import io.astragal.rules.cairn.CairnCommand.Move;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CairnViewAndReplayTest {

    final CairnFixture table = new CairnFixture();

    private TableView view(String user, Role role) {
        return (TableView) table.referee.view(table.state, new Viewer(user, role));
    }

    private static CombatantView of(TableView v, String id) {
        return v.combatants().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void playersSeeOnlyABandForNpcsWhileTheWardenSeesTheNumbers() {
        table.startFight();
        table.run(new ApplyDamage("bram", 2, false, "arrow"), GM);
        TableView player = view("u-alda", Role.PLAYER);
        CombatantView bram = of(player, "bram");
        assertThat(bram.stats()).isEmpty();
        assertThat(bram.tracks()).singleElement().satisfies(t -> {
            assertThat(t.value()).isNull();
            assertThat(t.max()).isNull();
            assertThat(t.band()).isEqualTo("bloodied");
            assertThat(t.display()).isEqualTo("bloodied");
        });
        GroupedView grouped = (GroupedView) player.initiative();
        GroupedView.Member bramMember = grouped.groups().getFirst().members().getFirst();
        assertThat(bramMember.combatantId()).isEqualTo("bram");
        assertThat(bramMember.score()).as("an NPC's initiative score reveals its WIL").isNull();

        TableView gm = view("gm", Role.GM);
        assertThat(of(gm, "bram").tracks().getFirst().value()).isEqualTo(2);
        assertThat(of(gm, "bram").stats()).containsEntry("wil", 7);
        assertThat(((GroupedView) gm.initiative()).groups().getFirst().members().getFirst().score()).isEqualTo(22);
        assertThat(gm.model()).isEqualTo(InitiativeModel.GROUPED_AP);
    }

    @Test
    void otherPlayersDoNotSeePrivateSheetNumbers() {
        table.place("alda", "cole");
        CombatantView aldaForCole = of(view("u-cole", Role.PLAYER), "alda");
        assertThat(aldaForCole.stats()).containsKey("str").doesNotContainKeys("manaDust", "slots", "fatigue");
        assertThat(of(view("u-alda", Role.PLAYER), "alda").stats()).containsEntry("manaDust", 2).containsEntry("freeSlots", 7);
    }

    @Test
    void offeredActionsCarryCostsAndReasons() {
        table.startFight();
        List<ActionOption> waiting = view("u-alda", Role.PLAYER).actions();
        ActionOption move = waiting.stream().filter(a -> a.command().equals("cairn-ap.move")).findFirst().orElseThrow();
        assertThat(move.enabled()).isFalse();
        assertThat(move.reason()).isEqualTo("It is Bram's turn, not Alda's.");
        assertThat(waiting).noneMatch(ActionOption::gmOnly);

        table.run(new EndTurn("bram"), GM);
        for (int i = 0; i < 4; i++) {
            table.run(new Move("alda"), ALDA_PLAYER);
        }
        List<ActionOption> spent = view("u-alda", Role.PLAYER).actions();
        ActionOption gain = spent.stream().filter(a -> a.command().equals("cairn-ap.gainAdvantage")).findFirst().orElseThrow();
        assertThat(gain.enabled()).isFalse();
        assertThat(gain.reason()).isEqualTo("Needs 1 AP, Alda has 0.");
        assertThat(gain.cost()).isEqualTo(1);
        ActionOption attack = spent.stream().filter(a -> a.label().contains("Sword")).findFirst().orElseThrow();
        assertThat(attack.args()).containsEntry("weapon", "Sword").containsEntry("combatantId", "alda");
        assertThat(attack.needs()).extracting(io.astragal.rules.Need::name).startsWith("target");
        assertThat(spent.stream().filter(a -> a.command().equals("cairn-ap.endTurn")).findFirst().orElseThrow().enabled()).isTrue();

        assertThat(view("gm", Role.GM).actions()).anyMatch(a -> a.gmOnly() && a.command().equals("cairn-ap.endInitiative"));
        assertThat(view("u-spec", Role.SPECTATOR).actions()).isEmpty();
    }

    @Test
    void replayingTheLogRebuildsTheSameTable() {
        table.startFight("cole");
        table.run(new Attack("bram", "alda", "Spear", null, List.of(), null, null, List.of(), List.of(), List.of(), null, false, null),
                GM, 14, 6, 8);
        table.run(new EndTurn("bram"), GM);
        table.run(new GainAdvantage("alda"), ALDA_PLAYER);
        table.run(new HoldAction("alda", "stab when he moves", null), ALDA_PLAYER);
        table.run(new CastSpell("alda", "Mirror Image", 1, 2, false), ALDA_PLAYER, 5, 2, 2);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.run(new Move("cole"), COLE_PLAYER);
        table.run(new ApplyDamage("cole", 6, false, "trap"), GM, 3, 1, 2);
        table.run(new EndTurn("cole"), COLE_PLAYER);

        CairnState replayed = table.referee.initialState();
        for (GameEvent e : table.log) {
            replayed = table.referee.evolve(replayed, e);
        }
        assertThat(replayed).isEqualTo(table.state);
        assertThat(replayed.encounter().round()).isEqualTo(2);
        assertThat(table.log).allSatisfy(e -> assertThat(e.describe()).isNotBlank());
        assertThat(CairnReferee.EVENTS.values()).containsAll(table.log.stream().map(GameEvent::getClass).distinct().toList());
    }

    @Test
    void everyCommandAndEventHasAWireNamePrefixedWithTheRulesetId() {
        assertThat(CairnReferee.COMMANDS.keySet()).allMatch(k -> k.startsWith("cairn-ap."));
        assertThat(CairnReferee.EVENTS.keySet()).allMatch(k -> k.startsWith("cairn-ap."));
        assertThat(CairnReferee.COMMANDS).hasSize(CairnCommand.class.getPermittedSubclasses().length);
        assertThat(CairnReferee.EVENTS).hasSize(CairnEvent.class.getPermittedSubclasses().length);
    }

    @Test
    @DisplayName("The log every player reads never gives away an NPC's numbers: not its initiative score (WIL), rolls (attribute), HP, armor, nor its held action")
    void theLogKeepsAnNpcsNumbersToItself() {
        table.place("alda", "bram", "cole");
        // Bram: STR 8, DEX 12, WIL 7, HP 4. Initiative d20s 10, 5, 15.
        List<GameEvent> log = new java.util.ArrayList<>(table.run(new CairnCommand.StartInitiative(
                List.of(List.of("alda", "cole"), List.of("bram")), List.of("Party", "Goblins"), List.of()), GM, 10, 5, 15));
        log.addAll(table.run(new Attack("bram", "alda", "Spear", null, List.of(), null, null, List.of(), List.of(), List.of(),
                null, false, null), GM, 14, 6, 8));
        log.addAll(table.run(new HoldAction("bram", "spear whoever opens the door", null, 2), GM));
        // How many actions he holds is the Warden's to know, like what and on what condition.
        assertThat(of(view("u-alda", Role.PLAYER), "bram").conditions()).extracting(CombatantView.Chip::name).contains("holding an action");
        assertThat(of(view("gm", Role.GM), "bram").conditions()).extracting(CombatantView.Chip::name).contains("holding 2 actions");
        log.addAll(table.run(new CairnCommand.Save("bram", "wil", 12, List.of(), List.of(), null), GM, 11));
        log.addAll(table.run(new EndTurn("bram"), GM));
        log.addAll(table.run(new Attack("alda", "bram", "Sword", null, List.of(), null, null, List.of(), List.of(), List.of(),
                null, false, null), ALDA_PLAYER, 15, 3, 2));
        log.addAll(table.run(new CairnCommand.MoraleSave("bram", null, null), GM, 9));
        log.addAll(table.run(new CairnCommand.RestoreHp("bram", 1), GM));
        log.addAll(table.run(new ApplyDamage("bram", 9, false, "a falling beam"), GM, 4));

        String text = String.join("\n", log.stream().map(GameEvent::describe).toList());
        assertThat(text).contains("Bram (Goblins)", "Bram holds an action", "Bram attacks with Spear", "Alda saves 21",
                "Bram saves", "Bram checks morale", "Bram takes");
        assertThat(text).doesNotContainPattern("Bram \\(Goblins\\) \\d")
                .doesNotContain("whoever opens the door", "2 actions", "+8", "+7", "HP 4", "HP 1", "armor 0", "WIL 7");
        // Bram's own dice (each total carries his attribute) are not in the roll log; Alda's are.
        List<io.astragal.dice.RollResult> rolls = log.stream().flatMap(e -> e.rolls().stream()).toList();
        assertThat(rolls).extracting(io.astragal.dice.RollResult::notation)
                .noneMatch(n -> n.contains("+8") || n.contains("+7"))
                .contains("1d20+9", "d20+13", "d20+12+d8");
        // Alda's attack shows her roll, not Bram's DEX save (d20 + 12).
        assertThat(log.stream().filter(e -> e instanceof CairnEvent.AttackRolled a && a.combatantId().equals("alda"))
                .findFirst().orElseThrow().rolls()).singleElement().satisfies(r -> assertThat(r.notation()).isEqualTo("d20+12+d8"));
        // The Warden's view still has every number.
        assertThat(of(view("gm", Role.GM), "bram").stats()).containsEntry("wil", 7);
    }
}
