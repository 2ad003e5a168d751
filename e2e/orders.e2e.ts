import { expect, jsEnabled, test } from "./fixtures";

test("a bookmarked filtered URL reproduces the list; an order opens as a dialog keeping the query", async ({ page, loginAs }) => {
  await loginAs("ml_manager");
  await page.goto(
    "/orders?filterLogisticType=drop_off&assigned_move_filter=assigned&sortName=date&sortValue=asc&page=2&filterStatus=bogus",
  );
  await expect(page.getByRole("heading", { name: /Órdenes/ })).toBeVisible();
  await expect(page.getByLabel("Tipo de gestión")).toHaveValue("drop_off");
  await expect(page.getByRole("combobox", { name: /^Movimiento/ })).toHaveValue("assigned");
  await expect(page.getByLabel("Reclamos y devoluciones")).toHaveValue("");
  await expect(page.getByRole("link", { name: "Página 2" })).toHaveAttribute("aria-current", "page");
  const first = page.getByRole("link", { name: /Ver detalle de la orden/ }).first();
  await first.click();
  await expect(page).toHaveURL(
    /\/orders\/\d+\?filterLogisticType=drop_off&assigned_move_filter=assigned&sortName=date&sortValue=asc&page=2/,
  );
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("REGULAR");
  await dialog.getByRole("link", { name: "Volver" }).click();
  await expect(page).toHaveURL(/\/orders\?filterLogisticType=drop_off/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("filters are GET forms; an incomplete date range gets the spec's message", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  await page.goto("/orders");
  await page.getByLabel("Tipo de gestión").selectOption("fulfillment");
  if (!jsEnabled(testInfo)) await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/filterLogisticType=fulfillment/);
  await page.goto("/orders?filterLogisticType=fulfillment&start_date=2025-01-01");
  await expect(page.getByTestId("range-error")).toContainText("Selecciona un rango completo.");
  await page.getByRole("link", { name: "Filtros avanzados" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Pagada").check();
  await dialog.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/order_status_filter=paid/);
  await expect(page).toHaveURL(/filterLogisticType=fulfillment/);
  await page.getByRole("link", { name: "Limpiar Filtros" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  // The boxes follow the URL (with JavaScript the page is not drawn anew): a search made now
  // brings none of the cleared filters back.
  await expect(page.getByLabel("Tipo de gestión")).toHaveValue("");
  await page.goto("/orders?filterLogisticType=drop_off&day_filter=last30&search=QO120");
  await page.getByRole("link", { name: "Limpiar Filtros" }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByLabel("Tipo de gestión")).toHaveValue("");
  await expect(page.getByLabel("Periodo")).toHaveValue("");
  await expect(page.getByRole("searchbox", { name: "Buscar" })).toHaveValue("");
  await page.getByRole("searchbox", { name: "Buscar" }).fill("2000000000000001");
  await page.getByRole("searchbox", { name: "Buscar" }).press("Enter");
  await expect(page).toHaveURL(/\/orders\?search=2000000000000001$/);
});

test("movement and credit-note mismatches are refused with the spec's messages", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  // An unassigned order: a movement the ERP does not know.
  await page.goto("/orders?assigned_move_filter=unassigned&filterLogisticType=drop_off&order_status_filter=paid");
  await page
    .getByRole("link", { name: /Ver detalle de la orden/ })
    .nth(jsEnabled(testInfo) ? 0 : 1)
    .click();
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Movimiento (prefactura)").fill("4321");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("order-error")).toContainText("La prefactura no existe en intelisis o los productos no coinciden");

  // An assigned order without a credit note (the first such of the list): a credit note that does
  // not match its movement. Nothing is saved, so both projects may use the same order.
  const assigned = "/orders?assigned_move_filter=assigned&shipment_status_filter=delivered";
  await page.goto(assigned);
  const details = await page.getByRole("link", { name: /Ver detalle de la orden/ }).count();
  expect(details, "órdenes entregadas con movimiento").toBeGreaterThan(0);
  let note = page.getByRole("dialog").getByLabel("Nota de crédito");
  for (let i = 0; i < details; i++) {
    if (i > 0) await page.goto(assigned);
    await page
      .getByRole("link", { name: /Ver detalle de la orden/ })
      .nth(i)
      .click();
    dialog = page.getByRole("dialog");
    note = dialog.getByLabel("Nota de crédito");
    await expect(note).toBeVisible();
    if ((await note.getAttribute("readonly")) === null) break;
  }
  await expect(note, "una orden entregada con movimiento y sin nota de crédito").not.toHaveAttribute("readonly");
  await note.fill("nc0000");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("order-error")).toContainText("La nota de crédito no coincide con la prefactura.");
});

test("prints a label into a new window", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  await page.goto("/orders?shipment_status_filter=ready_to_print&filterLogisticType=drop_off");
  await page
    .getByRole("link", { name: /Ver detalle de la orden/ })
    .nth(jsEnabled(testInfo) ? 0 : 1)
    .click();
  const dialog = page.getByRole("dialog");
  const popup = page.waitForEvent("popup");
  const label = page.context().waitForEvent("response", (res) => /\/orders\/\d+\/label$/.test(res.url()));
  await dialog.getByRole("button", { name: /imprimir etiqueta/i }).click();
  const win = await popup;
  // The new window navigates to the label, answered with the PDF to show there. (The tests' headless
  // Chromium has no PDF viewer: its window stays blank, so the answer is what is checked.)
  const answer = await label;
  expect(answer.request().isNavigationRequest()).toBe(true);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  expect(answer.headers()["content-disposition"]).toMatch(/^inline/);
  await win.close();
});

test("the dialog shows the marketplace's buyer; a printed package is dispatched with 'Despachar paquete'", async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs("admin");
  // Packages whose label is printed (or waiting for the collection); each project takes every other row.
  const hrefs: string[] = [];
  for (const status of ["printed", "ready_to_ship"]) {
    await page.goto(`/orders?shipment_status_filter=${status}&order_status_filter=paid`);
    hrefs.push(
      ...(await page
        .getByRole("link", { name: /Ver detalle de la orden/ })
        .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))),
    );
  }
  for (let k = jsEnabled(testInfo) ? 0 : 1; k < hrefs.length; k += 2) {
    await page.goto(hrefs[k]);
    if (await page.getByRole("button", { name: "Despachar paquete" }).count()) break;
  }
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("marketplace-buyer")).not.toBeEmpty();
  await expect(dialog.getByTestId("lookup-notes")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Despachar paquete" }).click();
  await expect(page.getByTestId("toast")).toContainText("Mercado Libre registró el envío del paquete.");
  await expect(page.getByRole("dialog")).toContainText("En camino");
  await expect(page.getByRole("dialog").getByRole("button", { name: "Despachar paquete" })).toHaveCount(0);
});

