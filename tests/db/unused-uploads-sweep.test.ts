import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalStore, setStorage, STORAGE_DOWN_MESSAGE, StorageUnavailableError } from "../../server/storage";
import { stagingDir } from "~/lib/multipart.server";
import { shopVariantKey } from "~/modules/files/storage.server";
import { FILE_REFERENCES, sweepUnusedUploads } from "~/modules/files/sweep.server";
import { useTestDatabase } from "../helpers/db";
import { isStored, putStored } from "../helpers/stored-files";

/*
 * The nightly sweep of library uploads: a file uploaded more than 24 h ago that nothing references
 * goes (row, original and WebP variants); a fresh one stays; a referenced one stays, whatever
 * references it — one case per kind of reference in the schema.
 */
const database = await useTestDatabase();
// A store of this file's own: the sweep removes objects no row of *this* database names, and the
// shared test folder holds other files' uploads.
const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), "sweep-store-"));
setStorage(createLocalStore(storeDir));
afterAll(() => {
  setStorage(undefined);
  fs.rmSync(storeDir, { recursive: true, force: true });
});
const NOW = new Date("2026-11-25T09:30:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000).toISOString();

type StoredFile = { id: string; disks: string[] };

/** A library image as storeImage leaves it: a row and, on disk, the original plus two variants. */
async function libraryFile(opts: { ageHours: number; origin?: string; label: string }): Promise<StoredFile> {
  const id = crypto.randomUUID();
  const disks = [`${id}.webp`, `${id}-150.webp`, `${id}-800.webp`];
  for (const d of disks) await putStored(d, `imagen ${opts.label}`, "image/webp");
  await database.query(
    `insert into files (id, filename_disk, filename_download, mime_type, size, origin, variants, created_at)
     values ($1, $2, $3, 'image/webp', 10, $4, $5::jsonb, $6::timestamptz)`,
    [
      id,
      disks[0],
      `${opts.label}-${id.slice(0, 8)}.webp`,
      opts.origin ?? "upload",
      JSON.stringify([
        { name: "150", width: 150, height: 150, disk: disks[1] },
        { name: "800", width: 800, height: 800, disk: disks[2] },
      ]),
      hoursAgo(opts.ageHours),
    ],
  );
  return { id, disks };
}

const rowExists = async (id: string) => (await database.query("select 1 from files where id = $1", [id])).length === 1;
const onDisk = (file: StoredFile) => Promise.all(file.disks.map(isStored));
const imageRef = (id: string) => JSON.stringify({ fileId: id, url: `/files/${id}`, alt: "", origin: "upload", name: "foto.webp" });
const seq = { n: 0 };
const unique = (prefix: string) => `${prefix}-${++seq.n}-${Date.now().toString(36)}`;

/** One way of referencing a file per row: each inserts or updates a record that names the file. */
const REFERENCES: Array<[string, (id: string) => Promise<unknown>]> = [
  [
    "a product's gallery",
    (id) =>
      database.query(`insert into products (id, name, slug, gallery) values ($1, 'Producto', $1, $2::jsonb)`, [
        unique("SKU"),
        `[${JSON.stringify({ ...JSON.parse(imageRef(id)), sort: 0 })}]`,
      ]),
  ],
  [
    "a product's data sheet",
    (id) => database.query(`insert into products (id, name, slug, data_sheet_id) values ($1, 'Producto', $1, $2)`, [unique("SKU"), id]),
  ],
  [
    "a link in a product's description",
    (id) =>
      database.query(`insert into products (id, name, slug, description) values ($1, 'Producto', $1, $2)`, [
        unique("SKU"),
        `<p>Ver <a href="/files/${id}">ficha</a></p>`,
      ]),
  ],
  [
    "a category's image",
    (id) => database.query(`insert into categories (name, slug, image) values ('Categoría', $1, $2::jsonb)`, [unique("cat"), imageRef(id)]),
  ],
  [
    "a category's cover",
    (id) => database.query(`insert into categories (name, slug, cover) values ('Categoría', $1, $2::jsonb)`, [unique("cat"), imageRef(id)]),
  ],
  [
    "a brand's image",
    (id) => database.query(`insert into brands (name, slug, image) values ('Marca', $1, $2::jsonb)`, [unique("marca"), imageRef(id)]),
  ],
  [
    "a brand's cover",
    (id) => database.query(`insert into brands (name, slug, cover) values ('Marca', $1, $2::jsonb)`, [unique("marca"), imageRef(id)]),
  ],
  [
    "a brand's product image",
    (id) => database.query(`insert into brands (name, slug, img_product) values ('Marca', $1, $2::jsonb)`, [unique("marca"), imageRef(id)]),
  ],
  [
    "a promotion's image",
    (id) => database.query(`insert into store_promos (title, image) values ('Promoción', $1::jsonb)`, [imageRef(id)]),
  ],
  ["a promotion's link", (id) => database.query(`insert into store_promos (title, link) values ('Promoción', $1)`, [`/files/${id}`])],
  ["the home banner", (id) => database.query(`insert into banners_home (name, image) values ('Portada', $1::jsonb)`, [imageRef(id)])],
  [
    "a catalogue's images",
    (id) => database.query(`insert into catalogs (title, images) values ('Catálogo', $1::jsonb)`, [`[${imageRef(id)}]`]),
  ],
  [
    "a blog post's featured image",
    (id) =>
      database.query(`insert into blog_posts (title, slug, featured_image) values ('Entrada', $1, $2::jsonb)`, [
        unique("entrada"),
        imageRef(id),
      ]),
  ],
  [
    "a link in a blog post",
    (id) =>
      database.query(`insert into blog_posts (title, slug, content) values ('Entrada', $1, $2)`, [
        unique("entrada"),
        `<p><a href="/files/${id}">Descarga</a></p>`,
      ]),
  ],
  [
    "a publication's gallery",
    (id) =>
      database.query(`insert into publications (id, title, gallery) values ($1, 'Publicación', $2::jsonb)`, [
        unique("MLM"),
        `[${JSON.stringify({ ...JSON.parse(imageRef(id)), sort: 0, sku: "ABC" })}]`,
      ]),
  ],
  [
    "a message attachment",
    async (id) => {
      const [c] = await database.query<{ id: number }>(
        `insert into conversations (order_id, order_date, client_id, seller_id) values ($1, now(), 1, 2) returning id`,
        [String(2_000_000_000 + ++seq.n)],
      );
      await database.query(
        `insert into messages (conversation_id, from_user_id, from_seller, message_date, attachments) values ($1, 2, true, now(), $2::jsonb)`,
        [c.id, JSON.stringify([{ filename: "x.pdf", originalFilename: "x.pdf", size: 10, fileId: id }])],
      );
    },
  ],
  [
    "an assistant's document",
    async (id) => {
      const [a] = await database.query<{ id: number }>(`insert into ai_assistants (assistant_name) values ($1) returning id`, [
        unique("Asistente"),
      ]);
      await database.query(
        `insert into ai_assistant_documents (assistant_id, document_id, sku, name_document, file_id) values ($1, 'doc', 'SKU', 'ficha.pdf', $2)`,
        [a.id, id],
      );
    },
  ],
  [
    "a setting",
    (id) =>
      database.query(`insert into settings (key, value) values ($1, $2::jsonb)`, [
        unique("logo"),
        JSON.stringify({ logo: `/files/${id}` }),
      ]),
  ],
];

/** Every record of the tables that reference files (and, with them, every file row). */
async function clearReferences() {
  await database.exec(
    `delete from conversations; delete from ai_assistants; ${FILE_REFERENCES.map((r) => `delete from ${r.table};`).join(" ")}`,
  );
}
async function clearReferencesAndFiles() {
  await clearReferences();
  await database.exec("delete from files");
}

describe("nightly sweep of unused library uploads", () => {
  it("removes an old unreferenced upload with its variants, keeps a fresh one and every referenced one", async () => {
    const old = await libraryFile({ ageHours: 25, label: "vieja" });
    const fresh = await libraryFile({ ageHours: 23, label: "reciente" });
    const bundled = await libraryFile({ ageHours: 100, origin: "directus", label: "incluida" });
    const attachment = await libraryFile({ ageHours: 100, origin: "message", label: "adjunto" });
    const referenced: Array<[string, StoredFile]> = [];
    for (const [name, reference] of REFERENCES) {
      const file = await libraryFile({ ageHours: 24 * 30, label: name });
      await reference(file.id);
      referenced.push([name, file]);
    }

    const result = await sweepUnusedUploads(database, NOW);

    expect(await rowExists(old.id)).toBe(false);
    expect(await onDisk(old)).toEqual([false, false, false]);
    expect(result).toMatchObject({ files: 1, objects: 3 });
    for (const kept of [fresh, bundled, attachment]) {
      expect(await rowExists(kept.id)).toBe(true);
      expect(await onDisk(kept)).toEqual([true, true, true]);
    }
    for (const [name, file] of referenced) {
      expect(await rowExists(file.id), name).toBe(true);
      expect(await onDisk(file), name).toEqual([true, true, true]);
    }
    // The data sheet kept its link (the foreign key sets it to null when its file goes).
    expect(await database.query("select 1 from products where data_sheet_id is not null")).toHaveLength(1);
  });

  it("removes an old assistant document nothing uses any more (its document was deleted), never a conversation's file", async () => {
    await clearReferencesAndFiles();
    const document = await libraryFile({ ageHours: 48, origin: "assistant", label: "documento" });
    const attachment = await libraryFile({ ageHours: 48, origin: "message", label: "adjunto" });
    expect((await sweepUnusedUploads(database, NOW)).files).toBe(1);
    expect(await rowExists(document.id)).toBe(false);
    expect(await onDisk(document)).toEqual([false, false, false]);
    expect(await rowExists(attachment.id)).toBe(true);
  });

  it.each(REFERENCES)("a file referenced only by %s is kept, and goes once that reference is gone", async (name, reference) => {
    await clearReferencesAndFiles();
    const file = await libraryFile({ ageHours: 48, label: name });
    await reference(file.id);
    expect((await sweepUnusedUploads(database, NOW)).files).toBe(0);
    expect(await rowExists(file.id)).toBe(true);

    // Without the reference the same file goes: it was kept for that reference only.
    await clearReferences();
    expect((await sweepUnusedUploads(database, NOW)).files).toBe(1);
    expect(await rowExists(file.id)).toBe(false);
    expect(await onDisk(file)).toEqual([false, false, false]);
  });

  it("removes staged uploads a crash left behind for a day, not the ones still arriving", async () => {
    fs.mkdirSync(stagingDir(), { recursive: true });
    const stale = path.join(stagingDir(), crypto.randomUUID());
    const arriving = path.join(stagingDir(), crypto.randomUUID());
    fs.writeFileSync(stale, "parcial");
    fs.writeFileSync(arriving, "llegando");
    const dayAndHourAgo = new Date(NOW.getTime() - 25 * 3600_000);
    fs.utimesSync(stale, dayAndHourAgo, dayAndHourAgo);
    fs.utimesSync(arriving, NOW, NOW);
    const result = await sweepUnusedUploads(database, NOW);
    expect(result.staged).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(arriving)).toBe(true);
    fs.rmSync(arriving);
  });

  it("removes objects a day old that no row names (an upload cut between its object and its row); keeps fresh ones, recorded ones and names that are not the app's", async () => {
    await clearReferencesAndFiles();
    const aged = async (key: string, hours: number, body = "bytes") => {
      await putStored(key, body);
      const when = new Date(NOW.getTime() - hours * 3600_000);
      fs.utimesSync(path.join(storeDir, ...key.split("/")), when, when);
      return key;
    };
    const orphans = [
      await aged(`${crypto.randomUUID()}.pdf`, 25),
      await aged(`messages/${crypto.randomUUID()}.pdf`, 48),
      await aged(`shop/${crypto.randomUUID()}-w400.webp`, 30),
    ];
    const arriving = await aged(`${crypto.randomUUID()}.webp`, 1);
    const notOurs = await aged("leeme.txt", 24 * 30);
    const recorded = await libraryFile({ ageHours: 24 * 30, origin: "directus", label: "incluida" });
    for (const d of recorded.disks) await aged(d, 24 * 30);

    const result = await sweepUnusedUploads(database, NOW);

    expect(result.orphans).toBe(3);
    for (const key of orphans) expect(await isStored(key), key).toBe(false);
    for (const key of [arriving, notOurs, ...recorded.disks]) expect(await isStored(key), key).toBe(true);
  });

  it("a removed file takes the shop's sizes of it along", async () => {
    await clearReferencesAndFiles();
    const old = await libraryFile({ ageHours: 25, label: "publicada-antes" });
    const sizes = [shopVariantKey(old.id, 400), shopVariantKey(old.id, 1200)];
    for (const key of sizes) await putStored(key, "webp", "image/webp");
    const result = await sweepUnusedUploads(database, NOW);
    expect(result).toMatchObject({ files: 1, objects: 5 });
    for (const key of sizes) expect(await isStored(key), key).toBe(false);
  });

  it("a store that stops answering does not stop the night: rows go, their objects wait for the next sweep", async () => {
    await clearReferencesAndFiles();
    const old = await libraryFile({ ageHours: 25, label: "tienda-caida" });
    const local = createLocalStore(storeDir);
    const down = () => Promise.reject(new StorageUnavailableError("delete", "x", new Error("ECONNREFUSED")));
    setStorage({
      ...local,
      delete: down,
      list: async function* () {
        yield* [];
        throw new StorageUnavailableError("list", "", new Error("ECONNREFUSED"));
      },
    });
    try {
      const result = await sweepUnusedUploads(database, NOW);
      expect(result).toMatchObject({ files: 1, objects: 0, orphans: 0, storageError: STORAGE_DOWN_MESSAGE });
      expect(await rowExists(old.id)).toBe(false);
    } finally {
      setStorage(local);
    }
    // Back up: the objects left behind have no row, and go once a day old.
    for (const d of old.disks)
      fs.utimesSync(path.join(storeDir, d), new Date(NOW.getTime() - 30 * 3600_000), new Date(NOW.getTime() - 30 * 3600_000));
    expect((await sweepUnusedUploads(database, NOW)).orphans).toBe(3);
    expect(await onDisk(old)).toEqual([false, false, false]);
  });

  it("every column that could name a file is scanned or known to hold none", async () => {
    // JSON and uuid columns hold structured references; text columns holding rich text or links can
    // carry a /files/<id> URL.
    const columns = await database.query<{ t: string; c: string }>(
      `select table_name as t, column_name as c from information_schema.columns
        where table_schema = 'public' and table_name <> 'files'
          and (data_type in ('json', 'jsonb', 'uuid')
               or (data_type = 'text' and (column_name ~ '(content|description|link|url|image|file)')))
        order by 1, 2`,
    );
    const scanned = new Set(FILE_REFERENCES.flatMap((r) => r.columns.map((c) => `${r.table}.${c}`)));
    const HOLD_NO_FILE = new Set([
      "audit_log.detail", // history: what a record held when it changed, not a use
      "catalogs.subtitles",
      "shop_sections.products",
      "products.combo_products", // product ids and quantities
      "products.stocks",
      "publications.linked_products",
      "publication_variations.linked_products",
      "publication_variations.attributes",
      "publications.category_path",
      "publications.category_attributes",
      "publications.category_variations",
      "conversations.order_info",
      "conversations.client_info", // the marketplace's items and buyer
      "orders.manual_delivered",
      "orders.order_items",
      "orders.payment_info",
      "orders.products_order",
      "orders.sale_detail",
      "orders.shipment_info",
      "orders.shipment_parcel",
      "orders.shipping_info",
      "jobs.payload", // a background job's arguments (ids and counts)
      "pdv_outbox.payload",
      "pdv_sales.intelisis_movs",
      "pdv_sessions.amount_detail",
      "quotations.changes",
      "quotation_drafts.data",
      "pdv_cart_lines.description",
      "pdv_sale_lines.description",
      "quotation_lines.description", // plain product descriptions
      "store_locations.geolocation",
      "store_locations.url", // a maps link
      "publications.permalink",
      "store_promos.permalink",
      "publications.linked_products_string", // marketplace and shop addresses, SKUs
      // Live data: a record the content back end sent and a feed refused, a call owed to it and its
      // key, and categories of the first import waiting for their parent; none is a use of a file here.
      "feed_rejects.record",
      "outbound.body",
      "outbound.idempotency_key",
      "import_progress.pending_parents",
      // The copy of the marketplace's invoice feedback: the buyer's tax data, the invoicing answers, the sale's address.
      "invoice_feedback.invoice_data",
      "invoice_feedback.feedbacks",
      "invoice_feedback.permalink",
    ]);
    const unclassified = columns.map((r) => `${r.t}.${r.c}`).filter((c) => !scanned.has(c) && !HOLD_NO_FILE.has(c));
    expect(unclassified, "add each to FILE_REFERENCES (app/modules/files/sweep.server.ts) or, if it can never name a file, here").toEqual(
      [],
    );
    // And every scanned column exists: a renamed one would make the nightly scan fail.
    expect([...scanned].filter((c) => !columns.some((r) => `${r.t}.${r.c}` === c))).toEqual([]);
  });
});
