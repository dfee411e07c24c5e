package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.ClientView;
import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import io.astragal.support.TwoPlayerTable;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The live table end to end: real users over HTTP, real STOMP clients over real WebSockets, a
 * real PostgreSQL. Generic table commands (chat, free rolls, roll modes, undo), rejections,
 * idempotency and who may see what.
 */
@IntegrationTest
class LiveTableTest {

    TwoPlayerTable table;
    Player spectator;

    @BeforeEach
    void campaignWithTwoPlayersAndASpectator(@LocalServerPort int port) {
        table = TwoPlayerTable.create(port, "The Sunken Keep", "actlite");
        spectator = Player.signUp(port, "Sam");
        spectator.accept(table.gm().invite(table.id(), "SPECTATOR"));
    }

    @Test
    void everyClientSeesTheSameEventsInTheSameGaplessOrder() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda());
             TableClient b = table.join(table.bram())) {
            for (TableClient c : List.of(g, a, b)) {
                assertThat(c.nextOfKind("snapshot").get("seq").asLong()).isZero();
            }
            String first = g.command("chat", Map.of("text", "Welcome to the keep."));
            String second = a.command("roll", Map.of("notation", "2d6+1", "label", "Climb"));
            String third = b.command("chat", Map.of("text", "I hold the rope."));
            assertThat(g.replyTo(first).get("accepted").asBoolean()).isTrue();
            assertThat(a.replyTo(second).get("accepted").asBoolean()).isTrue();
            assertThat(b.replyTo(third).get("accepted").asBoolean()).isTrue();

            for (TableClient c : List.of(g, a, b)) {
                List<Long> seqs = new java.util.ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    seqs.add(c.nextOfKind("event").get("seq").asLong());
                }
                assertThat(seqs).containsExactly(1L, 2L, 3L);
            }
        }
    }

    @Test
    void aFreeRollShowsEveryDieAndItsTotal() throws Exception {
        try (TableClient a = table.join(table.alda())) {
            a.nextOfKind("snapshot");
            a.command("roll", Map.of("notation", "4d6kh3"));
            JsonNode event = a.nextOfKind("event").get("event");
            JsonNode roll = event.get("lines").get(0).get("rolls").get(0);
            assertThat(roll.get("dice")).hasSize(4);
            int kept = 0;
            int sum = 0;
            for (JsonNode die : roll.get("dice")) {
                assertThat(die.get("sides").asInt()).isEqualTo(6);
                if (die.get("kept").asBoolean()) {
                    kept++;
                    sum += die.get("face").asInt();
                }
            }
            assertThat(kept).isEqualTo(3);
            assertThat(roll.get("total").asInt()).isEqualTo(sum);
        }
    }

    @Test
    void invalidDiceNotationIsRejectedWithThePositionAndChangesNothing() throws Exception {
        try (TableClient a = table.join(table.alda())) {
            a.nextOfKind("snapshot");
            JsonNode reply = a.replyTo(a.command("roll", Map.of("notation", "2d6+x")));
            assertThat(reply.get("accepted").asBoolean()).isFalse();
            assertThat(reply.get("code").asString()).isEqualTo("INVALID_DICE");
            assertThat(reply.get("message").asString()).contains("position 4");
            JsonNode bomb = a.replyTo(a.command("roll", Map.of("notation", "1000000d6")));
            assertThat(bomb.get("code").asString()).isEqualTo("INVALID_DICE");
            String chat = a.command("chat", Map.of("text", "still here"));
            assertThat(a.replyTo(chat).get("seq").asLong()).isEqualTo(1L);
        }
    }

    @Test
    void aRepeatedCommandIdReturnsTheFirstReplyAndChangesNothing() throws Exception {
        try (TableClient a = table.join(table.alda())) {
            a.nextOfKind("snapshot");
            a.command("same-id-1", "chat", Map.of("text", "once"), null);
            JsonNode first = a.replyTo("same-id-1");
            a.command("same-id-1", "chat", Map.of("text", "twice"), null);
            JsonNode second = a.replyTo("same-id-1");
            assertThat(second.get("seq").asLong()).isEqualTo(first.get("seq").asLong()).isEqualTo(1L);
            String next = a.command("chat", Map.of("text", "next"));
            assertThat(a.replyTo(next).get("seq").asLong()).isEqualTo(2L);
            long events = a.drain().stream().filter(m -> "event".equals(m.path("kind").asString())).count();
            assertThat(events).isEqualTo(2);
        }
    }

    @Test
    void aCommandAcceptedLongerAgoThanTheTableKeepsInMemoryIsRecognisedFromTheLog() throws Exception {
        try (TableClient a = table.join(table.alda())) {
            a.nextOfKind("snapshot");
            a.command("early-1", "chat", Map.of("text", "first words"), null);
            assertThat(a.replyTo("early-1").get("seq").asLong()).isEqualTo(1L);
            int later = 60; // more than the 50 recent events a table keeps in memory
            for (int i = 0; i < later; i++) {
                a.replyTo(a.command("chat", Map.of("text", "line " + i)));
            }
            a.command("early-1", "chat", Map.of("text", "first words"), null);
            JsonNode again = a.replyTo("early-1");
            assertThat(again.get("accepted").asBoolean()).isTrue();
            assertThat(again.get("seq").asLong()).isEqualTo(1L);
            String next = a.command("chat", Map.of("text", "next"));
            assertThat(a.replyTo(next).get("seq").asLong()).isEqualTo(later + 2L);
        }
    }

    @Test
    void aRefusedCommandSentAgainIsRefusedAgainThoughTheTableHasSinceChanged() throws Exception {
        try (TableClient g = table.join(table.gm())) {
            g.nextOfKind("snapshot");
            g.command("undo-1", "undo", Map.of(), null);
            JsonNode refused = g.replyTo("undo-1");
            assertThat(refused.get("code").asString()).isEqualTo("INVALID_STATE");
            assertThat(g.replyTo(g.command("chat", Map.of("text", "something to undo"))).get("seq").asLong()).isEqualTo(1L);
            g.command("undo-1", "undo", Map.of(), null);
            JsonNode again = g.replyTo("undo-1");
            assertThat(again.get("accepted").asBoolean()).isFalse();
            assertThat(again.get("code").asString()).isEqualTo("INVALID_STATE");
            String undo = g.command("undo", Map.of());
            assertThat(g.replyTo(undo).get("seq").asLong()).as("the same undo under a new id is decided afresh").isEqualTo(2L);
        }
    }

    @Test
    void spectatorsReadButCannotSendCommands() throws Exception {
        try (TableClient s = table.join(spectator)) {
            assertThat(s.nextOfKind("snapshot").get("view").get("me").get("role").asString()).isEqualTo("SPECTATOR");
            JsonNode reply = s.replyTo(s.command("chat", Map.of("text", "can I play?")));
            assertThat(reply.get("accepted").asBoolean()).isFalse();
            assertThat(reply.get("code").asString()).isEqualTo("NOT_ALLOWED");
        }
    }

    @Test
    void unknownCommandsAndMalformedFramesGetClearErrors() throws Exception {
        try (TableClient a = table.join(table.alda())) {
            a.nextOfKind("snapshot");
            JsonNode unknown = a.replyTo(a.command("actlite.summonDragon", Map.of()));
            assertThat(unknown.get("code").asString()).isEqualTo("UNKNOWN_COMMAND");
            a.sendRaw("/app/tables/" + table.id() + "/commands", "{not json");
            assertThat(a.nextError().get("code").asString()).isEqualTo("MALFORMED");
            JsonNode noId = a.replyTo(a.command("", "chat", Map.of("text", "x"), null));
            assertThat(noId.get("code").asString()).isEqualTo("INVALID_COMMAND");
            assertThat(a.isConnected()).isTrue();
        }
    }

    @Test
    void anOversizedFrameIsRefused() throws Exception {
        try (TableClient a = table.join(table.alda())) {
            a.nextOfKind("snapshot");
            try {
                a.command("chat", Map.of("text", "x".repeat(40_000)));
            } catch (org.springframework.messaging.MessageDeliveryException closedWhileSending) {
                // The frame goes out in parts; the server may close the connection before the last one.
            }
            long deadline = System.currentTimeMillis() + 5000;
            while (a.isConnected() && System.currentTimeMillis() < deadline) {
                Thread.sleep(50);
            }
            assertThat(a.isConnected()).as("the server closes a connection that sends a frame over the limit").isFalse();
        }
        try (TableClient g = table.join(table.gm())) {
            assertThat(g.nextOfKind("snapshot").get("seq").asLong()).isZero();
        }
    }

    @Test
    void aStrangerCanNeitherSubscribeNorSendNorSync() throws Exception {
        Player stranger = Player.signUp(table.port(), "Stranger");
        try (TableClient s = table.join(stranger)) {
            // The SUBSCRIBE to the table's stream gets an ERROR frame, and the server closes the connection.
            assertThat(s.nextStompError()).startsWith("Not allowed: SUBSCRIBE");
            assertThat(s.awaitClosed()).isTrue();
            assertThat(s.drain()).as("a non-member receives nothing from the table").isEmpty();
        }
        try (TableClient s = TableClient.open(table.port(), stranger, table.id())) {
            s.subscribeErrors();
            s.sync(-1);
            assertThat(s.nextError().get("code").asString()).isEqualTo("NOT_A_MEMBER");
            s.command("chat", Map.of("text", "let me in"));
            assertThat(s.nextError().get("code").asString()).isEqualTo("NOT_A_MEMBER");
            assertThat(s.drain()).as("a non-member receives nothing from the table").isEmpty();
        }
        try (TableClient g = table.join(table.gm())) {
            assertThat(g.nextOfKind("snapshot").get("seq").asLong()).as("the stranger changed nothing").isZero();
        }
    }

    @Test
    void gmOnlyAndBlindRollsNeverReachPlayersWhoMayNotSeeThem() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda());
             TableClient b = table.join(table.bram())) {
            g.nextOfKind("snapshot");
            a.nextOfKind("snapshot");
            b.nextOfKind("snapshot");
            g.command(UUID.randomUUID().toString(), "roll", Map.of("notation", "1d20+7", "label", "Ambush"), "GM");
            a.command(UUID.randomUUID().toString(), "roll", Map.of("notation", "1d100", "label", "Sense lies"), "BLIND");

            JsonNode gmSeesOwn = g.nextOfKind("event").get("event");
            assertThat(gmSeesOwn.get("hidden").asBoolean()).isFalse();
            JsonNode gmSeesBlind = g.nextOfKind("event").get("event");
            assertThat(gmSeesBlind.get("hidden").asBoolean()).isFalse();
            int blindTotal = gmSeesBlind.get("lines").get(0).get("rolls").get(0).get("total").asInt();

            JsonNode aldaSeesGmRoll = a.nextOfKind("event").get("event");
            assertThat(aldaSeesGmRoll.get("hidden").asBoolean()).isTrue();
            assertThat(aldaSeesGmRoll.get("lines").get(0).get("rolls")).isEmpty();
            JsonNode aldaSeesHerBlindRoll = a.nextOfKind("event").get("event");
            assertThat(aldaSeesHerBlindRoll.get("hidden").asBoolean()).as("a blind roll is hidden from its roller").isTrue();

            b.nextOfKind("event");
            b.nextOfKind("event");
            for (TableClient player : List.of(a, b)) {
                for (String frame : player.rawFrames) {
                    assertThat(frame).doesNotContain("1d20+7").doesNotContain("\"total\":" + blindTotal + ",\"dice\"");
                }
            }
        }
    }

    @Test
    void theGmUndoesTheLastEventAndEveryoneSeesTheUndo() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda())) {
            g.nextOfKind("snapshot");
            a.nextOfKind("snapshot");
            a.command("chat", Map.of("text", "oops"));
            g.nextOfKind("event");
            JsonNode refused = a.replyTo(a.command("undo", Map.of()));
            assertThat(refused.get("code").asString()).isEqualTo("NOT_ALLOWED");
            JsonNode undone = g.replyTo(g.command("undo", Map.of()));
            assertThat(undone.get("accepted").asBoolean()).isTrue();
            JsonNode revert = a.awaitEvent(2);
            assertThat(revert.get("event").get("type").asString()).isEqualTo("revert");
            assertThat(revert.get("event").get("revertedSeq").asLong()).isEqualTo(1L);
            JsonNode nothingLeft = g.replyTo(g.command("undo", Map.of()));
            assertThat(nothingLeft.get("code").asString()).isEqualTo("INVALID_STATE");
        }
    }

    /**
     * A chat changes no one's view but the GM's undo offer, which the server patches alone and puts
     * into the view it keeps; the GM's patched view must still equal a fresh snapshot, even when the
     * offer's summary quotes text that looks like the {@code "undo"} key.
     */
    @Test
    void aChatMovesOnlyTheGmsUndoOfferAndThePatchedViewStaysTheServers() throws Exception {
        try (TableClient g = table.join(table.gm());
             TableClient a = table.join(table.alda())) {
            ClientView gm = ClientView.of(g.nextOfKind("snapshot"));
            a.nextOfKind("snapshot");
            List<String> texts = List.of("first", "a \"quote\",\"undo\":{\"seq\":1}} inside", "third");
            for (int i = 0; i < texts.size(); i++) {
                long seq = a.replyTo(a.command("chat", Map.of("text", texts.get(i)))).get("seq").asLong();
                JsonNode event = g.nextOfKind("event");
                for (JsonNode op : event.get("patch")) {
                    assertThat(op.get("path").asString()).as("the GM's patch for " + seq).startsWith("/undo");
                }
                if (i > 0) {
                    // The first chat may find the campaign's roster read anew since the GM's snapshot (a
                    // roster change forgets the kept one), and the view then is built and diffed whole;
                    // from the second on, only the offer moves.
                    assertThat(event.get("patch")).as("the GM's patch for " + seq).hasSize(1);
                    assertThat(event.get("patch").get(0).get("path").asString()).isEqualTo("/undo");
                }
                gm.apply(event);
                assertThat(gm.view().get("undo").get("seq").asLong()).isEqualTo(seq);
            }
            long undone = g.replyTo(g.command("undo", Map.of())).get("seq").asLong();
            gm.catchUp(g, undone);
            assertThat(gm.view().get("undo").get("seq").asLong()).as("the offer goes back one").isEqualTo(undone - 2);
            try (TableClient fresh = table.join(table.gm())) {
                assertThat(fresh.nextOfKind("snapshot").get("view")).as("the GM's patched view").isEqualTo(gm.view());
            }
        }
    }

    /**
     * A table keeps only its newest event in memory; each undo is an event too, so 40 undos in a row
     * reach back through the log past a page of 50, and the GM's undo must still find (and offer) the
     * next one there.
     */
    @Test
    void theGmUndoesMoreEventsInARowThanTheTableKeepsInMemory() throws Exception {
        int said = 45;
        int undos = 40;
        try (TableClient g = table.join(table.gm())) {
            g.nextOfKind("snapshot");
            for (int i = 1; i <= said; i++) {
                assertThat(g.replyTo(g.command("chat", Map.of("text", "line " + i))).get("accepted").asBoolean()).isTrue();
            }
            for (int i = 0; i < undos; i++) {
                JsonNode undone = g.replyTo(g.command("undo", Map.of()));
                assertThat(undone.get("accepted").asBoolean()).as("undo %d: %s", i + 1, undone).isTrue();
                JsonNode revert = g.awaitEvent(undone.get("seq").asLong());
                assertThat(revert.get("event").get("revertedSeq").asLong()).as("undo %d", i + 1).isEqualTo(said - i);
            }
        }
        try (TableClient g = table.join(table.gm())) {
            JsonNode undo = g.nextOfKind("snapshot").get("view").get("undo");
            assertThat(undo.get("seq").asLong()).as("the GM's view offers the next one: " + undo).isEqualTo(said - undos);
        }
    }

    @Test
    void aReconnectingClientGetsWhatItMissedWithoutGapOrDuplicate() throws Exception {
        long last;
        try (TableClient a = table.join(table.alda())) {
            a.nextOfKind("snapshot");
            a.replyTo(a.command("chat", Map.of("text", "one")));
            last = a.nextOfKind("event").get("seq").asLong();
        }
        try (TableClient g = table.join(table.gm())) {
            g.nextOfKind("snapshot");
            g.replyTo(g.command("chat", Map.of("text", "two")));
            g.replyTo(g.command("chat", Map.of("text", "three")));
        }
        try (TableClient a = table.join(table.alda(), last)) {
            JsonNode snapshot = a.nextOfKind("snapshot");
            assertThat(snapshot.get("seq").asLong()).isEqualTo(3L);
            List<Long> missed = new java.util.ArrayList<>();
            snapshot.get("recent").forEach(e -> missed.add(e.get("seq").asLong()));
            assertThat(missed).containsExactly(2L, 3L);
        }
    }

    @Test
    void aConnectFrameWithoutTheCsrfTokenIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TableClient.connect(table.port(), table.alda(),
                        new org.springframework.messaging.simp.stomp.StompSessionHandlerAdapter() {
                        }, false))
                .isInstanceOf(Exception.class);
    }

    @Test
    void anAnonymousHandshakeIsRefused() {
        Player anonymous = new Player(table.port(), "nobody", "Nobody");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> TableClient.connect(table.port(), anonymous,
                        new org.springframework.messaging.simp.stomp.StompSessionHandlerAdapter() {
                        }))
                .isInstanceOf(Exception.class);
    }
}
