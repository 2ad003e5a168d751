import sharp from "sharp";
import { expect, expectCheckedOnLeaving, jsEnabled, postsFrom, test, expectToast, uniqueName } from "./fixtures";

test("a location created from the dialog shows in the list with the toast", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const name = uniqueName("Sucursal e2e", testInfo.project.name);
  await page.goto("/locations?location_status_filter=active");
  await expect(page.getByRole("heading", { name: /Ubicaciones/ })).toBeVisible();

  await page.getByRole("link", { name: "Nueva Ubicación" }).click();
  await expect(page).toHaveURL(/\/locations\/new\?location_status_filter=active$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Nueva ubicación" })).toBeVisible();
  await dialog.getByLabel("Sucursal").fill(name);
  await dialog.getByLabel("Horarios").fill("Lunes a viernes 9:00–18:00, sábado 9:00–14:00");
  await dialog.getByLabel("Teléfono").fill("55 1234");
  await dialog.getByLabel("Dirección").fill("Av. Revolución 1500, San Ángel, CDMX");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("dialog")).toContainText("Debe tener 10 dígitos");
  await expect(page.getByRole("dialog").getByLabel("Sucursal")).toHaveValue(name);

  await page.getByRole("dialog").getByLabel("Teléfono").fill("55 1234 5678");
  await page.getByRole("dialog").getByLabel("URL de mapas").fill("https://maps.app.goo.gl/e2e");
  await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/locations\?location_status_filter=active$/);
  await expectToast(page, "Obteniendo información", "Información agregada/actualizada exitosamente");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Av. Revolución 1500");
  await expect(row).toContainText("Activa");
});

test("an admin deletes a location after confirming", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const name = uniqueName("Borrar sucursal e2e", testInfo.project.name);
  const created = await page.request.post("/locations/new", {
    form: { name, address: "Calle Falsa 123, Toluca", isActive: "on" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);

  await page.goto(`/locations?search=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Editar ${name}` }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: /^Ubicación \d+$/ })).toBeVisible();
  await page.getByRole("dialog").getByRole("link", { name: "Eliminar" }).click();
  await expect(page).toHaveURL(/\/locations\/\d+\/delete\?search=/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Eliminar ubicación" })).toBeVisible();
  await expect(dialog).toContainText(name);
  await dialog.getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Ubicación eliminada");
  await expect(page.getByTestId("toast")).toContainText("Se ha eliminado exitosamente");
  await expect(page).toHaveURL(/\/locations\?search=/);
  await expect(page.getByText("No hay ubicaciones que coincidan con los filtros.")).toBeVisible();
});

test("promotions filter by status", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const tag = uniqueName("Filtro e2e", testInfo.project.name);
  for (const [suffix, visible] of [
    ["visible", true],
    ["oculta", false],
  ] as const) {
    const form: Record<string, string> = { title: `${tag} ${suffix}`, startDate: "2025-01-01", endDate: "2025-12-31" };
    if (visible) form.visible = "on";
    const res = await page.request.post("/promotions/new", { form, maxRedirects: 0 });
    expect(res.status()).toBe(302);
  }
  await page.goto(`/promotions?search=${encodeURIComponent(tag)}`);
  await expect(page.getByRole("link", { name: `${tag} visible`, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `${tag} oculta`, exact: true })).toBeVisible();

  await page.getByLabel("Estatus").selectOption("inactive");
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/promo_status_filter=inactive/);
  await expect(page.getByRole("link", { name: `${tag} oculta`, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `${tag} visible`, exact: true })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: `${tag} oculta` })).toContainText("Inactiva");

  await page.getByLabel("Estatus").selectOption("active");
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/promo_status_filter=active/);
  await expect(page.getByRole("link", { name: `${tag} visible`, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `${tag} oculta`, exact: true })).toHaveCount(0);

  await page.getByRole("link", { name: "Limpiar Filtros" }).click();
  await expect(page).toHaveURL(/\/promotions$/);
});

