import { expect, test } from "./fixtures";

test("an admin creates a user from the dialog; the list query survives", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const unique = `${testInfo.project.name}-${Date.now()}`;
  await page.goto("/users?role=practicante");
  await expect(page.getByRole("heading", { name: /Usuarios/ })).toBeVisible();
  await page.getByRole("link", { name: "Nuevo usuario" }).click();
  await expect(page).toHaveURL(/\/users\/new\?role=practicante$/);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nombre", { exact: true }).fill("Rocío");
  await dialog.getByLabel("Apellidos").fill("Prueba");
  await dialog.getByLabel("Correo electrónico").fill(`rocio.${unique}@demo.mx`);
  await dialog.getByLabel("Rol").selectOption("practicante");
  await dialog.getByLabel("Contraseña", { exact: true }).fill("segura123");
  await dialog.getByLabel("Confirmar contraseña").fill("segura123");
  await page.getByRole("button", { name: "Crear usuario" }).click();
  await expect(page).toHaveURL(/\/users\?role=practicante$/);
  await expect(page.getByTestId("toast")).toContainText("Usuario creado");
  await expect(page.getByRole("cell", { name: `rocio.${unique}@demo.mx` })).toBeVisible();
});

test("a bad form keeps the dialog open with Spanish field errors", async ({ page, loginAs }) => {
  await loginAs("developer");
  await page.goto("/users/new");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nombre", { exact: true }).fill("X");
  await dialog.getByLabel("Correo electrónico").fill("admin@demo.mx");
  await dialog.getByLabel("Contraseña", { exact: true }).fill("segura123");
  await dialog.getByLabel("Confirmar contraseña").fill("segura123");
  await page.getByRole("button", { name: "Crear usuario" }).click();
  // No role chosen: the role's own message, said by the field (its empty option reads the same, so
  // the dialog's text alone would hold it anyway); everything typed stays.
  await expect(dialog.getByLabel("Rol")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Rol")).toHaveAccessibleDescription("Selecciona un rol");
  await expect(dialog.getByLabel("Correo electrónico")).not.toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Correo electrónico")).toHaveValue("admin@demo.mx");
  // With a role, the address is the one refused: it is taken (the server's check).
  await dialog.getByLabel("Rol").selectOption({ label: "Practicante" });
  await dialog.getByLabel("Contraseña", { exact: true }).fill("segura123");
  await dialog.getByLabel("Confirmar contraseña").fill("segura123");
  await page.getByRole("button", { name: "Crear usuario" }).click();
  await expect(dialog.getByLabel("Correo electrónico")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Correo electrónico")).toHaveAccessibleDescription("Ya existe un usuario con ese correo electrónico.");
  await expect(dialog.getByLabel("Rol")).not.toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Nombre", { exact: true })).toHaveValue("X");
  await expect(page).toHaveURL(/\/users\/new/);
});

test("a bookmarked filtered, sorted, paged URL of the activity log reproduces the page", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/logs?type=auth&search=sesi%C3%B3n");
  await expect(page.getByLabel("Tipo")).toHaveValue("auth");
  await expect(page.getByLabel("Buscar")).toHaveValue("sesión");
  const rows = page.locator("tbody tr");
  await expect(rows.first()).toContainText(/sesión/i);
  await page.goto("/logs?page=abc&type=nonsense");
  await expect(page.getByRole("heading", { name: /Actividad/ })).toBeVisible();
});

test("the theme screen opens its dialog as a route and closes back to the list", async ({ page, loginAs }) => {
  await loginAs("developer");
  await page.goto("/theme?search=cable");
  await page.getByRole("link", { name: "Abrir diálogo" }).click();
  await expect(page).toHaveURL(/\/theme\/dialog\?search=cable$/);
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("dialog").getByRole("link", { name: "Cerrar" }).first().click();
  await expect(page).toHaveURL(/\/theme\?search=cable$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("toasts of every variant come back from a form post", async ({ page, loginAs }) => {
  await loginAs("developer");
  await page.goto("/theme");
  for (const variant of ["success", "info", "warning", "danger"]) {
    await page.getByRole("button", { name: `Aviso ${variant}` }).click();
    await expect(page.getByTestId("toast")).toHaveAttribute("data-variant", variant);
  }
  // Its ✕ closes it, with or without JavaScript, so it never sits over the buttons it covers.
  await page.getByTestId("toast").getByText("✕").click();
  await expect(page.getByTestId("toast")).toBeHidden();
});

test("the sample PDF and spreadsheet download", async ({ page, loginAs }) => {
  await loginAs("developer");
  const pdf = await page.request.get("/theme/sample.pdf");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const xlsx = await page.request.get("/theme/sample.xlsx");
  expect(xlsx.status()).toBe(200);
  expect((await xlsx.body()).subarray(0, 2).toString()).toBe("PK");
});

test("an admin is offered no Developer role, and a Developer's account opens read-only", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/users/new");
  const role = page.getByRole("dialog").getByLabel("Rol");
  await expect(role.locator('option[value="admin"]')).toHaveCount(1);
  await expect(role.locator('option[value="developer"]')).toHaveCount(0);

  await page.goto("/users?search=developer%40demo.mx");
  await page.getByRole("link", { name: "Diego Hernández" }).click();
  await expect(page).toHaveURL(/\/users\/\d+\?search=/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("note")).toHaveText("Solo un Developer puede modificar esta cuenta.");
  await expect(dialog.getByLabel("Nombre", { exact: true })).toHaveValue("Diego");
  await expect(dialog.getByLabel("Nombre", { exact: true })).toBeDisabled();
  await expect(dialog.getByLabel("Rol")).toHaveValue("developer");
  await expect(dialog.getByLabel("Rol")).toBeDisabled();
  for (const name of ["Guardar cambios", "Restablecer contraseña", "Generar nuevo código", "Desactivar usuario", "Reactivar usuario"]) {
    await expect(dialog.getByRole("button", { name })).toHaveCount(0);
  }
});
