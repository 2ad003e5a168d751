import { expect, jsEnabled, test } from "./fixtures";

test("answer a pending question after rating its suggestion", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  await page.goto("/questions?limit=30");
  await expect(page.getByRole("heading", { name: /Preguntas/ })).toBeVisible();
  await expect(page.getByTestId("response-card").first()).toBeVisible();
  // The two projects run at once: each takes a different question.
  const candidates = page.locator('[data-testid="question"]:not([data-inactive])', { has: page.getByTestId("suggestion") });
  const card = jsEnabled(testInfo) ? candidates.first() : candidates.last();
  const id = await card.getAttribute("data-question-id");
  const clientId = await card.getAttribute("data-client-id");
  const text = `Respuesta de prueba ${testInfo.project.name} ${Date.now()}`;
  await card.getByLabel("Respuesta", { exact: true }).fill(text);
  await card.getByLabel("Buena (100)").check();
  await card.getByRole("button", { name: "Responder" }).click();
  await expect(page.getByTestId("toast")).toContainText("Respuesta enviada");
  await expect(page).toHaveURL(/\/questions$/);
  await expect(page.locator(`[data-question-id="${id}"]`)).toHaveCount(0);
  await page.goto(`/questions?tab=history&limit=30&search=${clientId}`);
  await expect(page.locator(`[data-question-id="${id}"]`)).toContainText(text);
});

test("an empty answer stays on the card with a Spanish error", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/questions");
  const card = page.locator('[data-testid="question"]:not([data-inactive])').first();
  await card.getByLabel("Respuesta", { exact: true }).fill("   ");
  const rating = card.getByLabel("Buena (100)");
  if (await rating.count()) await rating.check();
  await card.getByRole("button", { name: "Responder" }).click();
  await expect(page.getByText("Escribe una respuesta.")).toBeVisible();
});

test("an admin blocks a buyer after confirming", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  await page.goto("/questions?limit=9");
  const cards = page.getByTestId("question");
  const card = jsEnabled(testInfo) ? cards.nth(3) : cards.nth(4);
  await card.getByRole("link", { name: "Bloquear comprador" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("¿Bloquear a");
  await dialog.getByRole("button", { name: "Bloquear" }).click();
  await expect(page.getByTestId("toast")).toContainText("Comprador bloqueado");
  await expect(page).toHaveURL(/\/questions$/);
});
