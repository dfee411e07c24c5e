package io.astragal.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import com.microsoft.playwright.options.SelectOption;
import io.astragal.support.Browser;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue #8 (symbaroum) in a real browser: a GM and two players set up a Symbaroum campaign, and
 * play a full round of combat in Quick order using only the buttons the table offers.
 */
class SymbaroumBrowserTest extends BrowserTest {

    private static final String PASSWORD = "a long enough password";
    private static final String ALDA = "Alda the Quick";
    private static final String BRAM = "Bram Ironfoot";
    private static final String GHOUL = "Ghoul";

    private static String unique(String name) {
        return name + "-" + UUID.randomUUID().toString().substring(0, 6);
    }

    /** As a GM on the campaign page: creates an NPC through the ruleset's sheet form. */
    private static void createNpc(Person gm, String name, Map<String, String> fields) {
        Page page = gm.page();
        gm.campaignTab("Characters");
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("New character").setExact(true)).click();
        Locator form = page.getByRole(AriaRole.FORM, new Page.GetByRoleOptions().setName("New character"));
        form.getByLabel("Name", new Locator.GetByLabelOptions().setExact(true)).fill(name);
        form.getByLabel("Non-player character (NPC), run by the GMs").check();
        Locator npcForm = page.getByRole(AriaRole.FORM, new Page.GetByRoleOptions().setName("New NPC"));
        fields.forEach((label, value) -> npcForm.getByLabel(label, new Locator.GetByLabelOptions().setExact(true)).fill(value));
        npcForm.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Create NPC")).click();
        assertThat(page.getByRole(AriaRole.STATUS).filter(new Locator.FilterOptions().setHasText("Created " + name + "."))).isVisible();
    }

    /** The initiative area: "Initiative order" with its round. */
    private static Locator initiative(TablePage table) {
        return table.page().getByRole(AriaRole.REGION, new Page.GetByRoleOptions().setName(Pattern.compile("^Initiative")));
    }

    /** The row of the combatant whose turn it is. */
    private static Locator currentTurn(TablePage table) {
        return initiative(table).locator("[aria-current=true]");
    }

    /** Opens an action with picks, lets {@code fill} pick, sends it, and waits for the log to move on. */
    private static void send(TablePage table, String label, java.util.function.Consumer<Locator> fill) {
        long before = table.newestSeq();
        Locator form = table.open(label);
        fill.accept(form);
        TablePage.send(form);
        table.logUpTo(before + 1);
    }

    /** Clicks an action without picks and waits for the log to move on. */
    private static void act(TablePage table, String label) {
        long before = table.newestSeq();
        assertThat(table.action(label)).isEnabled();
        table.act(label);
        table.logUpTo(before + 1);
    }

    private static void pick(Locator form, String label, String option) {
        form.getByLabel(label, new Locator.GetByLabelOptions().setExact(true)).selectOption(new SelectOption().setLabel(option));
    }

    @Test
    void aGmAndTwoPlayersPlayARoundOfSymbaroumInTheBrowser() {
        Person gm = person("gm");
        gm.signUp(unique("gemma"), "Gemma", PASSWORD);
        String campaign = gm.createCampaign("Davokar", "Symbaroum");
        String invite = gm.createInvite("Player");

        Person alda = person("player1");
        assertThat(alda.joinSigningUp(invite, unique("alda"), "Alda", PASSWORD)).isEqualTo(campaign);
        alda.createCharacter(ALDA, Map.of("Quick", "15", "Accurate", "13", "Strong", "11",
                "Weapons", "[{\"name\": \"Sword\", \"damage\": \"1d8\"}]"));
        Person bram = person("player2");
        assertThat(bram.joinSigningUp(invite, unique("bram"), "Bram", PASSWORD)).isEqualTo(campaign);
        bram.createCharacter(BRAM, Map.of("Quick", "11", "Accurate", "12", "Strong", "13",
                "Weapons", "[{\"name\": \"Axe\", \"damage\": \"1d8\"}]"));
        // The Ghoul: Quick 13 acts between them; Toughness 17 outlasts two blows of 1d8; no blow passes a Pain Threshold.
        gm.openCampaign(campaign);
        createNpc(gm, GHOUL, Map.of("Quick", "13", "Strong", "17", "Vigilant", "14", "Armor protection", "1d4",
                "Weapons", "[{\"name\": \"Claws\", \"damage\": \"1d6\", \"natural\": true}]"));

        TablePage gmTable = gm.openTable();
        alda.openCampaign(campaign);
        TablePage aldaTable = alda.openTable();
        bram.openCampaign(campaign);
        TablePage bramTable = bram.openTable();

        // The GM places the three at the table, picked from the roster, and rolls the group surprise.
        send(gmTable, "Place characters at the table", form -> {
            form.getByLabel(ALDA + " (Alda)").check();
            form.getByLabel(BRAM + " (Bram)").check();
            form.getByLabel(GHOUL, new Locator.GetByLabelOptions().setExact(true)).check();
        });
        assertThat(bramTable.section("Combatants").getByText(GHOUL)).isVisible();
        send(gmTable, "Surprise test [Discreet←Vigilant]", form -> {
            form.getByLabel(ALDA).selectOption("Attackers");
            form.getByLabel(BRAM).selectOption("Attackers");
            form.getByLabel(GHOUL).selectOption("Defenders");
        });
        String surprise = gmTable.logEntries().getLast();
        assertThat(surprise).as("the Ghoul's Vigilant stays the GM's").contains("Surprise [Discreet 10←Vigilant]");

        // The fight starts with the characters at the table pre-selected: highest Quick first.
        Locator start = gmTable.open("Start the fight");
        assertThat(start.getByLabel(ALDA + " (Alda)")).isChecked();
        assertThat(start.getByLabel(GHOUL, new Locator.GetByLabelOptions().setExact(true))).isChecked();
        long before = gmTable.newestSeq();
        TablePage.send(start);
        aldaTable.logUpTo(before + 1);
        assertThat(initiative(aldaTable).getByRole(AriaRole.LISTITEM)).hasCount(3);
        assertThat(initiative(aldaTable).getByRole(AriaRole.LISTITEM).nth(1)).containsText(GHOUL);
        assertThat(currentTurn(aldaTable)).containsText(ALDA);
        assertThat(currentTurn(bramTable)).containsText(ALDA);

        // A surprise that worked gives each attacker a Free Attack on the Ghoul (left untaken here: it lapses with the round).
        Locator aldaFree = aldaTable.action(ALDA + ": Free Attack on Ghoul (surprise)");
        if (surprise.contains("the defenders are surprised")) {
            assertThat(aldaFree).isEnabled();
        } else {
            assertThat(aldaFree).hasCount(0);
        }

        // Alda: attack (her Combat Action), move (her Movement Action), end of turn.
        Locator bramAxe = bramTable.action(BRAM + ": attack with Axe");
        assertThat(bramAxe).isDisabled();
        assertThat(bramAxe).hasAttribute("title", "It is " + ALDA + "'s turn, not " + BRAM + "'s.");
        send(aldaTable, ALDA + ": attack with Sword (1d8)", form -> pick(form, "Target", GHOUL));
        Locator sword = aldaTable.action(ALDA + ": attack with Sword");
        assertThat(sword).isDisabled();
        assertThat(sword).hasAttribute("title", ALDA + " has already used the Combat Action this turn.");
        send(aldaTable, ALDA + ": move", form -> form.getByLabel("Where to").fill("round the Ghoul's flank"));
        assertThat(currentTurn(gmTable)).containsText("movement used");
        act(aldaTable, ALDA + ": end turn");

        // The GM plays the Ghoul's turn with its own buttons.
        assertThat(currentTurn(gmTable)).containsText(GHOUL);
        send(gmTable, "Ghoul: attack with Claws (1d6)", form -> pick(form, "Target", ALDA));
        act(gmTable, "Ghoul: end turn");

        // Bram withdraws from the Ghoul, which gets its Free Attack; then Bram attacks and ends the round.
        assertThat(currentTurn(bramTable)).containsText(BRAM);
        send(bramTable, BRAM + ": move", form -> {
            form.getByLabel("Where to").fill("back to the trees");
            form.getByRole(AriaRole.GROUP, new Locator.GetByRoleOptions().setName(Pattern.compile("^Withdraw from melee")))
                    .getByLabel(GHOUL).check();
        });
        send(gmTable, "Ghoul: Free Attack on " + BRAM + " (withdrawal)", form -> { });
        send(bramTable, BRAM + ": attack with Axe (1d8)", form -> pick(form, "Target", GHOUL));
        act(bramTable, BRAM + ": end turn");

        long last = gmTable.newestSeq();
        List<String> gmLog = gmTable.logUpTo(last);
        assertThat(aldaTable.logUpTo(last)).isEqualTo(gmLog);
        assertThat(bramTable.logUpTo(last)).isEqualTo(gmLog);
        for (TablePage table : List.of(gmTable, aldaTable, bramTable)) {
            assertThat(initiative(table)).containsText("Round 2");
            assertThat(currentTurn(table)).containsText(ALDA);
        }
        assertThat(aldaFree).hasCount(0); // untaken Free Attacks lapse with the round
        // The Ghoul's numbers are the GM's: players see a band, the GM its Toughness.
        assertThat(gmTable.section("Combatants").getByText(Pattern.compile("^\\d+/17$"))).isVisible();
        assertThat(aldaTable.section("Combatants").getByText(Pattern.compile("/17$"))).hasCount(0);
        assertThat(bramTable.section("Combatants").getByText(Pattern.compile("/17$"))).hasCount(0);
        gm.screenshot("table");
        alda.screenshot("table");
        bram.screenshot("table");

        // A player is refused a GM action: no GM controls on his screen, and the server refuses it when sent anyway.
        assertThat(bramTable.gmControls()).hasCount(0);
        JsonNode refusal = Browser.JSON.readTree(bramTable.sendRaw(campaign, "symbaroum.endInitiative", "{}"));
        assertThat(refusal.get("accepted").asBoolean()).isFalse();
        assertThat(refusal.get("code").asString()).isEqualTo("NOT_ALLOWED");
        assertThat(gmTable.newestSeq()).isEqualTo(last);

        // Weapons put away (the GM's mark, as a surprise leaves them): Alda's Sword waits until she
        // draws it, which takes her Movement Action; then she may strike again.
        send(gmTable, "Add a condition", form -> {
            pick(form, "Character", ALDA);
            form.getByLabel("Condition", new Locator.GetByLabelOptions().setExact(true)).selectOption("sheathed");
        });
        assertThat(aldaTable.logEntries().getLast()).contains(ALDA + "'s weapons are sheathed.");
        Locator aldaSword = aldaTable.action(ALDA + ": attack with Sword");
        assertThat(aldaSword).isDisabled();
        assertThat(aldaSword).hasAttribute("title", ALDA + " has not drawn the Sword: drawing it is a Movement Action.");
        act(aldaTable, ALDA + ": draw a weapon (Movement Action)");
        assertThat(aldaTable.logEntries().getLast()).contains(ALDA + " draws a weapon (Movement Action).");
        assertThat(aldaTable.action(ALDA + ": draw a weapon")).hasCount(0);
        assertThat(aldaSword).isEnabled();
        assertThat(currentTurn(aldaTable)).containsText("movement used");
        alda.screenshot("weapon-drawn");

        for (Person p : List.of(gm, alda, bram)) {
            assertThat(p.pageErrors()).as(p.role() + "'s page threw").isEmpty();
        }
    }
}
