package io.astragal.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.Browser;
import io.astragal.support.Browser.Response;
import java.util.EnumMap;
import java.util.Map;
import java.util.UUID;

/** Campaigns with one person in each role, built through the API as people would. */
final class Tables {

    static final String PASSWORD = "a long enough password";

    enum Who { OWNER, CO_GM, PLAYER, SPECTATOR, NON_MEMBER, ANONYMOUS }

    /** A campaign with its people, a player character, an NPC and names that must never leak. */
    record World(String id, Map<Who, Browser> people, Map<Who, UUID> ids, String name, String description,
                 String pcId, String pcName, String npcId, String npcName) {

        Browser as(Who who) {
            return people.get(who);
        }

        String path(String rest) {
            return "/api/campaigns/" + id + rest;
        }
    }

    private Tables() {
    }

    static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static Browser person(int port, String name) {
        return Browser.signedUp(port, unique(name.toLowerCase().replaceAll("[^a-z0-9]", "")), name, PASSWORD);
    }

    /** Joins {@code who} to the campaign through an invite the owner makes with {@code role}. */
    static void invite(Browser owner, String campaignId, Browser who, String role) {
        Response invite = owner.post("/api/campaigns/" + campaignId + "/invites", Map.of("role", role));
        assertThat(invite.status()).as(invite.toString()).isEqualTo(201);
        Response accepted = who.post("/api/invites/" + invite.json().get("code").asString() + "/accept", null);
        assertThat(accepted.status()).as(accepted.toString()).isEqualTo(200);
    }

    static World world(int port, Map<Who, Browser> people, String tag) {
        Browser owner = people.get(Who.OWNER);
        String name = "Secret campaign " + unique(tag);
        String description = "Hidden description " + unique(tag);
        Response created = owner.post("/api/campaigns", Map.of("name", name, "description", description, "rulesetId", "cairn-ap"));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        String id = created.json().get("id").asString();
        invite(owner, id, people.get(Who.CO_GM), "GM");
        invite(owner, id, people.get(Who.PLAYER), "PLAYER");
        invite(owner, id, people.get(Who.SPECTATOR), "SPECTATOR");
        String pcName = "Secret PC " + unique(tag);
        Response pc = people.get(Who.PLAYER).post("/api/campaigns/" + id + "/characters",
                Map.of("name", pcName, "npc", false, "sheet", Map.of("notes", "pc notes " + tag)));
        assertThat(pc.status()).as(pc.toString()).isEqualTo(201);
        String npcName = "Secret NPC " + unique(tag);
        Response npc = owner.post("/api/campaigns/" + id + "/characters",
                Map.of("name", npcName, "npc", true, "sheet", Map.of("notes", "npc notes " + tag)));
        assertThat(npc.status()).as(npc.toString()).isEqualTo(201);
        Map<Who, UUID> ids = new EnumMap<>(Who.class);
        people.forEach((who, browser) -> {
            if (browser.userId() != null) {
                ids.put(who, browser.userId());
            }
        });
        return new World(id, people, ids, name, description, pc.json().get("id").asString(), pcName,
                npc.json().get("id").asString(), npcName);
    }
}
