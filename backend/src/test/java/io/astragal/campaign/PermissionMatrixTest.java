package io.astragal.campaign;

import static io.astragal.campaign.Tables.Who.ANONYMOUS;
import static io.astragal.campaign.Tables.Who.CO_GM;
import static io.astragal.campaign.Tables.Who.NON_MEMBER;
import static io.astragal.campaign.Tables.Who.OWNER;
import static io.astragal.campaign.Tables.Who.PLAYER;
import static io.astragal.campaign.Tables.Who.SPECTATOR;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.campaign.Tables.Who;
import io.astragal.campaign.Tables.World;
import io.astragal.support.Browser;
import io.astragal.support.Browser.Response;
import io.astragal.support.IntegrationTest;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiFunction;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Two campaigns × {owner, co-GM, player, spectator, non-member, anonymous} × every endpoint: exactly
 * the expected status, and a refused call never shows a campaign's or character's name.
 * The same five people hold different roles in the two campaigns, so a role in one grants nothing in the other.
 */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PermissionMatrixTest {

    @LocalServerPort
    int port;

    private final Map<Who, Browser> inA = new EnumMap<>(Who.class);
    private final Map<Who, Browser> inB = new EnumMap<>(Who.class);
    private World a;
    private World b;

    /** One request, made up when it is about to be sent (destructive cases build what they destroy first). */
    record Call(String method, String path, Object body) {
    }

    /** Expected statuses for OWNER, CO_GM, PLAYER, SPECTATOR, NON_MEMBER, ANONYMOUS; fresh: run each call on a new campaign. */
    record Case(String name, int[] expected, boolean fresh, BiFunction<World, Who, Call> call) {
    }

    private static int[] expect(int owner, int coGm, int player, int spectator, int nonMember, int anonymous) {
        return new int[] {owner, coGm, player, spectator, nonMember, anonymous};
    }

    @BeforeAll
    void people() {
        List<Browser> five = new ArrayList<>();
        for (String name : List.of("Ulla", "Vito", "Wren", "Xan", "Yorick")) {
            five.add(Tables.person(port, name));
        }
        inA.put(OWNER, five.get(0));
        inA.put(CO_GM, five.get(1));
        inA.put(PLAYER, five.get(2));
        inA.put(SPECTATOR, five.get(3));
        inA.put(NON_MEMBER, five.get(4));
        inA.put(ANONYMOUS, new Browser(port));
        inB.put(OWNER, five.get(4));
        inB.put(CO_GM, five.get(2));
        inB.put(PLAYER, five.get(3));
        inB.put(SPECTATOR, five.get(0));
        inB.put(NON_MEMBER, five.get(1));
        inB.put(ANONYMOUS, new Browser(port));
        a = Tables.world(port, inA, "A");
        b = Tables.world(port, inB, "B");
    }

    private List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("read campaign", expect(200, 200, 200, 200, 404, 401), false,
                (w, who) -> new Call("GET", w.path(""), null)));
        cases.add(new Case("edit campaign", expect(200, 200, 403, 403, 404, 401), false,
                (w, who) -> new Call("PATCH", w.path(""), Map.of("description", w.description()))));
        cases.add(new Case("archive campaign", expect(200, 200, 403, 403, 404, 401), true,
                (w, who) -> new Call("PATCH", w.path(""), Map.of("archived", true))));
        cases.add(new Case("delete campaign", expect(204, 403, 403, 403, 404, 401), true,
                (w, who) -> new Call("DELETE", w.path(""), null)));
        cases.add(new Case("list members", expect(200, 200, 200, 200, 404, 401), false,
                (w, who) -> new Call("GET", w.path("/members"), null)));
        cases.add(new Case("set a spectator's role", expect(200, 200, 403, 403, 404, 401), false,
                (w, who) -> new Call("PUT", w.path("/members/" + w.ids().get(SPECTATOR)), Map.of("role", "SPECTATOR"))));
        cases.add(new Case("make a player GM", expect(200, 403, 403, 403, 404, 401), true,
                (w, who) -> new Call("PUT", w.path("/members/" + w.ids().get(PLAYER)), Map.of("role", "GM"))));
        cases.add(new Case("demote the co-GM", expect(200, 403, 403, 403, 404, 401), true,
                (w, who) -> new Call("PUT", w.path("/members/" + w.ids().get(CO_GM)), Map.of("role", "PLAYER"))));
        cases.add(new Case("change the owner's role", expect(409, 409, 403, 403, 404, 401), false,
                (w, who) -> new Call("PUT", w.path("/members/" + w.ids().get(OWNER)), Map.of("role", "PLAYER"))));
        cases.add(new Case("remove the spectator (or leave, for the spectator)", expect(204, 204, 403, 204, 404, 401), true,
                (w, who) -> new Call("DELETE", w.path("/members/" + w.ids().get(SPECTATOR)), null)));
        cases.add(new Case("remove the co-GM (or leave, for the co-GM)", expect(204, 204, 403, 403, 404, 401), true,
                (w, who) -> new Call("DELETE", w.path("/members/" + w.ids().get(CO_GM)), null)));
        cases.add(new Case("remove the owner", expect(409, 409, 403, 403, 404, 401), false,
                (w, who) -> new Call("DELETE", w.path("/members/" + w.ids().get(OWNER)), null)));
        cases.add(new Case("leave", expect(409, 204, 204, 204, 404, 401), true,
                (w, who) -> new Call("DELETE", w.path("/members/" + w.ids().getOrDefault(who, UUID.randomUUID())), null)));
        cases.add(new Case("list invites", expect(200, 200, 403, 403, 404, 401), false,
                (w, who) -> new Call("GET", w.path("/invites"), null)));
        cases.add(new Case("create a player invite", expect(201, 201, 403, 403, 404, 401), false,
                (w, who) -> new Call("POST", w.path("/invites"), Map.of("role", "PLAYER", "maxUses", 3))));
        cases.add(new Case("create a GM invite", expect(201, 403, 403, 403, 404, 401), false,
                (w, who) -> new Call("POST", w.path("/invites"), Map.of("role", "GM"))));
        cases.add(new Case("revoke an invite", expect(204, 204, 403, 403, 404, 401), false,
                (w, who) -> new Call("DELETE", w.path("/invites/" + newInvite(w)), null)));
        cases.add(new Case("list characters", expect(200, 200, 200, 200, 404, 401), false,
                (w, who) -> new Call("GET", w.path("/characters"), null)));
        cases.add(new Case("create a player character", expect(201, 201, 201, 403, 404, 401), false,
                (w, who) -> new Call("POST", w.path("/characters"), Map.of("name", "New PC", "npc", false, "sheet", Map.of()))));
        cases.add(new Case("create an NPC", expect(201, 201, 403, 403, 404, 401), false,
                (w, who) -> new Call("POST", w.path("/characters"), Map.of("name", "New NPC", "npc", true, "sheet", Map.of()))));
        cases.add(new Case("read the player character", expect(200, 200, 200, 200, 404, 401), false,
                (w, who) -> new Call("GET", w.path("/characters/" + w.pcId()), null)));
        cases.add(new Case("read the NPC", expect(200, 200, 200, 200, 404, 401), false,
                (w, who) -> new Call("GET", w.path("/characters/" + w.npcId()), null)));
        cases.add(new Case("edit the player character", expect(200, 200, 200, 403, 404, 401), false,
                (w, who) -> new Call("PUT", w.path("/characters/" + w.pcId()), edit(w, w.pcId(), w.pcName()))));
        cases.add(new Case("edit the NPC", expect(200, 200, 403, 403, 404, 401), false,
                (w, who) -> new Call("PUT", w.path("/characters/" + w.npcId()), edit(w, w.npcId(), w.npcName()))));
        cases.add(new Case("delete a player character", expect(204, 204, 204, 403, 404, 401), false,
                (w, who) -> new Call("DELETE", w.path("/characters/" + newCharacter(w, PLAYER, false)), null)));
        cases.add(new Case("delete an NPC", expect(204, 204, 403, 403, 404, 401), false,
                (w, who) -> new Call("DELETE", w.path("/characters/" + newCharacter(w, OWNER, true)), null)));
        cases.add(new Case("export", expect(200, 200, 403, 403, 404, 401), false,
                (w, who) -> new Call("GET", w.path("/export"), null)));
        cases.add(new Case("list my campaigns", expect(200, 200, 200, 200, 200, 401), false,
                (w, who) -> new Call("GET", "/api/campaigns?page=0&size=5", null)));
        cases.add(new Case("create a campaign", expect(201, 201, 201, 201, 201, 401), false,
                (w, who) -> new Call("POST", "/api/campaigns", Map.of("name", "Mine", "rulesetId", "cairn-ap"))));
        cases.add(new Case("import a campaign", expect(201, 201, 201, 201, 201, 401), false,
                (w, who) -> new Call("POST", "/api/campaigns/import", Map.of("format", "astragal-campaign", "formatVersion", 1,
                        "campaign", Map.of("name", "Imported", "description", "", "rulesetId", "symbaroum", "archived", false),
                        "members", List.of(), "characters", List.of(), "events", List.of()))));
        cases.add(new Case("look up an invite", expect(200, 200, 200, 200, 200, 200), false,
                (w, who) -> new Call("GET", "/api/invites/" + newInvite(w), null)));
        cases.add(new Case("accept an invite", expect(200, 200, 200, 200, 200, 401), true,
                (w, who) -> new Call("POST", "/api/invites/" + newInvite(w) + "/accept", null)));
        cases.add(new Case("list rulesets", expect(200, 200, 200, 200, 200, 401), false,
                (w, who) -> new Call("GET", "/api/rulesets", null)));
        cases.add(new Case("who am I", expect(200, 200, 200, 200, 200, 401), false,
                (w, who) -> new Call("GET", "/api/me", null)));
        return cases;
    }

    private static String newInvite(World w) {
        Response invite = w.as(OWNER).post(w.path("/invites"), Map.of("role", "SPECTATOR"));
        assertThat(invite.status()).isEqualTo(201);
        return invite.json().get("code").asString();
    }

    private static String newCharacter(World w, Who owner, boolean npc) {
        Response created = w.as(owner).post(w.path("/characters"), Map.of("name", "Doomed", "npc", npc, "sheet", Map.of()));
        assertThat(created.status()).isEqualTo(201);
        return created.json().get("id").asString();
    }

    private static Map<String, Object> edit(World w, String characterId, String name) {
        Response current = w.as(OWNER).get(w.path("/characters/" + characterId));
        return Map.of("name", name, "sheet", current.json().get("sheet"), "version", current.json().get("version").asLong());
    }

    @Test
    void everyRoleGetsExactlyWhatItMayHaveOnEveryEndpointOfBothCampaigns() {
        SoftAssertions softly = new SoftAssertions();
        int calls = 0;
        for (World shared : List.of(a, b)) {
            Map<Who, Browser> people = shared == a ? inA : inB;
            for (Case c : cases()) {
                for (Who who : Who.values()) {
                    World world = c.fresh() ? Tables.world(port, people, shared == a ? "A" : "B") : shared;
                    Call call = c.call().apply(world, who);
                    Response response = world.as(who).send(call.method(), call.path(), call.body(), Map.of(), true);
                    int expected = c.expected()[who.ordinal()];
                    String label = (shared == a ? "A" : "B") + " / " + c.name() + " / " + who;
                    softly.assertThat(response.status()).as(label + ": " + response.body()).isEqualTo(expected);
                    if (response.status() >= 400) {
                        softly.assertThat(response.header("Content-Type").orElse("")).as(label).startsWith("application/problem+json");
                        softly.assertThat(response.body()).as(label)
                                .doesNotContain(world.name()).doesNotContain(world.description())
                                .doesNotContain(world.pcName()).doesNotContain(world.npcName())
                                .doesNotContain("pc notes").doesNotContain("npc notes")
                                .doesNotContain("Exception");
                    }
                    calls++;
                }
            }
        }
        softly.assertAll();
        assertThat(calls).isEqualTo(2 * cases().size() * Who.values().length);
    }

    @Test
    void aCampaignIAmNotInLooksExactlyLikeOneThatDoesNotExist() {
        Browser stranger = inA.get(NON_MEMBER);
        String missing = "/api/campaigns/" + UUID.randomUUID();
        for (String rest : List.of("", "/members", "/characters", "/invites", "/export", "/characters/" + a.pcId())) {
            Response real = stranger.get(a.path(rest));
            Response none = stranger.get(missing + rest);
            assertThat(real.status()).isEqualTo(404).isEqualTo(none.status());
            assertThat(real.json().get("detail")).isEqualTo(none.json().get("detail"));
            assertThat(real.code()).isEqualTo(none.code()).isEqualTo("NOT_FOUND");
        }
    }

    @Test
    void myCampaignListShowsOnlyCampaignsIAmIn() {
        Response list = inA.get(NON_MEMBER).get("/api/campaigns?size=100");
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.body()).doesNotContain(a.name()).contains(b.name());
        Response spectatorOfB = inA.get(OWNER).get("/api/campaigns?size=100");
        assertThat(spectatorOfB.body()).contains(a.name()).contains(b.name());
    }

    @Test
    void otherMembersSeeOnlyWhatTheyMay() {
        // PLAYER of A sees the NPC without its sheet; the SPECTATOR sees the PC without private fields.
        Response npcForPlayer = inA.get(PLAYER).get(a.path("/characters/" + a.npcId()));
        assertThat(npcForPlayer.json().get("sheet").size()).isZero();
        Response pcForSpectator = inA.get(SPECTATOR).get(a.path("/characters/" + a.pcId()));
        assertThat(pcForSpectator.json().get("name").asString()).isEqualTo(a.pcName());
        assertThat(pcForSpectator.body()).doesNotContain("pc notes");
        Response pcForOwner = inA.get(PLAYER).get(a.path("/characters/" + a.pcId()));
        assertThat(pcForOwner.body()).contains("pc notes");
        Response npcForCoGm = inA.get(CO_GM).get(a.path("/characters"));
        assertThat(npcForCoGm.body()).contains("npc notes").contains("pc notes");
        Response listForSpectator = inA.get(SPECTATOR).get(a.path("/characters"));
        assertThat(listForSpectator.body()).contains(a.npcName()).doesNotContain("npc notes").doesNotContain("pc notes");
    }
}
