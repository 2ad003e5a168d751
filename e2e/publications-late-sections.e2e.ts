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

test("the editor's lower sections stay on screen while their code is on its way, then answer without a post", async ({
  loginAs,
}, testInfo) => {
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
  const subtotal = await dialog.getByTestId("cost-subtotal").textContent();
  await expect(dialog.locator("form[data-sections]")).toHaveAttribute("data-sections", "server");
  release();
  await expect(dialog.locator("form[data-sections]")).toHaveAttribute("data-sections", "live");
  await quantity.fill("9");
  await expect(dialog.getByTestId("cost-subtotal")).not.toHaveText(subtotal ?? "");
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
  // Every dialog the page draws, as it is first drawn: whether the lower sections (their cost
  // summary) are in it. A dialog opened half drawn is seen whenever it happens, not only within
  // some time after the data.
  await page.evaluate(() => {
    const drawn: boolean[] = [];
    (window as unknown as { dialogsDrawn: boolean[] }).dialogsDrawn = drawn;
    let open: Element | null = null;
    new MutationObserver(() => {
      const dialog = document.querySelector("dialog[open]");
      if (dialog && dialog !== open) drawn.push(dialog.querySelector('[data-testid="cost-summary"]') !== null);
      open = dialog;
    }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["open"] });
  });
  const code = page.waitForRequest(/\/assets\/editor-details-[^/]+\.js$/);
  const data = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".data"));
  await page.getByRole("link", { name: "Nueva Publicación" }).click();
  // The data is in, the code is asked for and held.
  await Promise.all([code, data]);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  release();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Nueva publicación" })).toBeVisible();
  await expect(dialog.getByTestId("cost-summary")).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Galería" })).toBeVisible();
  // It opened once, and whole.
  expect(await page.evaluate(() => (window as unknown as { dialogsDrawn: boolean[] }).dialogsDrawn)).toEqual([true]);
  expect(errors).toEqual([]);
});

/** A page load that does not wait for React (the suite's `goto` waits for hydration), as a user typing at once. */
async function openWithoutWaiting(page: Page, url: string) {
  const goto = Object.getPrototypeOf(page).goto as Page["goto"];
  await goto.call(page, url, { waitUntil: "commit" });
}

for (const [what, url, before] of [
  ["a publication", `/publications/${SIMPLE_ID}`, "Reflector LED 200 W 6500 K IP65 Tecnolite"],
  ["a new publication", "/publications/new", ""],
] as const) {
  test(`typing into ${what} right after the page loads keeps what was typed, with no page error`, async ({ loginAs }, testInfo) => {
    test.skip(!jsEnabled(testInfo), "Without JavaScript there is no hydration to race.");
    const page = await loginAs("admin");
    const errors = pageErrors(page);
    await openWithoutWaiting(page, url);
    const title = page.getByRole("dialog").locator("input[name=title]");
    // Typed while React is still taking over the server's HTML (its lower sections come last).
    await title.pressSequentially("Nuevo ");
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    // The lower sections are live: the totals follow a typed quantity (a new publication shows its gallery).
    const dialog = page.getByRole("dialog");
    if (before) {
      const subtotal = await dialog.getByTestId("cost-subtotal").textContent();
      await expect(dialog.locator("form[data-sections]")).toHaveAttribute("data-sections", "live");
      await dialog.getByLabel("Cantidad TLREF200W65").fill("9");
      await expect(dialog.getByTestId("cost-subtotal")).not.toHaveText(subtotal ?? "");
    } else {
      await expect(dialog.getByRole("heading", { name: "Galería" })).toBeVisible();
      await title.press("End");
      await title.pressSequentially("foco");
    }
    await expect(title).toHaveValue(before ? `Nuevo ${before}` : "Nuevo foco");
    expect(errors).toEqual([]);
  });
}
