import type { Browser, Locator, Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, jsEnabled, signIn, test } from "./fixtures";

/**
 * The server's HTML carries each form's native constraints (decision 0029): what a machine without
 * JavaScript checks before posting. One form per area; where the spec has its own message for an
 * empty or wrong value, no browser check that would speak first. The HTML is the same with
 * JavaScript on, so only the JavaScript-off project reads it.
 */
// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook asks for from its first parameter: it must be a destructuring pattern, here asking for none
test.beforeEach(({}, testInfo) => test.skip(jsEnabled(testInfo), "the server's HTML is read once, without JavaScript"));

/** Whether the browser would let the form go with `value` typed in the field. */
const acceptsTyped = (field: Locator, value: string) =>
  field.evaluate((el, typed) => {
    const input = el as HTMLInputElement;
    input.value = typed;
    return input.checkValidity();
  }, value);

/** The attributes a browser validates with, as the server wrote them. */
async function constraintsOf(field: Locator) {
  return field.evaluate((el) =>
    Object.fromEntries(
      ["required", "minlength", "maxlength", "min", "max", "step", "pattern", "type"]
        .filter((a) => el.hasAttribute(a))
        .map((a) => [a, el.getAttribute(a)]),
    ),
  );
}

async function newCashier(browser: Browser, role: "cajero" | "gerente_pdv"): Promise<Page> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const email = `constraints.${role}.${stamp}@demo.mx`;
  const admin = await browser.newContext();
  await signIn(admin.request, "admin");
  const created = await admin.request.post("/users/new", {
    form: { firstName: "Caja", lastName: stamp, email, role, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, isActive: "on" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await admin.close();
  const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  expect((await page.request.post("/login", { form: { email, password: DEMO_PASSWORD }, maxRedirects: 0 })).status()).toBe(302);
  return page;
}

test("till: the amount, scan, quantity and code boxes leave empty and wrong values to the spec's messages; the cancel limits are the spec's", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await newCashier(browser, "gerente_pdv");
  await page.goto("/pdv");
  // "Por favor ingresa un monto válido." is the server's answer to an empty or wrong amount.
  const amount = await constraintsOf(page.getByLabel("Monto inicial"));
  expect(amount.required).toBeUndefined();
  expect(amount.maxlength).toBeDefined();

  expect((await page.request.post("/pdv", { form: { intent: "open", amount: "500" }, maxRedirects: 0 })).status()).toBe(302);
  expect((await page.request.post("/pdv", { form: { intent: "scan", query: "1453-2W" }, maxRedirects: 0 })).status()).toBe(302);
  await page.goto("/pdv");
  const scan = await constraintsOf(page.getByPlaceholder("Buscar productos"));
  expect(scan.required).toBeUndefined();
  // Empty, non-numeric or below 1 becomes 1 (spec 2 §5): no browser minimum answers first.
  const qty = await constraintsOf(page.getByLabel("Cantidad de 1453-2W"));
  expect([qty.required, qty.min, qty.max, qty.pattern]).toEqual([undefined, undefined, undefined, undefined]);

  await page.goto("/pdv/authorize?what=delete");
  const code = await constraintsOf(page.getByLabel("Código de confirmación"));
  expect(code.required).toBeUndefined();
  expect(code.pattern).toBeUndefined();

  const pay = await (await page.request.get("/pdv/pay")).text();
  const token = /name="token" value="([^"]+)"/.exec(pay)![1];
  const session = /name="session" value="(\d+)"/.exec(pay)![1];
  const paid = await page.request.post("/pdv/pay", {
    form: { intent: "pay", token, session, cash_on: "1", cash: "200", debit: "0", credit: "0" },
    maxRedirects: 0,
  });
  const saleId = /sale=(\d+)/.exec(paid.headers()["location"] ?? "")![1];
  await page.goto(`/pdv/sales/${saleId}/cancel?tab=historial`);
  // Spec 2 §9: manager name 100 and reason 150 characters; all three fields are the spec's to demand.
  expect(await constraintsOf(page.getByLabel("Nombre del gerente"))).toEqual({ maxlength: "100" });
  expect(await constraintsOf(page.getByLabel("Motivo"))).toEqual({ maxlength: "150" });
  expect((await constraintsOf(page.getByLabel("Código de confirmación"))).required).toBeUndefined();
});

