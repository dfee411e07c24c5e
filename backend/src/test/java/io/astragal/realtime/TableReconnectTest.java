package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.ClientView;
import io.astragal.support.IntegrationTest;
import io.astragal.support.TableClient;
import io.astragal.support.TwoPlayerTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Issue 5, "Reconnect: drop a client mid-game, keep playing, reconnect with its last seq: no gap,
 * no duplicate." Three clients at an Actlite table; one connection goes away without a STOMP
 * DISCONNECT while the other two play on; it comes back with the last seq it holds.
 */
@IntegrationTest
class TableReconnectTest {

    TwoPlayerTable table;
    String aldaHero;
    String bramHero;

    @BeforeEach
    void anActliteTable(@LocalServerPort int port) {
        table = TwoPlayerTable.create(port, "The Broken Bridge", "actlite");
        aldaHero = table.alda().createCharacter(table.id(), "Alda the Bold", false, Map.of("AGI", 1));
        bramHero = table.bram().createCharacter(table.id(), "Bram Ironfoot", false, Map.of("STR", 2));
    }

    private static long accepted(TableClient client, String type, Map<String, ?> args, String rollMode) throws InterruptedException {
        JsonNode reply = client.replyTo(client.command(UUID.randomUUID().toString(), type, args, rollMode));
        assertThat(reply.get("accepted").asBoolean()).as(type + ": " + reply).isTrue();
        return reply.get("seq").asLong();
    }

    @Test
    void aClientDroppedMidGameResumesFromItsLastSeqWithoutGapOrDuplicateWhileTheOthersPlayOn() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda())) {
            ClientView gv = ClientView.of(g.nextOfKind("snapshot"));
            ClientView av = ClientView.of(a.nextOfKind("snapshot"));
            TableClient b = table.join(table.bram());
            ClientView bv = ClientView.of(b.nextOfKind("snapshot"));
            Map<Long, JsonNode> bramsLog = new TreeMap<>();

            accepted(g, "actlite.startInitiative", Map.of("characterIds", List.of(aldaHero, bramHero)), null);
            accepted(g, "actlite.dealCard", Map.of(), null);
            long seq = accepted(a, "chat", Map.of("text", "Hold the bridge!"), null);
            bv.catchUp(b, seq);
            bramsLog.putAll(bv.events());
            long held = bv.seq();

            b.drop();
            assertThat(b.isConnected()).isFalse();

            // The table plays on without Bram: deals, a GM-only roll, chat, a free roll.
            List<Long> missed = new ArrayList<>();
            missed.add(accepted(g, "actlite.dealCard", Map.of(), null));
            missed.add(accepted(g, "roll", Map.of("notation", "1d20+5", "label", "Troll's hunger"), "GM"));
            missed.add(accepted(a, "chat", Map.of("text", "Where did Bram go?"), null));
            missed.add(accepted(a, "roll", Map.of("notation", "2d6"), null));
            missed.add(accepted(g, "actlite.dealCard", Map.of(), null));
            seq = missed.getLast();
            gv.catchUp(g, seq);
            av.catchUp(a, seq);
            assertThat(missed).isEqualTo(LongStream.rangeClosed(held + 1, seq).boxed().toList());

            try (TableClient back = table.join(table.bram(), held)) {
                JsonNode snapshot = back.nextOfKind("snapshot");
                assertThat(snapshot.get("seq").asLong()).isEqualTo(seq);
                List<Long> recent = new ArrayList<>();
                for (JsonNode event : snapshot.get("recent")) {
                    recent.add(event.get("seq").asLong());
                    assertThat(bramsLog.put(event.get("seq").asLong(), event)).as("no duplicate of " + event.get("seq")).isNull();
                    // Bram and Alda are both players: they see every event the same way.
                    assertThat(event).as("Bram's copy of " + event.get("seq")).isEqualTo(av.events().get(event.get("seq").asLong()));
                }
                assertThat(recent).as("exactly what Bram missed").isEqualTo(missed);

                // Live again: the next events reach him once each, in order, patching the snapshot's view.
                ClientView resumed = ClientView.of(snapshot);
                accepted(back, "chat", Map.of("text", "Back, sorry!"), null);
                long next = accepted(g, "actlite.dealCard", Map.of(), null);
                resumed.catchUp(back, next);
                resumed.events().forEach((s, e) -> assertThat(bramsLog.put(s, e)).as("no duplicate of " + s).isNull());
                assertThat(bramsLog.keySet()).as("Bram's log has every event once")
                        .containsExactlyElementsOf(LongStream.rangeClosed(1, next).boxed().toList());
                gv.catchUp(g, next);
                av.catchUp(a, next);
                for (var pair : List.of(Map.entry(table.gm(), gv), Map.entry(table.alda(), av), Map.entry(table.bram(), resumed))) {
                    try (TableClient fresh = table.join(pair.getKey())) {
                        assertThat(fresh.nextOfKind("snapshot").get("view")).as(pair.getKey().displayName + " converged")
                                .isEqualTo(pair.getValue().view());
                    }
                }
                // Nothing arrived twice on the connections that stayed.
                assertThat(g.drain().stream().filter(m -> "event".equals(m.path("kind").asString())).toList()).isEmpty();
                assertThat(a.drain().stream().filter(m -> "event".equals(m.path("kind").asString())).toList()).isEmpty();
            }
        }
    }

    /**
     * docs/protocol.md: a snapshot carries at most the latest 50 events; a client that missed more
     * sees the gap between its last seq and the first of them, and fetches the rest with history.
     */
    @Test
    void aClientThatMissedMoreThanTheSnapshotCarriesFillsTheGapFromHistory() throws Exception {
        long held;
        try (TableClient b = table.join(table.bram())) {
            b.nextOfKind("snapshot");
            held = accepted(b, "chat", Map.of("text", "Back in a while."), null);
        }
        long last = held;
        try (TableClient g = table.join(table.gm())) {
            g.nextOfKind("snapshot");
            for (int i = 0; i < 120; i++) {
                last = accepted(g, "chat", Map.of("text", "Meanwhile " + i), null);
            }
        }
        try (TableClient back = table.join(table.bram(), held)) {
            JsonNode snapshot = back.nextOfKind("snapshot");
            assertThat(snapshot.get("seq").asLong()).isEqualTo(last);
            Map<Long, JsonNode> log = new TreeMap<>();
            snapshot.get("recent").forEach(e -> log.put(e.get("seq").asLong(), e));
            assertThat(log.keySet()).as("the latest 50").containsExactlyElementsOf(LongStream.rangeClosed(last - 49, last).boxed().toList());
            long before = log.keySet().iterator().next();
            while (before > held + 1) {
                back.history(before, 100);
                JsonNode page = back.nextOfKind("history");
                for (JsonNode event : page.get("events")) {
                    assertThat(log.put(event.get("seq").asLong(), event)).as("no duplicate").isNull();
                }
                before = page.get("events").get(0).get("seq").asLong();
            }
            assertThat(log.keySet().iterator().next()).isLessThanOrEqualTo(held + 1);
            assertThat(log.keySet()).containsExactlyElementsOf(LongStream.rangeClosed(log.keySet().iterator().next(), last).boxed().toList());
        }
    }
}