test("a collection order shows its pick-up window from the marketplace's schedule", async ({ page, loginAs }) => {
  await loginAs("ml_manager");
  await page.goto("/orders?filterLogisticType=cross_docking");
  await page
    .getByRole("link", { name: /Ver detalle de la orden/ })
    .first()
    .click();
  await expect(page.getByRole("dialog").getByTestId("collection-time")).toContainText(
    /\d{2}\/\d{2}\/\d{4}, de 09:30 a 10:30 \((mismo día|día siguiente)\)/,
  );
  await expect(page.getByRole("dialog").getByTestId("lookup-notes")).toHaveCount(0);
});

test("marks a not-agreed order delivered and shows the invoicing link to copy", async ({ page, loginAs, context }, testInfo) => {
  await loginAs("admin");
  if (jsEnabled(testInfo)) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/orders?filterLogisticType=not_specified&order_status_filter=paid");
  const hrefs = await page
    .getByRole("link", { name: /Ver detalle de la orden/ })
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  // Find an order still to be marked delivered (each project takes every other row).
  for (let k = jsEnabled(testInfo) ? 0 : 1; k < hrefs.length; k += 2) {
    await page.goto(hrefs[k]);
    if (await page.getByRole("button", { name: "Marcar como entregado" }).count()) break;
  }
  await page.getByRole("button", { name: "Marcar como entregado" }).click();
  await expect(page.getByTestId("toast")).toContainText("Tienes 24 hrs. para generar la factura");
  const link = page.getByRole("textbox", { name: "Enlace de facturación" });
  await expect(link).toHaveValue(/orden=\d+/);
  if (jsEnabled(testInfo)) {
    await page.getByRole("button", { name: "Copiar enlace" }).click();
    await expect(page.getByRole("button", { name: "¡Copiado!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/orden=\d+/);
  }
});

test("an unknown order is a 404 inside the list", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/orders/1234567890123456?filterLogisticType=ecommerce");
  await expect(page.getByRole("dialog")).toContainText("La orden no existe o fue eliminada.");
  // The list stays behind the dialog (with JavaScript Radix hides it from the accessibility tree).
  await expect(page.locator("h1", { hasText: "Órdenes" })).toBeAttached();
});

test("assigns the matching ERP movement to its order", async ({ page, loginAs }, testInfo) => {
  test.setTimeout(90_000);
  await loginAs("admin");
  // The simulator's demo movements start at the next hundred after the highest movement in use
  // (the newest order assigned before today); the candidates are today's newest unassigned paid
  // marketplace orders, seven movements each, the first one matching (docs/integrations.md).
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Mexico_City" });
  await page.goto(`/orders?assigned_move_filter=assigned&start_date=${day(60)}&end_date=${day(1)}`);
  const max = Number((await page.locator("tbody tr").first().locator("td").nth(7).innerText()).trim());
  expect(max).toBeGreaterThan(1000);
  const project = jsEnabled(testInfo) ? 0 : 1;
  const movement = String((Math.floor(max / 100) + 1) * 100 + 1 + project * 7);

  await page.goto("/orders?assigned_move_filter=unassigned&order_status_filter=paid");
  const rows = page.locator("tbody tr");
  const ids: string[] = [];
  for (let k = 0; k < Math.min(12, await rows.count()) && ids.length < 6; k++) {
    const cells = rows.nth(k).locator("td");
    const type = (await cells.nth(4).innerText()).trim();
    if (type === "ECOMMERCE" || type === "COTIZADOR") continue;
    ids.push((await cells.nth(2).innerText()).trim().split(/\s+/)[0]);
  }
  let assigned = false;
  for (const id of ids) {
    await page.goto(`/orders/${id}?assigned_move_filter=unassigned`);
    const dialog = page.getByRole("dialog");
    const field = dialog.getByLabel("Movimiento (prefactura)");
    if ((await field.getAttribute("readonly")) !== null) continue;
    await field.fill(movement);
    await dialog.getByRole("button", { name: "Guardar" }).click();
    // Wait for the answer itself (success toast or the dialog's error), not for an idle network.
    const success = page.getByTestId("toast").filter({ hasText: "Orden actualizada correctamente" });
    await expect(success.or(page.getByTestId("order-error")).first()).toBeVisible({ timeout: 15_000 });
    if (await success.count()) {
      await expect(page.getByRole("dialog").getByLabel("Movimiento (prefactura)")).toHaveValue(movement);
      assigned = true;
      break;
    }
    await expect(page.getByTestId("order-error")).toContainText(/no coinciden|restricciones por almacén|ya tiene asignado/);
  }
  expect(assigned, `movement ${movement} on ${ids.join(", ")}`).toBe(true);
});

test("generates the monthly customer report as an .xlsx; the month is required", async ({ page, loginAs }) => {
  await loginAs("ml_manager");
  await page.goto("/orders?filterLogisticType=drop_off");
  await page.getByRole("link", { name: "Reporte de clientes" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Reporte mensual de clientes");
  const month = new Date().toLocaleDateString("en-CA", { timeZone: "America/Mexico_City" }).slice(0, 7);
  await dialog.getByLabel("Mes").fill(month);
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Generar" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`reporte-clientes-${month}.xlsx`);
});

test("a save over someone else's change is refused once; the dialog comes back from the stored order and the next save goes through", async ({
  page,
  loginAs,
  context,
}) => {
  await loginAs("admin");
  await page.goto("/orders?assigned_move_filter=unassigned");
  const href = (await page
    .getByRole("link", { name: /Ver detalle de la orden/ })
    .nth(4)
    .getAttribute("href"))!;
  await page.goto(href);
  // Another person, in another tab, saves the same order first.
  const other = await context.newPage();
  await other.goto(href);
  await other.getByRole("dialog").getByLabel("Comentarios").fill("Cambio de otra persona");
  await other.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(other.getByTestId("toast")).toBeVisible();
  await other.close();

  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Comentarios").fill("Mi cambio");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Otra persona modificó esta orden");
  // Drawn again from the stored order: the other person's comment, and a save that is accepted.
  await expect(page.getByRole("dialog").getByLabel("Comentarios")).toHaveValue("Cambio de otra persona");
  await page.getByRole("dialog").getByLabel("Comentarios").fill("Mi cambio, revisado");
  await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).not.toContainText("Otra persona");
  await page.goto(href);
  await expect(page.getByRole("dialog").getByLabel("Comentarios")).toHaveValue("Mi cambio, revisado");
});

test("a comment typed over the stored one before the page's JavaScript arrives is kept after it, and saved", async ({
  page,
  loginAs,
  context,
}, testInfo) => {
  test.skip(!jsEnabled(testInfo), "without JavaScript nothing hydrates: what is typed stays as typed");
  await loginAs("admin");
  await page.goto("/orders?assigned_move_filter=unassigned");
  const href = (await page
    .getByRole("link", { name: /Ver detalle de la orden/ })
    .nth(6)
    .getAttribute("href"))!;
  // A stored comment first: React's hydration writes a prefilled textarea's server text back.
  await page.goto(href);
  await page.getByRole("dialog").getByLabel("Comentarios").fill("Pedido urgente, salió en la primera recolección");
  await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toBeVisible();

  // A slow machine: the page's JavaScript arrives only after the comment was typed.
  const slow = await context.newPage();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await slow.route(/\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await slow.goto(href, { waitUntil: "commit" });
  const comments = slow.getByRole("dialog").getByLabel("Comentarios");
  await expect(comments).toHaveValue("Pedido urgente, salió en la primera recolección");
  await comments.fill("Escrito antes de que cargara la página");
  release();
  await slow.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect(comments).toHaveValue("Escrito antes de que cargara la página");
  await slow.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(slow.getByTestId("toast")).toBeVisible();
  await slow.goto(href);
  await expect(slow.getByRole("dialog").getByLabel("Comentarios")).toHaveValue("Escrito antes de que cargara la página");
});
