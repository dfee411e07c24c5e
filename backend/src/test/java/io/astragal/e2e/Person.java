package io.astragal.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.AriaRole;
import com.microsoft.playwright.options.ScreenshotAnimations;
import com.microsoft.playwright.options.WaitForSelectorState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One person at their own browser: a browser context (own cookies, own session) with one page.
 * The helpers find things the way a person does, by role and label, never by CSS class, so they
 * hold for every ruleset and survive restyling.
 */
public final class Person {

    private static final Pattern CAMPAIGN_PATH = Pattern.compile(".*/campaigns/([0-9a-f-]{36})(?:[/?#].*)?$");

    private final String base;
    private final String role;
    private final Path artifacts;
    private final BrowserContext context;
    private final Page page;
    private final List<String> console = Collections.synchronizedList(new ArrayList<>());
    private final List<String> pageErrors = Collections.synchronizedList(new ArrayList<>());
    private String username;
    private String password;

    Person(Browser chromium, String base, String role, BrowserTest.Viewport viewport, Path artifacts) {
        this.base = base;
        this.role = role;
        this.artifacts = artifacts;
        boolean tablet = viewport.width() < viewport.height();
        this.context = chromium.newContext(new Browser.NewContextOptions()
                .setViewportSize(viewport.width(), viewport.height())
                .setHasTouch(tablet)
                .setLocale("en-GB")
                .setTimezoneId("UTC"));
        context.setDefaultTimeout(BrowserTest.WAIT_MILLIS);
        context.grantPermissions(List.of("clipboard-read", "clipboard-write"), new BrowserContext.GrantPermissionsOptions().setOrigin(base));
        this.page = context.newPage();
        page.onConsoleMessage(m -> console.add(Instant.now() + " " + m.type() + ": " + m.text()));
        page.onPageError(e -> {
            console.add(Instant.now() + " pageerror: " + e);
            pageErrors.add(e);
        });
    }

    public Page page() {
        return page;
    }

    public String role() {
        return role;
    }

    public String username() {
        return username;
    }

    /** Uncaught exceptions the page has thrown so far. */
    public List<String> pageErrors() {
        return List.copyOf(pageErrors);
    }

    public void open(String path) {
        page.navigate(base + path);
    }

    /** The page's path, without host. */
    public String path() {
        return page.url().substring(base.length());
    }

    /** Saves the top of the page as {@code <role>-<screen>.png}, the way it opens (animations stopped). */
    public Path screenshot(String screen) {
        page.evaluate("() => window.scrollTo(0, 0)");
        page.mouse().move(0, 0); // no hover highlight where the last click was
        Path file = artifacts.resolve(role + "-" + screen + ".png");
        page.screenshot(new Page.ScreenshotOptions().setPath(file).setAnimations(ScreenshotAnimations.DISABLED));
        return file;
    }

    /** The whole scrollable page as {@code <role>-<screen>.png}. */
    public Path fullScreenshot(String screen) {
        Path file = artifacts.resolve(role + "-" + screen + ".png");
        page.screenshot(new Page.ScreenshotOptions().setPath(file).setFullPage(true)
                .setAnimations(ScreenshotAnimations.DISABLED));
        return file;
    }

    // ---- accounts ----

    /** Fills a sign-up form already on the page and submits it. */
    public void fillSignUp(String username, String displayName, String password) {
        Locator form = page.getByRole(AriaRole.FORM, new Page.GetByRoleOptions().setName("Create an account"));
        form.getByLabel("Username").fill(username);
        form.getByLabel("Display name").fill(displayName);
        form.getByLabel("Password").fill(password);
        form.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Create account")).click();
        this.username = username;
        this.password = password;
    }

    /** Signs up on the sign-up page and waits for the lobby. */
    public void signUp(String username, String displayName, String password) {
        open("/signup");
        fillSignUp(username, displayName, password);
        assertThat(heading("Welcome, " + displayName)).isVisible();
    }

    /** Signs in on the sign-in page (with the credentials given) and waits for the lobby. */
    public void signIn(String username, String password) {
        open("/signin");
        Locator form = page.getByRole(AriaRole.FORM, new Page.GetByRoleOptions().setName("Sign in"));
        form.getByLabel("Username").fill(username);
        form.getByLabel("Password").fill(password);
        form.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Sign in")).click();
        assertThat(page.getByText("Welcome,")).isVisible();
        this.username = username;
        this.password = password;
    }

    // ---- lobby and campaign ----

    /** Creates a campaign from the lobby, picking the ruleset by its name; returns the campaign's id. */
    public String createCampaign(String name, String rulesetName) {
        open("/");
        Locator form = page.getByRole(AriaRole.FORM, new Page.GetByRoleOptions().setName("Create a campaign"));
        form.getByLabel("Name").fill(name);
        form.getByRole(AriaRole.RADIO, new Locator.GetByRoleOptions().setName(Pattern.compile("^" + literal(rulesetName) + "\\b"))).check();
        form.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Create campaign")).click();
        assertThat(heading(name)).isVisible();
        return campaignId();
    }

    /** The id of the campaign whose page (or table) is open. */
    public String campaignId() {
        Matcher m = CAMPAIGN_PATH.matcher(page.url());
        if (!m.matches()) {
            throw new AssertionError("not on a campaign page: " + page.url());
        }
        return m.group(1);
    }

