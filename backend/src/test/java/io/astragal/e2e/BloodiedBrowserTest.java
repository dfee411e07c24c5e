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
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue #7, bloodied-d20, in a real browser: a GM and two players set up a campaign, the GM fills in
 * a row of the truncated serious-injury table, and everyone plays a round of combat at the live
 * table through the buttons the server offers, each in a browser of their own.
 */
class BloodiedBrowserTest extends BrowserTest {

    private static final String PASSWORD = "a long enough password";

    private static final String SOURCE_TABLE = "Serious-injury table d6: 4-5 Major (save every 1/12 hours); 1-3, 6 take the nearest row: set a row";

    private static String unique(String name) {
        return name + "-" + UUID.randomUUID().toString().substring(0, 6);
    }

    /** The GM's NPC, through the campaign page's "New NPC" form. */
    private static void createNpc(Person gm, String name, Map<String, String> fields) {
        gm.campaignTab("Characters");
        gm.button("New NPC").click();
        Locator form = gm.page().getByRole(AriaRole.FORM, new Page.GetByRoleOptions().setName("New NPC"));
        form.getByLabel("Name", new Locator.GetByLabelOptions().setExact(true)).fill(name);
        fields.forEach((label, value) -> form.getByLabel(label, new Locator.GetByLabelOptions().setExact(true)).fill(value));
        form.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Create NPC")).click();
        assertThat(gm.page().getByRole(AriaRole.STATUS).filter(new Locator.FilterOptions().setHasText("Created " + name + "."))).isVisible();
    }

    private static final List<String> FIGHTERS = List.of("Alda", "Bram", "Fen Ogre");

    /** Who the initiative row marked as the current turn names. */
    private static String current(TablePage table) {
        Locator row = table.page().getByRole(AriaRole.REGION, new Page.GetByRoleOptions().setName(Pattern.compile("^Initiative order")))
                .locator("li[aria-current=true]");
        assertThat(row).hasCount(1);
        String text = row.innerText();
        List<String> named = FIGHTERS.stream().filter(text::contains).toList();
        assertThat(named).as(text).hasSize(1);
        return named.getFirst();
    }

