import fs from "node:fs/promises";
import path from "node:path";
import type { Database } from "@server/db/client";
import { allRows, keysetPages, yieldToEventLoop } from "@server/db/keyset-pages";
import { getStorage, isStorageUnavailable, type ObjectInfo } from "@server/storage";
import { stagingDir } from "~/lib/multipart.server";
import { ORIGIN_ASSISTANT, ORIGIN_UPLOAD } from "./rules";
import { keysOfFile } from "./storage.server";

/**
 * Library uploads that nothing uses. An image or PDF becomes a library file the moment it is uploaded
 * in an editor, before the record it was meant for is saved; a dialog closed without saving leaves it
 * behind. An assistant's document is left behind when it is deleted. The nightly job removes such
 * files once they are a day old (rows, originals, WebP variants and the shop's sizes), objects of the
 * store that no row names (an upload cut between its object and its row, an undo while the store was
 * down), and the staged copies of uploads that a crash left in the staging folder.
 */
export const UNUSED_UPLOAD_AGE_MS = 24 * 3600_000;
/** The origins the sweep removes: files uploaded for a record that may be dropped (never a conversation's). */
const SWEPT_ORIGINS = [ORIGIN_UPLOAD, ORIGIN_ASSISTANT];

/**
 * Every column that can name a stored file: a file id (a foreign key, an image's `fileId`, an
 * attachment's `fileId`) or a `/files/<id>` link in rich text or a link field. A file is in use when
 * its id appears in any of them. `tests/db/unused-uploads-sweep.test.ts` checks that every JSON and
 * uuid column of the schema (and every text column that may hold a link) is either listed here or
 * known to hold no file, so a column added later cannot be forgotten.
 */
export const FILE_REFERENCES: ReadonlyArray<{ table: string; key: string; columns: readonly string[] }> = [
  { table: "products", key: "id", columns: ["gallery", "data_sheet_id", "description"] },
  { table: "categories", key: "id", columns: ["image", "cover"] },
  { table: "brands", key: "id", columns: ["image", "cover", "img_product"] },
  { table: "store_promos", key: "id", columns: ["image", "description", "link"] },
  { table: "banners_home", key: "id", columns: ["image", "cover_content"] },
  { table: "catalogs", key: "id", columns: ["images"] },
  { table: "blog_posts", key: "id", columns: ["featured_image", "content"] },
  { table: "publications", key: "id", columns: ["gallery", "description"] },
  { table: "messages", key: "id", columns: ["attachments"] },
  { table: "ai_assistant_documents", key: "id", columns: ["file_id"] },
  { table: "settings", key: "key", columns: ["value"] },
];

const FILE_ID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** Rows per statement of the scan: rich text makes a row a few kilobytes. */
const SCAN_ROWS = 500;

/** Every file id any referencing column names, read table by table in keyset pages. */
export async function referencedFileIds(database: Database): Promise<Set<string>> {
  const found = new Set<string>();
  for (const source of FILE_REFERENCES) {
    const text = source.columns.map((c) => `t.${c}::text`).join(", ");
    const pages = keysetPages<{ k: string; ids: string[] }, string>(async (after) => {
      const rows = await database.query<{ k: string; ids: string[] }>(
        `select t.${source.key}::text as k,
                array(select distinct lower(m[1]) from regexp_matches(concat_ws(' ', ${text}), '(${FILE_ID})', 'gi') m) as ids
           from (select * from ${source.table} ${after === null ? "" : `where ${source.key} > $2`} order by ${source.key} limit $1) t
          order by t.${source.key}`,
        after === null ? [SCAN_ROWS] : [SCAN_ROWS, after],
      );
      return { rows, next: rows.length < SCAN_ROWS ? null : rows[rows.length - 1].k };
    });
    for await (const page of pages) for (const row of page) for (const id of row.ids) found.add(id);
  }
  return found;
}

/** Library uploads older than the cutoff, by id. */
async function oldUploads(database: Database, cutoff: Date): Promise<string[]> {
  const pages = keysetPages<{ id: string }, string>(async (after) => {
    const rows = await database.query<{ id: string }>(
      `select id::text as id from files
        where origin = any($1::text[]) and created_at < $2::timestamptz ${after === null ? "" : "and id > $4::uuid"}
        order by id limit $3`,
      after === null ? [SWEPT_ORIGINS, cutoff.toISOString(), SCAN_ROWS] : [SWEPT_ORIGINS, cutoff.toISOString(), SCAN_ROWS, after],
    );
    return { rows, next: rows.length < SCAN_ROWS ? null : rows[rows.length - 1].id };
  });
  return (await allRows(pages)).map((r) => r.id);
}

/** A key's file id: stored names start with it (`<id>.webp`, `<id>-150.webp`, `shop/<id>-w400.webp`). */
const KEY_FILE_ID = new RegExp(`^(${FILE_ID})(?:[.-]|$)`, "i");
export function fileIdOfKey(key: string): string | null {
  const match = KEY_FILE_ID.exec(key.slice(key.lastIndexOf("/") + 1));
  return match ? match[1].toLowerCase() : null;
}

