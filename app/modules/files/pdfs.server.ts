import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { PDF_MAX_BYTES, PDF_MIME, looksLikePdf } from "./rules";
import { cleanFileName, discardFile, fileNameTaken, isUniqueViolation, uploadsDir } from "./storage.server";

export type StoredPdf = { fileId: string; name: string; url: string };
export type StorePdfResult = { ok: true; file: StoredPdf } | { ok: false; reason: "invalid" | "exists"; name: string };

/** Keeps an uploaded PDF: a PDF by its signature, 20 MB at most, under a name not yet in the library. */
export async function storePdf(upload: { name: string; data: Uint8Array }, userId: number): Promise<StorePdfResult> {
  const name = cleanFileName(upload.name) || "ficha-tecnica.pdf";
  if (upload.data.byteLength === 0 || upload.data.byteLength > PDF_MAX_BYTES || !looksLikePdf(upload.data)) return { ok: false, reason: "invalid", name };
  if (await fileNameTaken(name)) return { ok: false, reason: "exists", name };
  const id = crypto.randomUUID();
  const disk = `${id}.pdf`;
  await fs.mkdir(uploadsDir(), { recursive: true });
  await fs.writeFile(path.join(uploadsDir(), disk), upload.data);
  try {
    await getDb().insert(files).values({
      id,
      filenameDisk: disk,
      filenameDownload: name,
      title: name.replace(/\.[^.]+$/, ""),
      mimeType: PDF_MIME,
      size: upload.data.byteLength,
      origin: "upload",
      uploadedBy: userId,
    });
  } catch (error) {
    await fs.rm(path.join(uploadsDir(), disk), { force: true });
    if (isUniqueViolation(error)) return { ok: false, reason: "exists", name };
    throw error;
  }
  return { ok: true, file: { fileId: id, name, url: `/files/${id}` } };
}

/** Undoes storePdf when the record it came with was refused: nothing of it stays. */
export function discardPdf(fileId: string) {
  return discardFile(fileId);
}
