import { expect, jsEnabled, test } from "./fixtures";

/*
 * Issue 33: the category picker (the marketplace's tree, level by level, with a breadcrumb) and the
 * predictor's suggestions, each a dialog over the editor answered by the server, so they work with
 * JavaScript off too and keep what was typed; then a publication for Square D shows that store's
 * badge in the list.
 */
test("picks a category in the tree and from the predictor, then publishes to Square D", async ({ loginAs }, testInfo) => {
  // Some fifteen posts, each drawing the whole editor again: 30–50 s alone on two cores, up to 90 s
  // beside the other project's run.
  test.setTimeout(120_000);
  const page = await loginAs("ml_manager");
  await page.goto("/publications/new");
  const editor = page.getByRole("dialog", { name: "Nueva publicación" });
  const title = `Cable Thw Arbol ${jsEnabled(testInfo) ? "Js" : "Html"} ${Date.now().toString().slice(-6)}`;
  await page.getByLabel("Título").fill(title);

  // The picker: the top of the tree, down two levels, back up one by the breadcrumb, down to a final category.
  await editor.getByRole("button", { name: "Elegir categoría" }).click();
  const picker = page.getByRole("dialog", { name: "Elegir categoría" });
  await expect(picker).toBeVisible();
  const crumbs = picker.getByTestId("picker-breadcrumb");
  await expect(crumbs).toHaveText(/^Todas las categorías$/);
  await picker.getByRole("button", { name: "Construcción", exact: true }).click();
  await expect(crumbs).toContainText("Construcción");
  await picker.getByRole("button", { name: "Material Eléctrico", exact: true }).click();
  await expect(crumbs).toHaveText(/Todas las categorías\s*›\s*Construcción\s*›\s*Material Eléctrico/);
  await expect(picker.getByRole("button", { name: "Cables Eléctricos", exact: true })).toBeVisible();
  await crumbs.getByRole("button", { name: "Construcción", exact: true }).click();
  await expect(crumbs).not.toContainText("Material Eléctrico");
  await picker.getByRole("button", { name: "Material Eléctrico", exact: true }).click();
  // The level's answer first: its filter is a new one.
  await expect(crumbs).toHaveText(/Construcción\s*›\s*Material Eléctrico/);
  // The filter narrows the level.
  await picker.getByLabel("Filtrar este nivel").fill("termo");
  await picker.getByRole("button", { name: "Filtrar", exact: true }).click();
  await expect(picker.getByRole("list", { name: "Categorías de este nivel" }).getByRole("listitem")).toHaveCount(1);
  await picker.getByRole("button", { name: "Interruptores Termomagnéticos", exact: true }).click();
  await expect(picker).toHaveCount(0);
  // With JavaScript the answer comes without a page load and the focus goes back to the category.
  if (jsEnabled(testInfo)) await expect(page.getByLabel("ID de categoría")).toBeFocused();
  await expect(page.getByTestId("category-path")).toContainText("Interruptores Termomagnéticos");
  await expect(page.getByLabel("ID de categoría")).toHaveValue("MLM187777");
  await expect(page.getByLabel("Título")).toHaveValue(title);

  // The predictor's suggestions, in a dialog: "Usar" sets the category and loads its attributes.
  await editor.getByRole("button", { name: "Predecir desde el título" }).click();
  const suggestions = page.getByRole("dialog", { name: "Categorías sugeridas" });
  await expect(suggestions).toBeVisible();
  if (jsEnabled(testInfo)) {
    // Escape closes the suggestions only: the editor stays open with what was typed.
    await page.keyboard.press("Escape");
    await expect(suggestions).toHaveCount(0);
    await expect(editor).toBeVisible();
    await expect(page.getByLabel("Título")).toHaveValue(title);
    await editor.getByRole("button", { name: "Predecir desde el título" }).click();
    await expect(suggestions).toBeVisible();
  }
  await suggestions.getByRole("button", { name: "Usar Cables Eléctricos" }).click();
  await expect(suggestions).toHaveCount(0);
  await expect(page.getByTestId("category-path")).toContainText("Cables Eléctricos");
  await expect(page.getByLabel("ID de categoría")).toHaveValue("MLM187773");
  await expect(page.getByLabel("Título")).toHaveValue(title);

  await page.getByLabel("Marca *").fill("Square D");
  await page.getByLabel("Modelo *").fill("THW12");
  await page.getByLabel("Código universal de producto *").fill("7501234567890");
  await page.getByLabel("Condición del ítem *").selectOption("Nuevo");
  await page.getByLabel("Calibre *").selectOption("12 AWG");
  await page.getByLabel("Largo *").fill("100 m");
  await page.getByLabel("Square D").check();
  await page.getByLabel("Mercado Libre", { exact: true }).check();
  await page.getByLabel("Buscar producto (SKU o nombre)").fill("thw12ne100");
  if (!jsEnabled(testInfo)) await editor.getByRole("button", { name: "Buscar", exact: true }).click();
  await page.getByRole("button", { name: "Agregar THW12NE100" }).click();
  await expect(page.getByTestId("linked-flat-0")).toContainText("THW12NE100");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Publicación creada");

  await page.goto(`/publications?search=${encodeURIComponent(title)}`);
  const row = page.locator("tbody tr").first();
  await expect(row).toContainText(title);
  await expect(row).toContainText("Square D");
});