    /**
     * An action button by its whole label, matched as a string: the injury table's labels hold a
     * "/" ("1/12 hours"), which a label pattern cannot carry into Playwright's selector.
     */
    private static Locator exactAction(TablePage table, String label) {
        return table.section("Actions").getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName(label).setExact(true));
    }

    /** Sends an action that needs nothing more and waits for its event in the log. */
    private static void act(TablePage table, String label) {
        long before = table.newestSeq();
        table.act(label);
        table.logUpTo(before + 1);
    }

    @Test
    @DisplayName("\"Initiative is rolled as 1d20 + INT modifier + level.\" \"Each turn consists of a movement and an action.\" — a round in three browsers")
    void aGmAndTwoPlayersPlayARoundOfBloodiedD20() {
        Person gm = person("gm");
        gm.signUp(unique("gwen"), "Gwen", PASSWORD);
        String campaign = gm.createCampaign("The Red Fen", "Bloodied d20");
        String invite = gm.createInvite("Player");
        createNpc(gm, "Fen Ogre", Map.of("Strength", "16", "Agility", "8", "Hit points", "30", "Armor value", "1d6",
                "Weapons", "[{\"name\": \"Club\", \"damage\": \"2d4\", \"kind\": \"melee\", \"ability\": \"STR\"}]"));

        Person alda = person("player1");
        assertThat(alda.joinSigningUp(invite, unique("alda"), "Alda", PASSWORD)).isEqualTo(campaign);
        alda.createCharacter("Alda", Map.of("Strength", "14", "Intelligence", "13", "Level", "2", "Hit points", "20",
                "Weapons", "[{\"name\": \"Sword\", \"damage\": \"1d8\", \"kind\": \"melee\", \"ability\": \"STR\"}]"));
        Person bram = person("player2");
        assertThat(bram.joinSigningUp(invite, unique("bram"), "Bram", PASSWORD)).isEqualTo(campaign);
        bram.createCharacter("Bram", Map.of("Build", "14", "Luck", "15", "Hit points", "12",
                "Weapons", "[{\"name\": \"Axe\", \"damage\": \"1d6\", \"kind\": \"melee\", \"ability\": \"BLD\"}]"));

        gm.openCampaign(campaign);
        TablePage gmTable = gm.openTable();
        alda.openCampaign(campaign);
        TablePage aldaTable = alda.openTable();
        bram.openCampaign(campaign);
        TablePage bramTable = bram.openTable();

        // The source's serious-injury table has one row; the GM writes another through the GM controls.
        assertThat(exactAction(gmTable, SOURCE_TABLE)).isEnabled();
        assertThat(aldaTable.action("Serious-injury table")).hasCount(0);
        exactAction(gmTable, SOURCE_TABLE).click();
        Locator row = gm.page().getByRole(AriaRole.FORM, new Page.GetByRoleOptions().setName(SOURCE_TABLE).setExact(true));
        row.getByLabel("From roll").fill("1");
        row.getByLabel("To roll").fill("3");
        row.getByLabel("Severity").selectOption("Minor");
        row.getByLabel("Save every").fill("1/day");
        long beforeRow = gmTable.newestSeq();
        TablePage.send(row);
        assertThat(aldaTable.logUpTo(beforeRow + 1).getLast()).contains("1-3 Minor (save every 1/day)");
        assertThat(exactAction(gmTable, "Serious-injury table d6: 1-3 Minor (save every 1/day); 4-5 Major (save every 1/12 hours); "
                + "6 take the nearest row: set a row")).isVisible();
        JsonNode refusal = Browser.JSON.readTree(bramTable.sendRaw(campaign, "bloodied-d20.setInjuryRow",
                "{\"from\": 6, \"to\": 6, \"severity\": \"Deadly\", \"interval\": \"1/hour\"}"));
        assertThat(refusal.get("code").asString()).isEqualTo("NOT_ALLOWED");

        // One step from the roster: the GM picks who fights; they are placed and initiative is rolled.
        Locator start = gmTable.open("Roll initiative (1d20 + INT modifier + level)");
        for (String who : List.of("Alda (Alda)", "Bram (Bram)", "Fen Ogre")) {
            start.getByLabel(who).check();
        }
        long beforeStart = gmTable.newestSeq();
        TablePage.send(start);
        gmTable.logUpTo(beforeStart + 1);
        for (TablePage t : List.of(gmTable, aldaTable, bramTable)) {
            assertThat(t.page().getByRole(AriaRole.REGION, new Page.GetByRoleOptions().setName(Pattern.compile("^Initiative order"))))
                    .containsText("Round 1");
        }

        Map<String, TablePage> pageOf = Map.of("Alda", aldaTable, "Bram", bramTable, "Fen Ogre", gmTable);
        Map<String, String> attackOf = Map.of("Alda", "Alda: attack with Sword (1d8)", "Bram", "Bram: attack with Axe (1d6)",
                "Fen Ogre", "Fen Ogre: attack with Club (2d4)");
        Map<String, String> foeOf = Map.of("Alda", "Fen Ogre", "Bram", "Fen Ogre", "Fen Ogre", "Alda");
        List<String> acted = new ArrayList<>();
        for (int turn = 0; turn < 3; turn++) {
            String name = current(gmTable);
            assertThat(current(aldaTable)).isEqualTo(name);
            TablePage table = pageOf.get(name);
            // a player whose hero is waiting sees the move disabled, with the reason on hover
            for (String hero : List.of("Alda", "Bram")) {
                if (!hero.equals(name)) {
                    Locator waiting = pageOf.get(hero).action(hero + ": move");
                    assertThat(waiting).isDisabled();
                    assertThat(waiting).hasAttribute("title", "It is not " + hero + "'s turn.");
                }
            }
            if (table.action(name + ": move").isEnabled()) {
                act(table, name + ": move");
                assertThat(table.action(name + ": move again (uses the action)")).isEnabled();
            }
            if (table.action(attackOf.get(name)).isEnabled()) {
                Locator attack = table.open(attackOf.get(name));
                attack.getByLabel("Target").selectOption(new SelectOption().setLabel(foeOf.get(name)));
                long before = table.newestSeq();
                TablePage.send(attack);
                assertThat(table.logUpTo(before + 1).getLast()).contains(name + " attacks " + foeOf.get(name));
                assertThat(table.action(attackOf.get(name))).isDisabled();
            }
            if (turn == 0) {
                gm.screenshot("table");
                alda.screenshot("table");
                bram.screenshot("table");
            }
            act(table, name + ": end turn");
            acted.add(name);
        }
        assertThat(acted).containsExactlyInAnyOrder("Alda", "Bram", "Fen Ogre");
        long last = gmTable.newestSeq();
        List<String> gmLog = gmTable.logUpTo(last);
        assertThat(aldaTable.logUpTo(last)).isEqualTo(gmLog);
        assertThat(bramTable.logUpTo(last)).isEqualTo(gmLog);
        for (TablePage t : List.of(gmTable, aldaTable, bramTable)) {
            assertThat(t.page().getByRole(AriaRole.REGION, new Page.GetByRoleOptions().setName(Pattern.compile("^Initiative order"))))
                    .containsText("Round 2");
            assertThat(current(t)).isEqualTo(acted.getFirst());
        }
        // Checks and saves name their abilities, so the dice roller offers them: Alda saves with the better of BLD and LCK.
        Locator check = aldaTable.checkForm();
        check.getByLabel("Check", new Locator.GetByLabelOptions().setExact(true))
                .selectOption(new SelectOption().setLabel("Alda: save (1d20 at or under the score)"));
        check.getByLabel("Ability").selectOption("BLD/LCK");
        long beforeSave = aldaTable.newestSeq();
        check.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Roll check")).click();
        assertThat(bramTable.logUpTo(beforeSave + 1).getLast()).contains("Alda saves BLD: ");
        last = beforeSave + 1;
        assertThat(gmTable.logUpTo(last)).isEqualTo(bramTable.logUpTo(last));

        // the ogre's numbers stay with the GM: players see its health as a band only
        assertThat(gmTable.section("Combatants").getByText(Pattern.compile("^-?\\d+/30$"))).hasCount(1);
        assertThat(aldaTable.section("Combatants").getByText(Pattern.compile("/30$"))).hasCount(0);
        gm.screenshot("table-round-2");
        alda.screenshot("table-round-2");
        bram.screenshot("table-round-2");

        for (Person p : List.of(gm, alda, bram)) {
            assertThat(p.pageErrors()).as(p.role() + "'s page threw").isEmpty();
        }
    }
}
