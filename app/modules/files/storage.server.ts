import fs from "node:fs/promises";
import path from "node:path";
import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { getEnv } from "@server/env";
import { eq, sql } from "drizzle-orm";

export function uploadsDir() {
  return path.join(getEnv().DATA_DIR, "uploads");
}

/** The name a user sees (and the duplicate check compares): the file's own name without any path. */
export function cleanFileName(name: string) {
  return path.basename(name.replace(/\\/g, "/")).normalize("NFC").trim().slice(0, 200);
}

/** Whether a file of that name is already in the library (names are unique there, ignoring case). */
export async function fileNameTaken(name: string) {
  const [row] = await getDb().select({ id: files.id }).from(files).where(sql`lower(${files.filenameDownload}) = ${name.toLowerCase()}`).limit(1);
  return !!row;
}

/** Removes a stored file and its variants: used when the record it was uploaded for was not saved. */
export async function discardFile(fileId: string) {
  const [row] = await getDb().delete(files).where(eq(files.id, fileId)).returning({ disk: files.filenameDisk, variants: files.variants });
  if (!row) return;
  const names = [row.disk, ...row.variants.map((v) => v.disk)];
  await Promise.all(names.map((n) => fs.rm(path.join(uploadsDir(), path.basename(n)), { force: true })));
}

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e === "object" && (e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
