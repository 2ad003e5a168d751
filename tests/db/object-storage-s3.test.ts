import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, eq, desc } from "drizzle-orm";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "../../server/db/client";
import { aiAssistantDocuments, aiAssistants, conversations, files, messages, products } from "../../server/db/schema";
import { resetEnvCache } from "../../server/env";
import { shopApiRouter } from "../../app/shop-api-router.server";
import { SHOP_API_PATH } from "../../server/shop-api/options";
import { checkStorage, createStorage, setStorage } from "../../server/storage";
import { createS3Client, createS3Store } from "../../server/storage/s3";
import { readToast } from "~/lib/toast.server";
import { storePdf } from "~/modules/files/pdfs.server";
import { sweepUnusedUploads } from "~/modules/files/sweep.server";
import type { ProductAnswer } from "~/routes/shared/catalog/product-action.server";
import * as createProduct from "~/routes/web-inventory/new";
import * as inventoryList from "~/routes/web-inventory/route";
import { action as documentAction } from "~/routes/chatbot-documents/$assistantId";
import { action as messagesAction } from "~/routes/messages/route";
import { loader as attachmentLoader } from "~/routes/messages/attachments.$fileId";
import { loader as fileLoader } from "~/routes/files/$fileId";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { callRoute, dataOf, pngFile, statusOf, type PostedFields, type RouteHandler } from "../helpers/catalog-routes";
import { routeArgs } from "../helpers/route-args";
import { startS3Bucket } from "../helpers/s3-bucket";

/*
 * Issue 31: with STORAGE_URL naming an S3-compatible bucket, every upload, download, image size and
 * the nightly sweep work on the bucket through the app's own routes, with the same access checks;
 * when the store stops answering, uploads and downloads say so in Spanish with a 503 and leave no
 * row behind, and the rest of the app keeps working. s3rver plays the bucket, on a free port.
 */
const STORE_DOWN = "El almacenamiento de archivos no responde. Intenta de nuevo en unos minutos.";

const database = await useTestDatabase({ demo: true });
const bucket = await startS3Bucket();
// The calls the app makes to S3, by command: the proof that a large upload goes in parts.
const calls: string[] = [];
const client = createS3Client(bucket.config);
client.middlewareStack.add(
  (next, context) => (args) => {
    calls.push(context.commandName ?? "");
    return next(args);
  },
  { step: "initialize" },
);
const store = createS3Store(bucket.config, client);
setStorage(store);
afterAll(async () => {
  setStorage(undefined);
  await bucket.dispose();
});

const admin = await loginAs("admin");
const inventory = await loginAs("inventory");
const messagesManager = await loginAs("ml_manager", { permissions: ["messages_access"] });
const managerWithoutMessages = await loginAs("ml_manager");

const tag = `${Date.now().toString(36)}${crypto.randomBytes(2).toString("hex")}`;
const MB = 1024 * 1024;
const PDF = (size: number) => {
  const bytes = crypto.randomBytes(size);
  bytes.write("%PDF-1.7\n", 0, "latin1");
  return bytes;
};
const localUploads = path.join(process.env.DATA_DIR ?? "", "uploads");
/** The bucket's key of a stored name (the URL's folder in front). */
const inBucket = (key: string) => `backoffice/${key}`;

const uploadToLibrary = (form: PostedFields) =>
  callRoute(createProduct.action as RouteHandler, "/web-inventory/new", admin.cookie, { form });
const download = (id: string, cookie?: string, query = "") =>
  settle(() =>
    fileLoader(routeArgs({ request: makeRequest(`/files/${id}${query}`, { cookie }), params: { fileId: id } })),
  ) as Promise<Response>;
const downloadAttachment = (id: string, cookie: string) =>
  settle(() =>
    attachmentLoader(routeArgs({ request: makeRequest(`/messages/attachments/${id}`, { cookie }), params: { fileId: id } })),
  ) as Promise<Response>;
const fileRows = async () => (await getDb().select({ id: files.id }).from(files)).length;
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

async function flashToast(res: unknown) {
  const cookie = ((res as Response).headers.get("set-cookie") ?? "").split(";")[0];
  return (await readToast(new Request("http://x", { headers: { cookie } }))).toast;
}

