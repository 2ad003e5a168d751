import sharp from "sharp";
import { expect, jsEnabled, test, expectToast } from "./fixtures";

test("the home banner: a small image is refused with the spec's text, a large one updates the cover", async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs("ml_manager");
  await page.goto("/banner-home");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Ecommerce - Portada");
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const title = `Iluminación ${stamp}`;
  const image = async (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 240, g: 180, b: 20 } } })
      .png()
      .toBuffer();

  await page.getByLabel("Título de portada", { exact: true }).fill(title);
  if (jsEnabled(testInfo)) await expect(page.getByTestId("banner-home-coverTitle-count")).toHaveText(`${title.length}/255`);
  await page
    .getByLabel("Imagen destacada")
    .setInputFiles({ name: `chica-${stamp}.png`, mimeType: "image/png", buffer: await image(1200, 800) });
  await page.getByRole("button", { name: "Actualizar" }).click();
  // Said under the field (and by the toast, see below).
  await expect(page.locator("#banner-image-error")).toContainText(
    "Lo sentimos, la imagen no cumple con las dimensiones mínimas (3000x2000)",
  );
  await expect(page.getByLabel("Título de portada", { exact: true })).toHaveValue(title);

  await page
    .getByLabel("Imagen destacada")
    .setInputFiles({ name: `portada-${stamp}.png`, mimeType: "image/png", buffer: await image(3000, 2000) });
  await page.getByRole("button", { name: "Actualizar" }).click();
  await expectToast(page, "Obteniendo información", "Información agregada/actualizada exitosamente");
  // Both projects update the one banner at the same time: the preview shows one of their titles.
  await expect(page.getByTestId("preview-title")).toContainText("Iluminación");
  await expect(page.getByRole("region", { name: "Vista previa" }).getByRole("img")).toBeVisible();
});

// Spec 5 and 8: the refusal is also the warning toast, and the refused file is not posted again.
test("a refused banner image is said by the toast and the file input is left empty", async ({ page, loginAs }, testInfo) => {
  await loginAs("ml_manager");
  await page.goto("/banner-home");
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const image = async (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .png()
      .toBuffer();
  const title = `Contactos ${stamp}`;
  await page.getByLabel("Título de portada", { exact: true }).fill(title);
  await page
    .getByLabel("Imagen destacada")
    .setInputFiles({ name: `casi-${stamp}.png`, mimeType: "image/png", buffer: await image(2999, 2000) });
  await page.getByRole("button", { name: "Actualizar" }).click();
  await expectToast(page, "Imagen no válida", "Lo sentimos, la imagen no cumple con las dimensiones mínimas (3000x2000)");
  await expect(page.locator("#banner-image-error")).toContainText(
    "Imagen no válida: Lo sentimos, la imagen no cumple con las dimensiones mínimas (3000x2000)",
  );
  await expect(page.getByLabel("Título de portada", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Imagen destacada")).toHaveValue("");
});
