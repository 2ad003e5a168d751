import { extractText, getDocumentProxy } from "unpdf";
import { expect as baseExpect, jsEnabled, signIn, test } from "./fixtures";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { DEMO_PASSWORD } from "./fixtures";

// Every step is a server round trip; on a loaded machine one can take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

// Demo catalogue: 1453-2W costs 88.00 and 11055 (EAN 7502010339291) US$21.50, charged at the demo's
// 18.35 pesos per dollar: 394.53 (decision 0038), before VAT.
const SKU = "1453-2W";
const EAN = "7502010339291";

type TillRole = "cajero" | "gerente_pdv";
type Person = { page: Page; name: string };

/**
 * Both browser projects, and the tests of this file, run at the same time against one database:
 * every test signs in users of its own (created by the demo admin), so no test sees another's box,
 * cart, sale or confirmation code.
 */
async function newPerson(browser: Browser, testInfo: TestInfo, role: TillRole, label: string): Promise<Person> {
  const js = jsEnabled(testInfo);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const name = `${label} ${testInfo.project.name} ${stamp}`;
  const email = `${label.toLowerCase()}.${testInfo.project.name}.${stamp}@demo.mx`;
  const admin = await browser.newContext();
  await signIn(admin.request, "admin");
  const created = await admin.request.post("/users/new", {
    form: {
      firstName: label,
      lastName: `${testInfo.project.name} ${stamp}`,
      email,
      role,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      isActive: "on",
    },
    maxRedirects: 0,
  });
  expect(created.status(), `alta de ${email}`).toBe(302);
  await admin.close();
  const context = await browser.newContext({ javaScriptEnabled: js });
  const page = await context.newPage();
  const res = await page.request.post("/login", { form: { email, password: DEMO_PASSWORD }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  return { page, name };
}

/** With JavaScript on, a click that lands before hydration is lost: wait for React after a load. */
async function open(page: Page, url: string) {
  await page.goto(url);
  if (jsEnabled(test.info()))
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 }).catch(() => undefined);
}

async function managerCode(manager: Page) {
  await open(manager, "/pdv");
  const code = manager.getByTestId("my-code");
  if ((await code.textContent())?.includes("sin código")) {
    await manager.getByRole("button", { name: "Generar nuevo código" }).click();
    await expect(code).not.toHaveText("sin código");
  }
  return (await code.textContent())!.trim();
}

async function post(page: Page, url: string, form: Record<string, string>) {
  const res = await page.request.post(url, { form, maxRedirects: 0 });
  expect(res.status(), `${url} ${JSON.stringify(form)}`).toBe(302);
  return res.headers()["location"] ?? "";
}

/** Setup through the till's own forms: a box with 500.00 and one 1453-2W paid with 110.00 cash (total 102.08). */
async function boxWithCashSale(page: Page) {
  await post(page, "/pdv", { intent: "open", amount: "500" });
  await post(page, "/pdv", { intent: "scan", query: SKU });
  const html = await (await page.request.get("/pdv/pay")).text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  const session = /name="session" value="(\d+)"/.exec(html)?.[1];
  expect(token && session, "formulario de pago").toBeTruthy();
  const to = await post(page, "/pdv/pay", {
    intent: "pay",
    token: token!,
    session: session!,
    cash_on: "1",
    cash: "110",
    debit: "0",
    credit: "0",
  });
  return { saleId: /sale=(\d+)/.exec(to)![1], sessionId: session! };
}

async function pdfText(page: Page, url: string) {
  const pdf = await page.request.get(url);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  return (await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true })).text;
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

