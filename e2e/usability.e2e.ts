import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { ROUTES } from "../app/lib/access";
import { expect, jsEnabled, signInKept, test } from "./fixtures";

/**
 * Every screen of the route table, and the dialogs each one links to, at phone width: the page never
 * scrolls sideways as a whole, and axe finds no serious or critical violation. With JavaScript off
 * the checks read the server's HTML with every script of the app taken out, in a context that
 * keeps its own script engine: axe runs inside the page, and a context created with JavaScript
 * disabled (the js-off project's default) never answers its evaluation, so each screen used to run
 * out of time.
 */

const PHONE = { width: 390, height: 844 };
// Developer passes the guard of every screen in the table.
const ROLE = "developer";

/** A signed-in phone-sized context. Script execution stays on for axe; `open` keeps the app's scripts out. */
async function inspectionContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    javaScriptEnabled: true,
  });
  await signInKept(context, baseURL, ROLE);
  return context;
}

/**
 * A fresh page per address: axe leaves state behind in a page it has analysed. Without JavaScript
 * the document arrives with its script elements removed (inline ones included) and any script
 * request is refused: the DOM axe reads is the server's HTML, as a browser without JavaScript shows it.
 */
async function open(context: BrowserContext, path: string, js: boolean): Promise<Page> {
  const page = await context.newPage();
  if (!js) {
    await page.route("**/*", async (route) => {
      const type = route.request().resourceType();
      if (type === "script") return route.abort();
      if (type !== "document") return route.continue();
      const response = await route.fetch();
      const body = (await response.text())
        .replace(/<script\b[\s\S]*?<\/script>/gi, "")
        .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
      return route.fulfill({ response, body });
    });
  }
  await page.goto(path);
  if (js) await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
  return page;
}

/**
 * The page never scrolls sideways; with `axe`, no serious or critical finding. The JavaScript-off
 * walk runs axe on each screen (its bare server HTML, with the controls only a browser without
 * scripts shows) but not on its dialogs: a dialog's markup is the server's in both walks, hydration
 * adds none, and the JavaScript-on walk analyses every one (the second analysis of the same dialogs
 * took a tenth of the suite's browser time). The width is checked everywhere in both walks.
 */
async function expectFitsAndAccessible(page: Page, label: string, { axe }: { axe: boolean }) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: page width at ${PHONE.width} px`).toBeLessThanOrEqual(innerWidth);
  // Nor does an open dialog's body: only a table's own scroll box (a labelled region, or the box
  // around a table) may.
  const sideways = await page.evaluate(() =>
    [...document.querySelectorAll("dialog[open], dialog[open] *")]
      .filter(
        (el) =>
          ["auto", "scroll"].includes(getComputedStyle(el).overflowX) &&
          el.getAttribute("role") !== "region" &&
          el.firstElementChild?.tagName !== "TABLE",
      )
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${String(el.className).split(" ").slice(0, 3).join(".")} ${el.scrollWidth}>${el.clientWidth}`,
      ),
  );
  expect(sideways, `${label}: dialog wider than the phone`).toEqual([]);
  if (!axe) return;
  // Legacy mode runs axe in the page itself: the default opens a blank page per analysis to merge
  // frame results (this app has no frames), about a second each on a shared two-core machine. Only
  // violations are sent back: passes and incomplete checks are not read.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const blocking = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.nodes.length}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
  expect(blocking, `${label}: axe serious/critical`).toEqual([]);
}

