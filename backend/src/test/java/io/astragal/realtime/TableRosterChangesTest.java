package io.astragal.realtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.ClientView;
import io.astragal.support.IntegrationTest;
import io.astragal.support.Player;
import io.astragal.support.TableClient;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The table keeps its campaign's members and characters in memory between commands
 * (docs/decisions.md): a change made in the campaign counts from the very next command.
 */
@IntegrationTest
class TableRosterChangesTest {

    @LocalServerPort
    int port;

    Player gm;
    Player alda;
    UUID table;

    @BeforeEach
    void campaignWithOnePlayer() {
        gm = Player.signUp(port, "Gemma");
        table = gm.createCampaign("The Sunken Keep", "actlite");
        alda = Player.signUp(port, "Alda");
        alda.accept(gm.invite(table, "PLAYER"));
    }

    @Test
    void aRoleChangeAndARemovalCountFromTheNextCommand() throws Exception {
        try (TableClient a = TableClient.join(port, alda, table, -1)) {
            a.nextOfKind("snapshot");
            assertThat(accepted(a, a.command("chat", Map.of("text", "hello")))).isTrue();

            gm.send("PUT", "/api/campaigns/" + table + "/members/" + alda.userId(), Map.of("role", "SPECTATOR"), 200);
            JsonNode asSpectator = a.replyTo(a.command("chat", Map.of("text", "still here?")));
            assertThat(asSpectator.get("code").asString()).isEqualTo("NOT_ALLOWED");

            gm.send("PUT", "/api/campaigns/" + table + "/members/" + alda.userId(), Map.of("role", "PLAYER"), 200);
            assertThat(accepted(a, a.command("chat", Map.of("text", "back again")))).isTrue();

            gm.send("DELETE", "/api/campaigns/" + table + "/members/" + alda.userId(), null, 204);
            JsonNode removed = a.replyTo(a.command("chat", Map.of("text", "one more")));
            assertThat(removed.get("code").asString()).isEqualTo("NOT_A_MEMBER");
        }
    }

    /**
     * A fan-out patches each member's view from the one they saw last, built again from what it was
     * built from: a member whose role changed since is patched from the view of their old role.
     */
    @Test
    void aPlayerMadeASpectatorIsPatchedFromTheViewTheySawAsAPlayer() throws Exception {
        try (TableClient g = TableClient.join(port, gm, table, -1);
             TableClient a = TableClient.join(port, alda, table, -1)) {
            g.nextOfKind("snapshot");
            ClientView seen = ClientView.of(a.nextOfKind("snapshot"));
            assertThat(seen.view().get("me").get("role").asString()).isEqualTo("PLAYER");

            gm.send("PUT", "/api/campaigns/" + table + "/members/" + alda.userId(), Map.of("role", "SPECTATOR"), 200);
            long seq = g.replyTo(g.command("chat", Map.of("text", "Alda watches now"))).get("seq").asLong();
            seen.catchUp(a, seq);
            assertThat(seen.view().get("me").get("role").asString()).isEqualTo("SPECTATOR");
            try (TableClient fresh = TableClient.join(port, alda, table, -1)) {
                assertThat(fresh.nextOfKind("snapshot").get("view")).as("Alda's patched view").isEqualTo(seen.view());
            }
        }
    }

    @Test
    void aCharacterCreatedOrDeletedDuringPlayIsKnownToTheNextCommand() throws Exception {
        try (TableClient g = TableClient.join(port, gm, table, -1)) {
            g.nextOfKind("snapshot");
            assertThat(accepted(g, g.command("chat", Map.of("text", "the table is live")))).isTrue();

            String orc = gm.createCharacter(table, "Orc Chief", true, Map.of("STR", 3));
            String roll = g.command("roll", Map.of("notation", "1d1+@STR", "characterId", orc));
            JsonNode rolled = g.replyTo(roll);
            assertThat(rolled.get("accepted").asBoolean()).as(rolled.toString()).isTrue();
            assertThat(g.next(m -> "event".equals(m.path("kind").asString())
                    && m.get("seq").asLong() == rolled.get("seq").asLong()).toString()).contains("= 4");

            gm.send("DELETE", "/api/campaigns/" + table + "/characters/" + orc, null, 204);
            JsonNode gone = g.replyTo(g.command("roll", Map.of("notation", "1d1+@STR", "characterId", orc)));
            assertThat(gone.get("code").asString()).isEqualTo("UNKNOWN_CHARACTER");
        }
    }

    @Test
    void theRosterEachMemberSeesFollowsCharactersCreatedAndDeletedDuringPlay() throws Exception {
        try (TableClient g = TableClient.join(port, gm, table, -1);
             TableClient a = TableClient.join(port, alda, table, -1)) {
            ClientView gmSees = ClientView.of(g.nextOfKind("snapshot"));
            ClientView aldaSees = ClientView.of(a.nextOfKind("snapshot"));
            assertThat(gmSees.view().get("roster").findValuesAsString("name")).isEmpty();

            alda.createCharacter(table, "Alda the Bold", false, Map.of("AGI", 1));
            String orc = gm.createCharacter(table, "Orc Chief", true, Map.of("STR", 3));
            long seq = a.replyTo(a.command("chat", Map.of("text", "who is here?"))).get("seq").asLong();
            gmSees.catchUp(g, seq);
            aldaSees.catchUp(a, seq);
            assertThat(gmSees.view().get("roster").findValuesAsString("name")).containsExactly("Alda the Bold", "Orc Chief");
            assertThat(aldaSees.view().get("roster").findValuesAsString("name")).containsExactly("Alda the Bold");
            assertThat(aldaSees.view().get("roster").findValuesAsString("ownerName")).containsExactly("Alda");

            gm.send("DELETE", "/api/campaigns/" + table + "/characters/" + orc, null, 204);
            seq = g.replyTo(g.command("chat", Map.of("text", "the orc is gone"))).get("seq").asLong();
            gmSees.catchUp(g, seq);
            aldaSees.catchUp(a, seq);
            assertThat(gmSees.view().get("roster").findValuesAsString("name")).containsExactly("Alda the Bold");
            assertThat(aldaSees.view().get("roster").findValuesAsString("name")).containsExactly("Alda the Bold");
        }
    }

    private static boolean accepted(TableClient client, String commandId) throws InterruptedException {
        return client.replyTo(commandId).get("accepted").asBoolean();
    }
}
