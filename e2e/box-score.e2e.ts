import { expect as baseExpect, test } from "./fixtures";

// The shared test machine can be slow to answer; the flows themselves have no waits.
const expect = baseExpect.configure({ timeout: 15_000 });

test("box score: month and year from the URL, a drill-down link, the .xlsx, and a bad month", async ({ page, loginAs }) => {
  await loginAs("admin");
  const now = new Date();
  const year = now.getFullYear();
  await page.goto(`/box-score?year=${year}&month=1`);
  await expect(page.getByRole("heading", { name: `Enero ${year}` })).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(31);
  await expect(page.locator('tr[data-indicator="invoices_stamped_pct"]')).toContainText("sin datos");

  // Another month from the month pages.
  await page.getByRole("navigation", { name: "Meses" }).getByRole("link", { name: "Feb" }).click();
  await expect(page).toHaveURL(new RegExp(`/box-score\\?year=${year}&month=2$`));
  await expect(page.getByRole("heading", { name: `Febrero ${year}` })).toBeVisible();
  await expect(page.locator("thead th")).toHaveCount(1 + 28 + (year % 4 === 0 ? 1 : 0) + 1);

  // Out of range: the nearest page, with the message.
  await page.goto(`/box-score?year=${year}&month=13`);
  await expect(page).toHaveURL(new RegExp(`/box-score\\?year=${year}&month=12$`));
  await expect(page.getByTestId("toast")).toContainText("El año o mes pedido no existe");

  // The current month has demo orders: a day's cell leads to that day's orders.
  await page.goto(`/box-score?year=${year}&month=${now.getMonth() + 1}`);
  const cell = page.locator('tr[data-indicator="ml_orders"] td a').first();
  await expect(cell).toBeVisible();
  const href = (await cell.getAttribute("href")) ?? "";
  const counted = Number((await cell.textContent())?.replace(/\D/g, ""));
  expect(href).toMatch(
    /^\/orders\?start_date=\d{4}\/\d{2}\/\d{2}&end_date=\d{4}\/\d{2}\/\d{2}&filterLogisticType=marketplace&order_status_filter=not_cancelled$/,
  );
  await cell.click();
  await expect(page).toHaveURL(/\/orders\?start_date=/);
  // The list holds what the cell counted, and its management-type filter says which orders those are.
  await expect(page.getByRole("heading", { name: /Órdenes/ }).first()).toContainText(`(${counted.toLocaleString("es-MX")})`);
  await expect(page.getByLabel("Tipo de gestión")).toHaveValue("marketplace");

  // The month as a spreadsheet.
  await page.goto(`/box-score?year=${year}&month=${now.getMonth() + 1}`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar .xlsx" }).click()]);
  expect(download.suggestedFilename()).toBe(`box-score-${year}-${String(now.getMonth() + 1).padStart(2, "0")}.xlsx`);
});

test("box score year selector lists the years with data and changes the page", async ({ page, loginAs }) => {
  await loginAs("inventory");
  await page.goto("/box-score");
  const select = page.getByLabel("Año");
  const years = await select.locator("option").allTextContents();
  expect(years.length).toBeGreaterThan(0);
  const target = years[years.length - 1];
  await select.selectOption(target);
  await page.getByRole("button", { name: "Ver" }).click();
  await expect(page).toHaveURL(new RegExp(`year=${target}`));
});

// Inventory may open the box score but not orders, the point of sale, questions or messages: those
// cells show their number without a link (one would send it to its home page without a word); the
// quotations it may open keep theirs.
test("box score for Inventory: numbers without links to lists it may not open", async ({ page, loginAs }) => {
  await loginAs("inventory");
  const now = new Date();
  await page.goto(`/box-score?year=${now.getFullYear()}&month=${now.getMonth() + 1}`);
  const table = page.getByRole("table");
  await expect(table.locator('tr[data-indicator="ml_orders"] td').first()).toBeVisible();
  // The demo month has orders and PDV sales: their cells hold numbers, not links.
  await expect(table.locator('tr[data-indicator="ml_orders"] td').filter({ hasText: /[1-9]/ }).first()).toBeVisible();
  for (const target of ["/orders", "/pdv", "/questions", "/messages"]) {
    await expect(table.locator(`a[href^="${target}"]`), target).toHaveCount(0);
  }
  const quotes = table.locator('a[href^="/products/quotes"]');
  await expect(quotes.first()).toBeVisible();
  await quotes.first().click();
  await expect(page).toHaveURL(/\/products\/quotes\?start_date=/);
});
