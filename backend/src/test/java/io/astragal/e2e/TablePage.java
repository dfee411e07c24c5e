package io.astragal.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The live table as one person sees it, read and used by role and label: the regions are the
 * table's titled sections (Combatants, the initiative area, Actions, Dice, Log and chat).
 */
public final class TablePage {

    private static final Pattern DECK = Pattern.compile("Deck: (\\d+) cards? left");
    private static final Pattern SEQ = Pattern.compile("#(\\d+)");

    private final Person person;
    private final Page page;

    TablePage(Person person) {
        this.person = person;
        this.page = person.page();
    }

    public Person person() {
        return person;
    }

    public Page page() {
        return page;
    }

    /** Waits until the view has arrived and the link is up. */
    public void waitUntilOpen() {
        assertThat(section("Log and chat")).isVisible();
        assertThat(page.getByRole(AriaRole.STATUS).filter(new Locator.FilterOptions().setHasText("Online"))).isVisible();
    }

    /** A titled region of the table: "Combatants", "Actions", "Dice", "Log and chat", "Initiative deck"… */
    public Locator section(String title) {
        return page.getByRole(AriaRole.REGION, new Page.GetByRoleOptions().setName(title).setExact(true));
    }

    /** The GM's controls (absent for players). */
    public Locator gmControls() {
        return page.getByRole(AriaRole.GROUP, new Page.GetByRoleOptions().setName("GM controls"));
    }

    public Locator log() {
        return page.getByRole(AriaRole.LOG, new Page.GetByRoleOptions().setName("Roll log and chat"));
    }

    /** Every entry of the log, as the text a person reads. */
    public List<String> logEntries() {
        return log().getByRole(AriaRole.LISTITEM).filter(new Locator.FilterOptions().setHas(page.getByText(SEQ)))
                .allInnerTexts();
    }

    /** Every log entry, read only once the newest shows {@code #seq}. */
    public List<String> logUpTo(long seq) {
        assertThat(log().getByText("#" + seq, new Locator.GetByTextOptions().setExact(true))).isVisible();
        return logEntries();
    }

    /** The newest seq in the log, 0 when it is empty. */
    public long newestSeq() {
        List<String> seqs = log().getByText(SEQ).allInnerTexts();
        long newest = 0;
        for (String text : seqs) {
            Matcher m = SEQ.matcher(text.trim());
            if (m.matches()) {
                newest = Math.max(newest, Long.parseLong(m.group(1)));
            }
        }
        return newest;
    }

    /** The deck of cards of a card-deck initiative. */
    public Locator deck() {
        return page.getByRole(AriaRole.IMG, new Page.GetByRoleOptions().setName(DECK));
    }

    public int deckCount() {
        Matcher m = DECK.matcher(deck().getAttribute("aria-label"));
        if (!m.matches()) {
            throw new AssertionError("no deck count in " + deck().getAttribute("aria-label"));
        }
        return Integer.parseInt(m.group(1));
    }

    /** The hand of one combatant in the initiative area: cards for one's own, a count for others'. */
    public Locator hand(String combatantName) {
        return page.getByRole(AriaRole.LIST, new Page.GetByRoleOptions().setName("Hands"))
                .getByRole(AriaRole.LISTITEM).filter(new Locator.FilterOptions().setHasText(combatantName)).first();
    }

    /** How a hand shown as a count reads: "No cards", "1 card", "3 cards". */
    public static String cardCount(int n) {
        return n == 0 ? "No cards" : n + (n == 1 ? " card" : " cards");
    }

    /** The cards of a hand that is shown card by card (only one's own, and all of them for a GM). */
    public Locator cardsOf(String combatantName) {
        return page.getByRole(AriaRole.LIST, new Page.GetByRoleOptions().setName("Cards of " + combatantName));
    }

    public Locator button(String name) {
        return person.button(name);
    }

