import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { blogPosts, files, products } from "../../server/db/schema";
import { libraryFilesAmong } from "~/modules/files/library.server";
import { cleanRichText } from "~/modules/files/rich-text.server";
import * as productNew from "~/routes/web-inventory/new";
import * as blogNew from "~/routes/shop/blog-posts.new";
import { useTestDatabase } from "../helpers/db";
import { loginAs } from "../helpers/auth";
import { callRoute, statusOf, toastOf, type RouteHandler } from "../helpers/catalog-routes";

/**
 * Rich text (a product's description, a blog post's content) may link to or show stored files by
 * their URL, but only files of the library ("Archivos subidos"), and only its images in an
 * `<img>`: a link to a buyer's attachment or an assistant's document is taken out on save and the
 * user is warned. Downloads check access too; this keeps the saved HTML from pointing at them.
 */

await useTestDatabase();

const WARNING = "Se quitaron enlaces a archivos que no pertenecen a la biblioteca.";
let seq = 0;

async function storedFile(origin: string, mimeType: string) {
  const name = `archivo-${origin}-${++seq}.${mimeType === "application/pdf" ? "pdf" : "png"}`;
  const [row] = await getDb()
    .insert(files)
    .values({ filenameDisk: name, filenameDownload: name, mimeType, size: 10, origin })
    .returning({ id: files.id });
  return row.id;
}

const attachment = await storedFile("message", "image/png");
const assistantDoc = await storedFile("assistant", "application/pdf");
const libraryImage = await storedFile("upload", "image/png");
const libraryPdf = await storedFile("directus", "application/pdf");
const admin = await loginAs("admin");

describe("a product description", () => {
  it("loses a link to a buyer's attachment, keeps the library's image and file and external links, and warns", async () => {
    const sku = `RT${Date.now().toString(36).toUpperCase()}`;
    const description =
      `<p><a href="/files/${attachment}">adjunto</a> <a href="/files/${libraryPdf}">ficha</a> <a href="https://example.com/x">fabricante</a></p>` +
      `<p><img src="/files/${libraryImage}?w=800" alt="foto"><img src="/files/${libraryPdf}"><img src="/FILES/${attachment.toUpperCase()}"></p>`;
    const res = await callRoute(productNew.action as RouteHandler, "/web-inventory/new", admin.cookie, {
      form: { sku, manufacturerSku: "K", name: "Con enlaces", description },
    });
    expect(statusOf(res)).toBe(302);
    const [row] = await getDb().select({ description: products.description }).from(products).where(eq(products.id, sku));
    expect(row.description).toBe(
      `<p><a target="_blank" rel="noopener noreferrer">adjunto</a> <a href="/files/${libraryPdf}" target="_blank" rel="noopener noreferrer">ficha</a> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">fabricante</a></p>` +
        `<p><img src="/files/${libraryImage}?w=800" alt="foto" /></p>`,
    );
    const toast = await toastOf(res);
    expect(toast?.variant).toBe("warning");
    expect(toast?.message).toContain(WARNING);
  });

  it("saves library links as they are, with the usual success toast", async () => {
    const sku = `RU${Date.now().toString(36).toUpperCase()}`;
    const description = `<p><a href="/files/${libraryPdf}" target="_blank" rel="noopener noreferrer">ficha</a></p><p><img src="/files/${libraryImage}" alt="foto" /></p>`;
    const res = await callRoute(productNew.action as RouteHandler, "/web-inventory/new", admin.cookie, {
      form: { sku, manufacturerSku: "K", name: "Sin ajenos", description },
    });
    expect(statusOf(res)).toBe(302);
    const [row] = await getDb().select({ description: products.description }).from(products).where(eq(products.id, sku));
    expect(row.description).toBe(description);
    expect((await toastOf(res))?.message).not.toContain(WARNING);
  });
});

describe("a blog post's content", () => {
  it("loses links to an assistant's document and an attachment however written, keeps a library image, and warns", async () => {
    const title = `Entrada con enlaces ${++seq}`;
    const content =
      `<p><a href="../files/${assistantDoc}">documento</a> <a href="https://back.example/files/${attachment}">adjunto</a> <a href="/files/%61bc">roto</a></p>` +
      `<p><img src="/files/${libraryImage}" alt="foto"></p>`;
    const res = await callRoute(blogNew.action as RouteHandler, "/blog-posts/new", admin.cookie, {
      form: { title, content, intent: "save" },
    });
    expect(statusOf(res)).toBe(302);
    const [row] = await getDb().select({ content: blogPosts.content }).from(blogPosts).where(eq(blogPosts.title, title));
    expect(row.content).toBe(
      `<p><a target="_blank" rel="noopener noreferrer">documento</a> <a target="_blank" rel="noopener noreferrer">adjunto</a> <a target="_blank" rel="noopener noreferrer">roto</a></p><p><img src="/files/${libraryImage}" alt="foto" /></p>`,
    );
    const toast = await toastOf(res);
    expect(toast?.variant).toBe("warning");
    expect(toast?.message).toContain(WARNING);
  });
});

describe("the check", () => {
  it("asks the database once for all of a text's references, and not at all for a text without any", async () => {
    const asked: string[][] = [];
    const lookup = (ids: readonly string[]) => (asked.push([...ids]), libraryFilesAmong(ids));
    const html = [attachment, assistantDoc, libraryImage, libraryPdf]
      .map((id, i) => `<p><a href="/files/${id}">${i}</a><img src="/files/${id}"></p>`)
      .join("");
    const clean = await cleanRichText(html, lookup);
    expect(asked).toHaveLength(1);
    expect(asked[0].sort()).toEqual([attachment, assistantDoc, libraryImage, libraryPdf].sort());
    expect(clean.removedFileLinks).toBe(true);
    expect(clean.html).toBe(
      `<p><a target="_blank" rel="noopener noreferrer">0</a></p><p><a target="_blank" rel="noopener noreferrer">1</a></p><p><a href="/files/${libraryImage}" target="_blank" rel="noopener noreferrer">2</a><img src="/files/${libraryImage}" /></p><p><a href="/files/${libraryPdf}" target="_blank" rel="noopener noreferrer">3</a></p>`,
    );
    expect(await cleanRichText('<p><a href="https://example.com">x</a></p>', lookup)).toEqual({
      html: '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a></p>',
      removedFileLinks: false,
    });
    expect(asked).toHaveLength(1);
  });
});