test("a promotion is created with a date range and an uploaded image", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const title = uniqueName("Promo e2e", testInfo.project.name);
  const fileName = `${title.replace(/\s+/g, "-")}.png`;
  const buffer = await sharp({ create: { width: 1500, height: 1500, channels: 3, background: { r: 240, g: 180, b: 0 } } })
    .png()
    .toBuffer();

  await page.goto("/promotions?promo_status_filter=active");
  await page.getByRole("link", { name: "Nueva Promoción" }).click();
  await expect(page).toHaveURL(/\/promotions\/new\?promo_status_filter=active$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Nueva promoción" })).toBeVisible();
  await dialog.getByLabel("Título").fill(title);
  await dialog.getByLabel("Descripción").fill("Descuento especial en interruptores.");
  await dialog.getByLabel("Fecha inicial").fill("2025-07-10");
  await dialog.getByLabel("Fecha final").fill("2025-07-01");
  await dialog.getByRole("switch", { name: "Visible en la tienda" }).check({ force: true });
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("dialog")).toContainText("La fecha final debe ser igual o posterior a la inicial");
  await expect(page.getByRole("dialog").getByLabel("Título")).toHaveValue(title);

  await page.getByRole("dialog").getByLabel("Fecha final").fill("2025-07-31");
  await page
    .getByRole("dialog")
    .getByLabel(/imagen nueva/)
    .setInputFiles({ name: fileName, mimeType: "image/png", buffer });
  await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/promotions\?promo_status_filter=active$/);
  await expectToast(page, "Obteniendo información", "Información agregada/actualizada exitosamente");
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Activa");
  await expect(row).toContainText("10/07/2025 – 31/07/2025");

  await row.getByRole("link", { name: title, exact: true }).click();
  const edit = page.getByRole("dialog");
  await expect(edit.getByRole("heading", { name: /^Promoción \d+$/ })).toBeVisible();
  await expect(edit.getByTestId("promotion-image")).toContainText(fileName);
  const src = await edit.getByTestId("promotion-image").locator("img").getAttribute("src");
  expect(src).toMatch(/^\/files\/[0-9a-f-]{36}\?w=150$/);
  const image = await page.request.get(src!);
  expect(image.headers()["content-type"]).toBe("image/webp");
});

test("with JavaScript the promotion's title is checked as it is left, without a post, and the library search still goes with it empty", async ({
  page,
  loginAs,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the server checks it on Guardar (the test above)");
  await loginAs("admin");
  await page.goto("/promotions/new");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const posts = postsFrom(page);
  await expectCheckedOnLeaving(
    dialog.getByLabel("Título"),
    "¡¡!!",
    dialog.getByText("El título debe tener al menos una letra o un número"),
  );
  await dialog.getByLabel("Título").fill("");
  await expect(dialog.getByText("Ingresa el título")).toBeVisible();
  expect(posts).toEqual([]);
  // Only Guardar is judged: the library's button posts the form as typed, title empty and all.
  await dialog.getByRole("button", { name: "Buscar en la biblioteca" }).click();
  await expect(
    dialog.getByRole("list", { name: "Imágenes de la biblioteca" }).or(dialog.getByText("No hay imágenes que coincidan.")),
  ).toBeVisible();
  expect(posts).toHaveLength(1);
  await expect(dialog.getByLabel("Título")).toHaveValue("");
});

// Spec 5: a promotion image under 1500×1500 is refused with the warning toast and the inline text,
// the file input is left empty, and the next Guardar saves the promotion without it.
test("a refused promotion image is cleared and said by the toast; Guardar then saves the promotion", async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs("admin");
  const title = uniqueName("Promo imagen chica", testInfo.project.name);
  const small = await sharp({ create: { width: 1499, height: 1500, channels: 3, background: { r: 240, g: 180, b: 0 } } })
    .png()
    .toBuffer();
  await page.goto("/promotions/new");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Título").fill(title);
  await dialog.getByLabel("Descripción").fill("Descuento en contactos.");
  await dialog.getByLabel("Fecha final").fill("2099-12-31");
  await dialog.getByLabel(/imagen nueva/).setInputFiles({ name: `chica-${Date.now()}.png`, mimeType: "image/png", buffer: small });
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expectToast(page, "Imagen no válida", "Lo sentimos, la imagen no cumple con las dimensiones mínimas (1500x1500)");
  await expect(page.getByRole("dialog").locator("[id$='-upload-error']")).toHaveText(
    "Imagen no válida: Lo sentimos, la imagen no cumple con las dimensiones mínimas (1500x1500)",
  );
  await expect(page.getByRole("dialog").getByLabel("Título")).toHaveValue(title);
  await expect(page.getByRole("dialog").getByLabel(/imagen nueva/)).toHaveValue("");

  await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/promotions$/);
  await expectToast(page, "Obteniendo información", "Información agregada/actualizada exitosamente");
  await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();
});
