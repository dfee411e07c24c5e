package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.AstragalApplication;
import io.astragal.support.ClientView;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * Issue 5, "Restart: play, stop the application context, start it again, resubscribe: identical
 * view and seq; no acknowledged event lost." Two application contexts, one after the other, on one
 * real PostgreSQL: the first starts the embedded server (as {@code @IntegrationTest} does), the
 * second is pointed at the first one's JDBC URL, so nothing but the database carries the table over.
 * The game runs past the engine's snapshot (every 100 events), so the restarted table is rebuilt
 * from a stored snapshot plus the events after it.
 */
class TableRestartTest {

    /** One person at the table: who they are, what their client holds, and the seqs acknowledged to them. */
    private static final class Seat {
        final String name;
        Player player;
        TableClient client;
        ClientView held;
        final List<Long> acknowledged = new ArrayList<>();

        Seat(String name) {
            this.name = name;
        }

        JsonNode send(String type, Map<String, ?> args, String rollMode) throws InterruptedException {
            JsonNode reply = client.replyTo(client.command(UUID.randomUUID().toString(), type, args, rollMode));
            assertThat(reply.get("accepted").asBoolean()).as(name + " " + type + ": " + reply).isTrue();
            acknowledged.add(reply.get("seq").asLong());
            return reply;
        }
    }

    /** Starts Astragal on a free port; {@code properties} as command-line arguments, so they win over application.yml. */
    private static ConfigurableApplicationContext start(String... properties) {
        List<String> args = new ArrayList<>();
        args.add("--server.port=0");
        // As in support.IntegrationTest: the per-user rate limit is for people, not for this test's quick clients.
        args.add("--astragal.realtime.rate-limit.burst=1000000");
        args.add("--astragal.realtime.rate-limit.per-second=1000000");
        for (String property : properties) {
            args.add("--" + property);
        }
        return new SpringApplicationBuilder(AstragalApplication.class).run(args.toArray(String[]::new));
    }

    private static int port(ConfigurableApplicationContext context) {
        return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
    }

