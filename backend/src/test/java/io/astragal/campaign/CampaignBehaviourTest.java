package io.astragal.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.rules.CharacterCard;
import io.astragal.rules.Role;
import io.astragal.support.Browser;
import io.astragal.support.Browser.Response;
import io.astragal.support.IntegrationTest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.event.ApplicationEvents;
import org.springframework.test.context.event.RecordApplicationEvents;
import tools.jackson.databind.JsonNode;

@IntegrationTest
@RecordApplicationEvents
class CampaignBehaviourTest {

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Autowired
    CampaignDirectory directory;

    @Autowired
    CampaignService campaigns;

    @Autowired
    ApplicationEvents events;

    private String create(Browser gm, String name, String rulesetId) {
        Response created = gm.post("/api/campaigns", Map.of("name", name, "description", "About " + name, "rulesetId", rulesetId));
        assertThat(created.status()).isEqualTo(201);
        return created.json().get("id").asString();
    }

    @Test
    void aGmCreatesACampaignAndSeesItWithTheirRole() {
        Browser gm = Tables.person(port, "Greta");
        Response created = gm.post("/api/campaigns", Map.of("name", "The Iron Coast", "description", "Salt and steel", "rulesetId", "actlite"));
        assertThat(created.status()).isEqualTo(201);
        JsonNode c = created.json();
        assertThat(c.get("name").asString()).isEqualTo("The Iron Coast");
        assertThat(c.get("myRole").asString()).isEqualTo("GM");
        assertThat(c.get("owner").asBoolean()).isTrue();
        assertThat(c.get("ownerDisplayName").asString()).isEqualTo("Greta");
        assertThat(c.get("memberCount").asInt()).isEqualTo(1);
        assertThat(c.get("archived").asBoolean()).isFalse();
        assertThat(c.has("createdAt") && c.has("version")).isTrue();
    }

    @Test
    void theCampaignListIsPagedNewestFirstAndArchivedCampaignsAreListedApart() {
        Browser gm = Tables.person(port, "Pager");
        for (int i = 0; i < 5; i++) {
            create(gm, "Paged " + i, "actlite");
        }
        Response first = gm.get("/api/campaigns?page=0&size=2");
        assertThat(first.json().get("totalItems").asInt()).isEqualTo(5);
        assertThat(first.json().get("totalPages").asInt()).isEqualTo(3);
        assertThat(first.json().get("size").asInt()).isEqualTo(2);
        assertThat(first.json().get("items").get(0).get("name").asString()).isEqualTo("Paged 4");
        Response last = gm.get("/api/campaigns?page=2&size=2");
        assertThat(last.json().get("items").size()).isEqualTo(1);
        assertThat(last.json().get("items").get(0).get("name").asString()).isEqualTo("Paged 0");

        String archivedId = first.json().get("items").get(0).get("id").asString();
        assertThat(gm.patch("/api/campaigns/" + archivedId, Map.of("archived", true)).json().get("archived").asBoolean()).isTrue();
        assertThat(gm.get("/api/campaigns").json().get("totalItems").asInt()).isEqualTo(4);
        Response archived = gm.get("/api/campaigns?archived=true");
        assertThat(archived.json().get("totalItems").asInt()).isEqualTo(1);
        assertThat(archived.json().get("items").get(0).get("id").asString()).isEqualTo(archivedId);

        assertThat(gm.get("/api/campaigns?size=0").status()).isEqualTo(400);
        assertThat(gm.get("/api/campaigns?size=101").status()).isEqualTo(400);
        assertThat(gm.get("/api/campaigns?page=-1").status()).isEqualTo(400);
    }

