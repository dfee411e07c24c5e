package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.IntegrationTest;
import io.astragal.support.TableClient;
import io.astragal.support.TwoPlayerTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** An Actlite table played by a GM and two players over real STOMP connections. */
@IntegrationTest
class ActliteTableTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    JdbcClient jdbc;

    TwoPlayerTable table;
    String aldaHero;
    String bramHero;

    @BeforeEach
    void anActliteCampaignWithTwoCharacters(@LocalServerPort int port) {
        table = TwoPlayerTable.create(port, "Ashes of Varn", "actlite");
        aldaHero = table.alda().createCharacter(table.id(), "Alda the Bold", false, Map.of("AGI", 1));
        bramHero = table.bram().createCharacter(table.id(), "Bram Ironfoot", false, Map.of("STR", 2));
    }

    private String dealUntilOwnedBy(TableClient gmClient, String characterId) throws InterruptedException {
        for (int i = 0; i < 6; i++) {
            JsonNode reply = gmClient.replyTo(gmClient.command("actlite.dealCard", Map.of()));
            assertThat(reply.get("accepted").asBoolean()).as(reply.toString()).isTrue();
            JsonNode dealt = gmClient.awaitEvent(reply.get("seq").asLong());
            if (dealt.toString().contains("\"owner\":\"" + characterId + "\"")) {
                return dealt.toString();
            }
        }
        throw new AssertionError("six deals without a card for " + characterId);
    }

    @Test
    void theRosterOffersTheGmEveryCharacterAndAPlayerTheirOwn() throws Exception {
        String orc = table.gm().createCharacter(table.id(), "Orc Chief", true, Map.of("STR", 3));
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda())) {
            JsonNode gmRoster = g.snapshotView().get("roster");
            assertThat(gmRoster.findValuesAsString("id")).containsExactlyInAnyOrder(aldaHero, bramHero, orc);
            JsonNode aldaRoster = a.snapshotView().get("roster");
            assertThat(aldaRoster.findValuesAsString("id")).containsExactly(aldaHero);
            assertThat(aldaRoster.toString()).doesNotContain("Orc Chief");

            // The GM's one-step start: the picked characters are seated and dealt into the deck.
            JsonNode started = g.replyTo(g.command("actlite.startInitiative", Map.of("characterIds", List.of(aldaHero, orc))));
            assertThat(started.get("accepted").asBoolean()).as(started.toString()).isTrue();
            JsonNode event = a.awaitEvent(started.get("seq").asLong());
            assertThat(event.get("patch").toString()).contains("Alda the Bold");
        }
    }

    @Test
    void threeClientsPlayAndSeeTheSameDeckHandsAndLogInTheSameOrder() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda());
             TableClient b = table.join(table.bram())) {
            g.snapshotView();
            a.snapshotView();
            b.snapshotView();
            JsonNode started = g.replyTo(g.command("actlite.startInitiative", Map.of("characterIds", List.of(aldaHero, bramHero))));
            assertThat(started.get("accepted").asBoolean()).as(started.toString()).isTrue();
            dealUntilOwnedBy(g, aldaHero);
            JsonNode spent = a.replyTo(a.command("actlite.spendAp", Map.of("characterId", aldaHero, "action", "Move", "costs", "1")));
            assertThat(spent.get("accepted").asBoolean()).as(spent.toString()).isTrue();
            long last = spent.get("seq").asLong();

            for (TableClient c : List.of(g, a, b)) {
                c.awaitEvent(last);
            }
            List<Long> expected = java.util.stream.LongStream.rangeClosed(1, last).boxed().toList();
            for (TableClient c : List.of(g, a, b)) {
                assertThat(c.eventSeqs()).as("every client sees every event once, in order").isEqualTo(expected);
            }
        }
        // Fresh snapshots: the same deck count and hand sizes for everyone, own cards only for the owner.
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda());
             TableClient b = table.join(table.bram())) {
            JsonNode gv = g.snapshotView().get("table").get("initiative");
            JsonNode av = a.snapshotView().get("table").get("initiative");
            JsonNode bv = b.snapshotView().get("table").get("initiative");
            assertThat(av.get("deckCount")).isEqualTo(gv.get("deckCount"));
            assertThat(bv.get("deckCount")).isEqualTo(gv.get("deckCount"));
            assertThat(av.get("discard")).isEqualTo(gv.get("discard")).isEqualTo(bv.get("discard"));
            for (String hero : List.of(aldaHero, bramHero)) {
                assertThat(av.get("hands").get(hero).get("count")).isEqualTo(gv.get("hands").get(hero).get("count"));
                assertThat(bv.get("hands").get(hero).get("count")).isEqualTo(gv.get("hands").get(hero).get("count"));
            }
            assertThat(bv.get("hands").get(aldaHero).get("cards").isNull()).as("Bram does not see Alda's cards").isTrue();
        }
    }

    @Test
    void playersAreRefusedWhatTheRulesDoNotAllowAndNothingChanges() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda())) {
            g.snapshotView();
            a.snapshotView();
            JsonNode playerDeals = a.replyTo(a.command("actlite.startInitiative", Map.of("characterIds", List.of(aldaHero))));
            assertThat(playerDeals.get("code").asString()).isEqualTo("NOT_ALLOWED");
            g.replyTo(g.command("actlite.startInitiative", Map.of("characterIds", List.of(aldaHero, bramHero))));
            JsonNode aPlayerDealing = a.replyTo(a.command("actlite.dealCard", Map.of()));
            assertThat(aPlayerDealing.get("code").asString()).isEqualTo("NOT_ALLOWED");
            JsonNode forSomeoneElse = a.replyTo(a.command("actlite.spendAp", Map.of("characterId", bramHero, "action", "Move")));
            assertThat(forSomeoneElse.get("code").asString()).isEqualTo("NOT_YOUR_CHARACTER");
            dealUntilOwnedBy(g, aldaHero);
            JsonNode notHeld = a.replyTo(a.command("actlite.spendAp",
                    Map.of("characterId", aldaHero, "action", "Move", "cardIds", List.of("no-such-card"))));
            assertThat(notHeld.get("accepted").asBoolean()).isFalse();
            assertThat(notHeld.get("code").asString()).isIn("INVALID_STATE", "INVALID_COMMAND");
            JsonNode wrongType = a.replyTo(a.command("actlite.spendAp", Map.of("characterId", List.of(1, 2))));
            assertThat(wrongType.get("code").asString()).isEqualTo("INVALID_COMMAND");
        }
        long stored = jdbc.sql("select count(*) from table_events where table_id = ?").param(table.id()).query(Long.class).single();
        long accepted = jdbc.sql("select count(*) from table_events where table_id = ? and type = 'rules'").param(table.id())
                .query(Long.class).single();
        assertThat(stored).as("only the GM's start and deals were stored").isEqualTo(accepted);
    }

    @Test
    void fiftyConcurrentAttemptsToSpendTheLastCardAcceptExactlyOne() throws Exception {
        Map<String, Object> oneCardEach = Map.of("apCards", 1);
        String lone = table.alda().createCharacter(table.id(), "Lone Alda", false, oneCardEach);
        List<TableClient> clients = new ArrayList<>();
        try (TableClient g = table.join(table.gm())) {
            g.snapshotView();
            g.replyTo(g.command("actlite.startInitiative", Map.of("characterIds", List.of(lone))));
            dealUntilOwnedBy(g, lone);
            for (int i = 0; i < 5; i++) {
                TableClient c = table.join(table.alda());
                c.snapshotView();
                clients.add(c);
            }
            CountDownLatch go = new CountDownLatch(1);
            List<String> ids = java.util.Collections.synchronizedList(new ArrayList<>());
            List<Thread> senders = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                TableClient c = clients.get(i % clients.size());
                senders.add(Thread.ofPlatform().start(() -> {
                    try {
                        go.await();
                        ids.add(c.command("actlite.spendAp", Map.of("characterId", lone, "action", "Move")));
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
            int refused = 0;
            for (TableClient c : clients) {
                List<JsonNode> replies = new ArrayList<>();
                long deadline = System.currentTimeMillis() + 10_000;
                while (replies.size() < 10 && System.currentTimeMillis() < deadline) {
                    replies.add(c.nextOfKind("reply"));
                }
                for (JsonNode r : replies) {
                    if (r.get("accepted").asBoolean()) {
                        accepted++;
                    } else {
                        refused++;
                        assertThat(r.get("code").asString()).isEqualTo("NOT_ENOUGH_AP");
                    }
                }
            }
            assertThat(accepted).isEqualTo(1);
            assertThat(refused).isEqualTo(49);
        } finally {
            clients.forEach(TableClient::close);
        }
    }

    @Test
    void playersNeverReceiveTheDeckOrderNorAGmOnlyResult() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda());
             TableClient b = table.join(table.bram())) {
            g.snapshotView();
            a.snapshotView();
            b.snapshotView();
            g.replyTo(g.command("actlite.startInitiative", Map.of("characterIds", List.of(aldaHero, bramHero))));
            g.replyTo(g.command(UUID.randomUUID().toString(), "roll", Map.of("notation", "3d8+13", "label", "Lurking horror"), "GM"));
            dealUntilOwnedBy(g, aldaHero);
            a.replyTo(a.command("actlite.spendAp", Map.of("characterId", aldaHero, "action", "Move")));
            g.replyTo(g.command("chat", Map.of("text", "done")));
            a.next(m -> "event".equals(m.path("kind").asString()) && m.get("event").get("type").asString().equals("chat"));
            b.next(m -> "event".equals(m.path("kind").asString()) && m.get("event").get("type").asString().equals("chat"));

            String payload = jdbc.sql("select payload::text from table_events where table_id = ? and seq = 1")
                    .param(table.id()).query(String.class).single();
            JsonNode deck = null;
            for (JsonNode event : JSON.readTree(payload).get("events")) {
                if (event.get("type").asString().equals("actlite.initiativeStarted")) {
                    deck = event.get("data").get("deck");
                }
            }
            assertThat(deck).as("the stored start of initiative holds the shuffled deck").isNotNull();
            List<String> order = new ArrayList<>();
            deck.forEach(card -> order.add(card.get("id").asString()));
            assertThat(order).hasSizeGreaterThan(2);
            String orderJson = JSON.writeValueAsString(order);
            String deckJson = JSON.writeValueAsString(deck);
            int gmRollTotal = JSON.readTree(jdbc.sql("select payload::text from table_events where table_id = ? and seq = 2")
                    .param(table.id()).query(String.class).single()).get("result").get("total").asInt();

            for (TableClient player : List.of(a, b)) {
                assertThat(player.rawFrames).isNotEmpty();
                for (String frame : player.rawFrames) {
                    assertThat(frame).doesNotContain(orderJson).doesNotContain(deckJson)
                            .doesNotContain("3d8+13").doesNotContain("Lurking horror");
                    assertThat(TableClient.eventsIn(frame)).as("the GM-only roll's total, in no roll event")
                            .filteredOn(event -> event.path("type").asString("").equals("roll"))
                            .allSatisfy(event -> assertThat(event.toString()).doesNotContain("\"total\":" + gmRollTotal));
                }
            }
            for (String frame : g.rawFrames) {
                assertThat(frame).as("not even the GM is sent the deck order").doesNotContain(orderJson);
            }
        }
    }
}