test("a cashier opens a box, scans by SKU and by EAN and changes a quantity", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const { page: till } = await newPerson(browser, testInfo, "cajero", "Cajera");

  await open(till, "/pdv");
  await expect(till.getByRole("heading", { name: "Abrir caja" })).toBeVisible();
  await till.getByLabel("Monto inicial").fill("0");
  await till.getByRole("button", { name: "Abrir caja" }).click();
  await expect(till.getByText("Por favor ingresa un monto válido.")).toBeVisible();
  // Box closed: a cashier has the open-box view and no tab (spec 2 §6).
  const sections = till.getByRole("navigation", { name: "Secciones del punto de venta" });
  await expect(sections).toHaveCount(0);
  await till.getByLabel("Monto inicial").fill("500");
  await till.getByRole("button", { name: "Abrir caja" }).click();

  const scan = till.getByPlaceholder("Buscar productos");
  await expect(scan).toBeFocused();
  // Box open: the Venta tab, current, and nothing else (no Caja, no Historial).
  await expect(sections.getByRole("link")).toHaveText(["Venta"]);
  await expect(sections.getByRole("link", { name: "Venta" })).toHaveAttribute("aria-current", "page");
  await scan.fill(SKU.toLowerCase());
  await scan.press("Enter");
  await expect(till.locator(`tr[data-sku="${SKU}"]`)).toBeVisible();
  await expect(till.getByTestId("toast")).toContainText("Se agrego el producto correctamente");
  await expect(scan).toBeFocused();
  await scan.fill(EAN);
  await scan.press("Enter");
  await expect(till.locator('tr[data-sku="11055"]')).toBeVisible();
  await expect(scan).toBeFocused();
  await scan.fill("NOEXISTE999");
  await scan.press("Enter");
  await expect(till.getByText("No se encontró el producto solicitado.")).toBeVisible();

  const qty = till.getByLabel(`Cantidad de ${SKU}`);
  await qty.fill("2");
  await qty.press("Enter");
  await expect(till.getByTestId("sale-total")).toHaveText(/661\.81/); // 2 × 88 + 394.53 = 570.53, IVA 91.28
  // The cart lives on the server: another tab (or a reload) finds it as it was.
  const other = await till.context().newPage();
  await open(other, "/pdv");
  await expect(other.getByLabel(`Cantidad de ${SKU}`)).toHaveValue("2");
  await expect(other.getByTestId("sale-total")).toHaveText(/661\.81/);
});

test("a till with lines in the cart fits a 390 px phone, dialogs included", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const { page: till } = await newPerson(browser, testInfo, "cajero", "Movil");
  await post(till, "/pdv", { intent: "open", amount: "500" });
  await post(till, "/pdv", { intent: "scan", query: SKU });
  await till.setViewportSize({ width: 390, height: 844 });
  for (const url of ["/pdv", "/pdv/pay", "/pdv/close"]) {
    await open(till, url);
    await expect(till.locator(`tr[data-sku="${SKU}"]`)).toBeAttached();
    const { scrollWidth, innerWidth } = await till.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `${url}: ancho de la página a 390 px`).toBeLessThanOrEqual(innerWidth);
  }
});

test("with JavaScript the quantity box refuses a leading zero, a sign and an exponent as they are typed", async ({ browser }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the keys are blocked in the browser; without JavaScript the server reads what is posted");
  test.setTimeout(120_000);
  const { page: till } = await newPerson(browser, testInfo, "cajero", "Teclas");
  await post(till, "/pdv", { intent: "open", amount: "500" });
  await post(till, "/pdv", { intent: "scan", query: SKU });
  await open(till, "/pdv");
  const qty = till.getByLabel(`Cantidad de ${SKU}`);
  await qty.fill("");
  await qty.pressSequentially("0-e3");
  await expect(qty).toHaveValue("3");
  await qty.press("Enter");
  await expect(till.getByTestId("sale-total")).toHaveText(/306\.24/); // 3 × 88 × 1.16
  // An emptied box is 1 (spec 2 §5), and says so also when 1 is what the line already had.
  for (let i = 0; i < 2; i++) {
    await qty.fill("");
    await qty.press("Enter");
    await expect(till.getByTestId("sale-total")).toHaveText(/102\.08/); // 88 × 1.16
    await expect(qty).toHaveValue("1");
  }
});