    @Test
    void afterARestartEveryClientResubscribesToTheSameViewAndSeqNothingAcknowledgedIsLostAndPlayGoesOn() throws Exception {
        Seat gm = new Seat("Gemma");
        Seat alda = new Seat("Alda");
        Seat bram = new Seat("Bram");
        List<Seat> seats = List.of(gm, alda, bram);
        UUID table;
        String aldaHero;
        String bramHero;
        String goblin;
        String url;
        String username;
        String password;
        long before;

        ConfigurableApplicationContext first = start("astragal.database.embedded.data-dir=target/test-postgres");
        try {
            JdbcConnectionDetails database = first.getBean(JdbcConnectionDetails.class);
            url = database.getJdbcUrl();
            username = database.getUsername();
            password = database.getPassword();
            int port = port(first);
            for (Seat seat : seats) {
                seat.player = Player.signUp(port, seat.name);
            }
            table = gm.player.createCampaign("The Restarted Keep", "actlite");
            alda.player.accept(gm.player.invite(table, "PLAYER"));
            bram.player.accept(gm.player.invite(table, "PLAYER"));
            aldaHero = alda.player.createCharacter(table, "Alda the Bold", false, Map.of("AGI", 1));
            bramHero = bram.player.createCharacter(table, "Bram Ironfoot", false, Map.of("STR", 2));
            goblin = gm.player.createCharacter(table, "Grinning Goblin", true, Map.of("AGI", 2));
            for (Seat seat : seats) {
                seat.client = TableClient.join(port, seat.player, table, -1);
                seat.held = ClientView.of(seat.client.nextOfKind("snapshot"));
            }

            gm.send("actlite.startInitiative", Map.of("characterIds", List.of(aldaHero, bramHero, goblin)), null);
            assertThat(dealUntilDealtTo(gm, aldaHero)).as("Alda's card comes up").isTrue();
            alda.send("actlite.spendAp", Map.of("characterId", aldaHero, "action", "Move"), null);
            gm.send("roll", Map.of("notation", "3d8+13", "label", "Lurking horror"), "GM");
            gm.send("actlite.applyDamage", Map.of("target", goblin, "amount", 2), null);
            // Past seq 100, where the engine stores a snapshot of the table's state.
            for (int i = 0; max(seats) < 104; i++) {
                Seat speaker = seats.get(i % 3);
                if (i % 5 == 4) {
                    speaker.send("roll", Map.of("notation", "2d6"), i % 2 == 0 ? "PUBLIC" : "SELF");
                } else {
                    speaker.send("chat", Map.of("text", "round of talk " + i), null);
                }
                gm.held.catchUp(gm.client, max(seats));
            }
            // Rules events after the snapshot: the restarted table must fold them onto it.
            if (dealUntilDealtTo(gm, bramHero)) {
                bram.send("actlite.spendAp", Map.of("characterId", bramHero, "action", "Move"), null);
            } else {
                // All of Bram's cards came up earlier: he holds them, and interrupts.
                bram.send("actlite.interrupt", Map.of("characterId", bramHero), null);
            }
            gm.send("actlite.addCondition", Map.of("target", goblin, "condition", "[poison]", "amount", 1), null);
            before = max(seats);
            for (Seat seat : seats) {
                seat.held.catchUp(seat.client, before);
            }
            // The views kept by patches are the server's: a fresh snapshot on a second connection is the same.
            for (Seat seat : seats) {
                try (TableClient fresh = TableClient.join(port, seat.player, table, before)) {
                    JsonNode snapshot = fresh.nextOfKind("snapshot");
                    assertThat(snapshot.get("seq").asLong()).isEqualTo(before);
                    assertThat(snapshot.get("view")).as(seat.name + "'s patched view").isEqualTo(seat.held.view());
                }
            }
            assertThat(first.getBean(JdbcClient.class).sql("select max(seq) from table_snapshots where table_id = ?")
                    .param(table).query(Long.class).single()).as("a stored snapshot").isEqualTo(100L);
        } finally {
            // The clients stay connected: the server goes away under them, as in a real restart.
            first.close();
        }
        for (Seat seat : seats) {
            assertThat(seat.client.awaitClosed()).as(seat.name + " was disconnected by the shutdown").isTrue();
            seat.client.close();
        }

        ConfigurableApplicationContext second = start("spring.datasource.url=" + url,
                "spring.datasource.username=" + username, "spring.datasource.password=" + password);
        try {
            int port = port(second);
            JdbcClient jdbc = second.getBean(JdbcClient.class);
            List<Long> stored = jdbc.sql("select seq from table_events where table_id = ? order by seq")
                    .param(table).query(Long.class).list();
            assertThat(stored).as("the log is gapless").isEqualTo(LongStream.rangeClosed(1, before).boxed().toList());
            TreeSet<Long> acknowledged = new TreeSet<>();
            for (Seat seat : seats) {
                acknowledged.addAll(seat.acknowledged);
                acknowledged.addAll(seat.held.events().keySet());
            }
            assertThat(stored).as("every seq acknowledged or delivered to a client is in the log").containsAll(acknowledged);

            for (Seat seat : seats) {
                seat.player = seat.player.signInAgain(port);
                seat.client = TableClient.join(port, seat.player, table, seat.held.seq());
                JsonNode snapshot = seat.client.nextOfKind("snapshot");
                assertThat(snapshot.get("seq").asLong()).as(seat.name + "'s seq after the restart").isEqualTo(before);
                assertThat(snapshot.get("view")).as(seat.name + "'s view after the restart").isEqualTo(seat.held.view());
                assertThat(snapshot.get("recent")).as("nothing was missed").isEmpty();
            }
            // The log as each member saw it live is the log the restarted server serves.
            for (Seat seat : seats) {
                Map<Long, JsonNode> served = history(seat.client, before);
                Map<Long, JsonNode> seen = new TreeMap<>(seat.held.events());
                assertThat(served.keySet()).containsAll(seen.keySet());
                for (Map.Entry<Long, JsonNode> event : seen.entrySet()) {
                    assertThat(served.get(event.getKey())).as(seat.name + "'s event " + event.getKey() + " after the restart")
                            .isEqualTo(event.getValue());
                }
            }

            // Play goes on at seq + 1, and everyone's patches still apply to what they hold. The deck
            // comes from the stored state, so a deal tests it; the dice may have emptied it already.
            boolean deckLeft = gm.held.view().path("table").path("initiative").path("deckCount").asInt() > 0;
            JsonNode played = deckLeft
                    ? gm.send("actlite.dealCard", Map.of(), null)
                    : gm.send("actlite.addCondition", Map.of("target", goblin, "condition", "[poison]", "amount", 1), null);
            assertThat(played.get("seq").asLong()).isEqualTo(before + 1);
            JsonNode rolled = alda.send("roll", Map.of("notation", "1d20"), null);
            assertThat(rolled.get("seq").asLong()).isEqualTo(before + 2);
            for (Seat seat : seats) {
                seat.held.catchUp(seat.client, before + 2);
                try (TableClient fresh = TableClient.join(port, seat.player, table, -1)) {
                    assertThat(fresh.nextOfKind("snapshot").get("view")).as(seat.name + " after play resumed")
                            .isEqualTo(seat.held.view());
                }
            }
        } finally {
            for (Seat seat : seats) {
                seat.client.close();
            }
            second.close();
        }
    }

    /** Deals until the card last dealt is {@code characterId}'s (true), or the deck is empty (false). */
    private static boolean dealUntilDealtTo(Seat gm, String characterId) throws InterruptedException {
        while (true) {
            gm.held.catchUp(gm.client, gm.acknowledged.getLast());
            JsonNode initiative = gm.held.view().path("table").path("initiative");
            if (characterId.equals(initiative.path("lastDealt").path("owner").asString())) {
                return true;
            }
            if (initiative.path("deckCount").asInt() == 0) {
                return false;
            }
            gm.send("actlite.dealCard", Map.of(), null);
        }
    }

    private static long max(List<Seat> seats) {
        return seats.stream().flatMap(s -> s.acknowledged.stream()).mapToLong(Long::longValue).max().orElse(0);
    }

    /** The whole log, as this member may see it, from history pages. */
    private static Map<Long, JsonNode> history(TableClient client, long last) throws InterruptedException {
        Map<Long, JsonNode> events = new LinkedHashMap<>();
        long before = last + 1;
        while (true) {
            client.history(before, 100);
            JsonNode page = client.nextOfKind("history");
            for (JsonNode event : page.get("events")) {
                events.put(event.get("seq").asLong(), event);
            }
            if (page.get("complete").asBoolean() || page.get("events").isEmpty()) {
                return events;
            }
            before = page.get("events").get(0).get("seq").asLong();
        }
    }
}
