import { expect, jsEnabled, test } from "./fixtures";
import { checkDocuments, chooseClient, pdfAmount } from "./quotation-helpers";

// Both projects share one server and the draft is per user: each project quotes as its own user.
test("Cotizador v3: search, add with a quantity, choose a client, totals, PDF and Excel, store a numbered quote", async ({ page, loginAs }, testInfo) => {
  test.setTimeout(120_000);
  const js = jsEnabled(testInfo);
  await loginAs(js ? "shop_manager" : "inventory");
  await page.goto("/");
  await expect(page).toHaveURL(/\/products/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Cotizador v3");
  await expect(page.getByText("Los precios y existencias pueden variar.")).toBeVisible();
  const vaciar = page.getByRole("button", { name: "Vaciar" });
  if (await vaciar.isEnabled()) await vaciar.click();
  await expect(page.getByTestId("quotation-button")).toHaveText("Cotización (0)");

  // Search on Enter; a leading * matches only at the start of a field.
  const search = page.getByLabel("Buscar artículo", { exact: true });
  await search.fill("*1453-2");
  await search.press("Enter");
  await expect(page).toHaveURL(/search=(\*|%2A)1453-2/);
  const row = page.getByRole("row").filter({ hasText: "1453-2W" }).first();
  await expect(row).toBeVisible();
  for (const cell of await page.getByRole("row").filter({ has: page.getByRole("button", { name: /^Agregar / }) }).all()) {
    await expect(cell).toContainText(/1453-2/);
  }

  // A bad quantity is refused with the spec's message; a good one adds the article.
  await page.getByLabel("Cantidad de 1453-2W").fill("abc");
  await page.getByRole("button", { name: "Agregar 1453-2W" }).click();
  await expect(page.getByText("No se agregó el articulo, revisa valor ingresado")).toBeVisible();
  await expect(page.getByTestId("quotation-button")).toHaveText("Cotización (0)");
  await page.getByLabel("Cantidad de 1453-2W").fill("2");
  await page.getByRole("button", { name: "Agregar 1453-2W" }).click();
  await expect(page.getByTestId("quotation-button")).toHaveText("Cotización (1)");

  await chooseClient(page, js, "C00102", "INSTALACIONES ELECTRICAS HERNANDEZ");
  await page.getByLabel("Buscar artículo", { exact: true }).fill("*1453-2W");
  await page.getByLabel("Buscar artículo", { exact: true }).press("Enter");
  const priceText = (await page.getByRole("row").filter({ hasText: "1453-2W" }).first().getByRole("cell").nth(4).textContent()) ?? "";
  const unitCents = Math.round(Number(priceText.replace(/[^0-9.]/g, "")) * 100);
  expect(unitCents).toBeGreaterThan(0);
  // Spec: 16 % IVA on the lines (no global discount here).
  const totalCents = Math.round(unitCents * 2 * 1.16);

  await page.getByTestId("quotation-button").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("INSTALACIONES ELECTRICAS HERNANDEZ");
  await expect(dialog.getByTestId("dialog-totals")).toContainText(pdfAmount(totalCents));
  await checkDocuments(page, pdfAmount(totalCents));

  await dialog.getByRole("button", { name: "Guardar cotización" }).click();
  await expect(page).toHaveURL(/\/products\/quotes\/COT-\d{4}-\d{6}$/, { timeout: 20_000 });
  await expect(page.getByRole("dialog")).toContainText(pdfAmount(totalCents), { timeout: 20_000 });
});
