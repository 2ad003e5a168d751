import { expect, jsEnabled, routerSettled, test, expectToast, uniqueName } from "./fixtures";

test("a section is created with two searched products, reordered, and shows in the list", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const title = uniqueName("Sección e2e", testInfo.project.name);
  await page.goto("/ecommerce?k=e2e");
  await expect(page.getByRole("heading", { name: /Ecommerce - Secciones/ })).toBeVisible();

  await page.getByRole("link", { name: "Nueva sección" }).click();
  await expect(page).toHaveURL(/\/ecommerce\/new\?k=e2e$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Nueva sección" })).toBeVisible();
  // An empty title is refused with the screen's own message (not the browser's), with or without JavaScript.
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("dialog").getByText("Ingresa el título de la sección")).toBeVisible();
  await expect(page).toHaveURL(/\/ecommerce\/new\?k=e2e$/);
  await page.getByRole("dialog").getByLabel("Título").fill(title);
  await page.getByRole("dialog").getByLabel("Busca por nombre o sku").fill("QO1");
  await page.getByRole("dialog").getByRole("button", { name: "Buscar" }).click();

  const results = page.getByRole("dialog").getByRole("list", { name: "Resultados de la búsqueda" });
  await expect(results.getByRole("button").first()).toBeVisible();
  const labels = await results.getByRole("button").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") ?? ""));
  const [first, second] = labels.slice(0, 2).map((l) => l.replace(/^Agregar /, ""));
  expect(first && second).toBeTruthy();

  const products = page.getByRole("dialog").getByTestId("section-products");
  await results.getByRole("button", { name: `Agregar ${first}`, exact: true }).click();
  await expect(products.getByRole("row")).toHaveCount(2);
  // With JavaScript the answer is followed by a revalidation: the next press waits for it to settle.
  await routerSettled(page, jsEnabled(testInfo));
  await page
    .getByRole("dialog")
    .getByRole("list", { name: "Resultados de la búsqueda" })
    .getByRole("button", { name: `Agregar ${second}`, exact: true })
    .click();
  await expect(products.getByRole("row")).toHaveCount(3);
  await expect(products.getByRole("row").nth(1)).toContainText(first);
  await expect(products.getByRole("row").nth(2)).toContainText(second);
  await routerSettled(page, jsEnabled(testInfo));

  // Agregar on a product already listed raises its quantity by 1.
  await page
    .getByRole("dialog")
    .getByRole("list", { name: "Resultados de la búsqueda" })
    .getByRole("button", { name: `Agregar ${first}`, exact: true })
    .click();
  await expect(products.getByLabel(`Cantidad ${first}`)).toHaveValue("2");
  await expect(products.getByRole("row")).toHaveCount(3);
  await routerSettled(page, jsEnabled(testInfo));

  await products.getByRole("button", { name: `Subir ${second}` }).click();
  await expect(products.getByRole("row").nth(1)).toContainText(second);
  await expect(products.getByRole("row").nth(2)).toContainText(first);
  await expect(products.getByLabel(`Cantidad ${first}`)).toHaveValue("2");
  await expect(page.getByRole("dialog").getByLabel("Título")).toHaveValue(title);

  await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/ecommerce\?k=e2e$/);
  await expectToast(page, "Obteniendo información", "Información agregada/actualizada exitosamente");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
  await expect(row.getByRole("switch", { name: `Activa ${title}` })).toHaveAttribute("aria-checked", "true");

  await row.getByRole("link", { name: `Editar ${title}` }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: /^Sección \d+$/ })).toBeVisible();
  const saved = page.getByRole("dialog").getByTestId("section-products");
  await expect(saved.getByRole("row").nth(1)).toContainText(second);
  await expect(saved.getByRole("row").nth(2)).toContainText(first);
  await expect(saved.getByLabel(`Cantidad ${first}`)).toHaveValue("2");
});

test("the Activa switch saves at once", async ({ page, loginAs }, testInfo) => {
  await loginAs("ml_manager");
  const title = uniqueName("Alternar e2e", testInfo.project.name);
  const created = await page.request.post("/ecommerce/new", { form: { intent: "save", title, status: "on" }, maxRedirects: 0 });
  expect(created.status()).toBe(302);

  await page.goto("/ecommerce");
  const toggle = page
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("switch", { name: `Activa ${title}` });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(page.getByTestId("toast")).toContainText("Sección desactivada");
  await expect(page).toHaveURL(/\/ecommerce$/);

  await page.reload();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(page.getByTestId("toast")).toContainText("Sección activada");
  await expect(toggle).toHaveAttribute("aria-checked", "true");
});
