package io.astragal.realtime;

import static io.astragal.support.Views.actions;
import static io.astragal.support.Views.offered;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.ClientView;
import io.astragal.support.IntegrationTest;
import io.astragal.support.TableClient;
import io.astragal.support.TwoPlayerTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
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
 * A cairn-ap table played by a Warden and two players over real STOMP connections, using only the
 * actions each member's view offers: sides, grouped turns, action points (and their limits), and
 * what players must never receive.
 */
@IntegrationTest
class CairnTableTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    JdbcClient jdbc;

    TwoPlayerTable table;
    String aldaHero;
    String bramHero;
    String goblin;
    /** Who sends commands for whom. */
    final Map<String, TableClient> controller = new HashMap<>();

    @BeforeEach
    void aCairnCampaignWithTwoPlayersAndAGoblin(@LocalServerPort int port) {
        table = TwoPlayerTable.create(port, "The Sunken Vault", "cairn-ap");
        // HP 20 keeps both PCs on their feet through a round of spear thrusts (d6), so each takes a turn.
        aldaHero = table.alda().createCharacter(table.id(), "Alda the Bold", false, Map.of("str", 12, "dex", 13, "wil", 9, "hp", 20,
                "armor", 1, "slots", 13, "manaDust", 7, "inventory", List.of("silver locket", "grimoire (bulky)"),
                "weapons", List.of(Map.of("name", "Sword", "die", "d8"))));
        bramHero = table.bram().createCharacter(table.id(), "Bram Ironfoot", false, Map.of("str", 10, "dex", 8, "wil", 11, "hp", 20,
                "armor", 1, "weapons", List.of(Map.of("name", "Axe", "die", "d10"))));
        // Numbers no PC has, so a leak is recognisable: STR 17, DEX 19, WIL 18, HP 23, armor 3.
        goblin = table.gm().createCharacter(table.id(), "Grub the Goblin", true, Map.of("str", 17, "dex", 19, "wil", 18, "hp", 23,
                "armor", 3, "weapons", List.of(Map.of("name", "Spear", "die", "d6"))));
    }

    // ---- helpers: the view, its offered actions, and sending what they offer ----

    private static boolean isKind(JsonNode m, String kind) {
        return kind.equals(m.path("kind").asString());
    }

    /** The member's whole view now: asks for a fresh snapshot at or after {@code seq}. */
    private static JsonNode viewAt(TableClient client, long seq) throws InterruptedException {
        client.sync(seq);
        return client.next(m -> isKind(m, "snapshot") && m.get("seq").asLong() >= seq).get("view");
    }

    private static Map<String, String> needKinds(JsonNode option) {
        Map<String, String> kinds = new HashMap<>();
        option.get("needs").forEach(n -> kinds.put(n.get("name").asString(), n.get("kind").asString()));
        return kinds;
    }

    /**
     * Sends an offered action as the browser would: its fixed args, then the person's picks, each
     * of which must be one of its needs (so the view alone was enough to build the command).
     */
    private String send(TableClient client, JsonNode option, Map<String, Object> picks) {
        assertThat(needKinds(option).keySet()).as("picks are for the option's needs").containsAll(picks.keySet());
        Map<String, Object> args = new HashMap<>(JSON.convertValue(option.get("args"), Map.class));
        args.putAll(picks);
        return client.command(option.get("command").asString(), args);
    }

    private JsonNode accepted(TableClient client, String commandId) throws InterruptedException {
        JsonNode reply = client.replyTo(commandId);
        assertThat(reply.get("accepted").asBoolean()).as(reply.toString()).isTrue();
        return reply;
    }

    private String refused(TableClient client, String commandId) throws InterruptedException {
        JsonNode reply = client.replyTo(commandId);
        assertThat(reply.get("accepted").asBoolean()).as(reply.toString()).isFalse();
        return reply.get("code").asString();
    }

    private long storedEvents() {
        return jdbc.sql("select count(*) from table_events where table_id = ?").param(table.id()).query(Long.class).single();
    }

    private static JsonNode member(JsonNode view, String id) {
        for (JsonNode g : view.get("table").get("initiative").get("groups")) {
            for (JsonNode m : g.get("members")) {
                if (m.get("combatantId").asString().equals(id)) {
                    return m;
                }
            }
        }
        throw new AssertionError(id + " is not in the fight");
    }

    private static int ap(JsonNode view, String id) {
        return member(view, id).get("ap").asInt();
    }

    /** The Warden places everyone from the roster and starts the fight: PCs one side, Grub (surprised) the other. */
    private long placeAndStart(TableClient g, List<String> party, List<String> foes, List<String> surprised)
            throws InterruptedException {
        JsonNode view = viewAt(g, 0);
        JsonNode place = offered(view, "cairn-ap.placeCharacters", "Place characters");
        assertThat(needKinds(place)).containsEntry("characterIds", "CHARACTERS");
        List<String> everyone = new ArrayList<>(party);
        everyone.addAll(foes);
        long placed = accepted(g, send(g, place, Map.of("characterIds", everyone))).get("seq").asLong();

        JsonNode start = offered(viewAt(g, placed), "cairn-ap.startInitiative", "Start the fight");
        assertThat(start.get("enabled").asBoolean()).isTrue();
        assertThat(needKinds(start)).containsEntry("groups", "GROUPS").containsEntry("surprised", "COMBATANTS");
        List<String> sides = new ArrayList<>();
        start.get("needs").forEach(n -> {
            if (n.get("name").asString().equals("groups")) {
                n.get("options").forEach(o -> sides.add(o.asString()));
            }
        });
        assertThat(sides).startsWith("Party", "Foes");
        // The GROUPS control sends one id list per side, in the order of the options.
        List<List<String>> groups = new ArrayList<>();
        for (String side : sides) {
            groups.add(side.equals("Party") ? party : side.equals("Foes") ? foes : List.of());
        }
        return accepted(g, send(g, start, Map.of("groups", groups, "surprised", surprised))).get("seq").asLong();
    }

    private String opponentOf(String id) {
        return id.equals(goblin) ? aldaHero : goblin;
    }

    // ---- the tests ----

    @Test
    @DisplayName("Three clients play a round from the offered actions: \"groups alternate turns until every member has acted\", and see one gapless order")
    void threeClientsPlayARoundFromTheOfferedActionsAndSeeTheSameOrder() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda());
             TableClient b = table.join(table.bram())) {
            g.nextOfKind("snapshot");
            a.nextOfKind("snapshot");
            b.nextOfKind("snapshot");
            controller.putAll(Map.of(aldaHero, a, bramHero, b, goblin, g));
            assertThat(viewAt(g, 0).get("roster").findValuesAsString("id")).containsExactlyInAnyOrder(aldaHero, bramHero, goblin);

            long seq = placeAndStart(g, List.of(aldaHero, bramHero), List.of(goblin), List.of(goblin));
            JsonNode started = viewAt(g, seq);
            // "Surprised Creatures have only 2 AP until their first turn ends."
            assertThat(ap(started, goblin)).isEqualTo(2);
            assertThat(ap(started, aldaHero)).isEqualTo(4);

            List<String> turns = new ArrayList<>();
            List<String> sidesInTurnOrder = new ArrayList<>();
            while (true) {
                JsonNode gv = viewAt(g, seq);
                JsonNode initiative = gv.get("table").get("initiative");
                if (initiative.get("round").asInt() > 1) {
                    break;
                }
                String current = initiative.get("current").asString();
                turns.add(current);
                sidesInTurnOrder.add(initiative.get("currentGroup").asString());
                TableClient who = controller.get(current);
                JsonNode mine = viewAt(who, seq);
                int apBefore = ap(mine, current);

                // Move (1 AP).
                JsonNode move = offered(mine, "cairn-ap.move", "move up to");
                assertThat(move.get("enabled").asBoolean()).isTrue();
                assertThat(move.get("cost").asInt()).isEqualTo(1);
                seq = accepted(who, send(who, move, Map.of())).get("seq").asLong();
                // Attack (the table's action cost, 1 AP) with the first weapon, at an opponent.
                mine = viewAt(who, seq);
                assertThat(ap(mine, current)).isEqualTo(apBefore - 1);
                JsonNode attack = actions(mine).stream()
                        .filter(o -> o.get("command").asString().equals("cairn-ap.attack")
                                && o.get("args").get("combatantId").asString().equals(current))
                        .findFirst().orElseThrow();
                assertThat(needKinds(attack)).containsEntry("target", "COMBATANT").containsEntry("edge", "NUMBER");
                seq = accepted(who, send(who, attack, Map.of("target", opponentOf(current)))).get("seq").asLong();
                mine = viewAt(who, seq);
                assertThat(ap(mine, current)).isEqualTo(apBefore - 2);

                if (current.equals(goblin)) {
                    // The surprised goblin has spent its 2 AP: the view says so, and the referee refuses.
                    JsonNode noMore = offered(mine, "cairn-ap.move", "move up to");
                    assertThat(noMore.get("enabled").asBoolean()).isFalse();
                    assertThat(noMore.get("reason").asString()).isEqualTo("Needs 1 AP, Grub the Goblin has 0.");
                    assertThat(refused(who, send(who, noMore, Map.of()))).isEqualTo("NOT_ENOUGH_AP");
                    assertThat(storedEvents()).isEqualTo(seq);
                }
                // "Each Creature regains its maximum AP at their end of turn."
                JsonNode end = offered(mine, "cairn-ap.endTurn", "end turn");
                seq = accepted(who, send(who, end, Map.of())).get("seq").asLong();
                assertThat(ap(viewAt(g, seq), current)).isEqualTo(4);
            }
            assertThat(turns).as("everyone acted once").containsExactlyInAnyOrder(aldaHero, bramHero, goblin);
            // The goblin's side takes a turn before or between the party's, never after both of them.
            assertThat(sidesInTurnOrder.indexOf("Foes")).isLessThan(2);

            long last = seq;
            for (TableClient c : List.of(a, b)) {
                c.awaitEvent(last);
            }
            List<Long> expected = LongStream.rangeClosed(1, last).boxed().toList();
            for (TableClient c : List.of(g, a, b)) {
                assertThat(c.eventSeqs()).as("every client sees every event once, in order").isEqualTo(expected);
            }
            // Each member's view, rebuilt from its first snapshot and every event's patch in seq order
            // (as the browser does), is the server's view now.
            for (TableClient c : List.of(g, a, b)) {
                assertThat(ClientView.replay(c).view()).isEqualTo(viewAt(c, last));
            }
            // Converging views: the same fight for everyone, the goblin's numbers for the Warden only.
            JsonNode gv = viewAt(g, last).get("table");
            JsonNode av = viewAt(a, last).get("table");
            JsonNode bv = viewAt(b, last).get("table");
            for (JsonNode pv : List.of(av, bv)) {
                assertThat(pv.get("initiative").get("round")).isEqualTo(gv.get("initiative").get("round"));
                assertThat(pv.get("initiative").get("current")).isEqualTo(gv.get("initiative").get("current"));
                assertThat(pv.get("initiative").get("groups").findValuesAsString("combatantId"))
                        .isEqualTo(gv.get("initiative").get("groups").findValuesAsString("combatantId"));
                assertThat(pv.get("initiative").get("groups").findValues("ap"))
                        .isEqualTo(gv.get("initiative").get("groups").findValues("ap"));
                assertThat(pv.get("combatants").findValuesAsString("name")).isEqualTo(gv.get("combatants").findValuesAsString("name"));
            }
            assertThat(member(viewAt(g, last), goblin).get("score").isNull()).isFalse();
            assertThat(member(viewAt(a, last), goblin).get("score").isNull()).as("an NPC's score gives away its WIL").isTrue();
        }
    }

    @Test
    @DisplayName("\"The Warden can disclose the DC if appropriate\": a DC the Warden keeps reaches only the Warden's browser")
    void aDcTheWardenKeepsReachesOnlyTheWarden() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda())) {
            g.nextOfKind("snapshot");
            a.nextOfKind("snapshot");
            accepted(g, g.command("cairn-ap.placeCharacters", Map.of("characterIds", List.of(aldaHero))));
            assertThat(refused(a, a.command("cairn-ap.save",
                    Map.of("combatantId", aldaHero, "attribute", "dex", "dc", 17, "hideDc", true)))).isEqualTo("NOT_ALLOWED");
            long seq = accepted(g, g.command("cairn-ap.save",
                    Map.of("combatantId", aldaHero, "attribute", "dex", "dc", 17, "text", "the falling portcullis", "hideDc", true)))
                    .get("seq").asLong();
            String forAlda = a.awaitEvent(seq).get("event").get("lines").get(0).get("text").asString();
            assertThat(forAlda).contains("vs a DC the Warden keeps").doesNotContain("DC 17");
            assertThat(g.awaitEvent(seq).get("event").get("lines").get(0).get("text").asString()).contains("vs DC 17");
            assertThat(a.rawFrames.stream().filter(f -> f.contains("\"seq\":" + seq)))
                    .isNotEmpty().allSatisfy(f -> assertThat(f).doesNotContain("DC 17"));
        }
    }

    @Test
    void playersAreRefusedWhatTheRulesDoNotAllowAndNothingChanges() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda());
             TableClient b = table.join(table.bram())) {
            g.nextOfKind("snapshot");
            a.nextOfKind("snapshot");
            b.nextOfKind("snapshot");
            // A player doing the Warden's work.
            assertThat(refused(a, a.command("cairn-ap.placeCharacters", Map.of("characterIds", List.of(aldaHero)))))
                    .isEqualTo("NOT_ALLOWED");
            assertThat(refused(a, a.command("cairn-ap.startInitiative",
                    Map.of("groups", List.of(List.of(aldaHero), List.of(goblin)))))).isEqualTo("NOT_ALLOWED");
            assertThat(actions(viewAt(a, 0))).noneMatch(o -> o.get("gmOnly").asBoolean());
            // Bad sides: an unknown character, a combatant on two sides, more lists than names.
            assertThat(refused(g, g.command("cairn-ap.startInitiative",
                    Map.of("groups", List.of(List.of("no-such-character")))))).isEqualTo("UNKNOWN_CHARACTER");
            assertThat(refused(g, g.command("cairn-ap.startInitiative",
                    Map.of("groups", List.of(List.of(aldaHero), List.of(aldaHero)))))).isEqualTo("INVALID_COMMAND");
            assertThat(refused(g, g.command("cairn-ap.startInitiative",
                    Map.of("groups", List.of(List.of(aldaHero), List.of(goblin)), "sides", List.of("Only one"))))).isEqualTo("INVALID_COMMAND");
            assertThat(refused(g, g.command("cairn-ap.startInitiative",
                    Map.of("groups", List.of(List.of(aldaHero)), "size", "large")))).as("unknown argument").isEqualTo("INVALID_COMMAND");
            assertThat(storedEvents()).as("nothing was stored").isZero();

            long seq = placeAndStart(g, List.of(aldaHero, bramHero), List.of(goblin), List.of());
            // Whoever is not current is out of turn; a player cannot act for the other's character.
            String current = viewAt(g, seq).get("table").get("initiative").get("current").asString();
            String waitingPc = current.equals(aldaHero) ? bramHero : aldaHero;
            TableClient waitingClient = waitingPc.equals(aldaHero) ? a : b;
            JsonNode waitingMove = offered(viewAt(waitingClient, seq), "cairn-ap.move", "move up to");
            assertThat(waitingMove.get("enabled").asBoolean()).isFalse();
            assertThat(waitingMove.get("reason").asString()).startsWith("It is ").endsWith("turn, not "
                    + (waitingPc.equals(aldaHero) ? "Alda the Bold" : "Bram Ironfoot") + "'s.");
            assertThat(refused(waitingClient, send(waitingClient, waitingMove, Map.of()))).isEqualTo("OUT_OF_TURN");
            assertThat(refused(a, a.command("cairn-ap.move", Map.of("combatantId", bramHero)))).isEqualTo("NOT_YOUR_CHARACTER");
            assertThat(refused(a, a.command("cairn-ap.endTurn", Map.of("combatantId", goblin)))).isEqualTo("NOT_YOUR_CHARACTER");
            assertThat(refused(a, a.command("cairn-ap.spendAp", Map.of("combatantId", aldaHero, "text", "x", "amount", 1))))
                    .isEqualTo("NOT_ALLOWED");
            assertThat(refused(a, a.command("cairn-ap.endInitiative", Map.of()))).isEqualTo("NOT_ALLOWED");
            assertThat(refused(a, a.command("undo", Map.of()))).isEqualTo("NOT_ALLOWED");

            // Bring Alda's turn round (the Warden may end anyone's turn).
            while (!current.equals(aldaHero)) {
                seq = accepted(g, g.command("cairn-ap.endTurn", Map.of("combatantId", current))).get("seq").asLong();
                current = viewAt(g, seq).get("table").get("initiative").get("current").asString();
            }
            // "The Warden decides the AP cost of a described Action": not the player.
            assertThat(refused(a, a.command("cairn-ap.attack",
                    Map.of("combatantId", aldaHero, "target", goblin, "weapon", "Sword", "amount", 0)))).isEqualTo("NOT_ALLOWED");
            // Bad arguments.
            assertThat(refused(a, a.command("cairn-ap.move", Map.of("combatantId", List.of(1, 2))))).isEqualTo("INVALID_COMMAND");
            assertThat(refused(a, a.command("cairn-ap.attack", Map.of("combatantId", aldaHero, "target", "nobody", "weapon", "Sword"))))
                    .isEqualTo("UNKNOWN_CHARACTER");
            assertThat(refused(a, a.command("cairn-ap.attack", Map.of("combatantId", aldaHero, "target", goblin, "weapon", "Halberd"))))
                    .isEqualTo("INVALID_COMMAND");
            assertThat(refused(a, a.command("cairn-ap.check", Map.of("combatantId", aldaHero, "attribute", "cha", "dc", 12))))
                    .isEqualTo("INVALID_COMMAND");
            assertThat(refused(a, a.command("cairn-ap.check",
                    Map.of("combatantId", aldaHero, "attribute", "str", "dc", 12, "advantage", List.of(1_000_000)))))
                    .as("a flood of dice").isEqualTo("INVALID_COMMAND");
            assertThat(refused(a, a.command("cairn-ap.check",
                    Map.of("combatantId", aldaHero, "attribute", "str", "dc", 12, "objectDice", List.of(7))))).isEqualTo("INVALID_DICE");
            // "Magic Dice (d6) equal to the amount of available inventory slots and Mana Dust ... (up to a maximum of 4)".
            assertThat(refused(a, a.command("cairn-ap.castSpell",
                    Map.of("combatantId", aldaHero, "text", "Mirror Image", "amount", 0, "manaDust", 5)))).isEqualTo("INVALID_COMMAND");
            assertThat(refused(b, b.command("cairn-ap.castSpell",
                    Map.of("combatantId", bramHero, "text", "Mirror Image", "amount", 0, "manaDust", 2)))).isEqualTo("NOT_ENOUGH_AP");
            assertThat(storedEvents()).as("no refusal was stored").isEqualTo(seq);
            assertThat(ap(viewAt(a, seq), aldaHero)).isEqualTo(4);

            // AP: four moves, then a fifth is refused, as is the Warden charging more than is left.
            for (int i = 0; i < 4; i++) {
                seq = accepted(a, send(a, offered(viewAt(a, seq), "cairn-ap.move", "move up to"), Map.of())).get("seq").asLong();
            }
            JsonNode spent = viewAt(a, seq);
            assertThat(ap(spent, aldaHero)).isZero();
            for (String command : List.of("cairn-ap.move", "cairn-ap.gainAdvantage")) {
                JsonNode option = actions(spent).stream().filter(o -> o.get("command").asString().equals(command)).findFirst().orElseThrow();
                assertThat(option.get("enabled").asBoolean()).isFalse();
                assertThat(refused(a, send(a, option, Map.of()))).isEqualTo("NOT_ENOUGH_AP");
            }
            JsonNode attack = offered(spent, "cairn-ap.attack", "attack with Sword");
            assertThat(attack.get("enabled").asBoolean()).isFalse();
            assertThat(attack.get("reason").asString()).isEqualTo("Needs 1 AP, Alda the Bold has 0.");
            assertThat(refused(a, send(a, attack, Map.of("target", goblin)))).isEqualTo("NOT_ENOUGH_AP");
            assertThat(refused(a, a.command("cairn-ap.holdAction", Map.of("combatantId", aldaHero, "text", "parry")))).isEqualTo("NOT_ENOUGH_AP");
            assertThat(refused(g, g.command("cairn-ap.spendAp", Map.of("combatantId", aldaHero, "text", "climb", "amount", 1))))
                    .isEqualTo("NOT_ENOUGH_AP");
            assertThat(storedEvents()).as("no refusal was stored").isEqualTo(seq);
            assertThat(ap(viewAt(g, seq), aldaHero)).isZero();
            assertThat(viewAt(g, seq).get("table").get("combatants").findValuesAsString("display")).contains("23/23");
        }
    }

    /** Fifty moves sent at once from five connections by a character with {@code ap} AP: exactly that many land. */
    private void race(boolean surprised, int expectedAccepted) throws Exception {
        List<TableClient> clients = new ArrayList<>();
        try (TableClient g = table.join(table.gm())) {
            g.nextOfKind("snapshot");
            // Alda alone on her side and the only one in the fight: it is her turn.
            long seq = placeAndStart(g, List.of(aldaHero), List.of(), surprised ? List.of(aldaHero) : List.of());
            assertThat(ap(viewAt(g, seq), aldaHero)).isEqualTo(expectedAccepted);
            for (int i = 0; i < 5; i++) {
                TableClient c = table.join(table.alda());
                c.nextOfKind("snapshot");
                clients.add(c);
            }
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> senders = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                TableClient c = clients.get(i % clients.size());
                senders.add(Thread.ofPlatform().start(() -> {
                    try {
                        go.await();
                        c.command("cairn-ap.move", Map.of("combatantId", aldaHero));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
            }
            go.countDown();
            for (Thread t : senders) {
                t.join();
            }
            int accepted = 0;
            Set<String> codes = new HashSet<>();
            for (TableClient c : clients) {
                for (int i = 0; i < 10; i++) {
                    JsonNode r = c.nextOfKind("reply");
                    if (r.get("accepted").asBoolean()) {
                        accepted++;
                    } else {
                        codes.add(r.get("code").asString());
                    }
                }
            }
            assertThat(accepted).isEqualTo(expectedAccepted);
            assertThat(codes).containsExactly("NOT_ENOUGH_AP");
            assertThat(storedEvents()).isEqualTo(seq + expectedAccepted);
            assertThat(ap(viewAt(g, seq + expectedAccepted), aldaHero)).isZero();
        } finally {
            clients.forEach(TableClient::close);
        }
    }

    @Test
    @DisplayName("\"Each Creature (usually) has 4 Action Point (AP)\": of fifty concurrent moves exactly four are accepted")
    void fiftyConcurrentMovesSpendExactlyTheFourAp() throws Exception {
        race(false, 4);
    }

    @Test
    @DisplayName("\"Surprised Creatures have only 2 AP until their first turn ends\": of fifty concurrent moves exactly two are accepted")
    void fiftyConcurrentMovesOfASurprisedCreatureSpendExactlyTwoAp() throws Exception {
        race(true, 2);
    }

    @Test
    void playersNeverReceiveNpcNumbersHeldNpcActionsOthersPrivateFieldsOrGmOnlyRolls() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda());
             TableClient b = table.join(table.bram())) {
            g.nextOfKind("snapshot");
            a.nextOfKind("snapshot");
            b.nextOfKind("snapshot");
            long seq = placeAndStart(g, List.of(aldaHero, bramHero), List.of(goblin), List.of());
            String current = viewAt(g, seq).get("table").get("initiative").get("current").asString();
            while (!current.equals(goblin)) {
                seq = accepted(g, g.command("cairn-ap.endTurn", Map.of("combatantId", current))).get("seq").asLong();
                current = viewAt(g, seq).get("table").get("initiative").get("current").asString();
            }
            // The goblin attacks in the open, holds an action with a secret condition, saves and takes damage.
            JsonNode gv = viewAt(g, seq);
            accepted(g, send(g, offered(gv, "cairn-ap.attack", "Grub the Goblin: attack with Spear"), Map.of("target", aldaHero)));
            accepted(g, send(g, offered(viewAt(g, seq + 1), "cairn-ap.holdAction", "hold an action"),
                    Map.of("text", "ambush whoever opens the vault door")));
            accepted(g, g.command("cairn-ap.save", Map.of("combatantId", goblin, "attribute", "wil", "dc", 12)));
            accepted(g, g.command("cairn-ap.applyDamage", Map.of("target", goblin, "amount", 8, "ignoreArmor", false, "text", "a falling beam")));
            accepted(g, g.command("cairn-ap.moraleSave", Map.of("target", goblin)));
            accepted(g, g.command(UUID.randomUUID().toString(), "roll", Map.of("notation", "3d8+13", "label", "Lurking horror"), "GM"));
            seq = accepted(g, g.command("cairn-ap.endTurn", Map.of("combatantId", goblin))).get("seq").asLong();
            long last = seq;
            a.awaitEvent(last);
            b.awaitEvent(last);
            viewAt(a, last);
            viewAt(b, last);
            viewAt(g, last);

            int gmRollTotal = JSON.readTree(jdbc.sql("select payload::text from table_events where table_id = ? and type = 'roll'")
                    .param(table.id()).query(String.class).single()).get("result").get("total").asInt();
            List<String> npcSecrets = List.of("\"wil\":18", "\"str\":17", "\"dex\":19", "\"armor\":3", "\"value\":23", "\"max\":23",
                    "23/23", "18/23", "HP 23", "1d20+18", "d20+17", "d20+18", "d20+19", "vault door", "armor 3",
                    "Lurking horror", "3d8+13");
            for (TableClient player : List.of(a, b)) {
                assertThat(player.rawFrames).isNotEmpty();
                for (String frame : List.copyOf(player.rawFrames)) {
                    for (String secret : npcSecrets) {
                        assertThat(frame).as("a player's frame leaks %s", secret).doesNotContain(secret);
                    }
                    // Only within the GM's roll: a player's own roll may happen to have the same total.
                    for (JsonNode event : TableClient.eventsIn(frame)) {
                        if (event.path("type").asString("").equals("roll")) {
                            assertThat(event.toString()).doesNotContain("\"total\":" + gmRollTotal);
                        }
                    }
                    assertThat(frame).doesNotContainPattern("Grub the Goblin \\(Foes\\) \\d");
                    assertThat(frame).as("Alda's inventory is never sent").doesNotContain("silver locket");
                }
            }
            // Bram does not see Alda's private numbers; Alda does.
            for (String frame : List.copyOf(b.rawFrames)) {
                assertThat(frame).doesNotContain("\"manaDust\":7").doesNotContain("\"slots\":13");
            }
            assertThat(String.join("\n", List.copyOf(a.rawFrames))).contains("\"manaDust\":7");
            // The secrets were in play: the Warden received them.
            String gmFrames = String.join("\n", List.copyOf(g.rawFrames));
            assertThat(gmFrames).contains("\"wil\":18", "\"value\":18", "ambush whoever opens the vault door", "3d8+13");
            // Players learn what happened, without the numbers.
            String aldaFrames = String.join("\n", List.copyOf(a.rawFrames));
            assertThat(aldaFrames).contains("Grub the Goblin attacks with Spear", "Grub the Goblin holds an action",
                    "Grub the Goblin takes 5 damage from a falling beam.", "Grub the Goblin checks morale");
        }
    }
}