    @Test
    void anInviteJoinsWithItsRoleOnceAndIsCountedOnlyForNewMembers() {
        Browser gm = Tables.person(port, "Inviter");
        String id = create(gm, "Invited", "bloodied-d20");
        Response invite = gm.post("/api/campaigns/" + id + "/invites", Map.of("role", "PLAYER", "maxUses", 2));
        String code = invite.json().get("code").asString();
        assertThat(code).matches("[A-Za-z0-9_-]{43}");

        Response lookup = new Browser(port).get("/api/invites/" + code);
        assertThat(lookup.status()).isEqualTo(200);
        assertThat(lookup.json().get("campaignName").asString()).isEqualTo("Invited");
        assertThat(lookup.json().get("valid").asBoolean()).isTrue();
        assertThat(lookup.json().has("reason")).isFalse();

        Browser player = Tables.person(port, "Joiner");
        Response joined = player.post("/api/invites/" + code + "/accept", null);
        assertThat(joined.status()).isEqualTo(200);
        assertThat(joined.json().get("role").asString()).isEqualTo("PLAYER");
        assertThat(joined.json().get("campaignId").asString()).isEqualTo(id);
        Response again = player.post("/api/invites/" + code + "/accept", null);
        assertThat(again.status()).isEqualTo(200);
        Response ownerAccepts = gm.post("/api/invites/" + code + "/accept", null);
        assertThat(ownerAccepts.json().get("role").asString()).isEqualTo("GM");
        assertThat(gm.get("/api/campaigns/" + id + "/invites").json().get(0).get("uses").asInt()).isEqualTo(1);

        Response members = gm.get("/api/campaigns/" + id + "/members");
        assertThat(members.json().size()).isEqualTo(2);
        assertThat(members.body()).contains("Joiner").contains("Inviter");
    }

    @Test
    void rolesChangeAndMembersLeave() {
        Browser gm = Tables.person(port, "Changer");
        Browser player = Tables.person(port, "Changed");
        String id = create(gm, "Roles", "symbaroum");
        Tables.invite(gm, id, player, "PLAYER");
        Response changed = gm.put("/api/campaigns/" + id + "/members/" + player.userId(), Map.of("role", "SPECTATOR"));
        assertThat(changed.status()).isEqualTo(200);
        assertThat(changed.json().get("role").asString()).isEqualTo("SPECTATOR");
        assertThat(directory.roleOf(UUID.fromString(id), player.userId())).contains(Role.SPECTATOR);
        assertThat(player.delete("/api/campaigns/" + id + "/members/" + player.userId()).status()).isEqualTo(204);
        assertThat(player.get("/api/campaigns/" + id).status()).isEqualTo(404);
        assertThat(directory.roleOf(UUID.fromString(id), player.userId())).isEmpty();
    }

    @Test
    void aStaleCharacterEditIsAConflictAndLosesNothing() {
        Browser gm = Tables.person(port, "Locker");
        String id = create(gm, "Locks", "actlite");
        Response created = gm.post("/api/campaigns/" + id + "/characters", Map.of("name", "Orc", "npc", true, "sheet", Map.of("healthMax", 7)));
        String path = "/api/campaigns/" + id + "/characters/" + created.json().get("id").asString();
        long version = created.json().get("version").asLong();

        Response first = gm.put(path, Map.of("name", "Orc chief", "sheet", Map.of("healthMax", 9), "version", version));
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.json().get("version").asLong()).isGreaterThan(version);

