import type { Page } from "@playwright/test";
import { beforeScripts, expect, jsEnabled, routerNavigate, test } from "./fixtures";

// The spec's screens checked in both projects (JavaScript on and off): each case failed in at least
// one of them before its fix. Both projects share one database, so each works on rows of its own.
// A report with a refused range is answered twice with JavaScript (the probe, then the page load).
test.describe.configure({ timeout: 90_000 });
const SLOW = { timeout: 15_000 };

test("orders: four package owners, and setting one says 'Responsable del paquete actualizado'", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  await page.goto("/orders?assigned_move_filter=unassigned&order_status_filter=paid&filterLogisticType=fulfillment");
  const hrefs = await page
    .getByRole("link", { name: /Ver detalle de la orden/ })
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  // Each project takes every other order, until one without an owner.
  for (let k = jsEnabled(testInfo) ? 0 : 1; k < hrefs.length; k += 2) {
    await page.goto(hrefs[k]);
    const owner = page.getByRole("dialog").getByRole("combobox", { name: "Responsable del paquete" });
    if ((await owner.count()) === 0) continue;
    const names = (await owner.locator("option").allTextContents()).filter((n) => n !== "Sin asignar");
    expect(names).toHaveLength(4);
    await owner.selectOption(names[0]);
    await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByTestId("toast")).toContainText("Responsable del paquete actualizado", SLOW);
    return;
  }
  throw new Error("no order without a package owner");
});

test("Aplicación dialog offers Volver, Guardar and Cancelar", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/product-applications/new");
  const dialog = page.getByRole("dialog", { name: /Nueva aplicación/i });
  await expect(dialog.getByRole("link", { name: "Volver" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Guardar" })).toBeVisible();
  await dialog.getByRole("link", { name: "Cancelar" }).click();
  await expect(page).toHaveURL(/\/product-applications$/);
});

test("section dialog: the product search lists 40 matches and Agregar adds the product", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  await page.goto("/ecommerce/new");
  const dialog = page.getByRole("dialog");
  const title = `Sección e2e ${testInfo.project.name} ${Date.now().toString(36)}`;
  await dialog.getByLabel("Título").fill(title);
  await dialog.getByRole("searchbox").fill("e");
  if (!jsEnabled(testInfo)) await dialog.getByRole("button", { name: "Buscar", exact: true }).click();
  const hits = dialog.getByRole("list", { name: "Resultados de la búsqueda" }).getByRole("listitem");
  // With JavaScript the search runs by itself after a pause in typing (the dialog's form, posted).
  await expect(hits).toHaveCount(40, SLOW);
  await dialog.getByRole("searchbox").fill("foco");
  if (!jsEnabled(testInfo)) await dialog.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(hits).not.toHaveCount(40, SLOW);
  const sku = (await hits.first().locator("span").first().textContent())!.trim();
  await hits
    .first()
    .getByRole("button", { name: `Agregar ${sku}` })
    .click();
  await expect(page.getByRole("dialog").getByTestId("section-products")).toContainText(sku, SLOW);
  await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toBeVisible(SLOW);
  await expect(page).toHaveURL(/\/ecommerce$/);
  // The product added through the search was saved with the section.
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("dialog").getByTestId("section-products")).toContainText(sku, SLOW);
});

test("promotions: clicking the visibility switch turns it on", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/promotions/new");
  const visible = page.getByRole("dialog").getByRole("switch", { name: "Visible en la tienda" });
  await expect(visible).not.toBeChecked();
  await visible.click();
  await expect(visible).toBeChecked();
  await visible.click();
  await expect(visible).not.toBeChecked();
});

test("publications sales report: a custom range over a year says 'Rango inválido'", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/publications/sales-report?range=custom");
  const asked: string[] = [];
  page.on("request", (r) => void (r.url().includes("/publications/sales-report.xlsx") && asked.push(r.url())));
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Desde").fill("2024-01-01");
  await dialog.getByLabel("Hasta").fill("2025-06-01");
  await dialog.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Rango inválido", SLOW);
  await expect(page.getByTestId("toast")).toContainText("El rango máximo permitido es de 1 año.");
  await expect(page.getByRole("dialog").getByLabel("Desde")).toHaveValue("2024-01-01");
  // The report is asked for once, with JavaScript too (its refusal says where to go).
  expect(asked).toHaveLength(1);
});

