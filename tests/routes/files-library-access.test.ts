import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { aiAssistantDocuments, aiAssistants, categories, files, products, storePromos } from "../../server/db/schema";
import type { ProductAnswer } from "~/routes/shared/catalog/product-action.server";
import { fileKey } from "~/modules/files/files.server";
import { putStored } from "../helpers/stored-files";
import { resolveImages } from "~/modules/content/catalogs.server";
import * as productRoute from "~/routes/web-inventory/$sku";
import * as productFiles from "~/routes/web-inventory/$sku.files";
import * as categoryFiles from "~/routes/taxonomies/product-categories.$categoryId.files";
import * as categoryRoute from "~/routes/taxonomies/product-categories.$categoryId";
import * as promotionRoute from "~/routes/shop/promotions.$promotionId";
import * as assistantRoute from "~/routes/chatbot-documents/$assistantId";
import * as deleteDocRoute from "~/routes/chatbot-documents/$assistantId.documents.$documentId.delete";
import { loader as fileLoader } from "~/routes/files/$fileId";
import { ASSISTANTS_FROM_APP } from "../../server/integrations/simulator/seed-marketplace";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { callRoute, dataOf, statusOf, type RouteHandler } from "../helpers/catalog-routes";
import { routeArgs } from "../helpers/route-args";

/**
 * "Archivos subidos" is the library's own files (spec 2 'Archivos subidos'; docs/security.md): a
 * conversation's attachment (Messages: Admin, Developer, MercadoLibre Manager with messages_access) or
 * an assistant's document (Asistentes IA: Admin, Developer, MercadoLibre Manager) is never listed to,
 * nor taken by, a screen whose users may not open it, and stays its screen's once nothing points at it.
 */
const database = await useTestDatabase();

async function storedFile(name: string, mimeType: string, body: Buffer | string, origin: string) {
  const id = crypto.randomUUID();
  const disk = `${id}${path.extname(name)}`;
  await putStored(fileKey({ filenameDisk: disk, origin }), body);
  await getDb().insert(files).values({ id, filenameDisk: disk, filenameDownload: name, title: name, mimeType, size: body.length, origin });
  return id;
}

const PDF = "%PDF-1.4\n%%EOF\n";
const tag = Date.now().toString(36);
// What the library itself stores (an editor's upload, a bundled picture) and what it must not list.
const librarySheet = await storedFile(`ficha-${tag}.pdf`, "application/pdf", PDF, "upload");
const libraryPicture = await storedFile(`foco-${tag}.png`, "image/png", "png", "directus");
const buyerPdf = await storedFile(`${crypto.randomUUID()}-constancia-${tag}.pdf`, "application/pdf", PDF, "message");
const buyerPicture = await storedFile(`${crypto.randomUUID()}-foto-${tag}.png`, "image/png", "png", "message");
const assistantPdf = await storedFile(`manual-${tag}.pdf`, "application/pdf", PDF, "assistant");

const sku = `LIB${tag.toUpperCase()}`;
await getDb().insert(products).values({ id: sku, name: "Foco de prueba", slug: "foco-prueba" });
const [category] = await getDb()
  .insert(categories)
  .values({ name: `Cat ${tag}`, slug: `cat-${tag}` })
  .returning();
const [promo] = await getDb()
  .insert(storePromos)
  .values({ title: `Promo ${tag}`, startDate: "2025-06-01", endDate: "2025-06-30" })
  .returning();
const [assistant] = await getDb()
  .insert(aiAssistants)
  .values({ assistantName: `Asistente_${tag}` })
  .returning();
await database.query(ASSISTANTS_FROM_APP);

const practicante = await loginAs("practicante");
const developer = await loginAs("developer");
const managerWithoutMessages = await loginAs("ml_manager");
const inventory = await loginAs("inventory");

/** A loader's plain answer (a redirect or an error fails the test). */
function loaded<T>(res: unknown): T {
  expect(res).not.toBeInstanceOf(Response);
  return res as T;
}
type LibraryPage = { rows: Array<{ fileId: string; name: string }>; total: number };
const ids = (page: unknown) => (page as LibraryPage).rows.map((r) => r.fileId);
const productLibrary = (target: string, cookie: string, search = tag) =>
  callRoute(productFiles.loader as RouteHandler, `/web-inventory/${sku}/files?for=${target}&fileSearch=${search}`, cookie, {
    params: { sku },
  });
const download = (id: string, cookie: string) =>
  settle(() => fileLoader(routeArgs({ request: makeRequest(`/files/${id}`, { cookie }), params: { fileId: id } }))) as Promise<Response>;

