import { expect as baseExpect, DEMO_PASSWORD, jsEnabled, signIn, test } from "./fixtures";
import type { Browser, Page, TestInfo } from "@playwright/test";

// Decision 0038: a dollar-priced article is charged and shown in pesos. Demo catalogue: LRD14 costs
// US$43.10 and 11055 US$21.50; the demo's dollar price is 18.35 pesos.
const expect = baseExpect.configure({ timeout: 15_000 });

/** A cashier of this test's own (the projects run at once against one database), signed in. */
async function newCashier(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = `precio.${testInfo.project.name}.${stamp}@demo.mx`;
  const admin = await browser.newContext();
  await signIn(admin.request, "admin");
  const created = await admin.request.post("/users/new", {
    form: {
      firstName: "Cajera",
      lastName: `Precios ${stamp}`,
      email,
      role: "cajero",
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      isActive: "on",
    },
    maxRedirects: 0,
  });
  expect(created.status(), `alta de ${email}`).toBe(302);
  await admin.close();
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled(testInfo) });
  const page = await context.newPage();
  const res = await page.request.post("/login", { form: { email, password: DEMO_PASSWORD }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  return page;
}

async function open(page: Page, url: string) {
  await page.goto(url);
  if (jsEnabled(test.info()))
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 }).catch(() => undefined);
}

test("the till charges LRD14, priced in dollars, in pesos", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const till = await newCashier(browser, testInfo);
  await open(till, "/pdv");
  await till.getByLabel("Monto inicial").fill("500");
  await till.getByRole("button", { name: "Abrir caja" }).click();
  const scan = till.getByPlaceholder("Buscar productos");
  await scan.fill("LRD14");
  await scan.press("Enter");
  const line = till.locator('tr[data-sku="LRD14"]');
  await expect(line).toBeVisible();
  // 43.10 × 18.35 = 790.885 → $790.89, never $43.10; the dollar figure and rate as a hint.
  await expect(line.getByTestId("line-price")).toContainText("$790.89");
  await expect(line.getByTestId("line-price")).toContainText("US$43.10 × 18.35");
  // IVA 16 % = 126.54; total 917.43.
  await expect(till.getByTestId("sale-total")).toHaveText(/917\.43/);
});

test("Inventario v3 shows 11055 at its price in pesos", async ({ loginAs }) => {
  const page = await loginAs("admin");
  await open(page, "/web-inventory?search=11055");
  const row = page.getByRole("row").filter({ hasText: "Pelacables" }).first();
  // 21.50 × 18.35 = 394.525 → $394.53
  await expect(row.getByTestId("price")).toContainText("$394.53");
  await expect(row.getByTestId("price")).toContainText("US$21.50 × 18.35");
});