test("publications sales report: a future end says 'Fecha inválida', one end only 'Rango incompleto'", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/publications/sales-report?range=custom");
  await page.getByRole("dialog").getByLabel("Desde").fill("2026-01-01");
  await page.getByRole("dialog").getByLabel("Hasta").fill("2099-01-01");
  await page.getByRole("dialog").getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Fecha inválida", SLOW);
  await page.goto("/publications/sales-report?range=custom");
  await page.getByRole("dialog").getByLabel("Desde").fill("2026-01-01");
  await page.getByRole("dialog").getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Rango incompleto", SLOW);
});

test("orders sales report: a range over a year says 'El rango máximo permitido es de 1 año.'; the list behind keeps its page and filters", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  await page.goto("/orders?page=2&filterLogisticType=drop_off");
  await page.getByRole("link", { name: "Reporte de ventas" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Personalizado").check();
  await dialog.getByLabel("Desde").fill("2024-01-01");
  await dialog.getByLabel("Hasta").fill("2025-06-01");
  await dialog.getByRole("button", { name: "Generar" }).click();
  await expect(page.getByText("El rango máximo permitido es de 1 año.").first()).toBeVisible();
  // The report's range is not the list's: the list's own date filter stays empty.
  await expect(page.locator('main form input[name="start_date"]').first()).toHaveValue("");
  expect(new URL(page.url()).searchParams.get("start_date")).toBeNull();
  await dialog.getByRole("link", { name: "Cancelar" }).click();
  await expect(page).toHaveURL(/\/orders\?/);
  const back = new URL(page.url()).searchParams;
  expect([back.get("page"), back.get("filterLogisticType"), back.get("report_start")]).toEqual(["2", "drop_off", null]);
});

test("question history: each scroll (or the link) adds three more, batch after batch", async ({ page, loginAs }, testInfo) => {
  const js = jsEnabled(testInfo);
  await loginAs("admin");
  // With JavaScript the scroll lock (spec 1 §2: 1 s) runs on the page's clock, moved by the test.
  if (js) await page.clock.install();
  // The demo set's busy day: yesterday (Mexico City), with more than three batches of answered questions.
  const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Mexico_City" });
  const html = await (await page.request.get(`/questions?tab=history&date=${yesterday}&limit=12`)).text();
  expect((html.match(/data-testid="question"/g) ?? []).length).toBeGreaterThan(9);
  // Tall enough that the link is in view from the start: only a scroll gesture may load more.
  await page.setViewportSize({ width: 1280, height: 2400 });
  await page.goto(`/questions?tab=history&date=${yesterday}`);
  // The page's time stands still from here: a gesture's scrolling cannot outlast the lock by itself.
  if (js) await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  // Nothing loads by itself: three until the user scrolls (a load started on its own would be on
  // the network within its quiet half second, the one wait here that is not for a state).
  await page.waitForLoadState("networkidle");
  const cards = page.getByTestId("question");
  await expect(cards).toHaveCount(3);
  const more = page.getByRole("link", { name: "Ver más" });
  for (const expected of [6, 9]) {
    if (js) {
      // Once the page listens for gestures (the link says so) and the 1 s lock after the batch before
      // is over, one gesture loads one batch.
      await expect(more).toHaveAttribute("data-listening", "true");
      await page.clock.fastForward(1_000);
      await page.mouse.wheel(0, 600);
      await expect(cards).toHaveCount(expected);
    } else {
      await page.getByRole("link", { name: "Ver más" }).click();
      await expect(cards).toHaveCount(expected);
    }
    await expect(page).toHaveURL(new RegExp(`limit=${expected}`));
  }
});

const UNKNOWN = [
  ["/product-sectors/999999", "El sector no existe o fue eliminado."],
  ["/product-applications/999999", "La aplicación no existe o fue eliminada."],
  ["/locations/999999", "La ubicación no existe o fue eliminada."],
  ["/promotions/999999", "La promoción no existe o fue eliminada."],
  ["/catalogs/999999", "El catálogo no existe o fue eliminado."],
  ["/ecommerce/999999", "La sección no existe."],
  ["/chatbot-documents/999999", "El asistente no existe o fue eliminado."],
  ["/feedback-invoices/1234", "La venta no existe o no tiene registro de facturación."],
  ["/logs/99999999", "El registro no existe o fue eliminado."],
  ["/orders/99999999", "La orden no existe o fue eliminada."],
  ["/users/999999", "El usuario no existe o fue eliminado."],
] as const;

async function expectNotFoundInLayout(page: Page, url: string, text: string) {
  await expect(page.getByRole("dialog"), url).toContainText(text, SLOW);
  // The sidebar and the list stay (a modal dialog hides them from assistive technology only).
  await expect(page.locator("aside").getByRole("button", { name: "Cerrar sesión", includeHidden: true }), url).toHaveCount(1);
  await expect(page.locator("main h1"), url).toHaveCount(1);
  const close = page.getByRole("dialog").getByRole("link", { name: "Cerrar" });
  await expect(close, url).toHaveAttribute("href", url.replace(/\/[^/]+$/, ""));
}

test("unknown records show the 404 inside the layout, with a way back", async ({ page, loginAs }, testInfo) => {
  test.setTimeout(120_000);
  await loginAs("admin");
  for (const [url, text] of UNKNOWN) {
    await page.goto(url);
    // With JavaScript the check runs after React took over the server's page (the case that lost the layout).
    if (jsEnabled(testInfo)) await expect(page.locator("html[data-hydrated]"), url).toHaveCount(1);
    await expectNotFoundInLayout(page, url, text);
  }
  if (!jsEnabled(testInfo)) return;
  // And reached by a client-side navigation (the router a <Link> uses), where the 404 comes from a
  // loader fetched by the browser: the layout stays around it too.
  await page.goto("/logs");
  for (const [url, text] of UNKNOWN) {
    await routerNavigate(page, url);
    await expect(page, url).toHaveURL(new RegExp(`${url.replace(/\//g, "\\/")}$`));
    await expectNotFoundInLayout(page, url, text);
  }
});

test("a route dialog is named by its title, also in the server's HTML", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/product-sectors/1");
  await expect(page.getByRole("dialog", { name: "Sector 1" })).toBeVisible();
  const html = await (await page.request.get("/product-sectors/1")).text();
  const labelledBy = /<dialog\b[^>]*\bopen\b[^>]*aria-labelledby="([^"]+)"|<dialog\b[^>]*aria-labelledby="([^"]+)"[^>]*\bopen\b/.exec(html);
  expect(labelledBy).not.toBeNull();
  expect(html).toContain(`id="${labelledBy![1] ?? labelledBy![2]}"`);
});