test("questions and messages: an answer is required, a reply is not (a file may go alone)", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/questions?limit=30");
  const card = page.locator('[data-testid="question"]:not([data-inactive])', { has: page.getByTestId("suggestion") }).first();
  const answer = await constraintsOf(card.getByLabel("Respuesta", { exact: true }));
  expect(answer.required).toBe("");
  expect(Number(answer.maxlength)).toBeGreaterThan(0);
  // A suggestion is rated before answering (spec 1 §4).
  expect((await constraintsOf(card.getByLabel("Buena (100)"))).required).toBe("");

  // The history's client id is checked as the server checks it: digits, once the spaces around are trimmed.
  await page.goto("/questions?tab=history");
  const client = page.getByLabel("Id del cliente");
  expect(await acceptsTyped(client, " 123456 ")).toBe(true);
  expect(await acceptsTyped(client, "abc")).toBe(false);

  await page.goto("/messages");
  const reply = await constraintsOf(page.getByTestId("conversation").first().getByLabel("Respuesta", { exact: true }));
  expect(reply.required).toBeUndefined();
  expect(Number(reply.maxlength)).toBeGreaterThan(0);
  expect((await constraintsOf(page.getByLabel("Buscar orden"))).maxlength).toBeDefined();
});

test("orders: the movement and credit note carry only their length (the spec judges them)", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/orders?assigned_move_filter=unassigned");
  await page
    .getByRole("link", { name: /Ver detalle de la orden/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  const movement = await constraintsOf(dialog.getByLabel("Movimiento (prefactura)"));
  expect(movement.pattern).toBeUndefined();
  expect(movement.required).toBeUndefined();
  expect(movement.maxlength).toBeDefined();
  expect((await constraintsOf(dialog.getByLabel("Nota de crédito"))).pattern).toBeUndefined();
  // The server upper-cases a movement: the browser does not judge its letters.
  expect(await acceptsTyped(dialog.getByLabel("Movimiento (prefactura)"), "ab-12")).toBe(true);
  expect((await constraintsOf(dialog.getByLabel("Comentarios"))).maxlength).toBeDefined();
  await page.goto("/orders/reports");
  expect((await constraintsOf(page.getByRole("dialog").locator("input[name=month]"))).required).toBe("");
});

test("assistants and invoices: the name, the SKU and the e-mail leave their checks to the spec's messages", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/chatbot-documents/new");
  // "(mínimo cuatro caracteres)", "(Sin caracteres especiales)": no browser minimum nor pattern.
  const name = await constraintsOf(page.getByLabel("Nombre del asistente"));
  expect(name.required).toBeUndefined();
  expect(name.minlength).toBeUndefined();
  expect(name.pattern).toBeUndefined();
  expect(name.maxlength).toBeDefined();

  await page.goto("/chatbot-documents");
  await page
    .getByRole("link", { name: /Editar/ })
    .first()
    .click();
  const sku = page.getByLabel("SKU del producto del nuevo documento");
  if (await sku.count()) expect((await constraintsOf(sku)).required).toBeUndefined();

  await page.goto("/feedback-invoices?start_date=2020%2F01%2F01&end_date=2099%2F12%2F31");
  await page
    .getByRole("row")
    .filter({ hasText: "Finalizada" })
    .first()
    .getByRole("link", { name: /Ver la factura/ })
    .click();
  await page.getByRole("dialog").getByRole("link", { name: "Reenviar factura" }).click();
  // "Por favor, ingresa un correo válido.": not a type=email box the browser would judge first.
  expect(await constraintsOf(page.getByLabel("Agregar correo"))).toEqual({ type: "text", maxlength: "254" });
});

test("users and sign-in: fields without a spec message keep the browser's checks", async ({ page, loginAs }) => {
  await page.goto("/login");
  expect((await constraintsOf(page.getByLabel("Correo electrónico"))).required).toBe("");
  await loginAs("admin");
  await page.goto("/users/new");
  expect(await constraintsOf(page.getByLabel("Nombre", { exact: true }))).toMatchObject({ required: "", maxlength: "100" });
  expect(await constraintsOf(page.getByLabel("Contraseña", { exact: true }))).toMatchObject({ required: "", minlength: "8" });
  await page.goto("/logs");
  expect((await constraintsOf(page.getByRole("searchbox", { name: "Buscar" }))).maxlength).toBeDefined();
});