async function activeConversation() {
  const rows = await getDb().select().from(conversations).where(eq(conversations.status, "active"));
  return rows.find((r) => !r.lastMessageFromSeller && r.orderStatus !== "cancelled" && !r.sendingUntil) ?? rows[0];
}

function replyWith(conversationId: number, file: File, message = "Le comparto la ficha.") {
  const form = new FormData();
  form.set("intent", "reply");
  form.set("conversationId", String(conversationId));
  form.set("message", message);
  form.set("file", file);
  return settle(() => messagesAction(routeArgs({ request: makeRequest("/messages", { cookie: admin.cookie, form }), params: {} })));
}

async function demoAssistant() {
  const [row] = await getDb().select().from(aiAssistants).where(eq(aiAssistants.assistantName, "Cables_Conductores"));
  return row;
}

function addDocument(assistantId: number, file: File) {
  const form = new FormData();
  form.set("sku", "THW12NE100");
  form.set("file", file);
  return settle(() =>
    documentAction(
      routeArgs({
        request: makeRequest(`/chatbot-documents/${assistantId}`, { cookie: admin.cookie, form }),
        params: { assistantId: String(assistantId) },
      }),
    ),
  );
}

async function shopApi() {
  const app = express();
  app.use(SHOP_API_PATH, shopApiRouter({ origins: ["https://tienda.example.com.mx"], rateLimit: 10_000 }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SHOP_API_PATH}`;
  return (p: string) => fetch(`${base}${p}`);
}
const shop = await shopApi();

/** What the tests below leave in the bucket, by what it is. */
const kept: { image?: string; sheet?: string; attachment?: string; document?: string } = {};

describe("the store STORAGE_URL makes", () => {
  it("is the bucket (its SDK loaded on first use): it proves itself writable, keeps, gives, lists and removes", async () => {
    const fromConfig = createStorage(bucket.config, "");
    expect(fromConfig.kind).toBe("s3");
    expect(await fromConfig.check()).toEqual({ ok: true });
    await fromConfig.put(
      `prueba/${tag}.txt`,
      {
        stream: (async function* () {
          yield new TextEncoder().encode("hola ");
          yield new TextEncoder().encode("bucket");
        })(),
      },
      { contentType: "text/plain" },
    );
    expect(await bucket.keys()).toContain(inBucket(`prueba/${tag}.txt`));
    expect(await fromConfig.head(`prueba/${tag}.txt`)).toMatchObject({ size: 11, contentType: "text/plain" });
    const listed: string[] = [];
    for await (const object of fromConfig.list("prueba/")) listed.push(object.key);
    expect(listed).toEqual([`prueba/${tag}.txt`]);
    await fromConfig.delete(`prueba/${tag}.txt`);
    expect(await fromConfig.get(`prueba/${tag}.txt`)).toBeNull();
    // No probe object is left behind by the readiness check.
    expect((await bucket.keys()).filter((k) => k.includes("readiness"))).toEqual([]);
  });
});

describe("uploads go to the bucket", () => {
  it("a gallery image uploaded in the product dialog is stored in the bucket with its WebP variants, and nothing on the disk", async () => {
    const res = await uploadToLibrary({
      intent: "upload",
      uploads: await pngFile(`s3-${tag}.png`, 1500, 1500, { r: 20, g: 120, b: 200 }),
      sku: "",
      name: "",
    });
    expect(statusOf(res)).toBe(200);
    const gallery = (dataOf<ProductAnswer>(res).result.initialValue as { gallery?: Array<{ fileId: string }> }).gallery ?? [];
    const id = gallery[0]?.fileId;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    kept.image = id;
    const keys = await bucket.keys();
    for (const name of [`${id}.webp`, `${id}-150.webp`, `${id}-800.webp`]) {
      expect(keys).toContain(inBucket(name));
      expect(fs.existsSync(path.join(localUploads, name)), `${name} on the disk`).toBe(false);
    }
  });

  it("a catalogue data sheet (PDF) uploaded in the product dialog is stored in the bucket", async () => {
    const name = `ficha-s3-${tag}.pdf`;
    const res = await uploadToLibrary({
      intent: "sheet-upload",
      sheetUpload: new File([PDF(300 * 1024)], name, { type: "application/pdf" }),
      sku: "",
      name: "",
    });
    expect(statusOf(res)).toBe(200);
    const [row] = await getDb().select().from(files).where(eq(files.filenameDownload, name));
    expect(row).toMatchObject({ mimeType: "application/pdf", size: 300 * 1024 });
    kept.sheet = row.id;
    expect(await bucket.keys()).toContain(inBucket(`${row.id}.pdf`));
  });

  it("a row refused after its object was written (another upload took the name meanwhile) takes its object back out", async () => {
    const name = `doble-${tag}.pdf`;
    const before = new Set(await bucket.keys());
    // The other upload wins between this one's object and its row.
    setStorage({
      ...store,
      async put(key, source, options) {
        const written = await store.put(key, source, options);
        await getDb().insert(files).values({
          id: crypto.randomUUID(),
          filenameDisk: "ganadora.pdf",
          filenameDownload: name,
          mimeType: "application/pdf",
          size: 1,
          origin: "upload",
        });
        return written;
      },
    });
    let result: Awaited<ReturnType<typeof storePdf>>;
    try {
      result = await storePdf({ name, data: PDF(2048) }, admin.user.id);
    } finally {
      setStorage(store);
    }
    expect(result).toMatchObject({ ok: false, reason: "exists" });
    expect((await bucket.keys()).filter((k) => !before.has(k))).toEqual([]);
    expect(await getDb().select().from(files).where(eq(files.filenameDownload, name))).toHaveLength(1);
  });

  it("a 6 MB reply attachment is streamed into the bucket in parts (multipart) and recorded with its message", async () => {
    const c = await activeConversation();
    const body = PDF(6 * MB);
    calls.length = 0;
    const res = await replyWith(c.id, new File([body], `catalogo-${tag}.pdf`, { type: "application/pdf" }));
    expect(await flashToast(res)).toMatchObject({ title: "Mensaje enviado", variant: "success" });
    expect(calls.filter((name) => name === "CreateMultipartUploadCommand")).toHaveLength(1);
    expect(calls.filter((name) => name === "UploadPartCommand")).toHaveLength(2);
    expect(calls).toContain("CompleteMultipartUploadCommand");
    const [last] = await getDb().select().from(messages).where(eq(messages.conversationId, c.id)).orderBy(desc(messages.id)).limit(1);
    const fileId = last.attachments[0]?.fileId;
    expect(fileId).toBeTruthy();
    kept.attachment = fileId!;
    const [row] = await getDb().select().from(files).where(eq(files.id, fileId!));
    expect((await bucket.keys()).filter((k) => k.startsWith(inBucket("messages/")))).toContain(inBucket(`messages/${row.filenameDisk}`));
    const served = await downloadAttachment(fileId!, admin.cookie);
    expect(served.status).toBe(200);
    expect((await bytesOf(served)).equals(body)).toBe(true);
  });

  it("an assistant's document (a staged upload) is stored in the bucket", async () => {
    const assistant = await demoAssistant();
    const name = `manual-s3-${tag}.pdf`;
    const res = await addDocument(assistant.id, new File([PDF(64 * 1024)], name, { type: "application/pdf" }));
    expect(await flashToast(res)).toMatchObject({ variant: "success" });
    const [doc] = await getDb()
      .select()
      .from(aiAssistantDocuments)
      .where(and(eq(aiAssistantDocuments.assistantId, assistant.id), eq(aiAssistantDocuments.nameDocument, name)));
    kept.document = doc.fileId!;
    expect(await bucket.keys()).toContain(inBucket(`${doc.fileId}.pdf`));
  });
});

describe("downloads come from the bucket after the same access check", () => {
  it("a library image and its variant: any signed-in user; anonymous sent to sign in", async () => {
    const original = await download(kept.image!, inventory.cookie);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/webp");
    expect(original.headers.get("x-content-type-options")).toBe("nosniff");
    const small = await download(kept.image!, inventory.cookie, "?w=150");
    expect(small.status).toBe(200);
    expect((await bytesOf(small)).length).toBeLessThan((await bytesOf(original)).length);
    const anonymous = await download(kept.image!);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
  });

  it("a conversation's attachment: Messages users only — the others are told it does not exist, or sent home", async () => {
    expect((await download(kept.attachment!, messagesManager.cookie)).status).toBe(200);
    expect((await download(kept.attachment!, managerWithoutMessages.cookie)).status).toBe(404);
    expect((await download(kept.attachment!, inventory.cookie)).status).toBe(404);
    const sentHome = await downloadAttachment(kept.attachment!, inventory.cookie);
    expect(sentHome.status).toBe(302);
    expect(await sentHome.text()).not.toContain("%PDF");
  });

  it("an assistant's document: Asistentes IA users only", async () => {
    expect((await download(kept.document!, admin.cookie)).status).toBe(200);
    expect((await download(kept.document!, inventory.cookie)).status).toBe(404);
  });

  it("with STORAGE_REDIRECT=1 an allowed download is a one-minute address of the bucket with the same type and disposition; a refused one stays refused", async () => {
    process.env.STORAGE_REDIRECT = "1";
    resetEnvCache();
    try {
      const res = await download(kept.sheet!, inventory.cookie);
      expect(res.status).toBe(302);
      const location = res.headers.get("location") ?? "";
      expect(location).toContain(`127.0.0.1`);
      expect(location).toMatch(/X-Amz-Expires=60\b/);
      const fromBucket = await fetch(location);
      expect(fromBucket.status).toBe(200);
      expect(fromBucket.headers.get("content-type")).toBe("application/pdf");
      expect(fromBucket.headers.get("content-disposition")).toMatch(/^inline; filename="ficha-s3-/);
      expect((await download(kept.attachment!, inventory.cookie)).status).toBe(404);
    } finally {
      delete process.env.STORAGE_REDIRECT;
      resetEnvCache();
    }
  });
});

describe("the shop's media and sizes", () => {
  it("a published product's image is served at 400 px, made once and kept in the bucket; its data sheet too", async () => {
    const sku = `S3${tag}`.toUpperCase().slice(0, 20);
    await getDb()
      .insert(products)
      .values({
        id: sku,
        name: "Producto en el bucket",
        slug: `producto-s3-${tag}`,
        isActive: true,
        gallery: [{ fileId: kept.image!, url: `/files/${kept.image}`, sort: 0 }],
        dataSheetId: kept.sheet!,
      });
    const first = await shop(`/media/${kept.image}/400.webp`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await first.arrayBuffer();
    expect(await bucket.keys()).toContain(inBucket(`shop/${kept.image}-w400.webp`));
    const again = await shop(`/media/${kept.image}/400.webp`);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    await again.arrayBuffer();
    const sheet = await shop(`/media/${kept.sheet}/ficha.pdf`);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("content-type")).toBe("application/pdf");
    expect((await bytesOf(sheet)).subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("the nightly sweep lists the bucket", () => {
  it("removes an unused upload and an object no row names; keeps referenced files, attachments and keys that are not the app's", async () => {
    const unused = await uploadToLibrary({
      intent: "upload",
      uploads: await pngFile(`s3-sin-usar-${tag}.png`, 1500, 1500, { r: 200, g: 20, b: 20 }),
      sku: "",
      name: "",
    });
    const unusedId = ((dataOf<ProductAnswer>(unused).result.initialValue as { gallery?: Array<{ fileId: string }> }).gallery ?? [])[0]
      .fileId;
    const orphan = crypto.randomUUID();
    await createS3Store(bucket.config).put(`${orphan}.pdf`, { bytes: PDF(1024) }, { contentType: "application/pdf" });
    await createS3Store(bucket.config).put(
      "notas/leeme.txt",
      { bytes: new TextEncoder().encode("no es del sistema") },
      { contentType: "text/plain" },
    );

    // A day and an hour from now, everything above is "old".
    const result = await sweepUnusedUploads(database, new Date(Date.now() + 25 * 3600_000));

    const keys = await bucket.keys();
    expect(result.storageError).toBeUndefined();
    expect(keys.filter((k) => k.includes(unusedId))).toEqual([]);
    expect(keys).not.toContain(inBucket(`${orphan}.pdf`));
    expect(result.orphans).toBeGreaterThanOrEqual(1);
    for (const key of [
      `${kept.image}.webp`,
      `${kept.image}-150.webp`,
      `shop/${kept.image}-w400.webp`,
      `${kept.sheet}.pdf`,
      `${kept.document}.pdf`,
      "notas/leeme.txt",
    ]) {
      expect(keys, key).toContain(inBucket(key));
    }
    expect(keys.some((k) => k.startsWith(inBucket("messages/")))).toBe(true);
    expect(await getDb().select().from(files).where(eq(files.id, unusedId))).toHaveLength(0);
  });
});

describe("when the store stops answering", () => {
  it("uploads and downloads answer 503 in Spanish and leave no row; the rest of the app keeps working; all works again once it is back", async () => {
    expect(await checkStorage()).toEqual({ ok: true });
    await bucket.stop();
    try {
      const rowsBefore = await fileRows();
      const check = await checkStorage();
      expect(check.ok).toBe(false);
      expect((check as { message: string }).message).toMatch(/backoffice/);

      // The product dialog: its usual refusal toast and field error, with a 503.
      const image = await uploadToLibrary({
        intent: "upload",
        uploads: await pngFile(`s3-caida-${tag}.png`, 1500, 1500, { r: 1, g: 2, b: 3 }),
        sku: "",
        name: "",
      });
      expect(statusOf(image)).toBe(503);
      expect(dataOf<ProductAnswer>(image).toast).toMatchObject({ message: STORE_DOWN });
      expect(dataOf<ProductAnswer>(image).fileErrors.uploads).toEqual([STORE_DOWN]);
      const sheet = await uploadToLibrary({
        intent: "sheet-upload",
        sheetUpload: new File([PDF(2048)], `ficha-caida-${tag}.pdf`, { type: "application/pdf" }),
        sku: "",
        name: "",
      });
      expect(statusOf(sheet)).toBe(503);
      expect(dataOf<ProductAnswer>(sheet).fileErrors.sheetUpload).toEqual([STORE_DOWN]);

      // A reply with a file: not sent, the text kept in the draft, the toast in the page with a 503.
      const c = await activeConversation();
      const messagesBefore = (await getDb().select({ id: messages.id }).from(messages).where(eq(messages.conversationId, c.id))).length;
      const reply = await replyWith(c.id, new File([PDF(4096)], `caida-${tag}.pdf`, { type: "application/pdf" }), "Texto que no se pierde");
      expect(statusOf(reply)).toBe(503);
      expect((reply as unknown as { data: { toast: { message: string } } }).data.toast.message).toBe(STORE_DOWN);
      expect((await getDb().select({ id: messages.id }).from(messages).where(eq(messages.conversationId, c.id))).length).toBe(
        messagesBefore,
      );
      const [after] = await getDb().select().from(conversations).where(eq(conversations.id, c.id));
      expect(after.draft).toBe("Texto que no se pierde");
      expect(after.sendingUntil).toBeNull();

      // An assistant's document: its refusal in the dialog, a 503.
      const assistant = await demoAssistant();
      const document = await addDocument(assistant.id, new File([PDF(4096)], `manual-caida-${tag}.pdf`, { type: "application/pdf" }));
      expect(statusOf(document)).toBe(503);
      expect((document as unknown as { data: { error: { message: string } } }).data.error.message).toBe(STORE_DOWN);

      expect(await fileRows()).toBe(rowsBefore);

      // Downloads: 503 with the text, after the access check (a refused user is still refused).
      for (const res of [
        await download(kept.image!, inventory.cookie),
        await download(kept.sheet!, inventory.cookie),
        await downloadAttachment(kept.attachment!, admin.cookie),
      ]) {
        expect(res.status).toBe(503);
        expect(await res.text()).toBe(STORE_DOWN);
      }
      expect((await download(kept.attachment!, inventory.cookie)).status).toBe(404);
      const media = await shop(`/media/${kept.image}/1200.webp`);
      expect(media.status).toBe(503);
      expect(((await media.json()) as { error: { message: string } }).error.message).toBe(STORE_DOWN);

      // The rest of the app does not need the store.
      const list = await callRoute(inventoryList.loader as RouteHandler, "/web-inventory", inventory.cookie);
      expect(list).not.toBeInstanceOf(Response);
      expect((list as { total: number }).total).toBeGreaterThan(0);
    } finally {
      await bucket.start();
    }
    expect(await checkStorage()).toEqual({ ok: true });
    expect((await download(kept.image!, inventory.cookie)).status).toBe(200);
    const again = await uploadToLibrary({
      intent: "upload",
      uploads: await pngFile(`s3-de-vuelta-${tag}.png`, 1500, 1500, { r: 9, g: 9, b: 9 }),
      sku: "",
      name: "",
    });
    expect(statusOf(again)).toBe(200);
  });
});
