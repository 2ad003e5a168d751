import { DEMO, DEMO_PASSWORD, expect, jsEnabled, test } from "./fixtures";

test("sign in with the form, see the sidebar for the role, sign out", async ({ page }) => {
  await page.goto("/orders?page=2");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Forders%3Fpage%3D2/);
  await page.getByLabel("Correo electrónico").fill(DEMO.admin);
  await page.getByLabel("Contraseña", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/orders\?page=2$/);
  const sidebar = page.getByTestId("sidebar");
  await expect(sidebar.getByTestId("user-name")).toHaveText("Ana Martínez");
  await expect(sidebar.getByTestId("user-role")).toHaveText("Admin");
  for (const label of ["Cotizador v3", "Punto de Venta", "Órdenes", "Publicaciones", "Promociones", "Actividad", "Usuarios"]) {
    await expect(sidebar.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(sidebar.getByRole("link", { name: "Tema" })).toHaveCount(0);
  await sidebar.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/products");
  await expect(page).toHaveURL(/\/login/);
});

test("a wrong password shows the 'Atención' danger toast", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(DEMO.inventory);
  await page.getByLabel("Contraseña", { exact: true }).fill("incorrecta");
  await page.getByRole("button", { name: "Entrar" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Atención");
  await expect(toast).toContainText("Correo o contraseña incorrectos.");
  await expect(toast).toHaveAttribute("data-variant", "danger");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(DEMO.inventory);
});

test("the login page lists the demo users in demo mode", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: /Usuarios de demostración/ })).toBeVisible();
  await expect(page.getByText("cajero@demo.mx")).toBeVisible();
});

test("Surtido sees no navigation items and its level", async ({ page, loginAs }) => {
  await loginAs("surtido");
  await page.goto("/");
  await expect(page).toHaveURL(/\/surtido$/);
  const sidebar = page.getByTestId("sidebar");
  await expect(sidebar.getByRole("link")).toHaveCount(0);
  await expect(sidebar.getByTestId("user-role")).toHaveText("Surtido · Nivel 2");
});

test("Cajero lands on the point of sale and sees only it", async ({ page, loginAs }) => {
  await loginAs("cajero");
  await page.goto("/products");
  await expect(page).toHaveURL(/\/pdv$/);
  const links = page.getByTestId("sidebar").getByRole("link");
  await expect(links).toHaveCount(1);
  await expect(links.first()).toHaveText("Punto de Venta");
});

test("a screen the role may not open sends it home; an unknown address is a 404 inside the layout", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/theme");
  await expect(page).toHaveURL(/\/products$/);
  await page.goto("/product-categories/123/nada");
  await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "404");
  await expect(page.getByTestId("sidebar")).toBeVisible();
});

test.describe("mobile sidebar", () => {
  test.use({ viewport: { width: 390, height: 800 } });
  test("collapses behind a toggle and closes on an outside click", async ({ page, loginAs }, testInfo) => {
    await loginAs("developer");
    await page.goto("/products");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).not.toBeInViewport();
    await page.getByTestId("nav-open").click();
    await expect(sidebar).toBeInViewport();
    await page.mouse.click(370, 400);
    await expect(sidebar).not.toBeInViewport();
    expect(typeof jsEnabled(testInfo)).toBe("boolean");
  });
});