describe("the library lists only its own files", () => {
  it("the product dialog's data-sheet and gallery pickers (Practicante) show neither a conversation's files nor an assistant's documents", async () => {
    const sheets = await productLibrary("sheet", practicante.cookie);
    expect(sheets).not.toBeInstanceOf(Response);
    expect(ids(sheets)).toEqual([librarySheet]);
    expect((sheets as LibraryPage).total).toBe(1);
    expect(ids(await productLibrary("gallery", practicante.cookie))).toEqual([libraryPicture]);
    // Nor by searching the buyer's file name.
    expect(ids(await productLibrary("sheet", practicante.cookie, "constancia"))).toEqual([]);
  });

  it("the category image picker does not list a conversation's pictures", async () => {
    const page = await callRoute(
      categoryFiles.loader as RouteHandler,
      `/product-categories/${category.id}/files?fileSearch=${tag}`,
      practicante.cookie,
      {
        params: { categoryId: String(category.id) },
      },
    );
    expect(ids(page)).toEqual([libraryPicture]);
  });

  it("the promotion image picker lists and takes library pictures only", async () => {
    const form = (fields: Record<string, string>) => ({ title: promo.title, startDate: "2025-06-01", endDate: "2025-06-30", ...fields });
    const params = { promotionId: String(promo.id) };
    const searched = dataOf<{ library: { images: Array<{ fileId: string }> } }>(
      await callRoute(promotionRoute.action as RouteHandler, `/promotions/${promo.id}`, developer.cookie, {
        params,
        form: form({ intent: "library", librarySearch: tag }),
      }),
    );
    expect(searched.library.images.map((i) => i.fileId)).toEqual([libraryPicture]);
    const picked = await callRoute(promotionRoute.action as RouteHandler, `/promotions/${promo.id}`, developer.cookie, {
      params,
      form: form({ intent: `pick:${buyerPicture}` }),
    });
    expect(statusOf(picked)).toBe(400);
    expect(dataOf<{ imageError: { message: string } }>(picked).imageError.message).toBe("La imagen ya no existe en la biblioteca.");
    await callRoute(promotionRoute.action as RouteHandler, `/promotions/${promo.id}`, developer.cookie, {
      params,
      form: form({ intent: "save", imageFileId: buyerPicture }),
    });
    const [row] = await getDb().select().from(storePromos).where(eq(storePromos.id, promo.id));
    expect(row.image).toBeNull();
  });

  it("a catalogue keeps only library pictures of what was posted", async () => {
    const kept = await resolveImages(
      [
        { fileId: buyerPicture, alt: "" },
        { fileId: libraryPicture, alt: "" },
      ],
      [],
    );
    expect(kept.map((i) => i.fileId)).toEqual([libraryPicture]);
  });
});

describe("a file that is not the library's cannot be taken", () => {
  it("Practicante cannot pick a buyer's attachment (or an assistant's document) as a product's data sheet", async () => {
    for (const fileId of [buyerPdf, assistantPdf]) {
      const opened = loaded<{ draft: { dataSheetId: string | null }; pickToast: { message: string } | null }>(
        await callRoute(productRoute.loader as RouteHandler, `/web-inventory/${sku}?pick=${fileId}&for=sheet`, practicante.cookie, {
          params: { sku },
        }),
      );
      expect(opened.draft.dataSheetId ?? null).toBeNull();
      expect(opened.pickToast?.message).toBe("El archivo elegido ya no existe en la biblioteca.");
    }
    const { draft } = loaded<{ draft: { version: string } }>(
      await callRoute(productRoute.loader as RouteHandler, `/web-inventory/${sku}`, practicante.cookie, { params: { sku } }),
    );
    const save = (dataSheetId: string) =>
      callRoute(productRoute.action as RouteHandler, `/web-inventory/${sku}`, practicante.cookie, {
        params: { sku },
        form: { intent: "save", version: draft.version, manufacturerSku: "K", name: "Foco de prueba", dataSheetId },
      });
    for (const fileId of [buyerPdf, assistantPdf]) {
      const refused = await save(fileId);
      expect(statusOf(refused)).toBe(400);
      expect(dataOf<ProductAnswer>(refused).result.error?.dataSheetId).toEqual(["La ficha técnica elegida ya no existe en la biblioteca."]);
      const [row] = await getDb().select().from(products).where(eq(products.id, sku));
      expect(row.dataSheetId).toBeNull();
    }
    expect(statusOf(await save(librarySheet))).toBe(302);
  });

  it("a conversation's picture never joins a product's gallery or a category", async () => {
    const opened = loaded<{ draft: { gallery: unknown[] }; pickToast: unknown }>(
      await callRoute(productRoute.loader as RouteHandler, `/web-inventory/${sku}?pick=${buyerPicture}&for=gallery`, practicante.cookie, {
        params: { sku },
      }),
    );
    expect(opened.draft.gallery).toEqual([]);
    expect(opened.pickToast).not.toBeNull();
    const category = await callRoute(
      categoryRoute.loader as RouteHandler,
      `/product-categories/${categoryId()}?pick=${buyerPicture}&for=image`,
      practicante.cookie,
      {
        params: { categoryId: String(categoryId()) },
      },
    );
    expect(JSON.stringify(loaded(category))).not.toContain(buyerPicture);
  });

  it("a MercadoLibre Manager without messages_access is not offered, and cannot add, a conversation's PDF as an assistant document", async () => {
    const params = { assistantId: String(assistant.id) };
    const dialog = loaded<{ library: Array<{ fileId: string }> }>(
      await callRoute(
        assistantRoute.loader as RouteHandler,
        `/chatbot-documents/${assistant.id}?fileSearch=${tag}`,
        managerWithoutMessages.cookie,
        { params },
      ),
    );
    // The screen's own documents and the library's sheets, not the buyer's file.
    expect(dialog.library.map((f) => f.fileId).sort()).toEqual([librarySheet, assistantPdf].sort());
    const refused = await callRoute(
      assistantRoute.action as RouteHandler,
      `/chatbot-documents/${assistant.id}`,
      managerWithoutMessages.cookie,
      {
        params,
        form: { fileId: buyerPdf, sku: "QO120" },
      },
    );
    expect(statusOf(refused)).toBe(400);
    expect(await getDb().select().from(aiAssistantDocuments).where(eq(aiAssistantDocuments.fileId, buyerPdf))).toHaveLength(0);
  });
});

