package io.astragal.realtime;

import static io.astragal.support.Seat.allCatchUp;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import io.astragal.support.Seat;
import io.astragal.support.TableClient;
import io.astragal.support.TwoPlayerTable;
import io.astragal.support.Views;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A vogt table (declared-action initiative) played by a GM and two players over real STOMP
 * connections, using only the actions each member's view offers.
 */
@IntegrationTest
class VogtTableTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    JdbcClient jdbc;

    TwoPlayerTable table;
    String aldaHero;
    String bramHero;
    String ogre;

    @BeforeEach
    void aVogtCampaignWithTwoHeroesAndAnOgre(@LocalServerPort int port) {
        table = TwoPlayerTable.create(port, "The Salt Road", "vogt");
        aldaHero = table.alda().createCharacter(table.id(), "Alda the Bold", false, Map.of("STR", "1d8", "DEX", "1d6", "hp", 12,
                "speed", 6, "weapons", List.of(Map.of("name", "Moonblade", "damage", "1d10", "type", "slash")),
                "techniqueDice", 2, "techniques", List.of("Thornwhip")));
        bramHero = table.bram().createCharacter(table.id(), "Bram Ironfoot", false, Map.of("STR", "1d6", "DEX", "1d8", "hp", 10,
                "weapons", List.of(Map.of("name", "Dagger", "damage", "1d4", "type", "stab")),
                "techniqueDice", 3, "techniques", List.of("Stonehide")));
        ogre = table.gm().createCharacter(table.id(), "Ogre", true, Map.of("STR", "2d6", "DEX", "1d4", "hp", 23, "ar", 2,
                "weapons", List.of(Map.of("name", "Gutripper", "damage", "1d8", "type", "blunt"))));
    }

    // ---- what a member's view offers, and playing it as the browser would ---------------------------

    record ActionOption(JsonNode node) {
        boolean enabled() {
            return node.get("enabled").asBoolean();
        }

        String reason() {
            return node.get("reason").asString();
        }
    }

    /** The first action the seat's view offers whose label starts with {@code label}. */
    private static ActionOption offered(Seat seat, String label) {
        for (JsonNode a : Views.actions(seat.view())) {
            if (a.get("label").asString().startsWith(label)) {
                return new ActionOption(a);
            }
        }
        throw new AssertionError(seat.who() + " is not offered \"" + label + "\": "
                + seat.view().get("table").get("actions").findValuesAsString("label"));
    }

    /** Sends an offered, enabled option with these picks for its needs; returns the reply. */
    private static JsonNode play(Seat seat, String label, Map<String, Object> picks) throws InterruptedException {
        ActionOption option = offered(seat, label);
        assertThat(option.enabled()).as(label + " is enabled for " + seat.who() + ": " + option.node.get("reason")).isTrue();
        Map<String, Object> args = new HashMap<>(JSON.convertValue(option.node.get("args"), Map.class));
        for (JsonNode need : option.node.get("needs")) {
            String name = need.get("name").asString();
            assertThat(need.get("kind").asString()).as("a typed control for " + name).isNotEqualTo("TEXT");
            if (picks.containsKey(name)) {
                args.put(name, picks.get(name));
            }
        }
        JsonNode reply = seat.send(option.node.get("command").asString(), args);
        assertThat(reply.get("accepted").asBoolean()).as(label + " by " + seat.who() + ": " + reply).isTrue();
        return reply;
    }

    private static JsonNode declarationOf(JsonNode initiative, String combatantId) {
        for (JsonNode d : initiative.get("declarations")) {
            if (d.get("combatantId").asString().equals(combatantId)) {
                return d;
            }
        }
        throw new AssertionError("no declaration for " + combatantId + " in " + initiative);
    }

    /** Declares for the three combatants through offered options: Alda attacks, Bram uses a technique, the ogre defends. */
    private long declareAll(Seat g, Seat a, Seat b, Consumer<Long> beforeTheLast) throws InterruptedException {
        long seq = play(a, "Alda the Bold: declare Attack with Moonblade", Map.of()).get("seq").asLong();
        allCatchUp(seq, g, a, b);
        seq = play(b, "Bram Ironfoot: declare Use Technique", Map.of("amount", 2)).get("seq").asLong();
        allCatchUp(seq, g, a, b);
        beforeTheLast.accept(seq);
        seq = play(g, "Ogre: declare Defend", Map.of()).get("seq").asLong();
        allCatchUp(seq, g, a, b);
        return seq;
    }

    @Test
    void threeClientsPlayARoundThroughTheOfferedActionsInOneGaplessOrderAndTheirViewsConverge() throws Exception {
        try (Seat g = table.seat(table.gm()); Seat a = table.seat(table.alda()); Seat b = table.seat(table.bram())) {
            // The GM puts characters into the fight from the roster in one step.
            assertThat(g.view().get("roster").findValuesAsString("id")).containsExactlyInAnyOrder(aldaHero, bramHero, ogre);
            assertThat(a.view().get("roster").findValuesAsString("id")).containsExactly(aldaHero);
            assertThat(offered(g, "Start initiative").node.get("needs").get(0).get("kind").asString()).isEqualTo("CHARACTERS");
            long seq = play(g, "Start initiative", Map.of("characterIds", List.of(aldaHero, bramHero, ogre))).get("seq").asLong();
            allCatchUp(seq, g, a, b);
            assertThat(a.initiative().get("phase").asString()).isEqualTo("declaring");
            assertThat(offered(a, "Alda the Bold: declare Attack with Moonblade (1d10)").enabled()).isTrue();
            assertThat(a.view().get("table").get("actions").findValuesAsString("label")).noneMatch(l -> l.startsWith("Bram"));

            declareAll(g, a, b, last -> { });
            assertThat(g.initiative().get("phase").asString()).isEqualTo("acting");

            // Everyone takes their turn in the order revealed, using only what their view offers.
            int turns = 0;
            while (g.initiative().get("round").asInt() == 1) {
                assertThat(turns++).as("the round ends").isLessThan(10);
                String current = currentAfterTies(g, a, b);
                if (current.equals(aldaHero)) {
                    assertThat(offered(b, "Bram Ironfoot: end turn").reason()).isEqualTo("It is not Bram Ironfoot's turn.");
                    play(a, "Alda the Bold: move", Map.of("amount", 4));
                    play(a, "Alda the Bold: Attack with Moonblade", Map.of("targets", List.of(ogre)));
                    seq = play(a, "Alda the Bold: end turn", Map.of()).get("seq").asLong();
                } else if (current.equals(bramHero)) {
                    play(b, "Bram Ironfoot: Use Technique (2 dice)", Map.of("text", "Stonehide"));
                    seq = play(b, "Bram Ironfoot: end turn", Map.of()).get("seq").asLong();
                } else {
                    play(g, "Ogre: Defend", Map.of());
                    seq = play(g, "Ogre: end turn", Map.of()).get("seq").asLong();
                }
                allCatchUp(seq, g, a, b);
            }

            // Round 2 asks for new declarations; the ogre took Alda's blow.
            assertThat(a.initiative().get("round").asInt()).isEqualTo(2);
            assertThat(a.initiative().get("phase").asString()).isEqualTo("declaring");
            assertThat(a.initiative()).isEqualTo(g.initiative()).isEqualTo(b.initiative());
            List<Long> expected = LongStream.rangeClosed(1, seq).boxed().toList();
            for (Seat s : List.of(g, a, b)) {
                assertThat(s.client().eventSeqs()).as(s.who() + " sees every event once, in order").isEqualTo(expected);
                assertThat(s.view()).as(s.who() + "'s patched view is the server's view").isEqualTo(s.freshView());
            }
            JsonNode ogreForGm = g.view().get("table").get("combatants").findParents("id").stream()
                    .filter(c -> c.get("id").asString().equals(ogre)).findFirst().orElseThrow();
            assertThat(ogreForGm.get("tracks").get(0).get("value").asInt()).isLessThan(23);
            List<String> log = new ArrayList<>();
            g.steps().forEach(step -> step.event().get("event").get("lines").forEach(l -> log.add(l.get("text").asString())));
            assertThat(log).anyMatch(l -> l.startsWith("Alda the Bold attacks with Moonblade: 1d10 = "))
                    .anyMatch(l -> l.equals("Bram Ironfoot uses Stonehide with 2 technique dice."))
                    .anyMatch(l -> l.startsWith("Round 1 initiative: "))
                    .contains("Round 2: declare your actions.");
        }
    }

    @Test
    void refusalsComeWithTheirCodeAndChangeNothing() throws Exception {
        try (Seat g = table.seat(table.gm()); Seat a = table.seat(table.alda()); Seat b = table.seat(table.bram())) {
            assertThat(a.send("vogt.startInitiative", Map.of("characterIds", List.of(aldaHero))).get("code").asString())
                    .isEqualTo("NOT_ALLOWED");
            long seq = play(g, "Start initiative", Map.of("characterIds", List.of(aldaHero, bramHero, ogre))).get("seq").asLong();
            allCatchUp(seq, g, a, b);
            JsonNode before = a.freshView();
            long stored = storedEvents();

            Map<String, String> refused = new java.util.LinkedHashMap<>();
            refused.put("someone else's character", a.send("vogt.declare",
                    Map.of("combatantId", bramHero, "action", "run")).get("code").asString());
            refused.put("acting while declaring", a.send("vogt.attack",
                    Map.of("combatantId", aldaHero, "targets", List.of(ogre))).get("code").asString());
            refused.put("more technique dice than left", a.send("vogt.declare",
                    Map.of("combatantId", aldaHero, "action", "technique", "amount", 3)).get("code").asString());
            refused.put("an action the rules do not have", a.send("vogt.declare",
                    Map.of("combatantId", aldaHero, "action", "dance")).get("code").asString());
            refused.put("a list for an id", a.send("vogt.declare",
                    Map.of("combatantId", List.of(1, 2), "action", "run")).get("code").asString());
            refused.put("a player dealing damage", b.send("vogt.applyDamage",
                    Map.of("targets", List.of(ogre), "notation", "2d6")).get("code").asString());
            refused.put("dice that do not parse", g.send("vogt.applyDamage",
                    Map.of("targets", List.of(ogre), "notation", "3d")).get("code").asString());
            refused.put("a rest during initiative", g.send("vogt.siesta",
                    Map.of("targets", List.of(aldaHero))).get("code").asString());
            refused.put("no such command", a.send("vogt.fly", Map.of()).get("code").asString());
            assertThat(refused).containsExactly(
                    Map.entry("someone else's character", "NOT_YOUR_CHARACTER"),
                    Map.entry("acting while declaring", "OUT_OF_TURN"),
                    Map.entry("more technique dice than left", "NOT_ENOUGH_AP"),
                    Map.entry("an action the rules do not have", "INVALID_COMMAND"),
                    Map.entry("a list for an id", "INVALID_COMMAND"),
                    Map.entry("a player dealing damage", "NOT_ALLOWED"),
                    Map.entry("dice that do not parse", "INVALID_DICE"),
                    Map.entry("a rest during initiative", "OUT_OF_TURN"),
                    Map.entry("no such command", "UNKNOWN_COMMAND"));
            assertThat(a.freshView()).as("nothing changed").isEqualTo(before);
            assertThat(storedEvents()).isEqualTo(stored);

            seq = play(a, "Alda the Bold: declare Attack with Moonblade", Map.of()).get("seq").asLong();
            JsonNode twice = a.send("vogt.declare", Map.of("combatantId", aldaHero, "action", "run"));
            assertThat(twice.get("code").asString()).isEqualTo("INVALID_STATE");
            assertThat(twice.get("message").asString()).isEqualTo("Alda the Bold has already declared an action this round.");
            allCatchUp(seq, g, a, b);
            seq = play(b, "Bram Ironfoot: declare Run", Map.of()).get("seq").asLong();
            allCatchUp(seq, g, a, b);
            seq = play(g, "Ogre: declare Defend", Map.of()).get("seq").asLong();
            allCatchUp(seq, g, a, b);

            // After the reveal: out of turn, more squares than the movement, a second action.
            String current = currentAfterTies(g, a, b);
            Seat waiting = current.equals(aldaHero) ? b : a;
            String waitingHero = current.equals(aldaHero) ? bramHero : aldaHero;
            before = a.freshView();
            stored = storedEvents();
            assertThat(waiting.send("vogt.move", Map.of("combatantId", waitingHero, "amount", 1)).get("code").asString())
                    .isEqualTo("OUT_OF_TURN");
            if (!current.equals(ogre)) {
                Seat acting = current.equals(aldaHero) ? a : b;
                JsonNode tooFar = acting.send("vogt.move", Map.of("combatantId", current, "amount", 13));
                assertThat(tooFar.get("code").asString()).isEqualTo("INVALID_COMMAND");
                assertThat(tooFar.get("message").asString()).endsWith("more squares this turn.");
            }
            assertThat(a.freshView()).as("nothing changed").isEqualTo(before);
            assertThat(storedEvents()).isEqualTo(stored);

            while (!currentAfterTies(g, a, b).equals(aldaHero)) {
                String who = currentAfterTies(g, a, b);
                Seat s = who.equals(bramHero) ? b : g;
                String name = who.equals(bramHero) ? "Bram Ironfoot" : "Ogre";
                seq = play(s, name + ": end turn", Map.of()).get("seq").asLong();
                allCatchUp(seq, g, a, b);
            }
            seq = play(a, "Alda the Bold: Attack with Moonblade", Map.of("targets", List.of(ogre))).get("seq").asLong();
            allCatchUp(seq, g, a, b);
            assertThat(offered(a, "Alda the Bold: Attack with Moonblade").reason())
                    .isEqualTo("Alda the Bold has already taken their action this turn.");
            JsonNode again = a.send("vogt.attack", Map.of("combatantId", aldaHero, "targets", List.of(ogre)));
            assertThat(again.get("code").asString()).isEqualTo("NOT_ENOUGH_AP");
            assertThat(storedEvents()).isEqualTo(seq);
        }
    }

    /** Whose turn it is, once the GM has ordered any full tie ("Any further ties are determined by the GM."). */
    private static String currentAfterTies(Seat g, Seat a, Seat b) throws InterruptedException {
        while (g.initiative().get("current").isNull()) {
            JsonNode tie = g.view().get("table").get("actions").findParents("command").stream()
                    .filter(o -> o.get("command").asString().equals("vogt.orderTied") && o.get("enabled").asBoolean())
                    .findFirst().orElseThrow(() -> new AssertionError("nobody's turn and no tie to order: " + g.initiative()));
            long seq = play(g, tie.get("label").asString(), Map.of()).get("seq").asLong();
            allCatchUp(seq, g, a, b);
        }
        return g.initiative().get("current").asString();
    }

    private long storedEvents() {
        return jdbc.sql("select count(*) from table_events where table_id = ?").param(table.id()).query(Long.class).single();
    }

    @Test
    void noPlayerFrameCarriesAnotherCombatantsDeclarationBeforeTheRevealNorTheGmsSecrets() throws Exception {
        try (Seat g = table.seat(table.gm()); Seat a = table.seat(table.alda()); Seat b = table.seat(table.bram())) {
            long seq = play(g, "Start initiative", Map.of("characterIds", List.of(aldaHero, bramHero, ogre))).get("seq").asLong();
            allCatchUp(seq, g, a, b);
            JsonNode gmRoll = g.client().replyTo(g.client().command(UUID.randomUUID().toString(), "roll",
                    Map.of("notation", "3d8+13", "label", "Lurking horror"), "GM"));
            allCatchUp(gmRoll.get("seq").asLong(), g, a, b);
            long[] lastBeforeReveal = new long[1];
            long reveal = declareAll(g, a, b, last -> lastBeforeReveal[0] = last);
            assertThat(reveal).isGreaterThan(lastBeforeReveal[0]);

            // Who may see which declaration before the reveal: its owner only (the GM owns the ogre).
            Map<String, Seat> owner = Map.of(aldaHero, a, bramHero, b, ogre, g);
            int checked = 0;
            for (Seat seat : List.of(g, a, b)) {
                for (Seat.Step step : seat.steps()) {
                    JsonNode event = step.event();
                    JsonNode initiative = step.view().get("table").get("initiative");
                    if (event.get("seq").asLong() > lastBeforeReveal[0] || initiative.isNull()) {
                        continue;
                    }
                    for (String combatant : List.of(aldaHero, bramHero, ogre)) {
                        if (owner.get(combatant) == seat) {
                            continue;
                        }
                        JsonNode d = declarationOf(initiative, combatant);
                        assertThat(d.get("action").isNull() && d.get("die").isNull() && d.get("roll").isNull())
                                .as(seat.who() + " at #" + event.get("seq") + " sees " + combatant + "'s declaration: " + d).isTrue();
                        checked++;
                    }
                    String lines = event.get("event").get("lines").toString();
                    assertThat(lines).doesNotContain("Attack").doesNotContain("Technique").doesNotContain("Moonblade")
                            .doesNotContain("Defend").doesNotContain("1d10").doesNotContain("2d6").doesNotContain("1d4");
                }
                // The stored declaration's own fields never travel to anyone.
                for (String frame : seat.client().rawFrames) {
                    assertThat(frame).doesNotContain("\"ATTACK\"").doesNotContain("\"TECHNIQUE\"")
                            .doesNotContain("\"DEFEND\"").doesNotContain("\"techniqueDice\"");
                }
            }
            assertThat(checked).as("the declarations were there to check").isGreaterThanOrEqualTo(12);

            // The declarer saw their own choice all along; after the reveal everyone sees everything.
            assertThat(declarationOf(a.steps().get(a.steps().size() - 2).view().get("table").get("initiative"), aldaHero)
                    .get("action").asString()).isEqualTo("Attack");
            JsonNode bramSees = declarationOf(b.initiative(), aldaHero);
            assertThat(bramSees.get("action").asString()).isEqualTo("Attack");
            assertThat(bramSees.get("die").asString()).isEqualTo("1d10");
            assertThat(bramSees.get("roll").asInt()).isBetween(1, 10);
            assertThat(declarationOf(a.initiative(), bramHero).get("die").asString()).isEqualTo("2d6");

            // Hidden NPC numbers and a GM-only roll never reach a player.
            // 7 less the ogre's AR 2: the log says how much it took, not why
            seq = g.send("vogt.applyDamage", Map.of("targets", List.of(ogre), "notation", "7", "ignoreArmor", false))
                    .get("seq").asLong();
            allCatchUp(seq, g, a, b);
            int gmRollTotal = JSON.readTree(jdbc.sql("select payload::text from table_events where table_id = ? and seq = ?")
                    .param(table.id()).param(gmRoll.get("seq").asLong()).query(String.class).single()).get("result").get("total").asInt();
            for (Seat player : List.of(a, b)) {
                for (Seat.Step step : player.steps()) {
                    for (JsonNode c : step.view().get("table").get("combatants")) {
                        if (c.get("id").asString().equals(ogre)) {
                            assertThat(c.get("stats").isEmpty()).isTrue();
                            assertThat(c.get("tracks").get(0).get("value").isNull()).isTrue();
                            assertThat(c.get("tracks").get(0).get("max").isNull()).isTrue();
                        }
                    }
                }
                for (String frame : player.client().rawFrames) {
                    assertThat(frame).doesNotContain("3d8+13").doesNotContain("Lurking horror")
                            .doesNotContain("/23\"").doesNotContain("18/23").doesNotContain("AR 2");
                    assertThat(TableClient.eventsIn(frame)).as("the GM-only roll's total, in no roll event")
                            .filteredOn(event -> event.path("type").asString("").equals("roll"))
                            .allSatisfy(event -> assertThat(event.toString()).doesNotContain("\"total\":" + gmRollTotal));
                }
            }
            assertThat(g.view().toString()).contains("18/23");
        }
    }
}
