import sharp from "sharp";
import { expect, jsEnabled, test } from "./fixtures";

// Both projects (JavaScript on and off) share one database: every test works on names of its own.
test.describe.configure({ timeout: 60_000 });

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

async function pngFile(name: string, color: { r: number; g: number; b: number }) {
  const buffer = await sharp({ create: { width: 1500, height: 1500, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** A GTIN-13 with a valid check digit, unique enough per run. */
function ean13() {
  const body = `75${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

test("a bookmarked URL filters the inventory by brand and category", async ({ page, loginAs }) => {
  await loginAs("inventory");
  await page.goto("/web-inventory");
  const brandId = await page.locator('select[name="brand"] option', { hasText: "Square D" }).first().getAttribute("value");
  await page.goto(`/web-inventory?brand=${brandId}`);
  const sku = (await page.locator("tbody tr").first().locator("a").first().textContent())!.trim();
  await page.locator("tbody tr").first().locator("a").first().click();
  const categoryId = await page.getByRole("dialog").locator('select[name="categoryId"]').inputValue();
  expect(categoryId).not.toBe("");
  // Spec 6: the description is for Admin, Developer and flagged MercadoLibre Managers only.
  await expect(page.getByRole("dialog").getByText("Descripción del producto")).toHaveCount(0);
  await expect(page.getByRole("dialog").locator('[name="description"]')).toHaveCount(0);

  await page.goto(`/web-inventory?brand=${brandId}&category=${categoryId}`);
  await expect(page.locator('select[name="brand"]')).toHaveValue(brandId!);
  await expect(page.locator('select[name="category"]')).toHaveValue(categoryId);
  await expect(page.getByRole("link", { name: sku, exact: true })).toBeVisible();
  const heading = page.getByRole("heading", { level: 1 });
  const filteredText = (await heading.textContent())!;
  const filtered = Number(filteredText.replace(/^Inventario v3/, "").replace(/\D/g, ""));
  await page.getByRole("link", { name: "Limpiar Filtros" }).click();
  await expect(page).toHaveURL(/\/web-inventory$/);
  // With JavaScript the address changes before React has drawn the new page: wait for the new total.
  await expect(heading).not.toHaveText(filteredText);
  const all = Number((await heading.textContent())!.replace(/^Inventario v3/, "").replace(/\D/g, ""));
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(all);
});

test("a product is created with an uploaded image and one from the library; duplicates are refused", async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs("admin");
  const id = stamp();
  const project = jsEnabled(testInfo) ? "on" : "off";
  const sku = `E2E${project.toUpperCase()}${id}`;
  const libraryName = `lib-${project}-${id}.png`;
  const ean = ean13();

  // An image already in the library, uploaded from another new product's dialog.
  await page.goto("/web-inventory/new?page=1");
  await page
    .getByRole("dialog")
    .locator('input[name="uploads"]')
    .setInputFiles(await pngFile(libraryName, { r: 10, g: 120, b: 60 }));
  await page.getByRole("dialog").getByRole("button", { name: "Subir", exact: true }).click();
  await expect(page.getByTestId("gallery-0")).toContainText(libraryName);

  // The new product: first the library pick, then the fields and an upload, then Guardar.
  await page.goto("/web-inventory/new?page=1");
  await page.getByRole("link", { name: "Elegir de Archivos subidos" }).first().click();
  const files = page.getByRole("dialog").filter({ has: page.getByLabel("Buscar archivo") });
  await files.getByLabel("Buscar archivo").fill(libraryName);
  await files.getByRole("button", { name: "Buscar" }).click();
  await page.getByRole("link", { name: `Elegir ${libraryName}` }).click();
  await expect(page.getByTestId("gallery-0")).toContainText(libraryName);

  const dialog = page.getByRole("dialog").filter({ hasText: "Nuevo producto" });
  await dialog.getByLabel("SKU").fill(sku.toLowerCase());
  await dialog.getByLabel("Clave de fabricante").fill(`clave-${id}`);
  await dialog.getByLabel("Nombre", { exact: true }).fill(`foco e2e ${id}`);
  await dialog.getByLabel("EAN/UPC").fill(ean);
  await dialog.locator('input[name="uploads"]').setInputFiles(await pngFile(`up-${project}-${id}.png`, { r: 200, g: 30, b: 30 }));
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/web-inventory\?page=1$/);
  await expect(page.getByTestId("toast")).toContainText("Producto Guardado! Obteniendo información...");

  await page.goto(`/web-inventory/${sku}`);
  await expect(page.getByRole("dialog").filter({ hasText: `Producto ${sku}` })).toBeVisible();
  await expect(page.getByTestId("gallery-0")).toContainText(libraryName);
  await expect(page.getByTestId("gallery-1")).toContainText(`up-${project}-${id}.png`);
  await expect(page.getByRole("dialog").getByLabel("Nombre", { exact: true })).toHaveValue(`Foco E2e ${id}`);
  await expect(page.getByRole("dialog").getByText("Descripción del producto")).toBeVisible();
});

test("gallery images and property rows are moved, added and removed with the list buttons, and saved in that order", async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs("admin");
  const id = stamp();
  const project = jsEnabled(testInfo) ? "on" : "off";
  const sku = `LST${project.toUpperCase()}${id}`;
  const [first, second] = [`uno-${project}-${id}.png`, `dos-${project}-${id}.png`];
  await page.goto("/web-inventory/new");
  const dialog = page.getByRole("dialog").filter({ hasText: "Nuevo producto" });
  await dialog.getByLabel("SKU").fill(sku);
  await dialog.getByLabel("Clave de fabricante").fill(`clave-${id}`);
  await dialog.getByLabel("Nombre", { exact: true }).fill(`lista ${id}`);
  await dialog
    .locator('input[name="uploads"]')
    .setInputFiles([await pngFile(first, { r: 0, g: 0, b: 200 }), await pngFile(second, { r: 0, g: 200, b: 0 })]);
  await dialog.getByRole("button", { name: "Subir", exact: true }).click();
  await expect(page.getByTestId("gallery-1")).toContainText(second);
  // What was typed stays through the upload, and an alt text moves with its image.
  await expect(dialog.getByLabel("SKU")).toHaveValue(sku);
  await page.getByTestId("gallery-0").getByLabel("Texto alternativo").fill("Foco azul");
  // With JavaScript the list buttons change the form in the page; without it each one is a post.
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts++;
  });
  await dialog.getByRole("button", { name: `Bajar ${first}` }).click();
  await expect(page.getByTestId("gallery-0")).toContainText(second);
  await expect(page.getByTestId("gallery-1")).toContainText(first);
  await expect(page.getByTestId("gallery-1").getByLabel("Texto alternativo")).toHaveValue("Foco azul");

  await dialog.getByRole("button", { name: "Agregar propiedad" }).click();
  await dialog.getByLabel("Nombre de la propiedad 1").fill("Color");
  await dialog.getByRole("button", { name: "Agregar propiedad" }).click();
  await dialog.getByLabel("Nombre de la propiedad 2").fill("Voltaje");
  await dialog.getByLabel("Valor de la propiedad 2").fill("127 V");
  await dialog.getByLabel("La propiedad 2 es selector").check();
  await page.getByTestId("property-0").getByRole("button", { name: "Quitar" }).click();
  await expect(page.getByTestId("property-1")).toHaveCount(0);
  await expect(dialog.getByLabel("Nombre de la propiedad 1")).toHaveValue("Voltaje");
  await expect(dialog.getByLabel("La propiedad 1 es selector")).toBeChecked();
  expect(posts).toBe(project === "on" ? 0 : 4);
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Producto Guardado! Obteniendo información...");

  await page.goto(`/web-inventory/${sku}`);
  await expect(page.getByTestId("gallery-0")).toContainText(second);
  await expect(page.getByTestId("gallery-1")).toContainText(first);
  await expect(page.getByTestId("gallery-1").getByLabel("Texto alternativo")).toHaveValue("Foco azul");
  await expect(page.getByRole("dialog").getByLabel("Nombre de la propiedad 1")).toHaveValue("Voltaje");
  await expect(page.getByRole("dialog").getByLabel("Valor de la propiedad 1")).toHaveValue("127 V");
  await expect(page.getByTestId("property-1")).toHaveCount(0);
});

test("a data sheet picked from the library joins the form as it stands", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const js = jsEnabled(testInfo);
  const sheet = `ficha-lib-${js ? "on" : "off"}-${stamp()}.pdf`;
  // A PDF in the library, uploaded from another new product's dialog.
  await page.goto("/web-inventory/new");
  await page
    .getByRole("dialog")
    .locator('input[name="sheetUpload"]')
    .setInputFiles({ name: sheet, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
  await page.getByRole("dialog").getByRole("button", { name: "Subir ficha", exact: true }).click();
  await expect(page.getByTestId("data-sheet")).toContainText(sheet);

  await page.goto("/web-inventory/new?page=2");
  // With JavaScript what was typed before opening the library stays (decision 0014).
  if (js) await page.getByRole("dialog").getByLabel("Nombre", { exact: true }).fill("Con ficha");
  await page.getByRole("link", { name: "Elegir de Archivos subidos" }).nth(1).click();
  const files = page.getByRole("dialog").filter({ has: page.getByLabel("Buscar archivo") });
  await files.getByLabel("Buscar archivo").fill(sheet);
  await files.getByRole("button", { name: "Buscar" }).click();
  await page.getByRole("link", { name: `Elegir ${sheet}` }).click();
  await expect(page.getByTestId("data-sheet")).toContainText(sheet);
  await expect(page).toHaveURL(/page=2/);
  if (js) await expect(page.getByRole("dialog").getByLabel("Nombre", { exact: true })).toHaveValue("Con ficha");
  // The pick is in what Guardar posts.
  const sku = `FICHA${stamp()}`;
  const dialog = page.getByRole("dialog").filter({ hasText: "Nuevo producto" });
  await dialog.getByLabel("SKU").fill(sku);
  await dialog.getByLabel("Clave de fabricante").fill("K-FICHA");
  await dialog.getByLabel("Nombre", { exact: true }).fill("Con ficha");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Producto Guardado! Obteniendo información...");
  await page.goto(`/web-inventory/${sku}`);
  await expect(page.getByTestId("data-sheet")).toContainText(sheet);
});

test("a duplicate SKU and a duplicate EAN/UPC are refused with the spec's messages", async ({ page, loginAs }) => {
  await loginAs("admin");
  const sku = "PVCL1";
  const ean = "7502010299991";
  await page.goto("/web-inventory/new");
  const again = page.getByRole("dialog").filter({ hasText: "Nuevo producto" });
  await again.getByLabel("SKU").fill(sku);
  await again.getByLabel("Clave de fabricante").fill("X");
  await again.getByLabel("Nombre", { exact: true }).fill("Copia");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("dialog").filter({ hasText: "Nuevo producto" })).toContainText(
    "Error al guardar, El SKU del producto ya existe.",
  );
  // Spec 8: the warning toast of a taken SKU.
  await expect(page.getByTestId("toast")).toContainText("Lo sentimos.");
  await expect(page.getByTestId("toast")).toContainText("El artículo que tratas de agregar ya existe.");
  const third = page.getByRole("dialog").filter({ hasText: "Nuevo producto" });
  await third.getByLabel("SKU").fill(`NUEVO${stamp()}`);
  await third.getByLabel("EAN/UPC").fill(ean);
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("dialog").filter({ hasText: "Nuevo producto" })).toContainText(
    `Error al guardar, el código de barras ya existe en el producto ${sku}`,
  );
});

test("an AI description is generated from the data sheet in the simulator", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const id = stamp();
  const sku = `AI${jsEnabled(testInfo) ? "ON" : "OFF"}${id}`;
  const created = await page.request.post("/web-inventory/new", {
    multipart: {
      intent: "save",
      sku,
      manufacturerSku: "K-AI",
      name: "Contactor tripolar 25 A",
      sheetUpload: {
        name: `ficha-${sku}.pdf`,
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
      },
    },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await page.goto(`/web-inventory/${sku}`);
  await expect(page.getByTestId("data-sheet")).toContainText(`ficha-${sku}.pdf`);
  await page.getByRole("button", { name: "Generar descripción" }).click();
  await expect(page.getByTestId("ai-description")).toContainText("Contactor Tripolar 25 A");
  await page.getByRole("link", { name: "Volver" }).click();
  await page.goto(`/web-inventory/${sku}`);
  await expect(page.getByTestId("ai-description")).toHaveCount(0);
});

test("with JavaScript, what is typed while an upload is answered stays, with the focus, and the chosen file is cleared", async ({
  page,
  loginAs,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the page is drawn again from the answer");
  await loginAs("admin");
  const id = stamp();
  await page.goto("/web-inventory/new");
  const dialog = page.getByRole("dialog").filter({ hasText: "Nuevo producto" });
  await dialog.getByLabel("Nombre", { exact: true }).fill(`foco ${id}`);
  // The upload is held on its way until some typing has been done, as on a slow connection.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/web-inventory/new**", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  const uploads = dialog.locator('input[name="uploads"]');
  await uploads.setInputFiles(await pngFile(`foco-${id}.png`, { r: 90, g: 90, b: 10 }));
  const upload = page.waitForRequest((request) => request.method() === "POST" && request.url().includes("/web-inventory/new"));
  await dialog.getByRole("button", { name: "Subir", exact: true }).click();
  await upload;
  const ean = dialog.getByLabel("EAN/UPC");
  await ean.click();
  await ean.pressSequentially("750");
  answer();
  await expect(page.getByTestId("gallery-0")).toContainText(`foco-${id}.png`);
  await ean.pressSequentially("1");
  await expect(ean).toHaveValue("7501");
  await expect(ean).toBeFocused();
  await expect(dialog.getByLabel("Nombre", { exact: true })).toHaveValue(`foco ${id}`);
  await expect(uploads).toHaveValue("");
});