test("closing a dialog gives focus back to the link that opened it", async ({ page, loginAs }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript each dialog is a page of its own: closing loads the list afresh");
  await loginAs("admin");
  await page.goto("/product-sectors");
  const opener = page.getByRole("link", { name: /^Editar / }).first();
  const name = await opener.getAttribute("aria-label");
  await opener.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("link", { name: name! })).toBeFocused();
});

test("with JavaScript a route dialog is modal: Tab stays inside, the page behind is inert, a click outside goes back to the list", async ({
  page,
  loginAs,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the dialog is a page of its own, closed by its links");
  await loginAs("admin");
  await page.goto("/product-sectors?sortName=name&sortValue=asc");
  await page
    .getByRole("link", { name: /^Editar / })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
  // Tab goes round the dialog's controls (and the browser's own, where the page shows no element:
  // the body), never to the list behind.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const where = await page.evaluate(() =>
      document.activeElement?.closest("dialog")
        ? "dialog"
        : document.activeElement === document.body
          ? "browser"
          : document.activeElement?.outerHTML.slice(0, 80),
    );
    expect(["dialog", "browser"]).toContain(where);
  }
  // The list behind cannot take the focus (it is inert) while the dialog is open.
  const behind = await page.evaluate(() => {
    const link = Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]")).find((a) => !a.closest("dialog"));
    link?.focus();
    return { found: !!link, focused: !!link && document.activeElement === link };
  });
  expect(behind).toEqual({ found: true, focused: false });
  await page.mouse.click(5, (page.viewportSize()?.height ?? 700) - 5);
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/product-sectors\?sortName=name&sortValue=asc$/);
});

