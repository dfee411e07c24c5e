package io.astragal.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import com.microsoft.playwright.options.SelectOption;
import io.astragal.support.Browser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue #8, cairn-ap, in a real browser: a Warden and two players set up a campaign, put a PC
 * party and a surprised goblin on their sides, and play a round of grouped AP turns, each in a
 * browser of their own, using only what the screen offers.
 */
class CairnBrowserTest extends BrowserTest {

    private static final String PASSWORD = "a long enough password";
    private static final String ALDA = "Alda the Bold";
    private static final String BRAM = "Bram Ironfoot";
    private static final String GRUB = "Grub the Goblin";

    private static String unique(String name) {
        return name + "-" + UUID.randomUUID().toString().substring(0, 6);
    }

    /** The initiative area of a cairn-ap table (its title carries the round). */
    private static Locator initiative(TablePage table) {
        return table.page().getByRole(AriaRole.REGION, new Page.GetByRoleOptions().setName(Pattern.compile("^Initiative groups")));
    }

    /** A combatant's row in the initiative area. */
    private static Locator row(TablePage table, String name) {
        return initiative(table).getByRole(AriaRole.LISTITEM).filter(new Locator.FilterOptions().setHasText(name));
    }

    /** The AP pips of a combatant: "3 of 4 AP". */
    private static Locator ap(TablePage table, String name, int ap) {
        return row(table, name).getByRole(AriaRole.IMG, new Locator.GetByRoleOptions().setName(ap + " of 4 AP"));
    }

    /** Whose turn it is, as the initiative area marks it. */
    private static String current(TablePage table) {
        for (String name : List.of(ALDA, BRAM, GRUB)) {
            if ("true".equals(row(table, name).getAttribute("aria-current"))) {
                return name;
            }
        }
        return null;
    }

    /** Clicks an action that needs nothing more and waits until it is in this page's log. */
    private static long act(TablePage table, String label) {
        long before = table.newestSeq();
        assertThat(table.action(label)).isEnabled();
        table.act(label);
        table.logUpTo(before + 1);
        return before + 1;
    }

