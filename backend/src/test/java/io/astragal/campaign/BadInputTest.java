package io.astragal.campaign;

import static io.astragal.support.Browser.object;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.Browser;
import io.astragal.support.Browser.Response;
import io.astragal.support.IntegrationTest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Hostile and careless input: each a clear 4xx problem, and nothing changes. */
@IntegrationTest
class BadInputTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    private int count(String sql, Object param) {
        return jdbc.sql(sql).param(param).query(Integer.class).single();
    }

    private int campaignsOwnedBy(Browser who) {
        return count("select count(*) from campaigns where owner_id = ?", who.userId());
    }

    private static void assertProblem(Response response, int status, String code, String label) {
        assertThat(response.status()).as(label + ": " + response.body()).isEqualTo(status);
        assertThat(response.header("Content-Type").orElse("")).as(label).startsWith("application/problem+json");
        assertThat(response.code()).as(label).isEqualTo(code);
        assertThat(response.body()).as(label).doesNotContain("Exception").doesNotContain("at io.astragal").doesNotContain("SQL");
    }

    @Test
    void badCampaignsAreRefusedAndNothingIsCreated() {
        Browser gm = Tables.person(port, "Careless");
        List<Object> bodies = List.of(
                object("name", "", "rulesetId", "actlite"),
                object("name", "   ", "rulesetId", "actlite"),
                object("name", "x".repeat(81), "rulesetId", "actlite"),
                object("name", "Fine", "description", "d".repeat(2001), "rulesetId", "actlite"),
                object("name", "Fine", "rulesetId", "dnd5e"),
                object("name", "Fine", "rulesetId", ""),
                object("name", "Fine"),
                object("name", "Fine", "rulesetId", "actlite", "ownerId", UUID.randomUUID().toString()),
                object("name", List.of("Fine"), "rulesetId", "actlite"),
                object("name", Map.of("first", "Fine"), "rulesetId", "actlite"),
                object("name", "Bell\u0007", "rulesetId", "actlite"),
                "{\"name\": \"Fine\", \"rulesetId\": ",
                "[]");
        for (Object body : bodies) {
            assertProblem(gm.post("/api/campaigns", body), 400, "VALIDATION_FAILED", String.valueOf(body));
        }
        Response unknownRuleset = gm.post("/api/campaigns", object("name", "Fine", "rulesetId", "dnd5e"));
        assertThat(unknownRuleset.json().get("errors").get(0).get("field").asString()).isEqualTo("rulesetId");
        Response unknownField = gm.post("/api/campaigns", object("name", "Fine", "rulesetId", "actlite", "ownerId", "x"));
        assertThat(unknownField.json().get("errors").get(0).get("field").asString()).isEqualTo("ownerId");
        assertThat(campaignsOwnedBy(gm)).isZero();
    }

    @Test
    void scriptTagsAndSqlMetacharactersAreStoredAndReturnedVerbatimAsJsonText() {
        Browser gm = Tables.person(port, "Mallory");
        String script = "<script>alert('x')</script>";
        String sql = "Robert'); DROP TABLE campaigns;--";
        Response created = gm.post("/api/campaigns", Map.of("name", script, "description", sql + " \" \\ %_", "rulesetId", "actlite"));
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Content-Type").orElseThrow()).startsWith("application/json");
        assertThat(created.header("X-Content-Type-Options")).contains("nosniff");
        assertThat(created.json().get("name").asString()).isEqualTo(script);
        assertThat(created.json().get("description").asString()).isEqualTo(sql + " \" \\ %_");
        String id = created.json().get("id").asString();
        assertThat(jdbc.sql("select name from campaigns where id = ?").param(UUID.fromString(id)).query(String.class).single())
                .isEqualTo(script);
        Response character = gm.post("/api/campaigns/" + id + "/characters", Map.of("name", sql, "npc", true, "sheet", Map.of("skills", List.of(script))));
        assertThat(character.status()).isEqualTo(201);
        assertThat(gm.get("/api/campaigns/" + id + "/characters").json().get(0).get("name").asString()).isEqualTo(sql);
        assertThat(gm.get("/api/campaigns?size=100").json().get("items").get(0).get("name").asString()).isEqualTo(script);
        assertThat(count("select count(*) from campaigns where id = ?", UUID.fromString(id))).isEqualTo(1);
    }

    @Test
    void badEditsAndCharactersAreRefusedAndChangeNothing() {
        Browser gm = Tables.person(port, "Editor");
        String id = gm.post("/api/campaigns", Map.of("name", "Stable", "description", "Same", "rulesetId", "actlite")).json().get("id").asString();
        String path = "/api/campaigns/" + id;
        for (Object body : List.of(object("name", ""), object("name", "x".repeat(81)), object("archived", "yes"),
                object("archived", 1), object("rulesetId", "actlite"), object("description", "d".repeat(2001)))) {
            assertProblem(gm.patch(path, body), 400, "VALIDATION_FAILED", String.valueOf(body));
        }
        Response campaign = gm.get(path);
        assertThat(campaign.json().get("name").asString()).isEqualTo("Stable");
        assertThat(campaign.json().get("rulesetId").asString()).isEqualTo("actlite");
        assertThat(campaign.json().get("archived").asBoolean()).isFalse();

        for (Object body : List.of(object("name", "", "npc", true, "sheet", Map.of()),
                object("name", "x".repeat(65), "npc", true, "sheet", Map.of()),
                object("name", "Ok", "sheet", Map.of()),
                object("name", "Ok", "npc", "maybe", "sheet", Map.of()),
                object("name", "Ok", "npc", true, "sheet", List.of(1, 2)),
                object("name", "Ok", "npc", true, "sheet", "strong"),
                object("name", "Ok", "npc", true, "sheet", Map.of("skills", List.of("b".repeat(70_000)))),
                object("name", "Ok", "npc", true, "sheet", Map.of(), "version", 3))) {
            assertProblem(gm.post(path + "/characters", body), 400, "VALIDATION_FAILED", String.valueOf(body).substring(0, Math.min(40, String.valueOf(body).length())));
        }
        assertThat(count("select count(*) from characters where campaign_id = ?", UUID.fromString(id))).isZero();

        assertProblem(gm.get("/api/campaigns/not-a-uuid"), 400, "VALIDATION_FAILED", "path");
        assertProblem(gm.put(path + "/members/" + UUID.randomUUID(), Map.of("role", "PLAYER")), 404, "NOT_FOUND", "member");
        assertProblem(gm.put(path + "/members/" + gm.userId(), Map.of("role", "OVERLORD")), 400, "VALIDATION_FAILED", "role");
        assertProblem(gm.get(path + "/characters/" + UUID.randomUUID()), 404, "NOT_FOUND", "character");
    }

    @Test
    void badInvitesAreRefused() {
        Browser gm = Tables.person(port, "Strict");
        String id = gm.post("/api/campaigns", Map.of("name", "Invites", "rulesetId", "actlite")).json().get("id").asString();
        String path = "/api/campaigns/" + id + "/invites";
        for (Object body : List.of(object("role", "KING"), object(), object("role", "PLAYER", "maxUses", 0),
                object("role", "PLAYER", "maxUses", "many"), object("role", "PLAYER", "expiresAt", "tomorrow"),
                object("role", "PLAYER", "expiresAt", Instant.now().minusSeconds(60).toString()),
                object("role", "PLAYER", "code", "my-own-code-please"))) {
            assertProblem(gm.post(path, body), 400, "VALIDATION_FAILED", String.valueOf(body));
        }
        assertThat(gm.get(path).json().size()).isZero();
        assertProblem(gm.delete(path + "/no-such-invite-code-here"), 404, "NOT_FOUND", "revoke unknown");
    }

    @Test
    void expiredRevokedAndUsedUpInvitesAreRefusedWithTheirReasonAndJoinNobody() {
        Browser gm = Tables.person(port, "Keeper");
        String id = gm.post("/api/campaigns", Map.of("name", "Guarded", "rulesetId", "actlite")).json().get("id").asString();
        String path = "/api/campaigns/" + id + "/invites";

        String expiring = gm.post(path, Map.of("role", "PLAYER", "expiresAt", Instant.now().plusSeconds(3600).toString()))
                .json().get("code").asString();
        jdbc.sql("update campaign_invites set expires_at = ? where code = ?")
                .params(java.sql.Timestamp.from(Instant.now().minus(1, ChronoUnit.MINUTES)), expiring).update();
        String revoked = gm.post(path, Map.of("role", "PLAYER")).json().get("code").asString();
        assertThat(gm.delete(path + "/" + revoked).status()).isEqualTo(204);
        String single = gm.post(path, Map.of("role", "SPECTATOR", "maxUses", 1)).json().get("code").asString();
        Browser first = Tables.person(port, "First");
        assertThat(first.post("/api/invites/" + single + "/accept", null).status()).isEqualTo(200);

        Browser late = Tables.person(port, "Late");
        Map<String, String> reasons = Map.of(expiring, "expired", revoked, "revoked", single, "used up");
        reasons.forEach((code, reason) -> {
            Response lookup = new Browser(port).get("/api/invites/" + code);
            assertThat(lookup.status()).isEqualTo(200);
            assertThat(lookup.json().get("valid").asBoolean()).isFalse();
            assertThat(lookup.json().get("reason").asString()).isEqualTo(reason);
            Response accept = late.post("/api/invites/" + code + "/accept", null);
            assertProblem(accept, 410, "INVITE_INVALID", reason);
            assertThat(accept.json().get("detail").asString()).contains(reason);
        });
        assertThat(late.get("/api/campaigns/" + id).status()).isEqualTo(404);
        assertThat(count("select count(*) from campaign_members where campaign_id = ?", UUID.fromString(id))).isEqualTo(2);
        assertThat(jdbc.sql("select uses from campaign_invites where code = ?").param(single).query(Integer.class).single()).isEqualTo(1);

        assertProblem(new Browser(port).get("/api/invites/" + "A".repeat(43)), 404, "INVITE_INVALID", "unknown lookup");
        assertProblem(late.post("/api/invites/" + "A".repeat(43) + "/accept", null), 404, "INVITE_INVALID", "unknown accept");
        assertProblem(late.post("/api/invites/%27%20OR%20%271%27=%271/accept", null), 404, "INVITE_INVALID", "injection");
    }

    @Test
    void badImportsAreRefusedAndCreateNothing() {
        Browser importer = Tables.person(port, "Importer");
        Map<String, Object> good = Map.of("name", "Imported", "description", "", "rulesetId", "actlite", "archived", false);
        List<Object> bodies = List.of(
                object("format", "something-else", "formatVersion", 1, "campaign", good),
                object("format", "astragal-campaign", "formatVersion", 2, "campaign", good),
                object("format", "astragal-campaign", "formatVersion", 1),
                object("format", "astragal-campaign", "formatVersion", 1,
                        "campaign", Map.of("name", "Imported", "rulesetId", "dnd5e")),
                object("format", "astragal-campaign", "formatVersion", 1, "campaign", good,
                        "characters", List.of(Map.of("name", "", "npc", true, "sheet", Map.of()))),
                object("format", "astragal-campaign", "formatVersion", 1, "campaign", good,
                        "characters", List.of(Map.of("name", "Ok", "npc", true, "sheet", Map.of(), "owner", "me"))),
                object("format", "astragal-campaign", "formatVersion", 1, "campaign", good, "secret", true),
                object("format", "astragal-campaign", "formatVersion", 1, "campaign", good,
                        "events", List.of(Map.of("type", "Chat"))));
        for (Object body : bodies) {
            assertProblem(importer.post("/api/campaigns/import", body), 400, "VALIDATION_FAILED", String.valueOf(body));
        }
        assertThat(campaignsOwnedBy(importer)).isZero();
    }
}
