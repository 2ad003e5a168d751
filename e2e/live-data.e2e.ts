import type { Browser, Page } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, expect, jsEnabled, test } from "./fixtures";
import { startOwnServer } from "./own-server";

/**
 * Live data end to end (issue 28 item 8), on a server of its own whose simulator is busy
 * (SIM_ACTIVITY, every 2 s) and whose feeds run every 2 s: an order the marketplace receives upstream shows in
 * /orders without a restart; an edit of it here reaches the content back end (the outbox row ends
 * "Enviada" on the Sincronización screen).
 */

/** Orders the simulator's activity creates have 16-digit ids from 2 000 010 000 000 000, above every seeded one. */
const ACTIVITY_ORDER = /2000010\d{9}/;

async function signedIn(browser: Browser, baseURL: string, js: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js, locale: "es-MX", timezoneId: "America/Mexico_City" });
  const res = await context.request.post("/login", { form: { email: DEMO.admin, password: DEMO_PASSWORD }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  return context.newPage();
}

/**
 * Loads `path` until `check` passes on what the server drew (the server's jobs run on their own
 * clock, in another process: each load is a fresh look at their work, and the wait ends at the
 * first one that shows it).
 */
async function until(page: Page, path: string, check: () => Promise<void>, timeoutMs: number) {
  await expect(async () => {
    await page.goto(path);
    await check();
  }).toPass({ timeout: timeoutMs });
}

test("an order received upstream shows in /orders without a restart, and an edit of it reaches the content back end", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const js = jsEnabled(testInfo);
  const port = Number(process.env.E2E_PORT ?? 3100) + (js ? 22 : 23);
  const server = await startOwnServer(port, async () => undefined, {
    SIM_ACTIVITY: "600",
    SIM_ACTIVITY_PERIOD_MS: "2000",
    FEED_INTERVAL_MS: "2000",
  });
  try {
    const page = await signedIn(browser, server.url, js);
    // The newest orders first (the list's default order): none is the activity's when the server starts.
    const firstRow = page.locator("tbody tr").first();
    await page.goto("/orders");
    await expect(firstRow).not.toContainText(ACTIVITY_ORDER);
    // The activity (every 2 s here) adds orders upstream; the orders feeds (every 2 s) bring them in.
    await until(page, "/orders", async () => expect(await firstRow.textContent()).toMatch(ACTIVITY_ORDER), 90_000);
    const orderId = ACTIVITY_ORDER.exec((await firstRow.textContent()) ?? "")![0];

    // Edited here: the comment is saved at once and sent upstream by the outbox.
    await page.goto(`/orders/${orderId}`);
    const dialog = page.getByRole("dialog");
    const comment = `Entregar en bodega norte (${js ? "js" : "sin js"})`;
    await dialog.getByLabel("Comentarios").fill(comment);
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Orden actualizada" })).toBeVisible({ timeout: 15_000 });
    const sent = page
      .locator("tbody tr")
      .filter({ hasText: `Pedido ${orderId}` })
      .filter({ hasText: "Enviada" });
    await until(page, "/sync?outbox=done", async () => expect(await sent.count()).toBeGreaterThan(0), 60_000);
    await expect(page.getByTestId("feed-state-orders-main")).toContainText("OK");
    await page.context().close();
  } finally {
    await server.stop();
  }
});
