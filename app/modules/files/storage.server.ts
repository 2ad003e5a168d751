import path from "node:path";
import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { getStorage, isStorageUnavailable, STORAGE_DOWN_MESSAGE, type StoredObject } from "@server/storage";
import { eq, sql } from "drizzle-orm";
import { FILE_TEXTS, ORIGIN_MESSAGE } from "./rules";

/**
 * Where a stored file's bytes are: a conversation's attachment under `messages/`, anything else at
 * the top, beside its WebP variants; the shop's sizes under `shop/`. These are the paths the files
 * always had under DATA_DIR/uploads, so the disk store reads what was uploaded before it existed.
 */
export function fileKey(file: { filenameDisk: string; origin: string }): string {
  const name = path.basename(file.filenameDisk);
  return file.origin === ORIGIN_MESSAGE ? `messages/${name}` : name;
}

/** A resized copy kept beside its original (`<id>-150.webp`). */
export function variantKey(disk: string): string {
  return path.basename(disk);
}

/** The shop's WebP of a width, made the first time it is asked for (app/modules/shop-api/media.server.ts). */
export function shopVariantKey(fileId: string, width: number): string {
  return `shop/${fileId}-w${width}.webp`;
}

/** Every key a files row owns that the app knows by name: its original and its variants. */
export function keysOfFile(file: { filenameDisk: string; origin: string; variants?: Array<{ disk: string }> | null }): string[] {
  return [fileKey(file), ...(file.variants ?? []).map((v) => variantKey(v.disk))];
}

/** The refusal a screen shows when the store cannot keep an upload: said like any other, answered 503. */
export type StorageDown = { ok: false; reason: "unavailable"; title: string; message: string };
export const storageDown = (): StorageDown => ({
  ok: false,
  reason: "unavailable",
  title: FILE_TEXTS.storageDownTitle,
  message: STORAGE_DOWN_MESSAGE,
});

/**
 * Removes objects whose row is gone or was never written. A store that is down keeps them: they have
 * no row, so the nightly sweep removes them once it answers again (sweep.server.ts) — an undo is never
 * the reason a user sees an error.
 */
export async function removeStored(keys: readonly string[]) {
  for (const key of keys) {
    try {
      await getStorage().delete(key);
    } catch (error) {
      if (!isStorageUnavailable(error)) throw error;
      return;
    }
  }
}

/** A stored file's bytes (null when the object is gone); throws StorageUnavailableError when the store is down. */
export function readStored(key: string): Promise<StoredObject | null> {
  return getStorage().get(key);
}

/** The name a user sees (and the duplicate check compares): the file's own name without any path. */
export function cleanFileName(name: string) {
  return path.basename(name.replace(/\\/g, "/")).normalize("NFC").trim().slice(0, 200);
}

/** Whether a file of that name is already in the library (names are unique there, ignoring case). */
export async function fileNameTaken(name: string) {
  const [row] = await getDb()
    .select({ id: files.id })
    .from(files)
    .where(sql`lower(${files.filenameDownload}) = ${name.toLowerCase()}`)
    .limit(1);
  return !!row;
}

/** Removes a stored file and its variants: used when the record it was uploaded for was not saved. */
export async function discardFile(fileId: string) {
  const [row] = await getDb()
    .delete(files)
    .where(eq(files.id, fileId))
    .returning({ filenameDisk: files.filenameDisk, origin: files.origin, variants: files.variants });
  if (!row) return;
  await removeStored(keysOfFile(row));
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e === "object" && (e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
