import sharp from "sharp";
import type { Page, TestInfo } from "@playwright/test";
import { expect as baseExpect, jsEnabled, routerSettled, test } from "./fixtures";

// Both projects (JavaScript on and off) share one database: every test works on names of its own.
test.describe.configure({ timeout: 150_000 });
// The machine running the suite is shared: navigations get more than the default 5 s to show.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Searches the combo dialog's products and waits for this search's answer: the list on screen until
 * then is the previous search's, the same list when the text is the same.
 */
async function searchProducts(page: Page, testInfo: TestInfo, text: string) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Busca por nombre o sku").fill(text);
  await dialog.getByRole("button", { name: "Buscar producto" }).click();
  await routerSettled(page, jsEnabled(testInfo));
}

test("a combo is made from two components and opens again as 'Publicación {id}' with read-only components", async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs("inventory");
  const project = jsEnabled(testInfo) ? "on" : "off";
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const image = {
    name: `combo-${project}-${stamp}.png`,
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 1500, height: 1500, channels: 3, background: { r: 90, g: 10, b: 10 } } })
      .png()
      .toBuffer(),
  };

  await page.goto("/web-inventory?page=1");
  await page.getByRole("link", { name: "Nueva publicación" }).click();
  await expect(page).toHaveURL(/\/web-inventory\/combos\/new\?page=1$/);
  let dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Nueva publicación" })).toBeVisible();
  // Spec 5: the add buttons stay disabled while the name is empty.
  await searchProducts(page, testInfo, "QO1");
  await expect(page.getByTestId("combo-matches").getByRole("button").first()).toBeDisabled();
  await expect(page.getByText("Escribe el nombre de la publicación antes de agregar productos.")).toBeVisible();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nombre", { exact: true }).fill(`kit e2e ${project} ${stamp}`);

  // The typeahead: one character is enough; a match is added with its button.
  await searchProducts(page, testInfo, "QO1");
  const matches = page.getByTestId("combo-matches");
  await expect(matches.getByRole("button").first()).toBeVisible();
  // A component with stock for two of it (the quantity may not pass the stock).
  const texts = await matches.getByRole("button").allTextContents();
  const pick = texts.findIndex((t) => Number(/stock ([\d,]+)$/.exec(t.trim())?.[1].replace(/,/g, "") ?? 0) >= 2);
  expect(pick).toBeGreaterThanOrEqual(0);
  const firstSku = (await matches.getByRole("button").nth(pick).locator("span.font-mono").textContent())!.trim();
  await matches.getByRole("button").nth(pick).click();
  await expect(page.getByTestId("combo-line-0")).toContainText(firstSku);
  // The same product again: +1 instead of a new row.
  await searchProducts(page, testInfo, firstSku);
  await page
    .getByTestId("combo-matches")
    .getByRole("button", { name: new RegExp(`^${firstSku} `) })
    .click();
  await expect(page.getByLabel(`Cantidad de ${firstSku}`)).toHaveValue("2");
  await expect(page.getByTestId("combo-line-1")).toHaveCount(0);
  const twoOfFirst = (await page.getByTestId("combo-price").textContent())!;
  // Another product, then Quitar: the row goes and the total is the first product's again.
  await searchProducts(page, testInfo, "QO1");
  const options = page.getByTestId("combo-matches").getByRole("button");
  await expect(options.first()).toBeVisible();
  // A product with a price and stock, other than the first.
  const other = (await options.allTextContents()).findIndex((t) => {
    const [, price, stock] = /\$([\d,.]+) · stock ([\d,]+)$/.exec(t.trim()) ?? [];
    return !t.trim().startsWith(`${firstSku} `) && Number(price?.replace(/,/g, "")) > 0 && Number(stock?.replace(/,/g, "")) >= 1;
  });
  expect(other).toBeGreaterThanOrEqual(0);
  const secondSku = (await options.nth(other).locator("span.font-mono").textContent())!.trim();
  await options.nth(other).click();
  await expect(page.getByTestId("combo-line-1")).toContainText(secondSku);
  await expect(page.getByTestId("combo-price")).not.toHaveText(twoOfFirst);
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts++;
  });
  await page
    .getByRole("dialog")
    .getByRole("button", { name: `Quitar ${secondSku}` })
    .click();
  await expect(page.getByTestId("combo-line-1")).toHaveCount(0);
  await expect(page.getByTestId("combo-price")).toHaveText(twoOfFirst);
  await expect(page.getByLabel(`Cantidad de ${firstSku}`)).toHaveValue("2");
  // With JavaScript the row goes in the page and the total is added up there; without it, one post.
  expect(posts).toBe(project === "on" ? 0 : 1);

  dialog = page.getByRole("dialog");
  await dialog.locator('input[name="uploads"]').setInputFiles(image);
  await dialog.getByRole("button", { name: "Subir", exact: true }).click();
  await expect(page.getByTestId("gallery-0")).toContainText(image.name);

  dialog = page.getByRole("dialog");
  // Saving without description, category and brand: the spec's message.
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Todos los campos son obligatorios excepto (Alto, Largo, Ancho, y Peso)");

  dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Descripción de la publicación" }).fill("Dos piezas del mismo interruptor");
  await dialog.getByLabel("Categoría").selectOption({ index: 1 });
  await dialog.getByLabel("Marca").selectOption({ index: 1 });
  const price = (await page.getByTestId("combo-price").textContent())!;
  await dialog.getByRole("button", { name: "Guardar" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Publicación guardada");
  await expect(page).toHaveURL(/\/web-inventory\?page=1$/);
  const id = /\(([A-Z0-9]{7})\)/.exec((await toast.textContent())!)![1];

  await page.goto(`/web-inventory?search=${id}`);
  await page.getByRole("link", { name: id, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/web-inventory/combos/${id}\\?search=${id}$`));
  dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Publicación ${id}` })).toBeVisible();
  await expect(dialog).toContainText("Los componentes de una publicación guardada no se pueden cambiar.");
  await expect(page.getByTestId("combo-line-0")).toContainText(firstSku);
  await expect(dialog.getByLabel(`Cantidad de ${firstSku}`)).toHaveCount(0);
  await expect(page.getByTestId("combo-price")).toHaveText(price);
});

