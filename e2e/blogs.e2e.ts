import sharp from "sharp";
import { expect as baseExpect, expectToast, jsEnabled, test, uniqueName } from "./fixtures";

// The shared test machine can be slow to answer; the flows themselves have no waits.
const expect = baseExpect.configure({ timeout: 15_000 });

test("a blog is created as a draft, scheduled, previewed and published", async ({ page, loginAs }, testInfo) => {
  await loginAs("ml_manager");
  const title = uniqueName("Blog e2e", testInfo.project.name);
  await page.goto("/blog-posts");
  await expect(page.getByRole("heading", { name: /Blogs/ })).toBeVisible();
  await page.getByRole("link", { name: "Nuevo Blog" }).click();
  await expect(page).toHaveURL(/\/blog-posts\/new$/);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Nuevo Blog" })).toBeVisible();
  await dialog.getByRole("textbox", { name: "Título" }).fill(title);
  if (jsEnabled(testInfo)) {
    const editor = dialog.getByRole("textbox", { name: "Contenido" });
    await editor.click();
    await editor.pressSequentially("Cómo elegir un cable");
  } else {
    await dialog.getByLabel("Contenido").fill('<p>Cómo elegir un cable</p><script>alert("x")</script>');
  }
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/blog-posts$/);
  await expect(page.getByTestId("toast")).toContainText("Blog Guardado! Obteniendo información...");
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Borrador");

  // Schedule: published with a date ahead.
  await row.getByRole("link", { name: title, exact: true }).click();
  const edit = page.getByRole("dialog");
  await expect(edit.getByRole("textbox", { name: "Título" })).toHaveValue(title);
  if (jsEnabled(testInfo)) await expect(edit.getByRole("toolbar", { name: "Formato" })).toBeVisible();
  await edit.getByRole("checkbox", { name: "Publicado" }).check();
  await expect(edit.getByRole("checkbox", { name: "Publicado" })).toBeChecked();
  await edit.getByLabel("Fecha de publicación").fill("2999-01-02T08:00");
  await edit.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Blog Guardado!");
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Programado");

  // Preview, rendered by the server, without the script.
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: title, exact: true }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Vista previa" }).click();
  await expect(page).toHaveURL(/\/blog-posts\/\d+\/preview$/);
  const preview = page.getByTestId("blog-preview");
  await expect(preview).toContainText("Cómo elegir un cable");
  await expect(preview).toContainText("Programado");
  expect(await preview.locator("script").count()).toBe(0);

  // Publish now: the date is cleared.
  await page.getByRole("dialog").getByRole("link", { name: "Editar" }).click();
  await page.getByRole("dialog").getByLabel("Fecha de publicación").fill("");
  await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Blog Guardado!");
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Publicado");
});