    public void openCampaign(String campaignId) {
        open("/campaigns/" + campaignId);
        assertThat(link("Open the table")).isVisible();
    }

    /** Selects a tab of the campaign page by (the start of) its name. */
    public void campaignTab(String name) {
        Locator tab = page.getByRole(AriaRole.TAB, new Page.GetByRoleOptions().setName(Pattern.compile("^" + literal(name))));
        tab.click();
        assertThat(tab).hasAttribute("aria-selected", "true");
    }

    /** As a GM on the campaign page: creates an invite link for a role ("Player", "Spectator", "Game master"); returns its URL. */
    public String createInvite(String roleName) {
        campaignTab("Invites");
        Locator links = page.getByLabel("Invite link", new Page.GetByLabelOptions().setExact(true));
        int count = links.count();
        page.getByLabel("Joins as").selectOption(roleName);
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("Create and copy link")).click();
        assertThat(links).hasCount(count + 1);
        return links.first().inputValue();
    }

    /**
     * Opens an invite link while signed out and signs up on the way; waits for the campaign page.
     * Returns the campaign's id.
     */
    public String joinSigningUp(String inviteUrl, String username, String displayName, String password) {
        page.navigate(inviteUrl);
        assertThat(page.getByText("Sign in or create an account to join")).isVisible();
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("I am new here")).click();
        fillSignUp(username, displayName, password);
        assertThat(link("Open the table")).isVisible();
        return campaignId();
    }

    /** Opens an invite link while signed in and accepts it; waits for the campaign page. Returns the campaign's id. */
    public String joinSignedIn(String inviteUrl) {
        page.navigate(inviteUrl);
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName(Pattern.compile("^Join as "))).click();
        assertThat(link("Open the table")).isVisible();
        return campaignId();
    }

    /**
     * On the campaign page: creates a character through the ruleset's sheet form. {@code fields}
     * maps a field's label to what to type into it (fields left out keep the ruleset's defaults).
     */
    public void createCharacter(String name, Map<String, String> fields) {
        campaignTab("Characters");
        page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName("New character").setExact(true)).click();
        Locator form = page.getByRole(AriaRole.FORM, new Page.GetByRoleOptions().setName("New character"));
        form.getByLabel("Name", new Locator.GetByLabelOptions().setExact(true)).fill(name);
        fields.forEach((label, value) -> form.getByLabel(label, new Locator.GetByLabelOptions().setExact(true)).fill(value));
        form.getByRole(AriaRole.BUTTON, new Locator.GetByRoleOptions().setName("Create character")).click();
        assertThat(page.getByRole(AriaRole.STATUS).filter(new Locator.FilterOptions().setHasText("Created " + name + "."))).isVisible();
    }

    /** From the campaign page: opens its live table and waits until the table's view has arrived. */
    public TablePage openTable() {
        link("Open the table").click();
        TablePage table = new TablePage(this);
        table.waitUntilOpen();
        return table;
    }

    /** The table of a campaign by URL (after a reload, or for someone who is not a member). */
    public TablePage tableAt(String campaignId) {
        open("/campaigns/" + campaignId + "/table");
        return new TablePage(this);
    }

    // ---- finding things ----

    public Locator heading(String name) {
        return page.getByRole(AriaRole.HEADING, new Page.GetByRoleOptions().setName(name).setExact(true));
    }

    public Locator link(String name) {
        return page.getByRole(AriaRole.LINK, new Page.GetByRoleOptions().setName(Pattern.compile("^" + literal(name))));
    }

    public Locator button(String name) {
        return page.getByRole(AriaRole.BUTTON, new Page.GetByRoleOptions().setName(name).setExact(true));
    }

    /** A regular expression matching the text literally (Playwright hands patterns to JavaScript, which lacks \Q…\E). */
    static String literal(String text) {
        // "/" too: Playwright writes the pattern into a /…/ selector literal.
        return text.replaceAll("[\\\\^$.|?*+()\\[\\]{}/]", "\\\\$0");
    }

    // ---- evidence ----

    /** After a failure: what the page looked like and what it logged. */
    void saveFailure() {
        try {
            page.screenshot(new Page.ScreenshotOptions().setPath(artifacts.resolve(role + "-failure.png")).setFullPage(true));
        } catch (RuntimeException e) {
            console.add("could not take the failure screenshot: " + e);
        }
        saveConsole();
    }

    /** The console log so far, as {@code <role>-console.log}. */
    public void saveConsole() {
        try {
            List<String> lines = new ArrayList<>(List.of("URL: " + safeUrl()));
            synchronized (console) {
                lines.addAll(console);
            }
            Files.write(artifacts.resolve(role + "-console.log"), lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String safeUrl() {
        try {
            return page.url();
        } catch (RuntimeException e) {
            return "(closed)";
        }
    }

    void close() {
        try {
            context.close();
        } catch (RuntimeException ignored) {
            // the browser may already be gone after a crash; nothing left to close
        }
    }

    /** Waits until the element is gone or hidden. */
    static void waitHidden(Locator locator) {
        locator.waitFor(new Locator.WaitForOptions().setState(WaitForSelectorState.HIDDEN));
    }
}