    @Test
    void aWardenAndTwoPlayersPlayARoundOfGroupedApTurns() {
        Person gm = person("gm");
        gm.signUp(unique("gemma"), "Gemma", PASSWORD);
        String campaign = gm.createCampaign("The Sunken Vault", "Cairn");
        String invite = gm.createInvite("Player");

        Person alda = person("player1");
        assertThat(alda.joinSigningUp(invite, unique("alda"), "Alda", PASSWORD)).isEqualTo(campaign);
        alda.createCharacter(ALDA, Map.of("Dexterity (DEX)", "13", "Hit Protection (HP)", "20", "Armor", "1",
                "Weapons", "[{\"name\": \"Sword\", \"die\": \"d8\"}]"));
        Person bram = person("player2");
        bram.signUp(unique("bram"), "Bram", PASSWORD);
        assertThat(bram.joinSignedIn(invite)).isEqualTo(campaign);
        bram.createCharacter(BRAM, Map.of("Hit Protection (HP)", "20", "Armor", "1"));

        // The Warden's goblin, with numbers no PC has: WIL 18, HP 23.
        gm.openCampaign(campaign);
        gm.campaignTab("Characters");
        gm.button("New NPC").click();
        Locator npc = gm.page().getByRole(AriaRole.FORM, new Page.GetByRoleOptions().setName("New NPC"));
        npc.getByLabel("Name", new Locator.GetByLabelOptions().setExact(true)).fill(GRUB);
        Map.of("Willpower (WIL)", "18", "Dexterity (DEX)", "19", "Hit Protection (HP)", "23", "Armor", "3",
                "Weapons", "[{\"name\": \"Spear\", \"die\": \"d6\"}]")
                .forEach((label, value) -> npc.getByLabel(label, new Locator.GetByLabelOptions().setExact(true)).fill(value));
        npc.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Create NPC")).click();
        assertThat(gm.heading(GRUB)).isVisible();

        TablePage gmTable = gm.openTable();
        alda.openCampaign(campaign);
        TablePage aldaTable = alda.openTable();
        bram.openCampaign(campaign);
        TablePage bramTable = bram.openTable();

        // Step one: the Warden puts the characters at the table, picked from the roster.
        Locator place = gmTable.open("Place characters at the table");
        for (String entry : List.of(ALDA + " (Alda)", BRAM + " (Bram)", GRUB)) {
            place.getByLabel(entry, new Locator.GetByLabelOptions().setExact(true)).check();
        }
        TablePage.send(place);
        for (TablePage t : List.of(gmTable, aldaTable, bramTable)) {
            assertThat(t.section("Combatants").getByText(GRUB)).isVisible();
        }

        // Step two: each on a side, the goblin surprised.
        Locator start = gmTable.open("Start the fight (everyone rolls 1d20 + WIL)");
        Locator sides = start.getByRole(AriaRole.GROUP, new Locator.GetByRoleOptions().setName("Sides"));
        sides.getByLabel(ALDA).selectOption("Party");
        sides.getByLabel(BRAM).selectOption("Party");
        sides.getByLabel(GRUB).selectOption("Foes");
        start.getByRole(AriaRole.GROUP, new Locator.GetByRoleOptions().setName(Pattern.compile("^Surprised")))
                .getByLabel(GRUB).check();
        gm.screenshot("start-the-fight");
        TablePage.send(start);
        for (TablePage t : List.of(gmTable, aldaTable, bramTable)) {
            assertThat(initiative(t)).containsText("Round 1");
            // "Surprised Creatures have only 2 AP until their first turn ends."
            assertThat(ap(t, GRUB, 2)).isVisible();
            assertThat(ap(t, ALDA, 4)).isVisible();
        }
        // A player sees the goblin's health as a word, never its 23 HP, nor its initiative score.
        assertThat(aldaTable.section("Combatants").getByRole(AriaRole.LISTITEM).filter(new Locator.FilterOptions().setHasText(GRUB)))
                .not().containsText("23");
        assertThat(row(aldaTable, GRUB)).containsText("–");
        assertThat(gmTable.section("Combatants").getByRole(AriaRole.LISTITEM).filter(new Locator.FilterOptions().setHasText(GRUB)))
                .containsText("23/23");

        Map<String, TablePage> controller = Map.of(ALDA, aldaTable, BRAM, bramTable, GRUB, gmTable);
        Map<String, String> opponent = Map.of(ALDA, GRUB, BRAM, GRUB, GRUB, ALDA);
        Map<String, String> weapon = Map.of(ALDA, "Sword (d8)", BRAM, "Unarmed (d4)", GRUB, "Spear (d6)");
        List<String> turns = new ArrayList<>();
        boolean refusedOutOfTurn = false;
        while (!initiative(gmTable).textContent().contains("Round 2")) {
            String who = current(gmTable);
            assertThat(who).as("someone's turn").isNotNull();
            turns.add(who);
            TablePage mine = controller.get(who);
            int ap = who.equals(GRUB) ? 2 : 4;

            if (!refusedOutOfTurn && !who.equals(GRUB)) {
                // The other player's buttons are disabled and say why; the server refuses if sent anyway.
                TablePage waiting = mine == aldaTable ? bramTable : aldaTable;
                String waitingHero = mine == aldaTable ? BRAM : ALDA;
                Locator notNow = waiting.action(waitingHero + ": move up to");
                assertThat(notNow).isDisabled();
                assertThat(notNow).hasAttribute("title", "It is " + who + "'s turn, not " + waitingHero + "'s.");
                String heroId = characterId(waiting, waitingHero);
                JsonNode refusal = Browser.JSON.readTree(waiting.sendRaw(campaign, "cairn-ap.move",
                        "{\"combatantId\":\"" + heroId + "\"}"));
                assertThat(refusal.get("code").asString()).isEqualTo("OUT_OF_TURN");
                refusedOutOfTurn = true;
            }

            act(mine, who + ": move up to");
            assertThat(ap(mine, who, ap - 1)).isVisible();
            Locator attack = mine.open(who + ": attack with " + weapon.get(who));
            attack.getByLabel("Target", new Locator.GetByLabelOptions().setExact(true))
                    .selectOption(new SelectOption().setLabel(opponent.get(who)));
            long before = mine.newestSeq();
            TablePage.send(attack);
            assertThat(mine.logUpTo(before + 1).getLast()).contains(who + " attacks with " + weapon.get(who).split(" ")[0]);
            assertThat(ap(mine, who, ap - 2)).isVisible();

            if (who.equals(ALDA)) {
                // "parry the next attack against me, and attack back immediately (2 Held Action)": both paid now.
                Locator hold = mine.open(who + ": hold an action");
                hold.getByLabel("Action and its condition", new Locator.GetByLabelOptions().setExact(true))
                        .fill("parry the next blow and strike back");
                hold.getByLabel("Actions held", new Locator.GetByLabelOptions().setExact(true)).fill("2");
                long held = mine.newestSeq();
                TablePage.send(hold);
                assertThat(mine.logUpTo(held + 1).getLast())
                        .contains(ALDA + " holds 2 actions: parry the next blow and strike back (2 AP, 0 left)");
                assertThat(bramTable.section("Combatants").getByText("holding 2 actions")).isVisible();
                alda.screenshot("two-actions-held");
            }
            if (who.equals(GRUB)) {
                // AP it does not have: the button says so, and the server refuses with its code.
                Locator move = gmTable.action(GRUB + ": move up to");
                assertThat(move).isDisabled();
                assertThat(move).hasAttribute("title", "Needs 1 AP, " + GRUB + " has 0.");
                long seq = gmTable.newestSeq();
                JsonNode refusal = Browser.JSON.readTree(gmTable.sendRaw(campaign, "cairn-ap.move",
                        "{\"combatantId\":\"" + characterId(gmTable, GRUB) + "\"}"));
                assertThat(refusal.get("code").asString()).isEqualTo("NOT_ENOUGH_AP");
                assertThat(gmTable.newestSeq()).isEqualTo(seq);
                gm.screenshot("table-goblin-out-of-ap");
            }
            act(mine, who + ": end turn (regain AP)");
            // "Each Creature regains its maximum AP at their end of turn."
            assertThat(ap(gmTable, who, 4)).isVisible();
        }
        assertThat(turns).containsExactlyInAnyOrder(ALDA, BRAM, GRUB);
        assertThat(turns.indexOf(GRUB)).as("the sides alternate: the goblin's turn is not last of three").isLessThan(2);
        assertThat(refusedOutOfTurn).isTrue();

        // Everyone reads the same log, the goblin's numbers left out of it.
        long last = gmTable.newestSeq();
        List<String> log = gmTable.logUpTo(last);
        assertThat(aldaTable.logUpTo(last)).isEqualTo(log);
        assertThat(bramTable.logUpTo(last)).isEqualTo(log);
        assertThat(String.join("\n", log)).doesNotContain("+18").doesNotContain("HP 23").doesNotContainPattern(GRUB + " \\(Foes\\) \\d");

        // "The Warden can disclose the DC if appropriate": a DC the Warden keeps is in the Warden's log only.
        Locator save = gmTable.open("Roll a save for a combatant");
        save.getByLabel("Who saves", new Locator.GetByLabelOptions().setExact(true)).selectOption(new SelectOption().setLabel(ALDA));
        save.getByLabel("DC", new Locator.GetByLabelOptions().setExact(true)).fill("17");
        save.getByLabel("Against what", new Locator.GetByLabelOptions().setExact(true)).fill("the falling portcullis");
        save.getByLabel("Keep the DC from the players", new Locator.GetByLabelOptions().setExact(true)).check();
        TablePage.send(save);
        assertThat(gmTable.logUpTo(last + 1).getLast()).contains("the falling portcullis").contains("vs DC 17");
        for (TablePage player : List.of(aldaTable, bramTable)) {
            assertThat(player.logUpTo(last + 1).getLast()).contains("the falling portcullis")
                    .contains("vs a DC the Warden keeps").doesNotContain("DC 17");
        }
        gm.screenshot("table");
        alda.screenshot("table");
        bram.screenshot("table");
        for (Person p : List.of(gm, alda, bram)) {
            assertThat(p.pageErrors()).as(p.role() + "'s page threw").isEmpty();
        }
    }

    /** A combatant's id, read from the page's own view of the table (the client keeps it in its store). */
    private static String characterId(TablePage table, String name) {
        Object id = table.page().evaluate("""
                async (name) => {
                  const r = await fetch(location.pathname.replace(/\\/table$/, '').replace('/campaigns/', '/api/campaigns/') + '/characters',
                      {headers: {Accept: 'application/json'}});
                  const body = await r.json();
                  const list = Array.isArray(body) ? body : (body.items ?? body.content ?? []);
                  return (list.find((c) => c.name === name) ?? {}).id ?? null;
                }
                """, name);
        assertThat(id).as("the id of " + name).isNotNull();
        return (String) id;
    }
}