test("script is stripped from posted content and a second post with the title gets a suffix", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const title = uniqueName("Blog doble", testInfo.project.name);
  for (const body of ['<p>Primero</p><script>alert("x")</script>', "<p>Segundo</p>"]) {
    const res = await page.request.post("/blog-posts/new", {
      form: { title, content: body, status: "on", intent: "save" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
  }
  await page.goto(`/blog-posts?search=${encodeURIComponent(title)}`);
  const links = page.getByRole("row").getByRole("link", { name: title, exact: true });
  await expect(links).toHaveCount(2);
  // Oldest is last (newest first).
  await links.last().click();
  const slug = (await page.getByTestId("blog-slug").textContent()) ?? "";
  await expect(page.getByRole("dialog").getByText(new RegExp(`· /${slug}$`))).toBeVisible();
  await page.getByRole("dialog").getByRole("link", { name: "Vista previa" }).click();
  await expect(page.getByTestId("blog-preview")).toContainText("Primero");
  expect(await page.getByTestId("blog-preview").innerHTML()).not.toContain("script");
  await page.goto(`/blog-posts?search=${encodeURIComponent(title)}`);
  await links.first().click();
  await expect(page.getByRole("dialog").getByText(new RegExp(`· /${slug}-2$`))).toBeVisible();
});

test("an unknown post answers inside the list", async ({ page, loginAs }) => {
  await loginAs("admin");
  const res = await page.goto("/blog-posts/99999999");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("dialog")).toContainText("El blog no existe o fue eliminado.");
  // The list stays behind the dialog.
  await expect(page.locator('a[href="/blog-posts/new"]')).toHaveCount(1);
});

// The editor arrives after the page; when it takes over from the textarea mid-typing, no key is lost.
// Animation frames are held back here until the typing is done, as on a loaded machine (TipTap
// focuses on the next frame).
test("typing goes on into the rich-text editor as it replaces the textarea", async ({ page, loginAs }, testInfo) => {
  test.skip(!jsEnabled(testInfo), "the editor exists only with JavaScript");
  await loginAs("ml_manager");
  await page.addInitScript(() => {
    const raf = window.requestAnimationFrame.bind(window);
    const caf = window.cancelAnimationFrame.bind(window);
    const held = new Map<number, FrameRequestCallback>();
    let next = -1;
    let flowing = false;
    window.requestAnimationFrame = (cb) => {
      if (flowing) return raf(cb);
      held.set(next, cb);
      return next--;
    };
    window.cancelAnimationFrame = (id) => (id < 0 ? void held.delete(id) : caf(id));
    (window as unknown as { releaseFrames: () => void }).releaseFrames = () => {
      flowing = true;
      for (const cb of held.values()) raf(cb);
      held.clear();
    };
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/RichTextTipTap-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/blog-posts/new");
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  const posts: string[] = [];
  page.on("request", (r) => void (r.method() === "POST" && posts.push(r.url())));
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Contenido").click();
  await page.keyboard.type("Cómo ");
  release();
  await expect(dialog.getByRole("toolbar", { name: "Formato de Contenido" })).toBeVisible();
  await page.keyboard.type("elegir un cable");
  await page.evaluate(() => (window as unknown as { releaseFrames: () => void }).releaseFrames());
  await expect(dialog.getByRole("textbox", { name: "Contenido" })).toHaveText("Cómo elegir un cable");
  // The textarea leaving the page while focused posted the half-typed form once.
  expect(posts).toEqual([]);
});

// Spec 2 'Blogs' and 5: a featured image under 1500×1500 is refused with the warning toast and the
// inline text; what was typed stays, and the refused file is not posted again with the next Guardar.
test("a refused featured image keeps the typed content and is not sent again", async ({ page, loginAs }, testInfo) => {
  await loginAs("ml_manager");
  const title = uniqueName("Blog imagen chica", testInfo.project.name);
  const small = await sharp({ create: { width: 1499, height: 1500, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  const refusedWith = async (content: string, fileName: string) => {
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/imagen nueva/).setInputFiles({ name: fileName, mimeType: "image/png", buffer: small });
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expectToast(page, "Imagen no válida", "Lo sentimos, la imagen no cumple con las dimensiones mínimas (1500x1500)");
    await expect(page.getByRole("dialog").locator("[id$='-upload-error']")).toHaveText(
      "Imagen no válida: Lo sentimos, la imagen no cumple con las dimensiones mínimas (1500x1500)",
    );
    await expect(page.getByRole("dialog").getByRole("textbox", { name: "Título" })).toHaveValue(title);
    if (jsEnabled(testInfo)) await expect(page.getByRole("dialog").getByRole("textbox", { name: "Contenido" })).toHaveText(content);
    else await expect(page.getByRole("dialog").getByLabel("Contenido")).toHaveValue(`<p>${content}</p>`);
    await expect(page.getByRole("dialog").getByLabel(/imagen nueva/)).toHaveValue("");
  };
  const typeContent = async (text: string) => {
    const dialog = page.getByRole("dialog");
    if (jsEnabled(testInfo)) {
      const editor = dialog.getByRole("textbox", { name: "Contenido" });
      await editor.click();
      await page.keyboard.press("Control+End");
      await editor.pressSequentially(text);
    } else {
      const area = dialog.getByLabel("Contenido");
      const before = (await area.inputValue()).replace(/^<p>|<\/p>$/g, "");
      await area.fill(`<p>${before}${text}</p>`);
    }
  };

  await page.goto("/blog-posts/new");
  await page.getByRole("dialog").getByRole("textbox", { name: "Título" }).fill(title);
  await typeContent("Cómo elegir un cable");
  await refusedWith("Cómo elegir un cable", `chica-${Date.now()}.png`);
  // Guardar again: nothing chosen any more, so the post is saved with its content.
  await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/blog-posts$/);
  await expect(page.getByTestId("toast")).toContainText("Blog Guardado!");

  // The same on a stored post: the typed text stays, not the stored one.
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("dialog").getByRole("textbox", { name: "Título" })).toHaveValue(title);
  if (jsEnabled(testInfo)) await expect(page.getByRole("dialog").getByRole("toolbar", { name: "Formato de Contenido" })).toBeVisible();
  await typeContent(" de cobre");
  await refusedWith("Cómo elegir un cable de cobre", `chica2-${Date.now()}.png`);
  await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/blog-posts$/);
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: title, exact: true }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Vista previa" }).click();
  await expect(page.getByTestId("blog-preview")).toContainText("Cómo elegir un cable de cobre");
});

// Spec 2 §2 Blogs: the list reads sortName and sortValue (sortable headers, kept by the search);
// without them it is newest first (decision 0017).
test("the blog list sorts by a header and keeps the sort through a search", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const tag = uniqueName("Orden blog", testInfo.project.name);
  // Created in this order: newest first is Bote, Dado, Carro.
  for (const word of ["Carro", "Dado", "Bote"]) {
    const res = await page.request.post("/blog-posts/new", {
      form: { title: `${tag} ${word}`, content: "<p>x</p>", intent: "save" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
  }
  const titles = () => page.getByRole("row").getByRole("link", { name: new RegExp(`^${tag} `) });
  const words = async () => (await titles().allTextContents()).map((t) => t.trim().slice(tag.length + 1));
  await page.goto(`/blog-posts?search=${encodeURIComponent(tag)}`);
  await expect(titles()).toHaveCount(3);
  expect(await words()).toEqual(["Bote", "Dado", "Carro"]);

  const header = page.getByRole("columnheader").filter({ hasText: "Título" }).getByRole("link");
  await header.click();
  await expect(page).toHaveURL(/sortName=title&sortValue=asc/);
  // Bote leads both the newest-first and the title order, so the whole order is what tells them apart.
  await expect.poll(words).toEqual(["Bote", "Carro", "Dado"]);
  await page.getByRole("columnheader").filter({ hasText: "Título" }).getByRole("link").click();
  await expect(page).toHaveURL(/sortName=title&sortValue=desc/);
  await expect.poll(words).toEqual(["Dado", "Carro", "Bote"]);

  // A new search keeps the chosen sort.
  const search = page.getByRole("searchbox", { name: "Buscar" }).or(page.getByLabel("Buscar"));
  await search.first().fill(`  ${tag}  `);
  await search.first().press("Enter");
  await expect(page).toHaveURL(/sortName=title/);
  await expect(page).toHaveURL(/sortValue=desc/);
  await expect(titles()).toHaveCount(3);
  await expect.poll(words).toEqual(["Dado", "Carro", "Bote"]);
});