test("a cashier applies 2 % then 10 % with a manager's code, pays mixed and prints the ticket", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const js = jsEnabled(testInfo);
  const { page: manager } = await newPerson(browser, testInfo, "gerente_pdv", "Gerente");
  const code = await managerCode(manager);
  const { page: till } = await newPerson(browser, testInfo, "cajero", "Cajera");
  // The cart of the scanning test, set up through the same forms: 2 × 1453-2W and 1 × 11055.
  await post(till, "/pdv", { intent: "open", amount: "500" });
  for (const query of [SKU, SKU, EAN]) await post(till, "/pdv", { intent: "scan", query });

  await open(till, "/pdv");
  await expect(till.getByTestId("sale-total")).toHaveText(/661\.81/);
  await till.getByRole("button", { name: "2 %" }).click();
  await expect(till.getByRole("button", { name: "2 %" })).toHaveAttribute("aria-pressed", "true");
  await expect(till.getByTestId("sale-total")).toHaveText(/648\.58/); // 570.53 − 11.41 = 559.12, IVA 89.46
  await till.getByRole("button", { name: "10 %" }).click();
  await expect(till.getByRole("dialog")).toContainText("Autorizar descuento de 10 %");
  await till.getByLabel("Código de confirmación").fill(code);
  await till.getByRole("button", { name: "Verificar" }).click();
  // base 570.53, 10 % = 57.05, subtotal 513.48, IVA 82.16, total 595.64
  await expect(till.getByTestId("sale-total")).toHaveText(/595\.64/);
  await expect(till.getByRole("button", { name: "10 %" })).toHaveAttribute("aria-pressed", "true");
  await expect(till.getByRole("button", { name: "2 %" })).toHaveAttribute("aria-pressed", "false");

  await till.getByRole("link", { name: "Pagar" }).click();
  const dialog = till.getByRole("dialog");
  await dialog.getByRole("checkbox", { name: "Efectivo" }).check();
  await dialog.getByLabel("Monto Efectivo").fill("100");
  await dialog.getByRole("checkbox", { name: "TD" }).check();
  if (!js) await dialog.getByRole("button", { name: "Calcular" }).click();
  await expect(dialog.getByLabel("Monto TD")).toHaveValue("495.64");
  await dialog.getByRole("button", { name: "Pagar e imprimir" }).click();
  await expect(till).toHaveURL(/\/pdv\?sale=\d+/);
  const saleId = new URL(till.url()).searchParams.get("sale")!;
  await expect(till.getByText(`Venta ${saleId} registrada.`).first()).toBeVisible();
  // After the sale the cart and the discount start over.
  await expect(till.getByText("Escanea un producto para comenzar la venta.")).toBeVisible();

  const text = await pdfText(till, `/pdv/sales/${saleId}/ticket.pdf`);
  expect(text).toContain("595.64");
  expect(text).toContain("facturacion.electrica.mx/facturar?codigo=");
});

test("a manager cancels a sale with a code from the history and reactivates it", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const till = await newPerson(browser, testInfo, "cajero", "Cajero");
  const { saleId } = await boxWithCashSale(till.page);
  const { page: manager } = await newPerson(browser, testInfo, "gerente_pdv", "Gerente");
  const code = await managerCode(manager);

  await open(manager, "/pdv?tab=historial");
  const card = manager.locator("li[data-session]").filter({ hasText: till.name });
  await expect(card).toContainText("Activo actualmente");
  await card.getByRole("link", { name: "Ver ventas" }).click();
  const row = card.locator("tr[data-sale]").filter({ hasText: "$102.08" });
  await expect(row).toContainText("Activa");
  await row.getByRole("link", { name: "Desactivar" }).click();
  await expect(manager.getByRole("dialog")).toContainText("Cancelar venta");
  await manager.getByLabel("Código de confirmación").fill(code);
  await manager.getByRole("button", { name: "Cancelar venta" }).click();
  await expect(manager.getByRole("dialog")).toContainText("Llena todos los campos para procesar la cancelación");
  // A wrong code: the error, and the name and reason as typed (without JavaScript too).
  await manager.getByLabel("Código de confirmación").fill(code === "000000" ? "111111" : "000000");
  await manager.getByLabel("Nombre del gerente").fill("Gabriela Ruiz");
  await manager.getByLabel("Motivo").fill("Prueba de cancelación");
  await manager.getByRole("button", { name: "Cancelar venta" }).click();
  await expect(manager.getByRole("dialog")).toContainText("El código ingresado es erróneo");
  await expect(manager.getByLabel("Nombre del gerente")).toHaveValue("Gabriela Ruiz");
  await expect(manager.getByLabel("Motivo")).toHaveValue("Prueba de cancelación");
  await manager.getByLabel("Código de confirmación").fill(code);
  await manager.getByRole("button", { name: "Cancelar venta" }).click();
  await expect(manager.getByRole("dialog")).toBeHidden();
  await expect(row).toContainText("Cancelada");
  await row.getByRole("link", { name: "Activar" }).click();
  await manager.getByLabel("Código de confirmación").fill(code);
  await manager.getByRole("button", { name: "Activar venta" }).click();
  await expect(manager.getByText("Venta activada correctamente")).toBeVisible();
  await expect(row).toContainText("Activa");
  expect(manager.url()).toContain(`session=`);
  expect(saleId).toMatch(/^\d+$/);
});