describe("a file stays its screen's once nothing points at it", () => {
  it("an assistant's uploaded document, after the document is deleted: Asistentes IA only", async () => {
    const params = { assistantId: String(assistant.id) };
    const form = { file: new File([Buffer.from(PDF)], `hoja-${tag}.pdf`, { type: "application/pdf" }), sku: "QO120" };
    expect(
      statusOf(
        await callRoute(assistantRoute.action as RouteHandler, `/chatbot-documents/${assistant.id}`, developer.cookie, { params, form }),
      ),
    ).toBe(302);
    const [doc] = await getDb().select().from(aiAssistantDocuments).where(eq(aiAssistantDocuments.assistantId, assistant.id));
    const fileId = doc.fileId!;
    // Not the library's: the product pickers never list it.
    expect(ids(await productLibrary("sheet", practicante.cookie, "hoja"))).toEqual([]);
    const removed = await callRoute(
      deleteDocRoute.action as RouteHandler,
      `/chatbot-documents/${assistant.id}/documents/${doc.id}`,
      developer.cookie,
      {
        params: { ...params, documentId: String(doc.id) },
        form: {},
      },
    );
    expect(statusOf(removed)).toBe(302);
    expect(await getDb().select().from(aiAssistantDocuments).where(eq(aiAssistantDocuments.fileId, fileId))).toHaveLength(0);
    expect(await getDb().select({ id: files.id }).from(files).where(eq(files.id, fileId))).toHaveLength(1);
    for (const who of [practicante, inventory]) expect((await download(fileId, who.cookie)).status).toBe(404);
    expect((await download(fileId, managerWithoutMessages.cookie)).status).toBe(200);
    expect((await download(fileId, developer.cookie)).status).toBe(200);
  });

  it("a conversation's file pointed at by a product (a forged pick) is still Messages only", async () => {
    await getDb().update(products).set({ dataSheetId: buyerPdf }).where(eq(products.id, sku));
    expect((await download(buyerPdf, practicante.cookie)).status).toBe(404);
    expect((await download(buyerPdf, managerWithoutMessages.cookie)).status).toBe(404);
    expect((await download(buyerPdf, developer.cookie)).status).toBe(200);
    await getDb().update(products).set({ dataSheetId: null }).where(eq(products.id, sku));
  });

  it("a library data sheet nothing points at: the screens that list library PDFs, not a till-only user", async () => {
    const cajero = await loginAs("cajero");
    expect((await download(librarySheet, cajero.cookie)).status).toBe(404);
    expect((await download(librarySheet, practicante.cookie)).status).toBe(200);
    expect((await download(libraryPicture, cajero.cookie)).status).toBe(200);
  });
});

describe("existing assistant uploads (the files_assistant_origin migration)", () => {
  it("an assistant's PDF stored as a library upload becomes the assistant's; one that is also a data sheet stays in the library", async () => {
    const own = await storedFile(`propia-${tag}.pdf`, "application/pdf", PDF, "upload");
    const shared = await storedFile(`compartida-${tag}.pdf`, "application/pdf", PDF, "upload");
    await getDb()
      .insert(aiAssistantDocuments)
      .values([
        { assistantId: assistant.id, documentId: `m-${tag}-1`, sku: "QO120", nameDocument: "propia.pdf", fileId: own },
        { assistantId: assistant.id, documentId: `m-${tag}-2`, sku: "QO120", nameDocument: "compartida.pdf", fileId: shared },
      ]);
    await getDb().update(products).set({ dataSheetId: shared }).where(eq(products.id, sku));
    const folder = path.resolve("server/db/migrations");
    const [name] = (await fs.readdir(folder)).filter((f) => f.endsWith("_files_assistant_origin.sql"));
    const migration = await fs.readFile(path.join(folder, name), "utf8");
    await database.query(migration);
    const origin = async (id: string) => (await getDb().select({ origin: files.origin }).from(files).where(eq(files.id, id)))[0].origin;
    expect(await origin(own)).toBe("assistant");
    expect(await origin(shared)).toBe("upload");
    expect(await origin(librarySheet)).toBe("upload");
    expect(await origin(buyerPdf)).toBe("message");
    await getDb().update(products).set({ dataSheetId: null }).where(eq(products.id, sku));
  });
});

function categoryId() {
  return category.id;
}
