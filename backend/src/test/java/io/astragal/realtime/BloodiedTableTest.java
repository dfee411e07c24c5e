package io.astragal.realtime;

import static io.astragal.support.Seat.allCatchUp;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import io.astragal.support.Seat;
import io.astragal.support.TableClient;
import io.astragal.support.TwoPlayerTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A bloodied-d20 table played by a GM and two players over real STOMP connections, only through
 * the actions each member's view offers, with real (random) dice.
 */
@IntegrationTest
class BloodiedTableTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The ogre's numbers are chosen to be recognisable in a frame: 97 hit points, STR 23, BLD 21, LCK 19. */
    private static final int OGRE_HP = 97;

    @Autowired
    JdbcClient jdbc;

    TwoPlayerTable table;
    String aldaHero;
    String bramHero;
    String ogre;

    @BeforeEach
    void aBloodiedCampaignWithTwoHeroesAndAnOgre(@LocalServerPort int port) {
        table = TwoPlayerTable.create(port, "The Red Fen", "bloodied-d20");
        aldaHero = table.alda().createCharacter(table.id(), "Alda", false, Map.of("STR", 14, "AGL", 12, "INT", 13, "level", 2, "hp", 20,
                "shield", 1, "castingPool", 2, "weapons", List.of(
                        Map.of("name", "Sword", "damage", "1d8", "kind", "melee", "ability", "STR"),
                        Map.of("name", "Bow", "damage", "1d6", "kind", "ranged", "ability", "AGL", "effectiveRange", 60,
                                "maxRange", 120))));
        bramHero = table.bram().createCharacter(table.id(), "Bram", false, Map.of("BLD", 14, "LCK", 15, "hp", 12,
                "weapons", List.of(Map.of("name", "Axe", "damage", "1d6", "kind", "melee", "ability", "BLD"))));
        ogre = table.gm().createCharacter(table.id(), "Fen Ogre", true, Map.of("STR", 23, "BLD", 21, "AGL", 3, "INT", 2, "LCK", 19,
                "hp", OGRE_HP, "armor", "1d6", "notes", "The ogre fears fire.",
                "weapons", List.of(Map.of("name", "Club", "damage", "2d4", "kind", "melee", "ability", "STR"))));
    }

    private static boolean accepted(JsonNode reply) {
        return reply.get("accepted").asBoolean();
    }

    /** Sends an offered action with the person's picks, as the browser does; everyone catches up on success. */
    private JsonNode play(Seat seat, JsonNode action, Map<String, ?> picks, Seat... everyone) throws InterruptedException {
        assertThat(action.get("enabled").asBoolean()).as(action.get("label").asString() + ": " + action.get("reason")).isTrue();
        @SuppressWarnings("unchecked")
        Map<String, Object> args = new LinkedHashMap<>(JSON.convertValue(action.get("args"), Map.class));
        args.putAll(picks);
        JsonNode reply = seat.send(action.get("command").asString(), args);
        assertThat(accepted(reply)).as(action.get("label").asString() + " " + args + " -> " + reply).isTrue();
        allCatchUp(reply.get("seq").asLong(), everyone);
        return reply;
    }

    private long storedEvents() {
        return jdbc.sql("select count(*) from table_events where table_id = ?").param(table.id()).query(Long.class).single();
    }

    // ---- the tests ----------------------------------------------------------------------------

    @Test
    @DisplayName("A round played through the offered actions: \"Initiative is rolled as 1d20 + INT modifier + level.\" \"Each turn consists of a movement and an action.\"")
    void threeClientsPlayARoundThroughTheOfferedActionsAndSeeTheSameTable() throws Exception {
        try (Seat g = table.seat(table.gm());
             Seat a = table.seat(table.alda());
             Seat b = table.seat(table.bram())) {
            Seat[] all = {g, a, b};
            assertThat(g.view().get("roster").findValuesAsString("id")).containsExactlyInAnyOrder(aldaHero, bramHero, ogre);
            assertThat(a.view().get("roster").findValuesAsString("id")).containsExactly(aldaHero);
            assertThat(a.actions(x -> x.get("gmOnly").asBoolean())).isEmpty();

            // One step: the GM picks the fighters from the roster; they are placed and initiative is rolled.
            JsonNode start = g.action("bloodied-d20.startInitiative", "Roll initiative");
            assertThat(start.get("needs").get(0).get("kind").asString()).isEqualTo("CHARACTERS");
            play(g, start, Map.of("characterIds", List.of(aldaHero, bramHero, ogre)), all);
            JsonNode order = g.initiative().get("order");
            assertThat(order.findValuesAsString("combatantId")).containsExactlyInAnyOrder(aldaHero, bramHero, ogre);
            assertThat(g.initiative().get("round").asInt()).isEqualTo(1);

            Map<String, Seat> controller = Map.of(aldaHero, a, bramHero, b, ogre, g);
            Map<String, String> foe = Map.of(aldaHero, ogre, bramHero, ogre, ogre, aldaHero);
            List<String> acted = new ArrayList<>();
            while (g.initiative().get("round").asInt() == 1) {
                String current = g.initiative().get("current").asString();
                assertThat(a.initiative().get("current").asString()).isEqualTo(current);
                Seat seat = controller.get(current);
                String name = seat.combatant(current).get("name").asString();
                // the player whose hero is waiting sees why they cannot move
                for (Map.Entry<String, Seat> hero : Map.of(aldaHero, a, bramHero, b).entrySet()) {
                    if (!hero.getKey().equals(current)) {
                        JsonNode waiting = hero.getValue().action("bloodied-d20.move",
                                hero.getValue().combatant(hero.getKey()).get("name").asString() + ": move");
                        assertThat(waiting.get("enabled").asBoolean()).isFalse();
                        assertThat(waiting.get("reason").asString()).startsWith("It is not ");
                    }
                }
                JsonNode move = seat.action("bloodied-d20.move", name + ": move");
                if (move.get("enabled").asBoolean()) {
                    play(seat, move, Map.of(), all);
                    for (JsonNode entry : b.initiative().get("order")) {
                        if (entry.get("combatantId").asString().equals(current)) {
                            assertThat(entry.get("used").toString()).isEqualTo("[\"move\"]");
                        }
                    }
                }
                JsonNode attack = seat.actions(x -> x.get("command").asString().equals("bloodied-d20.attack")
                        && x.get("label").asString().startsWith(name + ": attack with ")).getFirst();
                if (attack.get("enabled").asBoolean()) {
                    play(seat, attack, Map.of("target", foe.get(current)), all);
                    assertThat(seat.action("bloodied-d20.move", name).get("enabled").asBoolean()).isFalse();
                }
                play(seat, seat.action("bloodied-d20.endTurn", name + ": end turn"), Map.of(), all);
                acted.add(current);
                assertThat(acted).hasSizeLessThanOrEqualTo(3);
            }
            assertThat(acted).containsExactlyElementsOf(order.findValuesAsString("combatantId"));
            assertThat(g.initiative().get("round").asInt()).isEqualTo(2);
            assertThat(b.initiative().get("current").asString()).isEqualTo(acted.getFirst());

            JsonNode end = play(g, g.action("bloodied-d20.endInitiative", "End initiative"), Map.of(), all);
            assertThat(g.initiative().isNull()).isTrue();
            long last = end.get("seq").asLong();

            List<Long> expected = LongStream.rangeClosed(1, last).boxed().toList();
            for (Seat s : all) {
                assertThat(s.client().eventSeqs()).as("every client sees every event once, in order").isEqualTo(expected);
            }
            // The same table for everyone: combatants in the same order, the heroes' hit points alike.
            for (Seat s : List.of(a, b)) {
                assertThat(s.view().get("table").get("combatants").findValuesAsString("id"))
                        .isEqualTo(g.view().get("table").get("combatants").findValuesAsString("id"));
                for (String hero : List.of(aldaHero, bramHero)) {
                    assertThat(s.combatant(hero).get("tracks")).isEqualTo(g.combatant(hero).get("tracks"));
                }
            }
            // The views each client patched together equal what a fresh snapshot shows that member.
            try (TableClient gc2 = table.join(table.gm());
                 TableClient ac2 = table.join(table.alda());
                 TableClient bc2 = table.join(table.bram())) {
                assertThat(gc2.snapshotView()).isEqualTo(g.view());
                assertThat(ac2.snapshotView()).isEqualTo(a.view());
                assertThat(bc2.snapshotView()).isEqualTo(b.view());
            }
        }
    }

    @Test
    void refusalsComeWithTheirCodeAndChangeNothing() throws Exception {
        try (Seat g = table.seat(table.gm());
             Seat a = table.seat(table.alda());
             Seat b = table.seat(table.bram())) {
            Seat[] all = {g, a, b};
            // a player doing the GM's work
            a.refused("bloodied-d20.startInitiative", Map.of("characterIds", List.of(aldaHero)), "NOT_ALLOWED");
            a.refused("bloodied-d20.setInjuryRow", Map.of("from", 1, "to", 6, "severity", "Minor", "interval", "1/day"), "NOT_ALLOWED");
            b.refused("bloodied-d20.applyDamage", Map.of("targets", List.of(aldaHero), "notation", "5"), "NOT_ALLOWED");
            play(g, g.action("bloodied-d20.placeCharacter", "Put a character"), Map.of("characterId", aldaHero), all);
            // the casting pool holds 2 dice
            JsonNode cast = a.action("bloodied-d20.cast", "Alda: cast");
            assertThat(cast.get("enabled").asBoolean()).isTrue();
            a.refused("bloodied-d20.cast", Map.of("combatantId", aldaHero, "text", "Spark", "tier", 1, "amount", 3), "NOT_ENOUGH_AP");
            a.refused("bloodied-d20.move", Map.of("combatantId", aldaHero), "OUT_OF_TURN");

            play(g, g.action("bloodied-d20.startInitiative", "Roll initiative"),
                    Map.of("characterIds", List.of(aldaHero, bramHero, ogre)), all);
            String current = g.initiative().get("current").asString();
            Seat waiting = current.equals(aldaHero) ? b : a;
            String waitingHero = waiting == a ? aldaHero : bramHero;
            waiting.refused("bloodied-d20.move", Map.of("combatantId", waitingHero), "OUT_OF_TURN");
            a.refused("bloodied-d20.endTurn", Map.of("combatantId", bramHero), "NOT_YOUR_CHARACTER");
            b.refused("bloodied-d20.attack", Map.of("combatantId", aldaHero, "target", ogre, "weapon", "Sword"), "NOT_YOUR_CHARACTER");
            // bad arguments
            g.refused("bloodied-d20.applyDamage", Map.of("targets", List.of(ogre), "notation", "2d"), "INVALID_DICE");
            g.refused("bloodied-d20.setInjuryRow", Map.of("from", 5, "to", 9, "severity", "Major", "interval", "1/day"), "INVALID_COMMAND");
            g.refused("bloodied-d20.setInjuryRow", Map.of("from", 1, "to", 2, "severity", "Lethal", "interval", "1/day"), "INVALID_COMMAND");
            g.refused("bloodied-d20.attack", Map.of("combatantId", current, "target", ogre, "range", "far"), "INVALID_COMMAND");
            g.refused("bloodied-d20.heal", Map.of("target", aldaHero, "amount", 2, "extra", true), "INVALID_COMMAND");
            g.refused("bloodied-d20.heal", Map.of("target", "no-such-character", "amount", 2), "UNKNOWN_CHARACTER");
            g.refused("bloodied-d20.teleport", Map.of(), "UNKNOWN_COMMAND");
            // the turn's movement and action: a second move uses the action, a third is one too many
            Seat turn = current.equals(aldaHero) ? a : current.equals(bramHero) ? b : g;
            String name = turn.combatant(current).get("name").asString();
            play(turn, turn.action("bloodied-d20.move", name + ": move"), Map.of(), all);
            play(turn, turn.action("bloodied-d20.move", name + ": move again (uses the action)"), Map.of(), all);
            JsonNode tired = turn.action("bloodied-d20.move", name);
            assertThat(tired.get("enabled").asBoolean()).isFalse();
            assertThat(tired.get("reason").asString()).contains("used their movement and their action");
            turn.refused("bloodied-d20.move", Map.of("combatantId", current), "NOT_ENOUGH_AP");
            String target = current.equals(ogre) ? aldaHero : ogre;
            String weapon = current.equals(aldaHero) ? "Sword" : current.equals(bramHero) ? "Axe" : "Club";
            turn.refused("bloodied-d20.attack", Map.of("combatantId", current, "target", target, "weapon", weapon), "NOT_ENOUGH_AP");
            a.refused("bloodied-d20.recover", Map.of("targets", List.of(aldaHero), "text", "bed"), "NOT_ALLOWED");
            g.refused("bloodied-d20.recover", Map.of("targets", List.of(aldaHero), "text", "bed"), "OUT_OF_TURN");

            assertThat(storedEvents()).as("only the accepted commands were stored").isEqualTo(g.seq());
            // the refusals left no trace in the sequence: the next accepted command follows the last one
            JsonNode chat = g.send("chat", Map.of("text", "Enough."));
            assertThat(chat.get("seq").asLong()).isEqualTo(g.seq() + 1);
            for (Seat s : all) {
                s.catchUp(chat.get("seq").asLong());
                assertThat(s.client().eventSeqs()).isEqualTo(LongStream.rangeClosed(1, g.seq()).boxed().toList());
            }
        }
    }

    @Test
    @DisplayName("The source's serious-injury table is truncated (\"4-5Major1/12 Hours\"): the GM edits it at the live table")
    void theGmEditsTheSeriousInjuryTableAtTheLiveTable() throws Exception {
        try (Seat g = table.seat(table.gm());
             Seat b = table.seat(table.bram())) {
            JsonNode setRow = g.action("bloodied-d20.setInjuryRow", "set a row");
            assertThat(setRow.get("label").asString())
                    .isEqualTo("Serious-injury table d6: 4-5 Major (save every 1/12 hours); 1-3, 6 take the nearest row: set a row");
            assertThat(b.actions(x -> x.get("command").asString().contains("Injury"))).isEmpty();

            play(g, setRow, Map.of("from", 1, "to", 6, "severity", "Deadly", "interval", "1/hour"), g, b);
            assertThat(g.action("bloodied-d20.setInjuryRow", "set a row").get("label").asString())
                    .isEqualTo("Serious-injury table d6: 1-6 Deadly (save every 1/hour): set a row");
            JsonNode remove = g.action("bloodied-d20.removeInjuryRow", "remove a row");
            assertThat(remove.get("enabled").asBoolean()).isFalse();

            play(g, g.action("bloodied-d20.placeCharacter", "Put a character"), Map.of("characterId", bramHero), g, b);
            play(g, g.action("bloodied-d20.inflictInjury", "Serious injury"), Map.of("target", bramHero, "text", "a troll's bite"), g, b);
            assertThat(b.combatant(bramHero).get("conditions").findValuesAsString("name")).contains("deadly injury");
            JsonNode save = b.action("bloodied-d20.injurySave", "Bram: save against the deadly injury (a troll's bite)");
            play(b, save, Map.of(), g, b);
            assertThat(b.combatant(bramHero).get("stats").get("injuries").get(0).asString()).contains("save every 1/hour");

            play(g, g.action("bloodied-d20.setInjuryTable", "back to the source"), Map.of(), g, b);
            assertThat(g.action("bloodied-d20.setInjuryRow", "set a row").get("label").asString()).contains("d6: 4-5 Major");
        }
    }

    @Test
    void playersNeverReceiveTheOgresNumbersNorTheGmsPrivateRolls() throws Exception {
        try (Seat g = table.seat(table.gm());
             Seat a = table.seat(table.alda());
             Seat b = table.seat(table.bram())) {
            Seat[] all = {g, a, b};
            play(g, g.action("bloodied-d20.placeCharacter", "Put a character"), Map.of("characterId", ogre), all);
            // 90 of 97: a serious injury (more than half at once); then 10 more: unconscious and bleeding out
            play(g, g.action("bloodied-d20.applyDamage", "Deal damage"), Map.of("targets", List.of(ogre), "notation", "90"), all);
            play(g, g.action("bloodied-d20.applyDamage", "Deal damage"), Map.of("targets", List.of(ogre), "notation", "10"), all);
            play(g, g.action("bloodied-d20.startInitiative", "Roll initiative"),
                    Map.of("characterIds", List.of(aldaHero, bramHero, ogre)), all);
            // play the round through, so the ogre's turn starts and it saves against bleeding out
            Map<String, Seat> controller = Map.of(aldaHero, a, bramHero, b, ogre, g);
            for (int turn = 0; turn < 3; turn++) {
                String current = g.initiative().get("current").asString();
                Seat seat = controller.get(current);
                String name = seat.combatant(current).get("name").asString();
                if (!current.equals(ogre)) {
                    JsonNode attack = seat.action("bloodied-d20.attack", name + ": attack with " + (current.equals(aldaHero) ? "Sword" : "Axe"));
                    play(seat, attack, Map.of("target", ogre), all);
                }
                play(seat, seat.action("bloodied-d20.endTurn", name + ": end turn"), Map.of(), all);
            }
            // the GM's own rolls for the GM's eyes
            JsonNode hidden = g.client().replyTo(g.client().command(UUID.randomUUID().toString(), "bloodied-d20.save",
                    Map.of("combatantId", ogre, "attribute", "LCK", "amount", 0), "GM"));
            assertThat(accepted(hidden)).isTrue();
            JsonNode free = g.client().replyTo(g.client().command(UUID.randomUUID().toString(), "roll",
                    Map.of("notation", "1d100+500", "label", "Ambush in the reeds"), "GM"));
            allCatchUp(free.get("seq").asLong(), all);

            assertThat(String.join("\n", g.client().rawFrames)).as("the GM is sent the ogre's numbers (so the checks below can fail)")
                    .contains("\"max\":" + OGRE_HP).contains("\"STR\":23").contains("1d100+500");
            for (Seat player : List.of(a, b)) {
                assertThat(player.client().rawFrames).isNotEmpty();
                for (String frame : player.client().rawFrames) {
                    assertThat(frame).doesNotContain("\"max\":" + OGRE_HP).doesNotContain("/" + OGRE_HP)
                            .doesNotContain("\"STR\":23").doesNotContain("\"BLD\":21").doesNotContain("\"LCK\":19")
                            .doesNotContain("The ogre fears fire").doesNotContain("1d100+500").doesNotContain("Ambush")
                            .doesNotContain("vs 19").doesNotContain("vs 21");
                    JsonNode message = JSON.readTree(frame);
                    if ("event".equals(message.path("kind").asString()) && message.get("seq").asLong() == hidden.get("seq").asLong()) {
                        assertThat(message.get("event").get("hidden").asBoolean()).isTrue();
                        assertThat(message.get("event").get("lines").findValues("rolls")).allMatch(r -> r.isEmpty());
                    }
                }
                // every view the player held: the ogre's health only as a band, no numbers, no initiative score
                for (JsonNode view : player.views()) {
                    for (JsonNode c : view.get("table").get("combatants")) {
                        if (c.get("id").asString().equals(ogre)) {
                            assertThat(c.get("stats").isEmpty()).isTrue();
                            assertThat(c.get("tracks").findValues("value")).allMatch(JsonNode::isNull);
                            assertThat(c.get("tracks").findValues("max")).allMatch(JsonNode::isNull);
                        }
                    }
                    JsonNode initiative = view.get("table").get("initiative");
                    if (initiative != null && !initiative.isNull()) {
                        for (JsonNode entry : initiative.get("order")) {
                            if (entry.get("combatantId").asString().equals(ogre)) {
                                assertThat(entry.get("score").isNull()).isTrue();
                            }
                        }
                    }
                }
            }
            assertThat(String.join("\n", a.client().rawFrames)).as("the ogre's bleeding is told, without its score")
                    .contains("Fen Ogre bleeds out: BLD save");
        }
    }
}