test("a till counts the drawer, closes the box, prints the slip and the session is in the history", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  // A gerente_pdv till sees the expected figures while counting.
  const till = await newPerson(browser, testInfo, "gerente_pdv", "Encargada");
  const { sessionId } = await boxWithCashSale(till.page);
  const page = till.page;

  await open(page, "/pdv/close");
  const close = page.getByRole("dialog");
  // The drawer holds the 500.00 fund and the 102.08 cash sale; 602.00 is counted.
  await close.getByLabel("Piezas de $500.00").fill("1");
  await close.getByLabel("Piezas de $100.00").fill("1");
  await close.getByLabel("Piezas de $2.00").fill("1");
  await close.getByLabel("Fondo").fill("500");
  await close.getByLabel("Tarjeta de débito").fill("0");
  await close.getByLabel("Tarjeta de crédito").fill("0");
  // With JavaScript the page's reload after the check's answer is held back until "Cerrar caja" has
  // been clicked, so the click lands while it is under way, as a quick cashier's does: that click
  // must close the box (it was once dropped as a repeat of "Calcular").
  const js = jsEnabled(testInfo);
  let holdReload = js;
  let releaseReload!: () => void;
  const reloadHeld = new Promise<void>((resolve) => (releaseReload = resolve));
  const reloading = js ? page.waitForRequest((r) => r.method() === "GET" && /\/pdv\/close\.data/.test(r.url())) : null;
  await page.route(/\/pdv\/close\.data/, async (route) => {
    if (holdReload && route.request().method() === "GET") {
      holdReload = false;
      await reloadHeld;
    }
    // The page may have given the held reload up for the close's own answer.
    await route.continue().catch(() => {});
  });
  await close.getByRole("button", { name: "Calcular" }).click();
  // 602.00 counted against 602.08 expected: within the 0.50 tolerance.
  await expect(close.getByRole("table", { name: "Montos esperados" })).toContainText("$602.08");
  await expect(close.getByRole("table", { name: "Montos esperados" })).not.toContainText("No cuadra");
  await expect(close.getByLabel("Piezas de $500.00")).toHaveValue("1");
  if (reloading) await reloading;
  else await expect(close.getByText("Los montos cuadran: puedes cerrar la caja.")).toBeVisible();
  await close.getByRole("button", { name: "Cerrar caja" }).click();
  releaseReload();
  await expect(page.getByText("Caja cerrada correctamente")).toBeVisible();
  await expect(page.getByRole("heading", { name: /Abrir caja/ })).toBeVisible();

  const slip = await (await page.request.get("/pdv/last-cut")).text();
  expect(slip).toContain("Corte de caja (Z)");
  expect(slip).toContain(`${sessionId}`);
  const slipPdf = await pdfText(page, `/pdv/sessions/${sessionId}/slip.pdf`);
  expect(slipPdf).toContain("102.08");

  await open(page, "/pdv?tab=historial");
  const card = page.locator(`li[data-session="${sessionId}"]`);
  await expect(card).toContainText(till.name);
  await expect(card).toContainText("Cierre:");
});
