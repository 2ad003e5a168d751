import { expect, test } from "./fixtures";

test("a picker lands on the picking list, searches it upper-cased and pages through it", async ({ page, loginAs }) => {
  await loginAs("surtido");
  await page.goto("/");
  await expect(page).toHaveURL(/\/surtido$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Surtido");
  await expect(page.getByText("Tu nivel: 2.")).toBeVisible();
  const records = page.getByTestId("surtido-record");
  await expect(records).toHaveCount(10);
  // Short lines are in SINSTOCK with the spec's message.
  const noStock = page.getByRole("region", { name: "SINSTOCK" }).first();
  await expect(noStock).toContainText("No hay existencias suficientes");

  await page.getByRole("link", { name: "Página 2" }).click();
  await expect(page).toHaveURL(/\/surtido\?page=2$/);
  await expect(records).toHaveCount(2);

  await page.getByRole("searchbox", { name: "Buscar" }).fill("a1-");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/surtido\?search=a1-$/);
  await expect(records.first()).toContainText("A1-");

  await page.getByRole("link", { name: "Limpiar Filtros" }).click();
  await expect(page).toHaveURL(/\/surtido$/);
  await expect(records).toHaveCount(10);
});
