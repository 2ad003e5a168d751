import type { Page } from "@playwright/test";
import { expect, jsEnabled, test } from "./fixtures";
import { checkDocuments, chooseClient, pdfAmount } from "./quotation-helpers";

/** Spec 2 (Cotizador typeaheads, limits table): a search after a 600 ms pause in the typing, only for more than one character. */
const PAUSE_MS = 600;

/**
 * With JavaScript: types into a combobox key by key, checks the search waits 600 ms after the last key
 * and is not sent for one character, then picks the option with the arrow keys and Enter. The page's
 * clock (installed before the page loaded) stands still while the keys are typed and only the test
 * moves it, so the pause is measured in the page's own time, whatever the load of the machine.
 */
async function typeAndPick(page: Page, name: string, source: string, text: string, option: RegExp) {
  const box = page.getByRole("combobox", { name, exact: true });
  const status = box.locator("xpath=following-sibling::p[@role='status']");
  // The searches are counted where the page calls fetch. The pause's timer starts a search in the
  // same task as it fires, so right after the clock has moved, every search it started is counted.
  await page.evaluate((path) => {
    const w = window as unknown as { searches: string[]; searchPath: string; fetchCounted?: boolean };
    w.searches = [];
    w.searchPath = path;
    if (!w.fetchCounted) {
      const original = window.fetch;
      window.fetch = (...args: Parameters<typeof fetch>) => {
        const url = args[0] instanceof Request ? args[0].url : String(args[0]);
        if (url.includes(w.searchPath)) w.searches.push(url);
        return original(...args);
      };
      w.fetchCounted = true;
    }
  }, source);
  const searches = () => page.evaluate(() => (window as unknown as { searches: string[] }).searches.length);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));

  await box.pressSequentially(text.slice(0, 1));
  await page.clock.runFor(2 * PAUSE_MS);
  expect(await searches(), "one character is not searched").toBe(0);

  await box.pressSequentially(text.slice(1));
  await expect(status).toHaveText("Buscando…");
  await page.clock.runFor(PAUSE_MS - 1);
  expect(await searches(), "nothing is searched before the pause is over").toBe(0);
  await page.clock.runFor(1);
  expect(await searches(), "one search after the pause, not one per key").toBe(1);

  await page.clock.resume();
  const wanted = page.getByRole("option", { name: option });
  await expect(wanted).toBeVisible();
  expect(await searches()).toBe(1);
  for (let i = 0; i < 10 && (await wanted.getAttribute("aria-selected")) !== "true"; i++) await box.press("ArrowDown");
  await expect(wanted).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  return box;
}

