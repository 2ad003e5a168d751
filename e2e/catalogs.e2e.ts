import sharp from "sharp";
import { expect, test, expectToast, uniqueName } from "./fixtures";

test("a catalogue is created with a subtitle and two products, shows in the list and is deleted by an admin", async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs("admin");
  const title = uniqueName("Catálogo e2e", testInfo.project.name);
  await page.goto("/catalogs?k=e2e");
  await expect(page.getByRole("heading", { name: /Catálogos/ })).toBeVisible();

  await page.getByRole("link", { name: "Nuevo catálogo" }).click();
  await expect(page).toHaveURL(/\/catalogs\/new\?k=e2e$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Nuevo catálogo" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Agregar subtítulo" })).toBeDisabled();

  await dialog.getByLabel("Título", { exact: true }).fill(title);
  // Without JavaScript the add buttons wake up when the dialog comes back with the title.
  await dialog.getByLabel("Título", { exact: true }).press("Enter");
  await expect(page.getByRole("dialog").getByLabel("Título", { exact: true })).toHaveValue(title);
  await expect(page.getByRole("dialog").getByRole("button", { name: "Agregar subtítulo" })).toBeEnabled();
  await page.getByRole("dialog").getByRole("button", { name: "Agregar subtítulo" }).click();
  await expect(page.getByRole("dialog").getByRole("group", { name: "Subtítulo 1" })).toBeVisible();
  await page.getByRole("dialog").getByLabel("Texto del subtítulo 1").fill("Focos LED");

  await page
    .getByRole("dialog")
    .getByRole("searchbox", { name: /Busca por nombre o sku/ })
    .fill("QO1");
  await page.getByRole("dialog").getByRole("button", { name: "Buscar productos para el subtítulo 1" }).click();
  const results = page.getByRole("dialog").getByRole("list", { name: "Resultados para el subtítulo 1" });
  await expect(results.getByRole("button").first()).toBeVisible();
  await expect(page.getByRole("dialog").getByLabel("Texto del subtítulo 1")).toHaveValue("Focos LED");
  const labels = await results.getByRole("button").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") ?? ""));
  const [first, second] = labels.slice(0, 2).map((l) => l.replace(/^Agregar /, ""));
  expect(first && second).toBeTruthy();

  const products = page.getByRole("dialog").getByRole("table", { name: "Productos del subtítulo 1" });
  await results.getByRole("button", { name: `Agregar ${first}`, exact: true }).click();
  await expect(products.getByRole("row")).toHaveCount(2);
  await page
    .getByRole("dialog")
    .getByRole("list", { name: "Resultados para el subtítulo 1" })
    .getByRole("button", { name: `Agregar ${second}`, exact: true })
    .click();
  await expect(products.getByRole("row")).toHaveCount(3);
  await expect(products.getByRole("row").nth(1)).toContainText(first);
  await expect(products.getByRole("row").nth(2)).toContainText(second);
  // Agregar on a product already listed raises its quantity by 1.
  await page
    .getByRole("dialog")
    .getByRole("list", { name: "Resultados para el subtítulo 1" })
    .getByRole("button", { name: `Agregar ${second}`, exact: true })
    .click();
  await expect(products.getByLabel(`Cantidad ${second}`)).toHaveValue("2");
  await expect(products.getByRole("row")).toHaveCount(3);

  await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/catalogs\?k=e2e$/);
  await expectToast(page, "Obteniendo información", "Información agregada/actualizada exitosamente");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.goto(`/catalogs?search=${encodeURIComponent(title)}`);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await expect(row.getByRole("cell").nth(3)).toHaveText("2");

  await row.getByRole("link", { name: `Editar ${title}` }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: /^Catálogo \d+$/ })).toBeVisible();
  await expect(page.getByRole("dialog").getByLabel("Texto del subtítulo 1")).toHaveValue("Focos LED");
  const saved = page.getByRole("dialog").getByRole("table", { name: "Productos del subtítulo 1" });
  await expect(saved.getByRole("row").nth(1)).toContainText(first);
  await expect(saved.getByLabel(`Cantidad ${second}`)).toHaveValue("2");
  await page.getByRole("dialog").getByRole("link", { name: "Eliminar" }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Eliminar catálogo" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Se ha eliminado exitosamente");
  await expect(page).toHaveURL(/\/catalogs\?search=/);
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
});

// Spec 5 and 8: an image under 1800×600 is refused with the warning toast and the inline text; the
// typed title stays and the file input starts empty again.
test("a refused catalogue image is said by the toast and in the dialog", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const title = uniqueName("Catálogo imagen chica", testInfo.project.name);
  const small = await sharp({ create: { width: 1799, height: 600, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
  await page.goto("/catalogs/new");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Título", { exact: true }).fill(title);
  await dialog.getByLabel("Subir una imagen").setInputFiles({ name: `chica-${Date.now()}.png`, mimeType: "image/png", buffer: small });
  await dialog.getByRole("button", { name: "Subir imagen" }).click();
  await expectToast(page, "Imagen no válida", "Lo sentimos, la imagen no cumple con las dimensiones mínimas (1800x600)");
  await expect(page.getByRole("dialog").locator("[id$='-upload-error']")).toHaveText(
    "Imagen no válida: Lo sentimos, la imagen no cumple con las dimensiones mínimas (1800x600)",
  );
  await expect(page.getByRole("dialog").getByLabel("Título", { exact: true })).toHaveValue(title);
  await expect(page.getByRole("dialog").getByLabel("Subir una imagen")).toHaveValue("");
});
