package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.ClientView;
import io.astragal.support.IntegrationTest;
import io.astragal.support.TableClient;
import io.astragal.support.TwoPlayerTable;
import io.astragal.support.Views;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A Symbaroum table played by a GM and two players over real STOMP connections: a full round in
 * Quick order, the rules' refusals, and what players must never be sent.
 */
@IntegrationTest
class SymbaroumTableTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    JdbcClient jdbc;

    TwoPlayerTable table;
    String aldaHero;
    String bramHero;
    String ghoul;

    /**
     * Alda the Quick (Quick 15), the Ghoul (NPC, Quick 13, Strong 17) and Bram Ironfoot (Quick 11):
     * the order is Alda, Ghoul, Bram. No single blow can pass anyone's Pain Threshold and two
     * cannot fell the Ghoul, so the round's shape does not depend on the dice.
     */
    @BeforeEach
    void aSymbaroumCampaignWithTwoHeroesAndAGhoul(@LocalServerPort int port) {
        table = TwoPlayerTable.create(port, "Davokar", "symbaroum");
        aldaHero = table.alda().createCharacter(table.id(), "Alda the Quick", false, Map.of("quick", 15, "accurate", 13, "strong", 11,
                "vigilant", 12, "experience", 37, "weapons", List.of(Map.of("name", "Sword", "damage", "1d8"))));
        bramHero = table.bram().createCharacter(table.id(), "Bram Ironfoot", false, Map.of("quick", 11, "accurate", 12, "strong", 13,
                "weapons", List.of(Map.of("name", "Axe", "damage", "1d8"))));
        ghoul = table.gm().createCharacter(table.id(), "Ghoul", true, Map.of("quick", 13, "strong", 17, "vigilant", 14, "discreet", 7,
                "armor", "1d4", "weapons", List.of(Map.of("name", "Claws", "damage", "1d6", "natural", true))));
    }

    private static String current(JsonNode view) {
        return view.get("table").get("initiative").get("current").asString();
    }

    /** The button a member is offered for {@code command} whose label contains {@code label}. */
    private static JsonNode option(JsonNode view, String command, String label) {
        for (JsonNode a : Views.actions(view)) {
            if (a.get("command").asString().equals(command) && a.get("label").asString().contains(label)) {
                return a;
            }
        }
        throw new AssertionError("no " + command + " \"" + label + "\" in " + view.get("table").get("actions"));
    }

    @Test
    void threeClientsPlayAFullRoundInQuickOrderAndConvergeOnTheSameTable() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda());
             TableClient b = table.join(table.bram())) {
            JsonNode gmView = g.snapshotView();
            a.snapshotView();
            b.snapshotView();
            // The GM puts the fighters in from the roster in one step: the start button takes CHARACTERS.
            JsonNode start = option(gmView, "symbaroum.startInitiative", "Start the fight");
            assertThat(start.get("needs").get(0).get("kind").asString()).isEqualTo("CHARACTERS");
            assertThat(gmView.get("roster").findValuesAsString("id")).containsExactlyInAnyOrder(aldaHero, bramHero, ghoul);
            long seq = g.accepted("symbaroum.startInitiative", Map.of("characterIds", List.of(bramHero, ghoul, aldaHero)))
                    .get("seq").asLong();
            a.awaitEvent(seq);
            JsonNode aldaView = ClientView.replay(a).view();
            assertThat(aldaView.get("table").get("initiative").get("order").findValuesAsString("combatantId"))
                    .as("highest Quick first").containsExactly(aldaHero, ghoul, bramHero);
            assertThat(current(aldaView)).isEqualTo(aldaHero);

            // Alda: her Combat Action (an attack) and her Movement Action, then the end of her turn.
            JsonNode sword = option(aldaView, "symbaroum.attack", "attack with Sword");
            assertThat(sword.get("enabled").asBoolean()).isTrue();
            assertThat(sword.get("needs").get(0).get("kind").asString()).isEqualTo("COMBATANT");
            a.accepted("symbaroum.attack", Map.of("combatantId", aldaHero, "weapon", "Sword", "target", ghoul,
                    "free", false, "advantage", false, "blind", "none"));
            a.accepted("symbaroum.move", Map.of("combatantId", aldaHero, "text", "to the Ghoul's flank"));
            a.accepted("symbaroum.endTurn", Map.of("combatantId", aldaHero));

            // The GM plays the Ghoul: it claws Alda (she rolls her Defense), and ends its turn.
            g.accepted("symbaroum.attack", Map.of("combatantId", ghoul, "weapon", "Claws", "target", aldaHero));
            g.accepted("symbaroum.endTurn", Map.of("combatantId", ghoul));

            // Bram withdraws from the Ghoul, which gets a Free Attack; the GM takes it; Bram attacks and ends the round.
            seq = b.accepted("symbaroum.move", Map.of("combatantId", bramHero, "withdrawFrom", List.of(ghoul))).get("seq").asLong();
            g.awaitEvent(seq);
            JsonNode free = option(ClientView.replay(g).view(), "symbaroum.attack", "Ghoul: Free Attack on Bram Ironfoot (withdrawal)");
            assertThat(free.get("enabled").asBoolean()).isTrue();
            JsonNode args = free.get("args");
            g.accepted("symbaroum.attack", JSON.convertValue(args, Map.class));
            b.accepted("symbaroum.attack", Map.of("combatantId", bramHero, "weapon", "Axe", "target", ghoul));
            long last = b.accepted("symbaroum.endTurn", Map.of("combatantId", bramHero)).get("seq").asLong();

            for (TableClient c : List.of(g, a, b)) {
                c.awaitEvent(last);
            }
            List<Long> expected = LongStream.rangeClosed(1, last).boxed().toList();
            for (TableClient c : List.of(g, a, b)) {
                assertThat(c.eventSeqs()).as("every client sees every event once, in order").isEqualTo(expected);
            }
            JsonNode gmPatched = ClientView.replay(g).view();
            JsonNode aldaPatched = ClientView.replay(a).view();
            JsonNode bramPatched = ClientView.replay(b).view();
            JsonNode initiative = gmPatched.get("table").get("initiative");
            assertThat(initiative.get("round").asInt()).isEqualTo(2);
            assertThat(initiative.get("current").asString()).isEqualTo(aldaHero);

            // Fresh snapshots equal what each client built from its patches, and everyone sees the same round.
            try (TableClient g2 = table.join(table.gm());
                 TableClient a2 = table.join(table.alda());
                 TableClient b2 = table.join(table.bram())) {
                assertThat(g2.snapshotView()).isEqualTo(gmPatched);
                assertThat(a2.snapshotView()).isEqualTo(aldaPatched);
                assertThat(b2.snapshotView()).isEqualTo(bramPatched);
            }
            for (JsonNode v : List.of(aldaPatched, bramPatched)) {
                JsonNode order = v.get("table").get("initiative");
                assertThat(order.get("round")).isEqualTo(initiative.get("round"));
                assertThat(order.get("current")).isEqualTo(initiative.get("current"));
                assertThat(order.get("order").findValuesAsString("combatantId"))
                        .isEqualTo(initiative.get("order").findValuesAsString("combatantId"));
                for (int i = 0; i < 3; i++) {
                    JsonNode mine = v.get("table").get("combatants").get(i);
                    JsonNode gms = gmPatched.get("table").get("combatants").get(i);
                    assertThat(mine.get("id")).isEqualTo(gms.get("id"));
                    assertThat(mine.get("tracks").get(0).get("band")).isEqualTo(gms.get("tracks").get(0).get("band"));
                    if (!mine.get("npc").asBoolean()) {
                        assertThat(mine.get("tracks")).as("a hero's Toughness is the same for all").isEqualTo(gms.get("tracks"));
                    }
                }
            }
        }
    }

    @Test
    void playersAreRefusedWhatTheRulesDoNotAllowAndNothingChanges() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda());
             TableClient b = table.join(table.bram())) {
            g.snapshotView();
            a.snapshotView();
            b.snapshotView();
            a.refused("symbaroum.startInitiative", Map.of("characterIds", List.of(aldaHero)), "NOT_ALLOWED");
            g.accepted("symbaroum.startInitiative", Map.of("characterIds", List.of(aldaHero, bramHero, ghoul)));
            a.refused("symbaroum.applyDamage", Map.of("target", ghoul, "amount", 5), "NOT_ALLOWED");
            a.refused("symbaroum.surprise", Map.of("sides", List.of(List.of(aldaHero), List.of(ghoul))), "NOT_ALLOWED");
            b.refused("symbaroum.attack", Map.of("combatantId", bramHero, "target", ghoul), "OUT_OF_TURN");
            b.refused("symbaroum.endTurn", Map.of("combatantId", bramHero), "OUT_OF_TURN");
            b.refused("symbaroum.move", Map.of("combatantId", aldaHero), "NOT_YOUR_CHARACTER");
            a.refused("symbaroum.attack", Map.of("combatantId", aldaHero, "target", ghoul, "weapon", "Banana"), "INVALID_COMMAND");
            a.refused("symbaroum.attack", Map.of("combatantId", aldaHero, "target", ghoul, "advantage", List.of(1)), "INVALID_COMMAND");
            a.refused("symbaroum.attack", Map.of("combatantId", aldaHero, "target", ghoul, "dagger", true), "INVALID_COMMAND");
            a.refused("symbaroum.test", Map.of("combatantId", aldaHero, "attribute", "charm"), "INVALID_COMMAND");
            a.refused("symbaroum.attack", Map.of("combatantId", aldaHero, "target", "no-such-id"), "UNKNOWN_CHARACTER");
            a.refused("symbaroum.attack", Map.of("combatantId", aldaHero, "target", ghoul, "free", true), "INVALID_STATE");
            a.refused("symbaroum.delay", Map.of("combatantId", aldaHero, "target", aldaHero), "INVALID_COMMAND");
            // The turn's actions: one Combat Action, one Movement Action (the Combat Action may become a second move).
            a.accepted("symbaroum.attack", Map.of("combatantId", aldaHero, "target", ghoul));
            a.refused("symbaroum.attack", Map.of("combatantId", aldaHero, "target", ghoul), "NOT_ENOUGH_AP");
            a.refused("symbaroum.firstAid", Map.of("combatantId", aldaHero, "target", bramHero, "herbalCure", true), "NOT_ENOUGH_AP");
            long last = a.accepted("symbaroum.move", Map.of("combatantId", aldaHero)).get("seq").asLong();
            a.refused("symbaroum.move", Map.of("combatantId", aldaHero), "NOT_ENOUGH_AP");
            a.refused("symbaroum.test", Map.of("combatantId", aldaHero, "attribute", "quick", "action", "movement"), "NOT_ENOUGH_AP");
            g.refused("symbaroum.surprise", Map.of("sides", List.of(List.of(ghoul, aldaHero), List.of(aldaHero))), "INVALID_COMMAND");

            JsonNode aldaView;
            try (TableClient again = table.join(table.alda())) {
                aldaView = again.snapshotView();
            }
            assertThat(aldaView.get("table").get("initiative").get("order").get(0).get("used").toString())
                    .isEqualTo("[\"combat\",\"movement\"]");
            assertThat(option(aldaView, "symbaroum.move", "move").get("reason").asString())
                    .isEqualTo("Alda the Quick has no action left for movement this turn.");
            long stored = jdbc.sql("select count(*) from table_events where table_id = ?").param(table.id()).query(Long.class).single();
            assertThat(stored).as("only the accepted commands were stored").isEqualTo(last).isEqualTo(3);
        }
    }

    @Test
    void playersNeverReceiveNpcNumbersGmOnlyRollsOrEachOthersExperience() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda());
             TableClient b = table.join(table.bram())) {
            g.snapshotView();
            a.snapshotView();
            b.snapshotView();
            g.accepted("symbaroum.placeCharacters", Map.of("characterIds", List.of(aldaHero, bramHero, ghoul)));
            // Bram alone is the defender: Alda's Sword below stays drawn whatever the surprise roll.
            g.accepted("symbaroum.surprise", Map.of("sides", List.of(List.of(ghoul), List.of(bramHero))));
            g.accepted("symbaroum.startInitiative", Map.of("characterIds", List.of(aldaHero, bramHero, ghoul)));
            JsonNode secretTest = g.replyTo(g.command(UUID.randomUUID().toString(), "symbaroum.test",
                    Map.of("combatantId", ghoul, "attribute", "vigilant", "text", "the Ghoul listens at the door"), "GM"));
            assertThat(secretTest.get("accepted").asBoolean()).isTrue();
            g.replyTo(g.command(UUID.randomUUID().toString(), "roll", Map.of("notation", "3d8+13", "label", "Lurking horror"), "GM"));
            a.accepted("symbaroum.attack", Map.of("combatantId", aldaHero, "weapon", "Sword", "target", ghoul));
            long last = g.accepted("chat", Map.of("text", "done")).get("seq").asLong();
            for (TableClient c : List.of(g, a, b)) {
                c.awaitEvent(last);
            }

            String ghoulToughness = "17/17";
            String ghoulScore = "{\"combatantId\":\"" + ghoul + "\",\"score\":13";
            assertThat(String.join("\n", g.rawFrames)).as("the GM is sent what the players are not")
                    .contains(ghoulToughness).contains(ghoulScore).contains("the Ghoul listens at the door").contains("3d8+13");
            assertThat(String.join("\n", a.rawFrames)).as("Alda sees her own Experience").contains("\"experience\":37");
            for (TableClient player : List.of(a, b)) {
                for (String frame : List.copyOf(player.rawFrames)) {
                    assertThat(frame)
                            .doesNotContain(ghoulToughness).doesNotContain("\"max\":17").doesNotContain("Toughness 17")
                            .doesNotContain(ghoulScore).doesNotContain("Discreet 7")
                            .doesNotContain("the Ghoul listens at the door").doesNotContain("3d8+13").doesNotContain("Lurking horror");
                }
            }
            for (String frame : List.copyOf(b.rawFrames)) {
                assertThat(frame).as("Bram is not sent Alda's Experience").doesNotContain("\"experience\":37");
            }
            JsonNode ghoulForBram = null;
            for (JsonNode c : ClientView.replay(b).view().get("table").get("combatants")) {
                if (c.get("id").asString().equals(ghoul)) {
                    ghoulForBram = c;
                }
            }
            assertThat(ghoulForBram).isNotNull();
            assertThat(ghoulForBram.get("stats").isEmpty()).isTrue();
            assertThat(ghoulForBram.get("tracks").get(0).get("value").isNull()).isTrue();
        }
    }
}
