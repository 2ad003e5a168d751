import type { Page } from "@playwright/test";
import { expect, jsEnabled, routerState, test } from "./fixtures";

/**
 * Chromium fires a bubbling `cancel` on a file input when its picker is closed without a choice, or
 * given the same file again. The dialog around it listens for `cancel` (Escape): it must close only
 * for one aimed at the dialog itself, or a person loses everything typed in it for having changed
 * their mind about a file. Every dialog of the app with a file input is here.
 */
const TYPED = "Escrito antes de elegir archivo";

async function firstAssistant(page: Page) {
  const html = await (await page.request.get("/chatbot-documents")).text();
  const id = /href="\/chatbot-documents\/(\d+)[?"]/.exec(html)?.[1];
  expect(id, "an assistant of the demo data").toBeTruthy();
  return `/chatbot-documents/${id}`;
}

/*
 * The check reads React Router's state in the page (routerState). Closing a dialog is a navigation to its list, and the router enters it before the event that asked for it
 * has finished dispatching (it is loading, or already there when there is nothing to load). So read
 * right after a `cancel` has been dispatched, an idle router still on the dialog's path says no
 * listener threw the dialog away, with nothing left to wait for.
 */
const DIALOGS: Array<{ name: string; url: (page: Page) => Promise<string> | string }> = [
  { name: "producto nuevo (galería, ficha técnica)", url: () => "/web-inventory/new" },
  { name: "combo nuevo", url: () => "/web-inventory/combos/new" },
  { name: "categoría nueva (imágenes)", url: () => "/product-categories/new" },
  { name: "marca nueva (imágenes)", url: () => "/product-brands/new" },
  { name: "publicación nueva (galería)", url: () => "/publications/new" },
  { name: "catálogo nuevo", url: () => "/catalogs/new" },
  { name: "promoción nueva", url: () => "/promotions/new" },
  { name: "entrada de blog nueva", url: () => "/blog-posts/new" },
  { name: "documentos del asistente", url: firstAssistant },
];

for (const { name, url } of DIALOGS) {
  test(`${name}: cancelling a file input leaves the dialog open with what was typed; Escape still closes it`, async ({
    page,
    loginAs,
  }, testInfo) => {
    test.skip(
      !jsEnabled(testInfo),
      "without JavaScript the dialog is a page of its own: nothing listens for cancel, and there is no modal to close",
    );
    await loginAs("admin");
    const path = await url(page);
    await page.goto(path);
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    const files = dialog.locator('input[type="file"]');
    await expect.poll(() => files.count(), "the dialog has a file input").toBeGreaterThan(0);
    const field = dialog
      .locator('input[type="text"]:not([readonly]):visible, input:not([type]):not([readonly]):visible, textarea:not([readonly]):visible')
      .first();
    await field.fill(TYPED);

    // What Chromium does when the picker is closed without a choice: a bubbling cancel on the input.
    await files.evaluateAll((inputs) => inputs.forEach((input) => input.dispatchEvent(new Event("cancel", { bubbles: true }))));
    expect(await routerState(page), "no close under way").toMatchObject({ navigation: "idle", pathname: path });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(field).toHaveValue(TYPED);

    // A real picker answered with no file, Playwright's nearest stand-in for closing it. In this
    // Chromium it fires no cancel (the annotation says which): the dispatched event above is the check.
    const cancels: string[] = [];
    await page.exposeFunction("__cancelSeen", (tag: string) => cancels.push(tag));
    await page.evaluate(() =>
      document.addEventListener(
        "cancel",
        (e) => (window as unknown as { __cancelSeen: (t: string) => void }).__cancelSeen((e.target as Element).tagName),
        true,
      ),
    );
    const shown = dialog.locator('input[type="file"]:visible').first();
    if (await shown.count()) {
      const [chooser] = await Promise.all([page.waitForEvent("filechooser"), shown.click()]);
      // Chromium dispatches whatever the choice fires while it sets the files: it is over by now.
      await chooser.setFiles([]);
      expect(await routerState(page), "no close under way").toMatchObject({ navigation: "idle", pathname: path });
      await expect(dialog).toBeVisible();
      await expect(field).toHaveValue(TYPED);
    }
    testInfo.annotations.push({ type: "real picker", description: cancels.length ? `cancel on ${cancels.join(", ")}` : "no cancel event" });

    // Escape on the dialog still closes it, back to its list.
    await field.focus();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    expect(new URL(page.url()).pathname).not.toBe(path);
  });
}