    /** An action button (the Actions region, GM controls included) by the start of its label; the cost badge follows. */
    public Locator action(String label) {
        return section("Actions").getByRole(AriaRole.BUTTON,
                new Locator.GetByRoleOptions().setName(Pattern.compile("^" + Person.literal(label))));
    }

    /** Clicks an action that asks for nothing more; it is sent at once. */
    public void act(String label) {
        action(label).click();
    }

    /** Opens an action that needs choices; returns its form (fields by label, then "Send"). */
    public Locator open(String label) {
        action(label).click();
        return page.getByRole(AriaRole.FORM, new Page.GetByRoleOptions().setName(label).setExact(true));
    }

    /** Sends an opened action's form. */
    public static void send(Locator form) {
        form.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Send").setExact(true)).click();
        Person.waitHidden(form);
    }

    /** The initiative area's "Last dealt" line: "to Alda the Bold". */
    public Locator lastDealt() {
        return page.getByRole(AriaRole.REGION, new Page.GetByRoleOptions().setName(Pattern.compile("^Initiative")))
                .getByText(Pattern.compile("^to "));
    }

    /** The dice roller's attribute-check form. */
    public Locator checkForm() {
        return section("Dice").getByRole(AriaRole.FORM, new Locator.GetByRoleOptions().setName("Attribute check"));
    }

    /** The dice roller's free-roll form. */
    public Locator rollForm() {
        return section("Dice").getByRole(AriaRole.FORM, new Locator.GetByRoleOptions().setName("Roll dice"));
    }

    /**
     * Sends a command over a STOMP connection of this page's own (same origin, same session cookie
     * and CSRF token as the web client), bypassing the buttons the client offers; returns the
     * server's reply as JSON text. This is how a player's page tries what its screen does not offer.
     */
    public String sendRaw(String tableId, String type, String argsJson) {
        return (String) page.evaluate(RAW_STOMP, List.of(tableId, type, argsJson));
    }

    private static final String RAW_STOMP = """
            async ([tableId, type, argsJson]) => {
              const cookie = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
              const token = cookie ? decodeURIComponent(cookie.substring('XSRF-TOKEN='.length)) : '';
              const frame = (command, headers, body = '') =>
                command + '\\n' + Object.entries(headers).map(([k, v]) => k + ':' + v).join('\\n') + '\\n\\n' + body + '\\0';
              const commandId = 'e2e-' + crypto.randomUUID();
              const ws = new WebSocket('ws://' + location.host + '/ws', ['v12.stomp']);
              ws.binaryType = 'arraybuffer'; // table messages come as the frame's UTF-8 bytes
              return await new Promise((resolve, reject) => {
                const timer = setTimeout(() => { ws.close(); reject(new Error('no reply in 15 s')); }, 15000);
                ws.onopen = () => ws.send(frame('CONNECT', {'accept-version': '1.2', host: location.host, 'heart-beat': '0,0', 'X-XSRF-TOKEN': token}));
                ws.onerror = () => { clearTimeout(timer); reject(new Error('WebSocket error')); };
                ws.onmessage = (e) => {
                  const data = typeof e.data === 'string' ? e.data : new TextDecoder().decode(e.data);
                  if (data.startsWith('CONNECTED')) {
                    ws.send(frame('SUBSCRIBE', {id: 'raw', destination: '/user/queue/tables/' + tableId}));
                    ws.send(frame('SEND', {destination: '/app/tables/' + tableId + '/commands', 'content-type': 'application/json'},
                        JSON.stringify({commandId, type, args: JSON.parse(argsJson)})));
                  } else if (data.startsWith('MESSAGE')) {
                    const body = data.substring(data.indexOf('\\n\\n') + 2).replace(/\\0$/, '');
                    const message = JSON.parse(body);
                    if (message.kind === 'reply' && message.commandId === commandId) {
                      clearTimeout(timer);
                      ws.close();
                      resolve(body);
                    }
                  } else if (data.startsWith('ERROR')) {
                    clearTimeout(timer);
                    ws.close();
                    reject(new Error(data));
                  }
                };
              });
            }
            """;
}