/** The store stopped answering mid-sweep: what is left is tried again the next night. */
class StoreStopped extends Error {}

async function removeObjects(keys: string[]) {
  let removed = 0;
  for (const key of keys) {
    try {
      await getStorage().delete(key);
    } catch (error) {
      if (isStorageUnavailable(error)) throw new StoreStopped(error.message, { cause: error });
      throw error;
    }
    removed += 1;
  }
  return removed;
}

/** A removed file's objects: the ones its row names and the shop's sizes (listed by their prefix). */
async function objectsOfRemovedFile(row: { id: string; disk: string; origin: string; variants: Array<{ disk: string }> | null }) {
  const keys = keysOfFile({ filenameDisk: row.disk, origin: row.origin, variants: row.variants });
  for await (const object of listing(`shop/${row.id}-`)) keys.push(object.key);
  return keys;
}

async function* listing(prefix: string): AsyncGenerator<ObjectInfo> {
  try {
    yield* getStorage().list(prefix);
  } catch (error) {
    if (isStorageUnavailable(error)) throw new StoreStopped(error.message, { cause: error });
    throw error;
  }
}

/**
 * Objects older than the cutoff that no files row names, listed by prefix (the bucket's own paged
 * listing on S3, the folder on disk) and checked against the table a page at a time. The age is the
 * object's own: an upload writes its object a moment before its row, and that moment must not look
 * like an orphan. Keys that do not start with a file id are not the app's and are left alone.
 */
async function sweepOrphans(database: Database, cutoff: Date): Promise<number> {
  let removed = 0;
  let page: Array<{ key: string; id: string }> = [];
  const flush = async () => {
    const ids = [...new Set(page.map((o) => o.id))];
    const rows = await database.query<{ id: string }>("select id::text as id from files where id = any($1::uuid[])", [ids]);
    const known = new Set(rows.map((r) => r.id));
    removed += await removeObjects(page.filter((o) => !known.has(o.id)).map((o) => o.key));
    page = [];
    await yieldToEventLoop();
  };
  for await (const object of listing("")) {
    const id = fileIdOfKey(object.key);
    if (!id || !object.lastModified || object.lastModified >= cutoff) continue;
    page.push({ key: object.key, id });
    if (page.length >= SCAN_ROWS) await flush();
  }
  if (page.length) await flush();
  return removed;
}

/** Staged uploads (app/lib/multipart.server.ts) left behind by a request that never finished. */
async function sweepStaged(cutoff: Date) {
  let names: string[];
  try {
    names = await fs.readdir(stagingDir());
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(stagingDir(), name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < cutoff.getTime()) {
      await fs.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Rows removed, their objects removed, orphan objects removed, staged copies removed; and the store's failure, if it stopped answering. */
export type SweepResult = { files: number; objects: number; orphans: number; staged: number; storageError?: string };

/**
 * Removes library uploads older than a day that nothing references: their rows, originals and
 * variants. The references are read in bounded statements (the embedded database keeps serving
 * others meanwhile); the delete re-checks the two foreign keys in the same statement, so a data sheet
 * or an assistant document picked during the scan keeps its file (the JSON references cannot be
 * re-checked as cheaply: an image picked from the library in the seconds the job runs, at 03:30,
 * would lose its file).
 */
export async function sweepUnusedUploads(database: Database, now: Date = new Date()): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - UNUSED_UPLOAD_AGE_MS);
  const candidates = await oldUploads(database, cutoff);
  const result: SweepResult = { files: 0, objects: 0, orphans: 0, staged: await sweepStaged(cutoff) };
  const used = candidates.length ? await referencedFileIds(database) : new Set<string>();
  const unused = candidates.filter((id) => !used.has(id));
  let storeStopped = false;
  for (let start = 0; start < unused.length; start += SCAN_ROWS) {
    const deleted = await database.query<{ id: string; disk: string; origin: string; variants: Array<{ disk: string }> | null }>(
      `delete from files f
        where f.id = any($1::uuid[]) and f.origin = any($2::text[]) and f.created_at < $3::timestamptz
          and not exists (select 1 from products p where p.data_sheet_id = f.id)
          and not exists (select 1 from ai_assistant_documents d where d.file_id = f.id)
        returning f.id::text as id, f.filename_disk as disk, f.origin, f.variants`,
      [unused.slice(start, start + SCAN_ROWS), SWEPT_ORIGINS, cutoff.toISOString()],
    );
    result.files += deleted.length;
    // Rows go even while the store is down: their objects are orphans then, removed by a later night.
    for (const row of storeStopped ? [] : deleted) {
      try {
        result.objects += await removeObjects(await objectsOfRemovedFile(row));
      } catch (error) {
        if (!(error instanceof StoreStopped)) throw error;
        storeStopped = true;
        result.storageError = error.message;
      }
    }
    await yieldToEventLoop();
  }
  if (!storeStopped) {
    try {
      result.orphans = await sweepOrphans(database, cutoff);
    } catch (error) {
      if (!(error instanceof StoreStopped)) throw error;
      result.storageError = error.message;
    }
  }
  return result;
}
