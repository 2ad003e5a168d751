import sharp from "sharp";
import { expect as baseExpect, jsEnabled, test } from "./fixtures";

// Both projects (JavaScript on and off) share one database: every test works on names of its own.
test.describe.configure({ timeout: 150_000 });
// The machine running the suite is shared: navigations get more than the default 5 s to show.
const expect = baseExpect.configure({ timeout: 15_000 });

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function pngFile(name: string, width: number, height: number) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 60, b: 160 } } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

const idFromUrl = (url: string) => Number(new URL(url).pathname.split("/")[2]);

test("a sub-category is created under a new category and can never become its own ancestor", async ({ page, loginAs }, testInfo) => {
  await loginAs("inventory");
  const id = stamp();
  const project = jsEnabled(testInfo) ? "on" : "off";
  const parentName = `Padre e2e ${project} ${id}`;
  const childName = `Sub e2e ${project} ${id}`;

  await page.goto("/product-categories");
  await expect(page.getByRole("heading", { level: 1, name: /Categorías/ })).toBeVisible();
  await expect(page.getByTestId("virtual-node")).toContainText("Sin categoría");
  await page.getByRole("link", { name: "Nueva Categoría" }).click();
  let dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Nueva categoría" })).toBeVisible();
  await dialog.getByLabel("Nombre").fill(parentName);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Se ha creado exitosamente");
  await expect(page).toHaveURL(/\/product-categories$/);

  await page.getByRole("link", { name: parentName, exact: true }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: /^Categoría \d+$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/product-categories\/\d+$/);
  const parentId = idFromUrl(page.url());

  await page.goto("/product-categories/new");
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nombre").fill(childName);
  await dialog.getByLabel("Categoría padre").selectOption(String(parentId));
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Categoría creada");

  // The bookmarked search opens the tree down to the match.
  await page.goto(`/product-categories?search=${encodeURIComponent(childName)}`);
  const tree = page.getByTestId("taxonomy-tree");
  await expect(tree.getByRole("link", { name: parentName, exact: true })).toBeVisible();
  await expect(tree.getByRole("link", { name: childName, exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("1");

  await tree.getByRole("link", { name: childName, exact: true }).click();
  await expect(page).toHaveURL(/\/product-categories\/\d+\?/);
  const childId = idFromUrl(page.url());
  dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Categoría padre")).toHaveValue(String(parentId));
  // Its own parent: refused.
  await dialog.getByLabel("Categoría padre").selectOption(String(childId));
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("dialog")).toContainText("Una categoría no puede quedar dentro de sí misma ni de una de sus subcategorías.");

  // The parent under its own sub-category: refused too.
  await page.goto(`/product-categories/${parentId}`);
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Categoría padre").selectOption(String(childId));
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("dialog")).toContainText("Una categoría no puede quedar dentro de sí misma ni de una de sus subcategorías.");
  await page.goto(`/product-categories/${parentId}`);
  await expect(page.getByRole("dialog").getByLabel("Categoría padre")).toHaveValue("0");
});

test("the bookmarked table view pages categories 10 at a time", async ({ page, loginAs }) => {
  await loginAs("practicante");
  await page.goto("/product-categories?view=table&sortName=id&sortValue=asc");
  await expect(page.getByRole("link", { name: "Tabla" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("tbody tr")).toHaveCount(10);
  await expect(page.getByRole("columnheader", { name: "Categoría padre" })).toBeVisible();
  // Practicante edits but does not delete.
  await expect(page.getByRole("link", { name: /^Eliminar / })).toHaveCount(0);
  await page.getByRole("link", { name: "Árbol" }).click();
  await expect(page).toHaveURL(/\/product-categories$/);
  await expect(page.getByTestId("taxonomy-tree")).toBeVisible();
});

test("a long unbroken category name wraps in the tree at 390 px instead of scrolling the page sideways", async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs("inventory");
  const name = `Larga${jsEnabled(testInfo) ? "On" : "Off"}${stamp()}${"W".repeat(50)}`;
  await page.goto("/product-categories/new");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nombre").fill(name);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Se ha creado exitosamente");
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`/product-categories?search=${name.slice(0, 20)}`);
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
});

test("a brand gets a cover and a featured image; a brand in use cannot be deleted", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const id = stamp();
  const project = jsEnabled(testInfo) ? "on" : "off";
  const name = `Marca e2e ${project} ${id}`;

  await page.goto("/product-brands?view=table");
  await page.getByRole("link", { name: "Nueva Marca" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Nueva marca" })).toBeVisible();
  await dialog.getByLabel("Nombre").fill(name);
  await dialog
    .getByTestId("slot-cover")
    .locator('input[type="file"]')
    .setInputFiles(await pngFile(`cover-small-${project}-${id}.png`, 1200, 400));
  await dialog.getByTestId("slot-cover").getByRole("button", { name: "Subir" }).click();
  await expect(page.getByTestId("toast")).toContainText("Lo sentimos, la imagen no cumple con las dimensiones mínimas (1800x600)");

  await page
    .getByRole("dialog")
    .getByTestId("slot-cover")
    .locator('input[type="file"]')
    .setInputFiles(await pngFile(`cover-${project}-${id}.png`, 1800, 600));
  await page
    .getByRole("dialog")
    .getByTestId("slot-image")
    .locator('input[type="file"]')
    .setInputFiles(await pngFile(`feat-${project}-${id}.png`, 1500, 1500));
  await page.getByRole("dialog").getByLabel("Nombre").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Marca creada");
  await expect(page).toHaveURL(/\/product-brands\?view=table$/);

  await page.goto(`/product-brands?view=table&search=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name, exact: true }).click();
  const opened = page.getByRole("dialog");
  await expect(opened.getByTestId("slot-cover")).toContainText(`cover-${project}-${id}.png`);
  await expect(opened.getByTestId("slot-image")).toContainText(`feat-${project}-${id}.png`);

  // Square D is used by products: the refusal names them and there is nothing to confirm.
  await page.goto("/product-brands?view=table&search=Square");
  await page.getByRole("link", { name: "Eliminar Square D" }).click();
  await expect(page.getByTestId("delete-refusal")).toContainText("No se puede eliminar la marca «Square D»");
  await expect(page.getByTestId("delete-refusal")).toContainText("productos");
  await expect(page.getByRole("dialog").getByRole("button", { name: "Eliminar" })).toHaveCount(0);
});
