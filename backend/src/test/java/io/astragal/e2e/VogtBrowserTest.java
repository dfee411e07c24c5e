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
 * Issue #7 (vogt) in a real browser: a GM and two players set up a campaign of Bo Vogt's system
 * and play a round of declared-action initiative — everyone declares in secret, the dice are
 * revealed, and each acts in the revealed order — using only what the screen offers.
 */
class VogtBrowserTest extends BrowserTest {

    private static final String PASSWORD = "a long enough password";
    private static final String ALDA = "Alda the Bold";
    private static final String BRAM = "Bram Ironfoot";
    private static final String OGRE = "Ogre";

    private static String unique(String name) {
        return name + "-" + UUID.randomUUID().toString().substring(0, 6);
    }

    /** The initiative area of a vogt table ("Declared initiative", its round in the title). */
    private static Locator initiative(TablePage table) {
        return table.page().getByRole(AriaRole.REGION, new Page.GetByRoleOptions().setName(Pattern.compile("^Declared initiative")));
    }

    /** The list of declarations (while declaring) or the acting order (after the reveal). */
    private static Locator rows(TablePage table, String listName) {
        return initiative(table).getByRole(AriaRole.LIST, new Locator.GetByRoleOptions().setName(listName).setExact(true))
                .getByRole(AriaRole.LISTITEM);
    }

    private static Locator row(TablePage table, String listName, String name) {
        return rows(table, listName).filter(new Locator.FilterOptions().setHasText(name));
    }

    /** The row of the combatant whose turn it is. */
    private static Locator currentTurn(TablePage table) {
        return initiative(table).locator("[aria-current=true]");
    }

    /** Clicks an action that needs nothing more and waits for its entry (with what the rules add by themselves) in this page's log. */
    private static String act(TablePage table, String label) {
        long before = table.newestSeq();
        assertThat(table.action(label)).isEnabled();
        table.act(label);
        return table.logUpTo(before + 1).getLast();
    }

    /** Opens an action with picks, lets {@code fill} pick, sends it, and waits for its event in this page's log. */
    private static String send(TablePage table, String label, java.util.function.Consumer<Locator> fill) {
        long before = table.newestSeq();
        Locator form = table.open(label);
        fill.accept(form);
        TablePage.send(form);
        return table.logUpTo(before + 1).getLast();
    }

    private static void pick(Locator form, String label, String option) {
        form.getByLabel(label, new Locator.GetByLabelOptions().setExact(true)).selectOption(new SelectOption().setLabel(option));
    }