        Response stale = gm.put(path, Map.of("name", "Orc grunt", "sheet", Map.of("healthMax", 3), "version", version));
        assertThat(stale.status()).isEqualTo(409);
        assertThat(stale.code()).isEqualTo("STALE_VERSION");
        Response now = gm.get(path);
        assertThat(now.json().get("name").asString()).isEqualTo("Orc chief");
        assertThat(now.json().get("sheet").get("healthMax").asInt()).isEqualTo(9);
    }

    @Test
    void theDirectoryGivesTheTableRolesCharactersAndMembers() {
        Browser gm = Tables.person(port, "Director");
        Browser coGm = Tables.person(port, "Assistant");
        Browser player = Tables.person(port, "Actor");
        String id = create(gm, "Directory", "actlite");
        Tables.invite(gm, id, coGm, "GM");
        Tables.invite(gm, id, player, "PLAYER");
        Response pc = player.post("/api/campaigns/" + id + "/characters", Map.of("name", "Hero", "npc", false, "sheet", Map.of("STR", 3)));
        UUID campaignId = UUID.fromString(id);

        assertThat(directory.roleOf(campaignId, gm.userId())).contains(Role.GM);
        assertThat(directory.roleOf(campaignId, coGm.userId())).contains(Role.GM);
        assertThat(directory.roleOf(campaignId, player.userId())).contains(Role.PLAYER);
        assertThat(directory.roleOf(UUID.randomUUID(), gm.userId())).isEmpty();
        assertThat(directory.rulesetIdOf(campaignId)).contains("actlite");
        Map<String, CharacterCard> cards = directory.charactersOf(campaignId);
        CharacterCard hero = cards.get(pc.json().get("id").asString());
        assertThat(hero.name()).isEqualTo("Hero");
        assertThat(hero.ownerUserId()).isEqualTo(player.userId().toString());
        assertThat(hero.npc()).isFalse();
        assertThat(hero.sheet()).containsEntry("STR", 3);
        assertThat(directory.membersOf(campaignId)).containsExactly(
                new MemberSummary(gm.userId(), "Director", Role.GM),
                new MemberSummary(coGm.userId(), "Assistant", Role.GM),
                new MemberSummary(player.userId(), "Actor", Role.PLAYER));
    }

    @Test
    void deletingACampaignRemovesEverythingAndTellsTheTable() {
        Browser gm = Tables.person(port, "Deleter");
        String id = create(gm, "Doomed", "actlite");
        gm.post("/api/campaigns/" + id + "/characters", Map.of("name", "Gone", "npc", true, "sheet", Map.of()));
        gm.post("/api/campaigns/" + id + "/invites", Map.of("role", "PLAYER"));
        campaigns.delete(UUID.fromString(id), gm.userId());
        assertThat(events.stream(CampaignDeleted.class)).containsExactly(new CampaignDeleted(UUID.fromString(id)));
        assertThat(gm.get("/api/campaigns/" + id).status()).isEqualTo(404);
        for (String table : List.of("campaign_members", "campaign_invites", "characters")) {
            assertThat(jdbc.sql("select count(*) from " + table + " where campaign_id = ?").param(UUID.fromString(id))
                    .query(Integer.class).single()).as(table).isZero();
        }
    }

    @Test
    void anExportImportsBackAsANewCampaignOwnedByTheImporter() {
        Browser gm = Tables.person(port, "Exporter");
        Browser player = Tables.person(port, "Exported player");
        String id = create(gm, "Round trip", "symbaroum");
        Tables.invite(gm, id, player, "PLAYER");
        player.post("/api/campaigns/" + id + "/characters", Map.of("name", "Ylva", "npc", false,
                "sheet", Map.of("skills", List.of("quote \" and <b>", "b"), "STR", 1)));
        gm.post("/api/campaigns/" + id + "/characters", Map.of("name", "Lindworm", "npc", true, "sheet", Map.of("critMax", 4)));

        Response export = gm.get("/api/campaigns/" + id + "/export");
        assertThat(export.status()).isEqualTo(200);
        JsonNode document = export.json();
        assertThat(document.get("format").asString()).isEqualTo("astragal-campaign");
        assertThat(document.get("formatVersion").asInt()).isEqualTo(1);
        assertThat(document.get("members").size()).isEqualTo(2);
        assertThat(document.get("events").size()).isZero();

        Browser importer = Tables.person(port, "Importer");
        Response imported = importer.post("/api/campaigns/import", document);
        assertThat(imported.status()).as(imported.body()).isEqualTo(201);
        String newId = imported.json().get("id").asString();
        assertThat(newId).isNotEqualTo(id);
        assertThat(imported.json().get("owner").asBoolean()).isTrue();
        assertThat(imported.json().get("memberCount").asInt()).isEqualTo(1);

        JsonNode again = importer.get("/api/campaigns/" + newId + "/export").json();
        assertThat(again.get("campaign")).isEqualTo(document.get("campaign"));
        assertThat(again.get("characters").size()).isEqualTo(2);
        for (int i = 0; i < 2; i++) {
            JsonNode before = document.get("characters").get(i);
            JsonNode after = again.get("characters").get(i);
            assertThat(after.get("name")).isEqualTo(before.get("name"));
            assertThat(after.get("npc")).isEqualTo(before.get("npc"));
            assertThat(after.get("sheet")).isEqualTo(before.get("sheet"));
            assertThat(after.get("ownerDisplayName").asString()).isEqualTo("Importer");
        }
        assertThat(gm.get("/api/campaigns/" + newId).status()).isEqualTo(404);
    }
}
