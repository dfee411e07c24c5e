package io.astragal.rules.symbaroum;

import static io.astragal.rules.symbaroum.SymbaroumFixture.ALDA_PLAYER;
import static io.astragal.rules.symbaroum.SymbaroumFixture.COLE_PLAYER;
import static io.astragal.rules.symbaroum.SymbaroumFixture.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.ActionOption;
import io.astragal.rules.CombatantView;
import io.astragal.rules.GameEvent;
import io.astragal.rules.OrderView;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.Role;
import io.astragal.rules.TableView;
import io.astragal.rules.Viewer;
import io.astragal.rules.symbaroum.SymbaroumCommand.ApplyDamage;
import io.astragal.rules.symbaroum.SymbaroumCommand.Attack;
import io.astragal.rules.symbaroum.SymbaroumCommand.ChoosePain;
import io.astragal.rules.symbaroum.SymbaroumCommand.DeathTest;
import io.astragal.rules.symbaroum.SymbaroumCommand.Delay;
import io.astragal.rules.symbaroum.SymbaroumCommand.EndTurn;
import io.astragal.rules.symbaroum.SymbaroumCommand.FirstAid;
import io.astragal.rules.symbaroum.SymbaroumCommand.Move;
import io.astragal.rules.symbaroum.SymbaroumCommand.NaturalHealing;
import io.astragal.rules.symbaroum.SymbaroumEvent.DeathTestRolled;
import io.astragal.rules.symbaroum.SymbaroumEvent.Healed;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SymbaroumDyingAndViewTest {

    final SymbaroumFixture table = new SymbaroumFixture();

    @Test
    @DisplayName("\"Monsters and non-player characters die as soon as their Toughness reaches 0\"; \"When a character reaches 0 Toughness it collapses and is considered to be dying.\"")
    void npcsDieAndPlayerCharactersAreDyingAtZero() {
        table.place("bram", "cole");
        table.run(new ApplyDamage("bram", 12, "fall"), GM);
        table.run(new ApplyDamage("cole", 15, "fall"), GM);
        assertThat(table.get("bram").has("dead")).isTrue();
        assertThat(table.get("cole").has("dying")).isTrue();
        assertThat(table.get("cole").get("toughness")).isZero();
    }

    @Test
    @DisplayName("\"Each turn thereafter the player is forced to make a Death Test with 1D20 on the character's Initiative.\" \"At this point, it cannot help itself in any way.\"")
    void aDyingCharacterMustRollTheDeathTestOnItsTurnAndCannotAct() {
        table.startFight();
        table.run(new ApplyDamage("cole", 15, "ambush"), GM);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.rejected(new Move("cole", null), COLE_PLAYER, RejectionCode.INVALID_STATE);
        table.rejected(new EndTurn("cole"), COLE_PLAYER, RejectionCode.INVALID_STATE);
        DeathTestRolled test = table.only(table.run(new DeathTest("cole"), COLE_PLAYER, 7), DeathTestRolled.class);
        assertThat(test.outcome()).contains("remains at death's threshold");
        table.rejected(new DeathTest("cole"), COLE_PLAYER, RejectionCode.INVALID_STATE, 7);
        table.run(new EndTurn("cole"), COLE_PLAYER);
    }

    @Test
    @DisplayName("Death test \"11–19: The character is a step closer to death. The third time the roll has this outcome, the character dies.\"")
    void thirdStepCloserToDeathKills() {
        table.place("cole");
        table.run(new ApplyDamage("cole", 15, "ambush"), GM);
        table.run(new DeathTest("cole"), COLE_PLAYER, 11);
        table.run(new DeathTest("cole"), COLE_PLAYER, 5);
        table.run(new DeathTest("cole"), COLE_PLAYER, 19);
        assertThat(table.get("cole").has("dying")).isTrue();
        DeathTestRolled third = table.only(table.run(new DeathTest("cole"), COLE_PLAYER, 15), DeathTestRolled.class);
        assertThat(third.marks()).isEqualTo(3);
        assertThat(table.get("cole").has("dead")).isTrue();
    }

    @Test
    @DisplayName("Death test \"1: ... the character wakes up with 1D4 Toughness left\"; \"20: The character dies\"")
    void oneWakesAndTwentyKills() {
        table.place("cole", "alda");
        table.run(new ApplyDamage("cole", 15, "ambush"), GM);
        table.run(new DeathTest("cole"), COLE_PLAYER, 1, 3);
        assertThat(table.get("cole").get("toughness")).isEqualTo(3);
        assertThat(table.get("cole").has("dying")).isFalse();
        table.run(new ApplyDamage("alda", 11, "ambush"), GM);
        table.run(new DeathTest("alda"), ALDA_PLAYER, 20);
        assertThat(table.get("alda").has("dead")).isTrue();
    }

    @Test
    @DisplayName("\"The Medicus ability heals 1D4 Toughness\"; \"Alchemical herbal cures heal one (1) point\"; first aid stabilises the dying")
    void firstAidHealsAndStabilises() {
        table.place("alda", "cole");
        table.run(new ApplyDamage("cole", 15, "ambush"), GM);
        Healed medicus = table.only(table.run(new FirstAid("alda", "cole", false, true), ALDA_PLAYER, 3), Healed.class);
        assertThat(medicus.amount()).isEqualTo(3);
        assertThat(table.get("cole").has("dying")).isFalse();
        Healed herbal = table.only(table.run(new FirstAid("alda", "cole", true, false), ALDA_PLAYER), Healed.class);
        assertThat(herbal.amount()).isEqualTo(1);
        table.rejected(new FirstAid("cole", "alda", false, true), COLE_PLAYER, RejectionCode.INVALID_COMMAND, 3);
        table.rejected(new FirstAid("alda", "cole", false, false), ALDA_PLAYER, RejectionCode.INVALID_COMMAND);
    }

    @Test
    @DisplayName("\"Natural healing happens at a rate of one (1) point of Toughness per day.\"")
    void naturalHealingIsOnePerDayUpToTheMaximum() {
        table.place("cole");
        table.run(new ApplyDamage("cole", 5, "brawl"), GM);
        table.run(new NaturalHealing("cole", 3), GM);
        assertThat(table.get("cole").get("toughness")).isEqualTo(13);
        table.run(new NaturalHealing("cole", 9), GM);
        assertThat(table.get("cole").get("toughness")).isEqualTo(15);
        table.rejected(new NaturalHealing("cole", 1), COLE_PLAYER, RejectionCode.NOT_ALLOWED);
    }

    private TableView view(String user, Role role) {
        return (TableView) table.referee.view(table.state, new Viewer(user, role));
    }

    @Test
    void playersSeeNpcsOnlyAsABandAndTheGmSeesEverything() {
        table.startFight();
        table.run(new ApplyDamage("bram", 6, "arrow"), GM);
        TableView player = view("u-alda", Role.PLAYER);
        CombatantView bram = player.combatants().stream().filter(c -> c.id().equals("bram")).findFirst().orElseThrow();
        assertThat(bram.stats()).isEmpty();
        assertThat(bram.tracks().getFirst().value()).isNull();
        assertThat(bram.tracks().getFirst().band()).isEqualTo("bloodied");
        OrderView order = (OrderView) player.initiative();
        assertThat(order.order()).extracting(OrderView.Entry::combatantId).containsExactly("alda", "cole", "dara", "bram");
        assertThat(order.order().get(3).score()).isNull();
        assertThat(order.order().get(0).score()).isEqualTo(14);
        TableView gm = view("gm", Role.GM);
        assertThat(gm.combatants().stream().filter(c -> c.id().equals("bram")).findFirst().orElseThrow().stats())
                .containsEntry("defense", 10).containsEntry("painThreshold", 5);
        assertThat(((OrderView) gm.initiative()).order().get(3).score()).isEqualTo(10);
    }

    @Test
    void offeredActionsSayWhyTheyAreDisabled() {
        table.startFight();
        List<ActionOption> cole = view("u-cole", Role.PLAYER).actions();
        ActionOption axe = cole.stream().filter(a -> a.label().contains("Axe")).findFirst().orElseThrow();
        assertThat(axe.enabled()).isFalse();
        assertThat(axe.reason()).isEqualTo("It is Alda's turn, not Cole's.");
        table.run(new Attack("alda", "bram", "Sword", false, null, false), ALDA_PLAYER, 20);
        List<ActionOption> alda = view("u-alda", Role.PLAYER).actions();
        ActionOption sword = alda.stream().filter(a -> a.label().contains("Sword")).findFirst().orElseThrow();
        assertThat(sword.enabled()).isFalse();
        assertThat(sword.reason()).isEqualTo("Alda has already used the Combat Action this turn.");
        assertThat(alda.stream().filter(a -> a.command().equals("symbaroum.move")).findFirst().orElseThrow().enabled()).isTrue();
        assertThat(view("gm", Role.GM).actions()).anyMatch(a -> a.gmOnly() && a.command().equals("symbaroum.endInitiative"));
    }

    @Test
    void replayingTheLogRebuildsTheSameTable() {
        table.startFight();
        table.run(new Delay("alda", "cole"), ALDA_PLAYER);
        table.run(new Attack("cole", "bram", "Axe", false, null, false), COLE_PLAYER, 1, 9);
        table.run(new ChoosePain("bram", "freeAttack"), COLE_PLAYER);
        table.run(new Move("cole", null), COLE_PLAYER);
        table.run(new EndTurn("cole"), COLE_PLAYER);
        table.run(new Attack("cole", "bram", "Axe", false, null, true), COLE_PLAYER, 1, 2);
        table.run(new ApplyDamage("alda", 11, "trap"), GM);
        table.run(new DeathTest("alda"), ALDA_PLAYER, 12);
        table.run(new EndTurn("alda"), ALDA_PLAYER);
        table.run(new EndTurn("dara"), GM);
        SymbaroumState replayed = table.referee.initialState();
        for (GameEvent e : table.log) {
            replayed = table.referee.evolve(replayed, e);
        }
        assertThat(replayed).isEqualTo(table.state);
        assertThat(replayed.encounter().round()).isEqualTo(2);
        assertThat(table.get("bram").has("dead")).isTrue();
        assertThat(table.log).allSatisfy(e -> assertThat(e.describe()).isNotBlank());
        assertThat(SymbaroumReferee.COMMANDS).hasSize(SymbaroumCommand.class.getPermittedSubclasses().length);
        assertThat(SymbaroumReferee.EVENTS).hasSize(SymbaroumEvent.class.getPermittedSubclasses().length);
        assertThat(SymbaroumReferee.COMMANDS.keySet()).allMatch(k -> k.startsWith("symbaroum."));
    }
}
