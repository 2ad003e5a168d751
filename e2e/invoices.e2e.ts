import { expect, test } from "./fixtures";

test("invoice feedback: filter by days, open a stamped invoice and resend it to one more e-mail", async ({ page, loginAs }, testInfo) => {
  await loginAs("ml_manager");
  await page.goto("/feedback-invoices");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Facturación v2");
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(11); // header + 10 per page

  await page.getByLabel("Desde").fill("2020-01-01");
  await page.getByLabel("Hasta").fill("2099-12-30");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/start_date=2020%2F01%2F01&end_date=2099%2F12%2F31$/);
  await expect(page.getByLabel("Hasta")).toHaveValue("2099-12-30");

  const stampedRow = page.getByRole("row").filter({ hasText: "Finalizada" }).first();
  await stampedRow.getByRole("link", { name: /Ver la factura/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Facturación de la venta no.");
  await expect(dialog.getByRole("region", { name: "Datos fiscales del cliente" })).toBeVisible();
  await expect(dialog).toContainText("Historial de estados");

  await dialog.getByRole("link", { name: "Reenviar factura" }).click();
  const resend = page.getByRole("dialog");
  await expect(resend).toContainText("Reenviar factura");
  const recipients = resend.getByTestId("recipient");
  await expect(recipients).toHaveCount(2);

  await resend.getByLabel("Agregar correo").fill("mal@");
  await resend.getByRole("button", { name: "Agregar" }).click();
  await expect(resend.getByRole("alert")).toContainText("Por favor, ingresa un correo válido.");

  const extra = `conta-${testInfo.project.name}-${Date.now()}@empresa.mx`;
  await resend.getByLabel("Agregar correo").fill(extra);
  await resend.getByRole("button", { name: "Agregar" }).click();
  await expect(recipients).toHaveCount(3);
  await expect(resend).toContainText(extra);
  // Quitar is the list's own button: in the browser with JavaScript, a round trip without it.
  await resend.getByRole("button", { name: `Quitar ${extra}` }).click();
  await expect(recipients).toHaveCount(2);
  await expect(resend.getByRole("button", { name: /^Quitar/ })).toHaveCount(0);
  await resend.getByLabel("Agregar correo").fill(extra);
  await resend.getByRole("button", { name: "Agregar" }).click();
  await expect(recipients).toHaveCount(3);

  await resend.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Documentos reenviados correctamente");
  await expect(page.getByRole("dialog")).toContainText("Facturación de la venta no.");
});

test("an unknown sale shows a 404 inside the list", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/feedback-invoices/123");
  await expect(page.getByRole("dialog")).toContainText("La venta no existe o no tiene registro de facturación.");
  // The list stays behind the dialog (a modal hides it from the accessibility tree with JavaScript).
  await expect(page.locator("h1", { hasText: "Facturación v2" })).toBeVisible();
});