    @Test
    void aGmAndTwoPlayersDeclareInSecretThenActInTheRevealedOrder() {
        Person gm = person("gm");
        gm.signUp(unique("gemma"), "Gemma", PASSWORD);
        String campaign = gm.createCampaign("The Salt Road", "Bo Vogt's Tabletop System");
        String invite = gm.createInvite("Player");

        // Alda signs up on the invite page; Bram signs up first and follows the link signed in.
        Person alda = person("player1");
        assertThat(alda.joinSigningUp(invite, unique("alda"), "Alda", PASSWORD)).isEqualTo(campaign);
        alda.createCharacter(ALDA, Map.of("Strength", "1d8", "Dexterity", "1d6", "HP maximum", "30", "Speed", "6",
                "Weapons", "[{\"name\": \"Moonblade\", \"damage\": \"1d10\", \"type\": \"slash\"}]",
                "Technique dice", "2", "Techniques", "Thornwhip"));
        Person bram = person("player2");
        bram.signUp(unique("bram"), "Bram", PASSWORD);
        assertThat(bram.joinSignedIn(invite)).isEqualTo(campaign);
        bram.createCharacter(BRAM, Map.of("Strength", "1d6", "Dexterity", "1d8", "HP maximum", "30", "AR", "1",
                "Weapons", "[{\"name\": \"Dagger\", \"damage\": \"1d4\", \"type\": \"stab\"}]"));

        // The GM's ogre, with numbers no player may see: HP 40, AR 2.
        gm.openCampaign(campaign);
        gm.campaignTab("Characters");
        gm.button("New NPC").click();
        Locator npc = gm.page().getByRole(AriaRole.FORM, new Page.GetByRoleOptions().setName("New NPC"));
        npc.getByLabel("Name", new Locator.GetByLabelOptions().setExact(true)).fill(OGRE);
        Map.of("Strength", "2d6", "Dexterity", "1d4", "HP maximum", "40", "AR", "2",
                "Weapons", "[{\"name\": \"Gutripper\", \"damage\": \"1d8\", \"type\": \"blunt\"}]")
                .forEach((label, value) -> npc.getByLabel(label, new Locator.GetByLabelOptions().setExact(true)).fill(value));
        npc.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Create NPC")).click();
        assertThat(gm.heading(OGRE)).isVisible();

        TablePage gmTable = gm.openTable();
        alda.openCampaign(campaign);
        TablePage aldaTable = alda.openTable();
        bram.openCampaign(campaign);
        TablePage bramTable = bram.openTable();

        // The GM places the three, one by one from the campaign's roster.
        for (String entry : List.of(ALDA + " (Alda)", BRAM + " (Bram)", OGRE)) {
            send(gmTable, "Place a character", form -> pick(form, "Character", entry));
        }
        for (TablePage t : List.of(gmTable, aldaTable, bramTable)) {
            assertThat(t.section("Combatants").getByText(OGRE)).isVisible();
        }
        // A player sees the ogre's health as a word, the GM its numbers.
        Locator ogreForAlda = aldaTable.section("Combatants").getByRole(AriaRole.LISTITEM).filter(new Locator.FilterOptions().setHasText(OGRE));
        assertThat(ogreForAlda).containsText("full");
        assertThat(ogreForAlda).not().containsText("40");
        assertThat(gmTable.section("Combatants").getByRole(AriaRole.LISTITEM).filter(new Locator.FilterOptions().setHasText(OGRE)))
                .containsText("40/40");

        // Initiative, with those at the table pre-selected.
        Locator start = gmTable.open("Start initiative");
        for (String entry : List.of(ALDA + " (Alda)", BRAM + " (Bram)", OGRE)) {
            assertThat(start.getByLabel(entry, new Locator.GetByLabelOptions().setExact(true))).isChecked();
        }
        long started = gmTable.newestSeq() + 1;
        TablePage.send(start);
        for (TablePage t : List.of(gmTable, aldaTable, bramTable)) {
            t.logUpTo(started);
            assertThat(initiative(t)).containsText("Round 1");
            assertThat(initiative(t)).containsText("3 still to declare");
            assertThat(rows(t, "Declarations")).hasCount(3);
        }
        // Acting is not offered yet: only declaring.
        assertThat(aldaTable.action(ALDA + ": Attack with")).hasCount(0);

        // Alda declares: her page shows her choice; nobody else's shows more than "declared".
        act(aldaTable, ALDA + ": declare Attack with Moonblade (1d10)");
        assertThat(row(aldaTable, "Declarations", ALDA)).containsText("Attack");
        assertThat(row(aldaTable, "Declarations", ALDA)).containsText("1d10");
        assertThat(row(aldaTable, "Declarations", ALDA)).containsText("only you see this");
        for (TablePage other : List.of(bramTable, gmTable)) {
            other.logUpTo(started + 1);
            Locator aldaRow = row(other, "Declarations", ALDA);
            assertThat(aldaRow).containsText("declared");
            assertThat(aldaRow).not().containsText("Attack");
            assertThat(aldaRow).not().containsText("1d10");
            assertThat(initiative(other)).containsText("2 still to declare");
        }
        // Declaring is once: her declare buttons are now disabled and say why.
        Locator again = aldaTable.action(ALDA + ": declare Run");
        assertThat(again).isDisabled();
        assertThat(again).hasAttribute("title", ALDA + " has already declared an action this round.");

        // The GM declares for the ogre; the players see only that it has declared.
        act(gmTable, OGRE + ": declare Attack with Gutripper (1d8)");
        assertThat(row(gmTable, "Declarations", OGRE)).containsText("Attack");
        for (TablePage player : List.of(aldaTable, bramTable)) {
            player.logUpTo(started + 2);
            assertThat(row(player, "Declarations", OGRE)).containsText("declared");
            assertThat(row(player, "Declarations", OGRE)).not().containsText("Attack");
            assertThat(initiative(player)).containsText("1 still to declare");
        }
        // Nothing on Bram's page gives away what Alda or the ogre will do: not the initiative area, not the log.
        assertThat(initiative(bramTable)).not().containsText("Attack");
        assertThat(bramTable.log()).not().containsText("Moonblade");
        assertThat(bramTable.log()).not().containsText("Gutripper");
        assertThat(bramTable.log()).containsText(ALDA + " has declared an action.");
        assertThat(row(bramTable, "Declarations", BRAM)).containsText("not declared");
        gm.screenshot("table-before-reveal");
        alda.screenshot("table-before-reveal");
        bram.screenshot("table-before-reveal");

        // Bram declares last: every die is rolled at once and everyone sees every declaration.
        long beforeReveal = bramTable.newestSeq();
        bramTable.act(BRAM + ": declare Run (1d6)");
        // One entry: his declaration, the reveal with the rolls, and whose turn it is.
        long revealed = beforeReveal + 1;
        String reveal = bramTable.logUpTo(revealed).getLast();
        assertThat(reveal).contains(BRAM + " has declared an action.").contains("Round 1 initiative: " + ALDA + " 1d10 = ")
                .contains(BRAM + " 1d6 = ").contains(OGRE + " 1d8 = ");
        for (TablePage t : List.of(gmTable, aldaTable, bramTable)) {
            t.logUpTo(revealed);
            assertThat(initiative(t)).containsText("Acting: lowest initiative first.");
            assertThat(rows(t, "Acting order")).hasCount(3);
            assertThat(row(t, "Acting order", ALDA)).containsText("Attack");
            assertThat(row(t, "Acting order", ALDA)).containsText("1d10");
            assertThat(row(t, "Acting order", BRAM)).containsText("Run");
            assertThat(row(t, "Acting order", BRAM)).containsText("1d6");
            assertThat(row(t, "Acting order", OGRE)).containsText("Attack");
            assertThat(row(t, "Acting order", OGRE)).containsText("1d8");
            assertThat(currentTurn(t)).hasCount(1);
        }
        // The three pages show the same order.
        List<String> order = rows(gmTable, "Acting order").allInnerTexts();
        assertThat(rows(aldaTable, "Acting order").allInnerTexts()).isEqualTo(order);
        assertThat(rows(bramTable, "Acting order").allInnerTexts()).isEqualTo(order);
        gm.screenshot("table-after-reveal");
        alda.screenshot("table-after-reveal");
        bram.screenshot("table-after-reveal");

        // Each acts in turn. Three different dice cannot tie all the way ("the smaller die" goes first).
        Map<String, TablePage> controller = Map.of(ALDA, aldaTable, BRAM, bramTable, OGRE, gmTable);
        List<String> turns = new ArrayList<>();
        boolean refusedOutOfTurn = false;
        while (!initiative(gmTable).textContent().contains("Round 2")) {
            assertThat(turns.size()).as("the round ends after three turns").isLessThan(3);
            assertThat(currentTurn(gmTable)).hasCount(1);
            String who = currentName(gmTable);
            // In the revealed order: everyone listed before whose turn it is has finished.
            List<String> acting = rows(gmTable, "Acting order").allInnerTexts();
            int at = indexOf(acting, who);
            assertThat(at).as("the turn of the next in the order").isEqualTo(turns.size());
            turns.add(who);
            TablePage mine = controller.get(who);
            assertThat(currentTurn(mine)).containsText(who);

            if (!refusedOutOfTurn && !who.equals(OGRE)) {
                // The other player's buttons are disabled and say why.
                TablePage waiting = mine == aldaTable ? bramTable : aldaTable;
                String waitingHero = mine == aldaTable ? BRAM : ALDA;
                Locator notNow = waiting.action(waitingHero + ": end turn");
                assertThat(notNow).isDisabled();
                assertThat(notNow).hasAttribute("title", "It is not " + waitingHero + "'s turn.");
                refusedOutOfTurn = true;
            }

            switch (who) {
                case ALDA -> {
                    String moved = send(aldaTable, ALDA + ": move (6 left)",
                            form -> form.getByLabel("Squares", new Locator.GetByLabelOptions().setExact(true)).fill("4"));
                    assertThat(moved).contains(ALDA + " moves 4 squares.");
                    assertThat(aldaTable.action(ALDA + ": move (2 left)")).isEnabled();
                    String attack = send(aldaTable, ALDA + ": Attack with Moonblade",
                            form -> form.getByRole(AriaRole.GROUP, new Locator.GetByRoleOptions().setName("Targets"))
                                    .getByLabel(OGRE, new Locator.GetByLabelOptions().setExact(true)).check());
                    assertThat(attack).contains(ALDA + " attacks with Moonblade: 1d10 = ").contains(OGRE + " takes ");
                    Locator twice = aldaTable.action(ALDA + ": Attack with Moonblade");
                    assertThat(twice).isDisabled();
                    assertThat(twice).hasAttribute("title", ALDA + " has already taken their action this turn.");
                }
                case BRAM -> {
                    assertThat(act(bramTable, BRAM + ": Run")).contains(BRAM + " runs: movement doubled until the end of the round.");
                    // "Double your movement until the end of the round."
                    assertThat(bramTable.action(BRAM + ": move (12 left)")).isEnabled();
                    // A DEX check from the dice roller, which offers the checks the server sends (not the Actions list).
                    assertThat(bramTable.action(BRAM + ": ability check")).hasCount(0);
                    long before = bramTable.newestSeq();
                    Locator check = bramTable.checkForm();
                    pick(check, "Check", BRAM + ": ability check");
                    pick(check, "Ability", "DEX");
                    check.getByLabel("Bonus", new Locator.GetByLabelOptions().setExact(true)).fill("1");
                    pick(check, "Advantage", "normal");
                    check.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Roll check")).click();
                    assertThat(bramTable.logUpTo(before + 1).getLast())
                            .containsPattern(Pattern.quote(BRAM + " rolls DEX (1d8+1): ") + "\\d+\\.");
                    bram.fullScreenshot("table-own-turn");
                }
                default -> {
                    String attack = send(gmTable, OGRE + ": Attack with Gutripper",
                            form -> form.getByRole(AriaRole.GROUP, new Locator.GetByRoleOptions().setName("Targets"))
                                    .getByLabel(BRAM, new Locator.GetByLabelOptions().setExact(true)).check());
                    assertThat(attack).contains(OGRE + " attacks with Gutripper: 1d8 = ").contains(BRAM + " takes ");
                }
            }
            // The turn's end and the next turn (or the next round) arrive in one entry, on every page.
            act(mine, who + ": end turn");
            long ended = mine.newestSeq();
            for (TablePage t : List.of(gmTable, aldaTable, bramTable)) {
                t.logUpTo(ended);
            }
        }
        assertThat(turns).containsExactlyInAnyOrder(ALDA, BRAM, OGRE);
        assertThat(refusedOutOfTurn).as("a player was shown it was not their turn").isTrue();

        // The round has ended: every page asks for the next declarations and reads the same log.
        long last = gmTable.newestSeq();
        List<String> log = gmTable.logUpTo(last);
        assertThat(log.getLast()).contains("Round 2: declare your actions.");
        assertThat(aldaTable.logUpTo(last)).isEqualTo(log);
        assertThat(bramTable.logUpTo(last)).isEqualTo(log);
        for (TablePage t : List.of(gmTable, aldaTable, bramTable)) {
            assertThat(initiative(t)).containsText("Round 2");
            assertThat(initiative(t)).containsText("3 still to declare");
            assertThat(rows(t, "Declarations")).hasCount(3);
        }
        // The ogre took Alda's blow: the GM reads its hit points, a player only a word for them.
        assertThat(gmTable.section("Combatants").getByText(Pattern.compile("^\\d+/40$"))).isVisible();
        assertThat(ogreForAlda).containsText(Pattern.compile("hurt|bloodied")); // 3 to 22 of its 40
        assertThat(ogreForAlda).not().containsText("/40");
        assertThat(String.join("\n", log)).doesNotContain("/40");
        gm.screenshot("table-round-2");
        alda.screenshot("table-round-2");
        bram.screenshot("table-round-2");

        // A player is refused a GM action: no GM controls on his screen, and the server refuses it when sent anyway.
        assertThat(bramTable.gmControls()).hasCount(0);
        assertThat(bramTable.action("End initiative")).hasCount(0);
        JsonNode refusal = Browser.JSON.readTree(bramTable.sendRaw(campaign, "vogt.endInitiative", "{}"));
        assertThat(refusal.get("accepted").asBoolean()).isFalse();
        assertThat(refusal.get("code").asString()).isEqualTo("NOT_ALLOWED");
        assertThat(refusal.get("message").asString()).isNotBlank();
        // Nothing happened: a chat line takes the very next seq, and the table is still in round 2.
        Locator chat = bramTable.section("Log and chat").getByLabel("Chat", new Locator.GetByLabelOptions().setExact(true));
        chat.fill("Worth a try.");
        chat.press("Enter");
        assertThat(gmTable.logUpTo(last + 1).getLast()).contains("Worth a try.");
        assertThat(initiative(gmTable)).containsText("Round 2");

        for (Person p : List.of(gm, alda, bram)) {
            assertThat(p.pageErrors()).as(p.role() + "'s page threw").isEmpty();
        }
    }

    /** The name of the combatant whose turn it is, as the initiative area marks it. */
    private static String currentName(TablePage table) {
        String text = currentTurn(table).innerText();
        for (String name : List.of(ALDA, BRAM, OGRE)) {
            if (text.contains(name)) {
                return name;
            }
        }
        throw new AssertionError("nobody's turn in " + text);
    }

    private static int indexOf(List<String> rows, String name) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).contains(name)) {
                return i;
            }
        }
        return -1;
    }
}
