import { expect, expectCheckedOnLeaving, jsEnabled, postsFrom, test, expectToast, uniqueName } from "./fixtures";

test("a sector created from the dialog shows in the list with the toast; a taken name is refused", async ({ page, loginAs }, testInfo) => {
  await loginAs("ml_manager");
  const name = uniqueName("Sector e2e", testInfo.project.name);
  await page.goto("/product-sectors?sortName=id&sortValue=desc");
  await expect(page.getByRole("heading", { name: /Sectores/ })).toBeVisible();
  // MercadoLibre Manager edits but does not delete.
  await expect(page.getByRole("link", { name: /^Editar / }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /^Eliminar / })).toHaveCount(0);

  await page.getByRole("link", { name: "Nuevo Sector" }).click();
  await expect(page).toHaveURL(/\/product-sectors\/new\?sortName=id&sortValue=desc$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Nuevo sector" })).toBeVisible();
  await dialog.getByLabel("Nombre").fill("  residencial ");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("dialog")).toContainText("Ya existe un sector con ese nombre.");
  await expect(page).toHaveURL(/\/product-sectors\/new/);

  await page.getByRole("dialog").getByLabel("Nombre").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/product-sectors\?sortName=id&sortValue=desc$/);
  await expect(page.getByTestId("toast")).toContainText("Sector creado");
  await expect(page.getByTestId("toast")).toContainText("Se ha creado exitosamente");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();

  await page.goto("/product-sectors/1/delete");
  await expect(page).toHaveURL(/\/product-sectors$/);
  await expect(page.getByTestId("toast")).toContainText("Sin permiso");
});

test("an application's name is edited from its dialog", async ({ page, loginAs }, testInfo) => {
  await loginAs("inventory");
  const name = uniqueName("Aplicación e2e", testInfo.project.name);
  const created = await page.request.post("/product-applications/new", { form: { name }, maxRedirects: 0 });
  expect(created.status()).toBe(302);

  const search = `?search=${encodeURIComponent(name)}`;
  await page.goto(`/product-applications${search}`);
  await page.getByRole("link", { name: `Editar ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/product-applications/\\d+\\?search=`));
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: /^Aplicación \d+$/ })).toBeVisible();
  await expect(dialog.getByLabel("Nombre")).toHaveValue(name);
  const renamed = `${name} editada`;
  await dialog.getByLabel("Nombre").fill(renamed);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Aplicación actualizada");
  await expect(page.getByTestId("toast")).toContainText("Se ha actualizado exitosamente");
  await expect(page).toHaveURL((url) => url.pathname === "/product-applications" && url.searchParams.get("search") === name);
  await expect(page.getByRole("link", { name: renamed, exact: true })).toBeVisible();
});

test("an admin deletes a sector after confirming", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const name = uniqueName("Borrar e2e", testInfo.project.name);
  const created = await page.request.post("/product-sectors/new", { form: { name }, maxRedirects: 0 });
  expect(created.status()).toBe(302);

  await page.goto(`/product-sectors?search=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Eliminar ${name}` }).click();
  await expect(page).toHaveURL(/\/product-sectors\/\d+\/delete\?search=/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Eliminar sector" })).toBeVisible();
  await expect(dialog).toContainText(name);
  await expect(dialog.getByTestId("taxonomy-usage")).toHaveText("Ningún producto lo usa.");
  await dialog.getByRole("button", { name: "Eliminar" }).click();
  await expectToast(page, "Sector", "Se ha eliminado exitosamente");
  await expect(page).toHaveURL(/\/product-sectors\?search=/);
  await expect(page.getByText("No hay sectores que coincidan con la búsqueda.")).toBeVisible();
});

test("with JavaScript the name is checked as it is left, with the spec's message and without a post", async ({
  page,
  loginAs,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the server checks it on Guardar (first test)");
  await loginAs("admin");
  await page.goto("/product-sectors/new");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const posts = postsFrom(page);
  await expectCheckedOnLeaving(
    dialog.getByLabel("Nombre"),
    "¡¡!!",
    dialog.getByText("El nombre debe tener al menos una letra o un número"),
  );
  await dialog.getByLabel("Nombre").fill("Sector válido");
  await expect(dialog.getByText("El nombre debe tener al menos una letra o un número")).toHaveCount(0);
  expect(posts).toEqual([]);
});
