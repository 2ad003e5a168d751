import type { Page } from "@playwright/test";
import { expect, jsEnabled, postsFrom, test } from "./fixtures";

// A simple demo publication (one linked product, no variations); demo publication ids never change.
const SIMPLE_ID = "MLM1133703341";

/** Holds back the code of the editor's lower sections (editor-details) until `release` is called. */
async function holdLowerSections(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/editor-details-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Errors the page logs (React reports a hydration it had to give up as one). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test("the editor's lower sections stay on screen while their code is on its way, then answer without a post", async ({ loginAs }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "Without JavaScript the server's HTML is the whole editor.");
  const page = await loginAs("admin");
  const errors = pageErrors(page);
  const release = await holdLowerSections(page);
  await page.goto(`/publications/${SIMPLE_ID}`);
  const dialog = page.getByRole("dialog");
  const quantity = dialog.getByLabel("Cantidad TLREF200W65");
  await expect(quantity).toBeVisible();
  await expect(dialog.getByTestId("cost-summary")).toBeVisible();

  // The top of the form is live (the counter follows the title) and its re-renders leave the lower sections as the server drew them.
  const remaining = await dialog.getByTestId("title-remaining").textContent();
  await dialog.getByLabel("Título").fill("Foco LED de prueba");
  await expect(dialog.getByTestId("title-remaining")).not.toHaveText(remaining ?? "");
  await expect(quantity).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Subir imagen" }).first()).toBeVisible();

  // Once the code arrives, the totals follow a typed quantity without a post.
  const posts = postsFrom(page);
  release();
  const subtotal = await dialog.getByTestId("cost-subtotal").textContent();
  await expect(async () => {
    await quantity.fill("9");
    await expect(dialog.getByTestId("cost-subtotal")).not.toHaveText(subtotal ?? "", { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(dialog.getByLabel("Título")).toHaveValue("Foco LED de prueba");
  expect(posts).toEqual([]);
  expect(errors).toEqual([]);
});

test("opened from the list, the editor waits for its lower sections and opens whole", async ({ loginAs }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "Without JavaScript the server's HTML is the whole editor.");
  const page = await loginAs("admin");
  const errors = pageErrors(page);
  await page.goto("/publications");
  const release = await holdLowerSections(page);
  const data = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".data"));
  await page.getByRole("link", { name: "Nueva Publicación" }).click();
  // The data is in, the code is still on its way: the dialog has not opened half drawn.
  await data;
  await page.waitForTimeout(500);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  release();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Nueva publicación" })).toBeVisible();
  await expect(dialog.getByTestId("cost-summary")).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Galería" })).toBeVisible();
  expect(errors).toEqual([]);
});