/** The dialogs a screen links to: one link per distinct route shape (ids folded), downloads left out. */
async function dialogLinks(page: Page, path: string, max = 2): Promise<string[]> {
  const hrefs = await page
    .locator(`main a[href^="${path}/"]`)
    .evaluateAll((links) =>
      links.filter((a) => !a.hasAttribute("download") && a.getAttribute("target") !== "_blank").map((a) => a.getAttribute("href") ?? ""),
    );
  const byShape = new Map<string, string>();
  for (const href of hrefs) {
    const pathname = href.split("?")[0];
    if (/\.(xlsx|pdf)$|\/attachments\//.test(pathname)) continue;
    const shape = pathname.replace(/\/[^/]*\d[^/]*/g, "/:id");
    if (!byShape.has(shape)) byShape.set(shape, href);
  }
  return [...byShape.values()].slice(0, max);
}

/**
 * Screens whose walk still finds serious axe findings (listed with their findings in docs/STATUS.md).
 * Each is taken off this list when fixed; every other screen of the route table must pass.
 */
const KNOWN_GAPS = new Set<string>([]);

for (const route of ROUTES) {
  test(`${route.path} and its dialogs fit a 390 px phone and pass axe`, async ({ browser, baseURL }, testInfo) => {
    test.fixme(KNOWN_GAPS.has(route.path), "hallazgos de axe pendientes: docs/STATUS.md");
    const js = jsEnabled(testInfo);
    // axe over a month of box score (about a thousand cells) takes tens of seconds on a shared machine.
    test.setTimeout(180_000);
    const context = await inspectionContext(browser, baseURL!);
    try {
      const page = await open(context, route.path, js);
      await expectFitsAndAccessible(page, route.path, { axe: true });
      const dialogs = await dialogLinks(page, route.path);
      await page.close();
      for (const href of dialogs) {
        const dialogPage = await open(context, href, js);
        await expectFitsAndAccessible(dialogPage, href, { axe: js });
        await dialogPage.close();
      }
    } finally {
      await context.close();
    }
  });
}

test("the skip link is the first tab stop and leads to the content; the menu button is visible when focused", async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs("admin");
  await page.setViewportSize(PHONE);
  await page.goto("/promotions");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Saltar al contenido" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  if (jsEnabled(testInfo)) {
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  }
  // The next stop is the menu toggle, drawn where its icon is (not an invisible box elsewhere).
  await page.goto("/promotions");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const toggle = page.getByRole("checkbox", { name: "Mostrar menú" });
  await expect(toggle).toBeFocused();
  const box = await toggle.boundingBox();
  const icon = await page.getByTestId("nav-open").boundingBox();
  expect(box && icon && Math.abs(box.x - icon.x) < 8 && Math.abs(box.y - icon.y) < 8).toBe(true);
});

test("arrow keys in a filter select do not reload the list; Enter applies it", async ({ page, loginAs }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the select never submits by itself");
  await loginAs("admin");
  await page.goto("/promotions");
  const select = page.getByLabel("Estatus");
  await select.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/\/promotions$/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/promo_status_filter=inactive/);
});

test("a filter form leaves empty fields out of the URL", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/promotions");
  await page.getByLabel("Estatus").selectOption("active");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/promotions\?promo_status_filter=active$/);
});

test("a search loses its outer spaces in the URL and in its box", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/orders");
  const box = page.locator('main form[role="search"] input[name="search"]');
  await box.fill("  2000  ");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/orders\?search=2000$/);
  await expect(box).toHaveValue("2000");
});

test("an unknown address lands on the home screen with a message saying so", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/esto-no-existe");
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByTestId("toast")).toContainText("Página no encontrada");
  await expect(page.getByTestId("toast")).toContainText("/esto-no-existe");
});

test("printing a list leaves out the menu and the filter controls and writes the filters as text", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/promotions?promo_status_filter=active");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("sidebar")).toBeHidden();
  await expect(page.getByRole("button", { name: "Buscar" })).toBeHidden();
  await expect(page.getByRole("search")).toBeVisible();
  await expect(page.getByRole("searchbox")).toBeHidden();
  await expect(page.getByRole("table")).toBeVisible();
  await page.goto("/promotions/new");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("table")).toBeHidden();
});

test("/favicon.ico is an icon, not a redirect to the sign-in", async ({ request }) => {
  const res = await request.get("/favicon.ico", { maxRedirects: 0 });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/icon/);
});
