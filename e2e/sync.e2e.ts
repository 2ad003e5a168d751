import type { Browser, Page } from "@playwright/test";
import { FEEDS } from "../app/modules/sync/feed-names";
import { DEMO, DEMO_PASSWORD, expect, expectToast, jsEnabled, test, type DemoRole } from "./fixtures";
import { startOwnServer } from "./own-server";

/**
 * Sincronización (issue 28, docs/live-data.md): Admin sees every feed and asks for a run, with a
 * toast; a role it is not for is sent home; a late feed puts a banner on the screens it fills, with
 * a link to /sync only for the roles that may open it.
 */

test("Admin sees every feed and asks for a run of one with 'Sincronizar ahora'", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/sync?outbox=failed");
  await expect(page.getByRole("heading", { level: 1, name: "Sincronización" })).toBeVisible();
  const feeds = page.getByRole("region", { name: "Tabla de feeds" }).locator("tbody tr");
  await expect(feeds).toHaveCount(FEEDS.length);
  for (const [i, feed] of FEEDS.entries()) await expect(feeds.nth(i)).toContainText(feed.label);
  await expect(page.getByTestId("integration-content")).toContainText("Simulador");
  const row = feeds.filter({ hasText: "Pedidos (Meli 1)" });
  await row.getByRole("button", { name: "Sincronizar ahora" }).click();
  await expectToast(page, "Sincronización solicitada: Pedidos (Meli 1)", "Se ejecutará en los próximos segundos.");
  // Back on the same list, its query kept.
  await expect(page).toHaveURL(/\/sync\?outbox=failed$/);
  await expect(page.getByRole("link", { name: "Fallidas", exact: true })).toHaveAttribute("aria-current", "page");
});

test("the sidebar offers Sincronización to Admin only; a MercadoLibre Manager who types it is sent home", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/products");
  await expect(page.getByTestId("sidebar").getByRole("link", { name: "Sincronización" })).toHaveAttribute("href", "/sync");
  await loginAs("ml_manager");
  await page.goto("/products");
  await expect(page.getByTestId("sidebar").getByRole("link", { name: "Sincronización" })).toHaveCount(0);
  await page.goto("/sync");
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sincronización" })).toHaveCount(0);
});

/** A page of a context of its own on `baseURL`, signed in as `role`. */
async function signedIn(browser: Browser, baseURL: string, role: DemoRole, js: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js, locale: "es-MX", timezoneId: "America/Mexico_City" });
  const res = await context.request.post("/login", { form: { email: DEMO[role], password: DEMO_PASSWORD }, maxRedirects: 0 });
  expect(res.status(), `sign-in ${role}`).toBe(302);
  return context.newPage();
}

async function open(page: Page, path: string, js: boolean) {
  await page.goto(path);
  if (js) await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
}

test("a feed whose last success is old puts a banner on the screens it fills, with a link to /sync for Admin", async ({
  browser,
}, testInfo) => {
  // A server of its own: its demo database gets a paused "Pedidos (Meli 1)" whose last success was
  // 12 minutes ago (three intervals are 3 min). Paused, no scheduled run refreshes it meanwhile.
  test.setTimeout(240_000);
  const js = jsEnabled(testInfo);
  const port = Number(process.env.E2E_PORT ?? 3100) + (js ? 20 : 21);
  const server = await startOwnServer(port, async (db) => {
    await db.query(
      `insert into feed_state (name, status, paused, last_run_at, last_success_at, last_rows)
       values ('orders-main', 'ok', true, now() - interval '12 minutes', now() - interval '12 minutes', 3)
       on conflict (name) do update set status = 'ok', paused = true, last_run_at = excluded.last_run_at, last_success_at = excluded.last_success_at`,
    );
  });
  try {
    const admin = await signedIn(browser, server.url, "admin", js);
    const banner = admin.getByTestId("late-data-banner");
    if (js) {
      // Arriving from a screen no feed fills, with a link: the layout reads the late feeds again.
      await open(admin, "/users", js);
      await expect(banner).toHaveCount(0);
      await admin.getByTestId("sidebar").getByRole("link", { name: "Órdenes" }).click();
      await expect(admin).toHaveURL(/\/orders$/);
    } else {
      await open(admin, "/orders", js);
    }
    await expect(banner).toContainText("Los datos de Pedidos (Meli 1) no se actualizan desde hace 12 min.");
    await banner.getByRole("link", { name: "Ver Sincronización" }).click();
    await expect(admin).toHaveURL(/\/sync$/);
    await expect(admin.getByTestId("feed-state-orders-main")).toContainText("Pausado");
    // Not on the screens other feeds fill, nor on /sync itself.
    await expect(banner).toHaveCount(0);
    await open(admin, "/questions", js);
    await expect(banner).toHaveCount(0);

    // Every signed-in user on that screen is told; the link only for the roles that may open /sync.
    const manager = await signedIn(browser, server.url, "ml_manager", js);
    await open(manager, "/orders", js);
    const theirs = manager.getByTestId("late-data-banner");
    await expect(theirs).toContainText("Los datos de Pedidos (Meli 1) no se actualizan desde hace 12 min.");
    await expect(theirs.getByRole("link")).toHaveCount(0);
    await admin.context().close();
    await manager.context().close();
  } finally {
    await server.stop();
  }
});