// Spec 5: a quantity above the stock, or not above 0, is refused with its message and goes back to
// 1 — on screen too, so the next Guardar posts 1 and the row, total and stock agree with the field.
test("a refused component quantity shows its message and comes back as 1", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const project = jsEnabled(testInfo) ? "on" : "off";
  const sku = "LDVA60-12W30";
  await page.goto("/web-inventory/combos/new");
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nombre", { exact: true }).fill(`kit cantidad ${project} ${Date.now().toString(36)}`);
  await searchProducts(page, testInfo, sku);
  await page
    .getByTestId("combo-matches")
    .getByRole("button", { name: new RegExp(`^${sku} `) })
    .click();
  const qty = page.getByLabel(`Cantidad de ${sku}`);
  await expect(qty).toHaveValue("1");
  const oneSubtotal = (await page.getByTestId("combo-line-0").locator("td").nth(5).textContent())!;
  const onePrice = (await page.getByTestId("combo-price").textContent())!;

  const refusals = [
    { typed: "99999", press: "Buscar producto", title: "Stock insuficiente", message: "La cantidad es mayor al stock disponible" },
    { typed: "0", press: "Guardar", title: "Cantidad insuficiente", message: "La cantidad debe ser mayor a 0" },
  ];
  for (const refusal of refusals) {
    await qty.fill(refusal.typed);
    await page.getByRole("dialog").getByRole("button", { name: refusal.press }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText(refusal.title);
    await expect(toast).toContainText(refusal.message);
    await expect(page.getByTestId("combo-line-0")).toContainText(refusal.message);
    await expect(qty).toHaveValue("1");
    await expect(page.getByTestId("combo-line-0").locator("td").nth(5)).toHaveText(oneSubtotal);
    await expect(page.getByTestId("combo-price")).toHaveText(onePrice);
  }

  // The next save posts the 1 on screen: quantities are checked first, so the answer is the next
  // rule's (description, category and brand are still empty), not the refusal again.
  dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Todos los campos son obligatorios");
  await expect(page.getByTestId("toast")).not.toContainText("Cantidad insuficiente");
  await expect(qty).toHaveValue("1");
});
