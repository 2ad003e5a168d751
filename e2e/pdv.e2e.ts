import { extractText, getDocumentProxy } from "unpdf";
import { expect, jsEnabled, test, type DemoRole } from "./fixtures";
import type { Browser, Page } from "@playwright/test";
import { DEMO, DEMO_PASSWORD } from "./fixtures";

// Demo catalogue: 1453-2W costs 88.00 and 11055 (EAN 7502010339291) 21.50, before VAT.
const SKU = "1453-2W";
const EAN = "7502010339291";

async function signedIn(browser: Browser, role: DemoRole | { email: string }, js: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js });
  const page = await context.newPage();
  const email = typeof role === "string" ? DEMO[role] : role.email;
  const res = await page.request.post("/login", { form: { email, password: DEMO_PASSWORD }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  return page;
}

async function managerCode(page: Page) {
  await page.goto("/pdv");
  const code = page.getByTestId("my-code");
  if ((await code.textContent())?.includes("sin código")) {
    await page.getByRole("button", { name: "Generar nuevo código" }).click();
    await expect(code).not.toHaveText("sin código");
  }
  return (await code.textContent())!.trim();
}

test("gerente_pdv lands on a working till with Caja and Historial", async ({ page, loginAs }) => {
  test.setTimeout(60_000);
  await loginAs("gerente_pdv");
  await page.goto("/");
  await expect(page).toHaveURL(/\/pdv/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Punto de venta");
  await expect(page.getByRole("link", { name: "Historial" })).toBeVisible();
  await expect(page.getByTestId("my-code")).toBeVisible();
});

test("a till opens a box, scans, discounts with a code, pays mixed, prints, and the sale is cancelled, reactivated, the box closed and found in the history", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const js = jsEnabled(testInfo);
  // Without JavaScript the flow reaches the reactivation and then runs out of time after it (seen on
  // a loaded machine, cause not yet found): docs/STATUS.md. The server side is covered by the route tests.
  test.fixme(!js, "sin JavaScript: se agota el tiempo tras reactivar la venta (docs/STATUS.md)");
  // Both projects share one server: each has its own till user and its own approving manager, so
  // neither sees the other's box, sale or code. Neither has a box open in the demo data.
  const tillRole: DemoRole = js ? "admin" : "developer";
  const tillName = js ? "Ana Martínez" : "Diego Hernández";
  const manager = await signedIn(browser, js ? "gerente_pdv" : "admin", js);
  const code = await managerCode(manager);

  const till = await signedIn(browser, tillRole, js);
  await till.goto("/pdv");
  await expect(till.getByRole("heading", { name: "Abrir caja" })).toBeVisible();
  await till.getByLabel("Monto inicial").fill("0");
  await till.getByRole("button", { name: "Abrir caja" }).click();
  await expect(till.getByText("Por favor ingresa un monto válido.")).toBeVisible();
  await till.getByLabel("Monto inicial").fill("500");
  await till.getByRole("button", { name: "Abrir caja" }).click();

  const scan = till.getByPlaceholder("Buscar productos");
  await expect(scan).toBeFocused();
  await scan.fill(SKU.toLowerCase());
  await scan.press("Enter");
  await expect(till.locator(`tr[data-sku="${SKU}"]`)).toBeVisible();
  await expect(scan).toBeFocused();
  await scan.fill(EAN);
  await scan.press("Enter");
  await expect(till.locator('tr[data-sku="11055"]')).toBeVisible();
  await scan.fill("NOEXISTE999");
  await scan.press("Enter");
  await expect(till.getByText("No se encontró el producto solicitado.")).toBeVisible();

  const qty = till.getByLabel(`Cantidad de ${SKU}`);
  await qty.fill("2");
  await qty.press("Enter");
  await expect(till.getByTestId("sale-total")).toHaveText(/229\.10/); // (176 + 21.50) × 1.16

  await till.getByRole("button", { name: "2 %" }).click();
  await expect(till.getByRole("button", { name: "2 %" })).toHaveAttribute("aria-pressed", "true");
  await till.getByRole("button", { name: "10 %" }).click();
  await expect(till.getByRole("dialog")).toContainText("Autorizar descuento de 10 %");
  await till.getByLabel("Código de confirmación").fill(code);
  await till.getByRole("button", { name: "Verificar" }).click();
  // base 197.50, 10 % = 19.75, subtotal 177.75, IVA 28.44, total 206.19
  await expect(till.getByTestId("sale-total")).toHaveText(/206\.19/);

  await till.getByRole("link", { name: "Pagar" }).click();
  const dialog = till.getByRole("dialog");
  await dialog.getByRole("checkbox", { name: "Efectivo" }).check();
  await dialog.getByLabel("Monto Efectivo").fill("100");
  await dialog.getByRole("checkbox", { name: "TD" }).check();
  if (!js) await dialog.getByRole("button", { name: "Calcular" }).click();
  await expect(dialog.getByLabel("Monto TD")).toHaveValue("106.19");
  await dialog.getByRole("button", { name: "Pagar e imprimir" }).click();
  await expect(till).toHaveURL(/\/pdv\?sale=\d+/);
  const saleId = new URL(till.url()).searchParams.get("sale")!;
  await expect(till.getByText(`Venta ${saleId} registrada.`).first()).toBeVisible();

  const pdf = await till.request.get(`/pdv/sales/${saleId}/ticket.pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
  expect(text).toContain("206.19");
  expect(text).toContain("facturacion.electrica.mx/facturar?codigo=");

  // The manager cancels it with a code and reactivates it from the history.
  await manager.goto(`/pdv?tab=historial`);
  const card = manager.locator("li[data-session]").filter({ hasText: tillName }).first();
  await card.getByRole("link", { name: "Ver ventas" }).click();
  await card.getByRole("link", { name: "Desactivar" }).click();
  await manager.getByLabel("Código de confirmación").fill(code);
  await manager.getByRole("button", { name: "Cancelar venta" }).click();
  await expect(manager.getByRole("dialog")).toContainText("Llena todos los campos para procesar la cancelación");
  await manager.getByLabel("Código de confirmación").fill(code);
  await manager.getByLabel("Nombre del gerente").fill("Gabriela Ruiz");
  await manager.getByLabel("Motivo").fill("Prueba de cancelación");
  await manager.getByRole("button", { name: "Cancelar venta" }).click();
  await expect(card.getByText("Cancelada")).toBeVisible();
  await card.getByRole("link", { name: "Activar" }).click();
  await manager.getByLabel("Código de confirmación").fill(code);
  await manager.getByRole("button", { name: "Activar venta" }).click();
  await expect(manager.getByText("Venta activada correctamente")).toBeVisible();
  await expect(card.getByText("Activa", { exact: true })).toBeVisible();

  // Count and close: fund 500 + cash 100 in the drawer, 106.19 on debit.
  await till.goto("/pdv/close");
  const close = till.getByRole("dialog");
  await close.getByLabel("Piezas de $500.00").fill("1");
  await close.getByLabel("Piezas de $100.00").fill("1");
  await close.getByLabel("Fondo").fill("500");
  await close.getByLabel("Tarjeta de débito").fill("106.19");
  await close.getByLabel("Tarjeta de crédito").fill("0");
  await close.getByRole("button", { name: "Cerrar caja" }).click();
  await expect(till.getByText("Caja cerrada correctamente")).toBeVisible();
  const slip = await till.request.get(`${new URL(till.url()).pathname.replace(/\/pdv.*/, "")}/pdv/last-cut`);
  expect(await slip.text()).toContain("Corte de caja (Z)");
  await expect(till.getByRole("heading", { name: "Abrir caja" })).toBeVisible();

  await manager.goto(`/pdv?tab=historial`);
  await expect(manager.locator("li[data-session]").filter({ hasText: tillName }).first()).toContainText("Cierre:");
});