// Both projects share one server and the draft is per user: each project quotes as its own user.
test("Cotizador v4: agent and warehouse, client, lines with +1, line discount, free-entry line, totals, documents, Crear cotización, at 390 px", async ({
  page,
  loginAs,
}, testInfo) => {
  test.setTimeout(150_000);
  const js = jsEnabled(testInfo);
  await page.setViewportSize({ width: 390, height: 844 });
  // The typeahead's pause is checked on the page's clock (typeAndPick).
  if (js) await page.clock.install();
  await loginAs(js ? "admin" : "developer");
  await page.goto("/quotations");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Cotizador v4");
  const vaciar = page.getByRole("button", { name: "Vaciar" });
  if (await vaciar.isEnabled()) await vaciar.click();
  await expect(page.getByRole("button", { name: "Crear cotización" })).toBeDisabled();
  await expect(page.getByLabel("Fecha")).toHaveAttribute("readonly", "");

  // Agent: its warehouses fill the select (demo: VENTAS1 has M, O4 and I).
  if (js) {
    await typeAndPick(page, "Agente", "/quotations/agents", "ventas", /^VENTAS1 Ventas mostrador 1/);
  } else {
    await page.getByLabel("Agente", { exact: true }).fill("ventas");
    await page.getByRole("button", { name: "Buscar agente" }).click();
    await page.getByRole("button", { name: "Elegir agente Ventas mostrador 1" }).click();
  }
  await expect(page.getByTestId("current-agent")).toContainText("VENTAS1");
  await expect(page.getByLabel("Almacén").locator("option")).toHaveText(["M", "O4", "I"]);

  await chooseClient(page, js, "C00102", "INSTALACIONES ELECTRICAS HERNANDEZ");

  // The typeahead row adds an article; adding it again raises its quantity instead of a second line.
  const line = page.getByTestId("line-1453-2W");
  for (let i = 0; i < 2; i++) {
    if (js) {
      // No full page load: the page's own state survives, and the field keeps the focus for the next article.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      const box = await typeAndPick(page, "Nuevo artículo", "/quotations/items", "1453-2W", /^1453-2W /);
      await expect(line.getByRole("textbox").first()).toHaveValue(String(i + 1));
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await expect(box).toBeFocused();
      await expect(box).toHaveValue("");
    } else {
      await page.getByLabel("Nuevo artículo").fill("1453-2W");
      await page.getByRole("button", { name: "Buscar artículo" }).click();
      await page.getByRole("button", { name: "Agregar 1453-2W" }).click();
      await expect(line).toBeVisible();
    }
  }
  await expect(page.locator("tr[data-testid^=line-]")).toHaveCount(1);
  await expect(line.getByRole("textbox").first()).toHaveValue("2");
  const listCents = Math.round(Number(((await line.getByRole("cell").nth(4).textContent()) ?? "").replace(/[^0-9.]/g, "")) * 100);

  // A line discount lowers the price and shows the original.
  await line.getByRole("textbox").nth(1).fill("10");
  await line.getByRole("button", { name: /^Aplicar/ }).click();
  await expect(line.getByTestId("original-price")).toContainText(pdfAmount(listCents));
  const unitCents = Math.round(listCents * 0.9);
  await expect(line.getByRole("cell").nth(4)).toContainText(pdfAmount(unitCents));

  // A free-entry line.
  await page.getByLabel("Artículo libre", { exact: true }).fill("Instalación en sitio");
  await page.getByLabel("Precio", { exact: true }).fill("150");
  await page.getByRole("button", { name: "Agregar libre" }).click();
  await expect(page.getByTestId("line-LIBRE-1")).toContainText("Instalación en sitio");

  await page.getByLabel("Referencia").fill("Obra Norte");
  await page.getByLabel("Almacén").selectOption("O4");
  await page.getByLabel("Notas").fill("Entrega en obra");
  await page.getByRole("button", { name: "Guardar datos" }).click();
  await expect(page.getByLabel("Referencia")).toHaveValue("Obra Norte");

  // Spec: 16 % IVA on the lines.
  const totalCents = Math.round((unitCents * 2 + 15000) * 1.16);
  await expect(page.getByTestId("v4-totals")).toContainText(pdfAmount(totalCents));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  await page.getByRole("link", { name: "Vista previa" }).click();
  await expect(page.getByTestId("quotation-preview")).toContainText("INSTALACIONES ELECTRICAS HERNANDEZ");
  await page.getByRole("link", { name: "Ver artículos" }).click();
  await checkDocuments(page, pdfAmount(totalCents));

  await page.getByRole("button", { name: "Crear cotización" }).click();
  // Storing, then opening the stored quote (which compares it with the ERP): slow on a loaded machine.
  await expect(page).toHaveURL(/\/products\/quotes\/COT-\d{4}-\d{6}$/, { timeout: 20_000 });
  await expect(page.getByRole("dialog")).toContainText(pdfAmount(totalCents), { timeout: 20_000 });
  await expect(page.getByTestId("toast")).toContainText("Cotización creada");
  await expect(page.getByTestId("toast")).toContainText("Se ha creado exitosamente");

  // Order type (spec 2 §6: v4 for Admin and Developer too). A free line of 100.00, Mercadolibre,
  // Clásica of "Cables Eléctricos" (13.5 %): 100 / 0.865 = 115.61; v4 adds no 25 (spec 2 §9);
  // IVA 18.50; total 134.11.
  await page.goto("/quotations");
  await page.getByLabel("Artículo libre", { exact: true }).fill("Tablero");
  await page.getByLabel("Precio", { exact: true }).fill("100");
  await page.getByRole("button", { name: "Agregar libre" }).click();
  await expect(page.getByTestId("line-LIBRE-1")).toContainText("Tablero");
  await page.getByLabel("Mercadolibre").check();
  await page.getByLabel("Clásica").check();
  await page.getByRole("button", { name: "Guardar datos" }).click();
  await expect(page.getByText("Elige la categoría de Mercado Libre para ver los totales.")).toBeVisible();
  await page.getByLabel("Categoría", { exact: true }).fill("cables");
  await page.getByRole("button", { name: "Buscar categoría" }).click();
  await page.getByRole("button", { name: "Elegir categoría Cables Eléctricos" }).click();
  const v4Totals = page.getByTestId("v4-totals");
  await expect(v4Totals).toContainText("Ajuste Mercado Libre");
  await expect(v4Totals).toContainText("15.61");
  await expect(v4Totals).toContainText("134.11");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole("button", { name: "Vaciar" }).click();
  await expect(page.getByRole("button", { name: "Crear cotización" })).toBeDisabled();
});