test("with JavaScript a click outside a dialog with something typed in it keeps the dialog and the text", async ({
  page,
  loginAs,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript the dialog is a page of its own, closed by its links");
  await loginAs("admin");
  const outside = async () => page.mouse.click(5, (page.viewportSize()?.height ?? 700) - 5);
  for (const path of ["/locations/new", "/blog-posts/new"]) {
    await page.goto(path);
    const dialog = page.getByRole("dialog");
    const title = dialog.getByRole("textbox").first();
    await title.fill("Texto sin guardar");
    await outside();
    await expect(dialog, path).toBeVisible();
    await expect(title).toHaveValue("Texto sin guardar");
  }
  // Nothing typed: the same click still goes back to the list.
  await page.goto("/locations/new");
  await outside();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/locations$/);
});

test("with JavaScript a filter chosen, or a dialog choice made, before the page comes to life is kept", async ({
  page,
  loginAs,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript nothing takes the page over");
  await loginAs("admin");
  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const list = await beforeScripts(page, "/orders");
  await page.getByLabel("Tipo de gestión").selectOption("fulfillment");
  await blur();
  await list.hydrated();
  await expect(page.getByLabel("Tipo de gestión")).toHaveValue("fulfillment");

  const filters = await beforeScripts(page, "/orders/filters?filterLogisticType=drop_off");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Pagada").check();
  await blur();
  await filters.hydrated();
  await expect.poll(() => dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
  await page.mouse.click(5, (page.viewportSize()?.height ?? 700) - 5);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Pagada")).toBeChecked();
});

test("a new publication starts with two default gallery images, served as files and kept by the form", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/publications/new");
  const general = page.getByRole("dialog").getByTestId("gallery-general");
  await expect(general.getByRole("img")).toHaveCount(2);
  for (const src of await general.getByRole("img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")!))) {
    const res = await page.request.get(src);
    expect(res.status(), src).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/webp");
  }
  // A round trip of the dialog's form (move the second one up): both stay, in the new order.
  await general.getByRole("button", { name: "Subir galeria-predeterminada-2.webp" }).click();
  await expect(
    page.getByRole("dialog").getByTestId("gallery-general-0").getByRole("button", { name: "Quitar galeria-predeterminada-2.webp" }),
  ).toBeVisible(SLOW);
  await expect(page.getByRole("dialog").getByTestId("gallery-general").getByRole("img")).toHaveCount(2);
});

test("publications: with 'Buscar por SKU' ticked the search waits for Enter (spec 1 §2)", async ({ page, loginAs }, testInfo) => {
  const js = jsEnabled(testInfo);
  await loginAs("admin");
  // With JavaScript the typing pause runs on the page's clock, moved by the test.
  if (js) await page.clock.install();
  await page.goto("/publications");
  await page.getByLabel("Buscar por SKU").check();
  // Every load of the list with the typed search (a page, or its data with JavaScript), not counting
  // the server's redirect to the list's canonical address.
  const searches: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const load = request.resourceType() === "document" || url.pathname.endsWith(".data");
    if (url.searchParams.get("search") === "QO1" && load && !request.redirectedFrom()) searches.push(request.url());
  });
  const box = page.getByLabel("Buscar", { exact: true });
  await box.fill("QO1");
  // Ten times the typing pause (spec 1 §9: 600 ms): nothing is searched.
  if (js) await page.clock.runFor(10 * 600);
  expect(new URL(page.url()).searchParams.get("search")).toBeNull();
  await box.press("Enter");
  await expect(page).toHaveURL(/search=QO1/, SLOW);
  await expect(page).toHaveURL(/skuSearch=true/);
  // Enter's is the only search: one started by the pause would have been sent before it.
  expect(searches).toHaveLength(1);
});
