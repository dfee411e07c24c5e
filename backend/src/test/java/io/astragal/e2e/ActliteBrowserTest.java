package io.astragal.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.options.AriaRole;
import com.microsoft.playwright.options.SelectOption;
import io.astragal.support.Browser;
import io.astragal.support.Player;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue #6 in a real browser: a GM and two players set up an Actlite campaign and play a round at
 * the live table, each in a browser of their own.
 */
class ActliteBrowserTest extends BrowserTest {

    private static final String PASSWORD = "a long enough password";

    private static String unique(String name) {
        return name + "-" + UUID.randomUUID().toString().substring(0, 6);
    }

    @Test
    void aGmAndTwoPlayersSetUpAnActliteCampaignAndPlayARound() {
        Person gm = person("gm");
        gm.signUp(unique("gemma"), "Gemma", PASSWORD);
        String campaign = gm.createCampaign("Ashes of Varn", "Actlite");
        gm.screenshot("campaign");
        String invite = gm.createInvite("Player");
        assertThat(invite).contains("/join/");
        gm.screenshot("admin-invites");

        // Alda is new: she signs up on the invite page and lands in the campaign.
        Person alda = person("player1");
        assertThat(alda.joinSigningUp(invite, unique("alda"), "Alda", PASSWORD)).isEqualTo(campaign);
        alda.createCharacter("Alda the Bold", Map.of("AGI", "1", "PER", "2"));
        alda.screenshot("campaign");

        // Bram signs up first, then follows the link signed in.
        Person bram = person("player2");
        bram.signUp(unique("bram"), "Bram", PASSWORD);
        bram.screenshot("lobby-empty");
        assertThat(bram.joinSignedIn(invite)).isEqualTo(campaign);
        bram.createCharacter("Bram Ironfoot", Map.of("STR", "2"));
        bram.screenshot("campaign");

        gm.openCampaign(campaign);
        gm.campaignTab("Members");
        assertThat(gm.page().getByRole(AriaRole.ROW).filter(new Locator.FilterOptions().setHasText("Alda"))).isVisible();
        assertThat(gm.page().getByRole(AriaRole.ROW).filter(new Locator.FilterOptions().setHasText("Bram"))).isVisible();
        gm.screenshot("admin-members");
        gm.campaignTab("Characters");
        assertThat(gm.heading("Alda the Bold")).isVisible();
        assertThat(gm.heading("Bram Ironfoot")).isVisible();
        gm.screenshot("admin-characters");
        gm.open("/");
        assertThat(gm.link("Ashes of Varn")).isVisible();
        gm.screenshot("lobby");
        for (Person player : List.of(alda, bram)) {
            player.open("/");
            assertThat(player.link("Ashes of Varn")).isVisible();
            player.screenshot("lobby");
        }

        // At the table. The GM places both characters, picked from the campaign's roster.
        gm.openCampaign(campaign);
        TablePage gmTable = gm.openTable();
        alda.openCampaign(campaign);
        TablePage aldaTable = alda.openTable();
        bram.openCampaign(campaign);
        TablePage bramTable = bram.openTable();
        for (String hero : List.of("Alda the Bold", "Bram Ironfoot")) {
            Locator place = gmTable.open("Place a character at the table");
            place.getByLabel("Character").selectOption(new SelectOption().setLabel(hero + " (" + hero.split(" ")[0] + ")"));
            TablePage.send(place);
            assertThat(gmTable.section("Combatants").getByText(hero)).isVisible();
        }
        assertThat(bramTable.section("Combatants").getByText("Alda the Bold")).isVisible();

        // Initiative with the seated characters (pre-selected), then deal until Alda holds the card just dealt.
        Locator start = gmTable.open("Start initiative");
        assertThat(start.getByLabel("Alda the Bold (Alda)")).isChecked();
        assertThat(start.getByLabel("Bram Ironfoot (Bram)")).isChecked();
        TablePage.send(start);
        assertThat(aldaTable.deck()).isVisible();
        assertThat(gmTable.deck()).hasAttribute("aria-label", "Deck: 6 cards left");
        dealUntilTheCardGoesTo(gmTable, "Alda the Bold");
        aldaTable.logUpTo(gmTable.newestSeq());

        // Alda spends AP on an action: one card leaves her hand.
        Locator aldaCards = aldaTable.cardsOf("Alda the Bold").getByRole(AriaRole.LISTITEM);
        int held = aldaCards.count();
        assertThat(held).isPositive();
        long beforeMove = aldaTable.newestSeq();
        assertThat(aldaTable.action("Move 4 spaces (1 AP)")).isEnabled();
        aldaTable.act("Move 4 spaces (1 AP)");
        aldaTable.logUpTo(beforeMove + 1);
        assertThat(aldaCards).hasCount(held - 1);

        // Bram's move is not his to make now: the button is disabled and says why.
        Locator bramMove = bramTable.action("Move 4 spaces (1 AP)");
        assertThat(bramMove).isDisabled();
        assertThat(bramMove).hasAttribute("title", Pattern.compile(".+"));

        // Dice notation the server cannot read: the error shows next to the notation, nothing is logged.
        long beforeRolls = aldaTable.newestSeq();
        aldaTable.rollForm().getByLabel("Notation").fill("2d");
        aldaTable.rollForm().getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Roll").setExact(true)).click();
        assertThat(aldaTable.rollForm().getByRole(AriaRole.ALERT)).isVisible();
        assertThat(aldaTable.rollForm().getByLabel("Notation")).hasAttribute("aria-invalid", "true");

        // Alda rolls an AGI check from the dice roller.
        Locator check = aldaTable.checkForm();
        check.getByLabel("Check", new Locator.GetByLabelOptions().setExact(true)).selectOption(new SelectOption().setLabel("Alda the Bold: Roll a check"));
        check.getByLabel("Attribute").selectOption("AGI");
        check.getByLabel("DC").fill("7");
        // Advantage by its stepper, which the server's check action asks for.
        check.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("More advantage")).click();
        assertThat(check.getByRole(AriaRole.SPINBUTTON, new Locator.GetByRoleOptions().setName("Advantage").setExact(true))).hasValue("1");
        // By keyboard: Tab from the last stepper reaches "Roll check", which shows a focus ring; Enter rolls.
        check.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("More disadvantage")).focus();
        alda.page().keyboard().press("Tab");
        Locator rollCheck = check.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Roll check"));
        assertThat(rollCheck).isFocused();
        // The table's own ring (3 px), not the browser's thin default or none at all.
        assertThat(((Number) rollCheck.evaluate("b => parseFloat(getComputedStyle(b).outlineWidth)")).doubleValue()).isGreaterThanOrEqualTo(2);
        assertThat(rollCheck.evaluate("b => getComputedStyle(b).outlineStyle")).isNotEqualTo("none");
        alda.page().keyboard().press("Enter");
        long afterCheck = beforeRolls + 1;
        assertThat(aldaTable.logUpTo(afterCheck).getLast()).contains("AGI");

        // More cards, until both hold some: then every page shows the same deck, hands and log.
        long dealt = dealUntilBothHoldCards(gmTable, "Alda the Bold", "Bram Ironfoot");
        List<String> gmLog = gmTable.logUpTo(dealt);
        assertThat(aldaTable.logUpTo(dealt)).isEqualTo(gmLog);
        assertThat(bramTable.logUpTo(dealt)).isEqualTo(gmLog);
        int deck = gmTable.deckCount();
        assertThat(aldaTable.deckCount()).isEqualTo(deck);
        assertThat(bramTable.deckCount()).isEqualTo(deck);
        // Each sees their own hand card by card and the other's as a count; the GM sees every card.
        for (Hand hand : List.of(new Hand("Alda the Bold", aldaTable, bramTable), new Hand("Bram Ironfoot", bramTable, aldaTable))) {
            List<String> cards = gmTable.cardsOf(hand.hero()).getByRole(AriaRole.LISTITEM).allInnerTexts();
            assertThat(cards).isNotEmpty();
            assertThat(hand.owner().cardsOf(hand.hero()).getByRole(AriaRole.LISTITEM).allInnerTexts()).isEqualTo(cards);
            assertThat(hand.other().cardsOf(hand.hero())).hasCount(0);
            assertThat(hand.other().hand(hand.hero())).containsText(TablePage.cardCount(cards.size()));
        }
        gm.screenshot("table");
        alda.screenshot("table");
        bram.screenshot("table");

        // A player is refused a GM action: no GM controls on his screen, and the server refuses the
        // command when his page sends it anyway.
        assertThat(bramTable.gmControls()).hasCount(0);
        assertThat(bramTable.action("Deal next card")).hasCount(0);
        JsonNode refusal = Browser.JSON.readTree(bramTable.sendRaw(campaign, "actlite.dealCard", "{}"));
        assertThat(refusal.get("accepted").asBoolean()).isFalse();
        assertThat(refusal.get("code").asString()).isEqualTo("NOT_ALLOWED");
        assertThat(refusal.get("message").asString()).isNotBlank();
        // Nothing happened: the next event is the very next seq, and the deck has not moved.
        Locator chat = bramTable.section("Log and chat").getByLabel("Chat", new Locator.GetByLabelOptions().setExact(true));
        chat.fill("Worth a try.");
        chat.press("Enter");
        assertThat(gmTable.logUpTo(dealt + 1).getLast()).contains("Worth a try.");
        assertThat(gmTable.deckCount()).isEqualTo(deck);

        // A reload restores the exact table.
        List<String> logBefore = aldaTable.logUpTo(dealt + 1);
        List<String> cardsBefore = aldaTable.cardsOf("Alda the Bold").getByRole(AriaRole.LISTITEM).allInnerTexts();
        alda.page().reload();
        aldaTable.waitUntilOpen();
        assertThat(aldaTable.logUpTo(dealt + 1)).isEqualTo(logBefore);
        assertThat(aldaTable.newestSeq()).isEqualTo(dealt + 1);
        assertThat(aldaTable.deckCount()).isEqualTo(deck);
        assertThat(aldaTable.cardsOf("Alda the Bold").getByRole(AriaRole.LISTITEM).allInnerTexts()).isEqualTo(cardsBefore);

        // The same table on a tablet.
        Person bramOnTablet = person("player2-tablet", TABLET);
        bramOnTablet.signIn(bram.username(), PASSWORD);
        TablePage tablet = bramOnTablet.tableAt(campaign);
        tablet.waitUntilOpen();
        assertThat(tablet.logUpTo(dealt + 1)).isEqualTo(gmTable.logUpTo(dealt + 1));
        assertThat(tablet.deckCount()).isEqualTo(deck);
        bramOnTablet.fullScreenshot("table");

        for (Person p : List.of(gm, alda, bram, bramOnTablet)) {
            assertThat(p.pageErrors()).as(p.role() + "'s page threw").isEmpty();
        }
    }

    @Test
    void someoneWhoIsNotAMemberIsToldSoAtTheTableAndNotLeftReconnecting() {
        Player owner = Player.signUp(port, "Gemma");
        UUID campaign = owner.createCampaign("Closed Door", "actlite");
        Person outsider = person("outsider");
        outsider.signUp(unique("olaf"), "Olaf", PASSWORD);
        AtomicInteger sockets = new AtomicInteger();
        outsider.page().onWebSocket(ws -> sockets.incrementAndGet());

        TablePage table = outsider.tableAt(campaign.toString());
        assertThat(outsider.heading("You cannot open this table")).isVisible();
        assertThat(outsider.page().getByRole(AriaRole.ALERT)).containsText("not a member");
        assertThat(outsider.link("Back to your campaigns")).isVisible();
        assertThat(table.page().getByText("Connecting…")).hasCount(0);
        outsider.screenshot("table-refused");
        // However long one waits, no further connection attempts: the client gave up for good.
        int opened = sockets.get();
        outsider.page().waitForTimeout(5_000);
        assertThat(sockets.get()).as("WebSockets opened after the refusal").isEqualTo(opened);
        assertThat(outsider.pageErrors()).isEmpty();
    }

    /** A hero's hand, seen from its owner's page and from another player's. */
    private record Hand(String hero, TablePage owner, TablePage other) {
    }

    /** The GM deals until both heroes hold a card (it sees every hand); returns the newest seq. */
    private static long dealUntilBothHoldCards(TablePage gm, String hero, String other) {
        for (int i = 0; i < 6; i++) {
            if (gm.cardsOf(hero).isVisible() && gm.cardsOf(other).isVisible()) {
                return gm.newestSeq();
            }
            long before = gm.newestSeq();
            gm.act("Deal next card");
            gm.logUpTo(before + 1);
        }
        throw new AssertionError("the deck ran out before both " + hero + " and " + other + " held a card");
    }

    /** The GM deals until the card just dealt belongs to {@code hero} (three of the six cards are theirs). */
    private static void dealUntilTheCardGoesTo(TablePage gm, String hero) {
        for (int i = 0; i < 6; i++) {
            long before = gm.newestSeq();
            gm.act("Deal next card");
            gm.logUpTo(before + 1);
            if (gm.lastDealt().innerText().equals("to " + hero)) {
                return;
            }
        }
        throw new AssertionError("six cards dealt and none to " + hero);
    }
}
