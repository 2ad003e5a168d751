import crypto from "node:crypto";
import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { getStorage, isStorageUnavailable } from "@server/storage";
import { ORIGIN_UPLOAD, PDF_MAX_BYTES, PDF_MIME, looksLikePdf } from "./rules";
import { cleanFileName, discardFile, fileNameTaken, isUniqueViolation, removeStored } from "./storage.server";

export type StoredPdf = { fileId: string; name: string; url: string };
/** `unavailable`: the file store did not answer (a 503); nothing was kept. */
export type StorePdfResult = { ok: true; file: StoredPdf } | { ok: false; reason: "invalid" | "exists" | "unavailable"; name: string };

/** An uploaded PDF: its bytes, or a copy staged on disk by the form reader (app/lib/multipart.server.ts). */
export type PdfUpload = { name: string } & ({ data: Uint8Array } | { path: string; size: number; head: Uint8Array });

/**
 * Keeps an uploaded PDF: a PDF by its signature, 20 MB at most, under a name not yet in the library.
 * A staged copy is streamed from disk into the store (on the disk store, a second name for the same
 * file), so a large sheet is never read into memory; the route removes the staged copy.
 * `origin` says whose it is: a data sheet joins the library, an assistant's document stays its screen's.
 */
export async function storePdf(upload: PdfUpload, userId: number, origin: string = ORIGIN_UPLOAD): Promise<StorePdfResult> {
  const name = cleanFileName(upload.name) || "ficha-tecnica.pdf";
  const size = "data" in upload ? upload.data.byteLength : upload.size;
  const head = "data" in upload ? upload.data : upload.head;
  if (size === 0 || size > PDF_MAX_BYTES || !looksLikePdf(head)) return { ok: false, reason: "invalid", name };
  if (await fileNameTaken(name)) return { ok: false, reason: "exists", name };
  const id = crypto.randomUUID();
  const disk = `${id}.pdf`;
  try {
    await getStorage().put(disk, "data" in upload ? { bytes: upload.data } : { file: upload.path }, {
      contentType: PDF_MIME,
      maxBytes: PDF_MAX_BYTES,
    });
  } catch (error) {
    if (isStorageUnavailable(error)) return { ok: false, reason: "unavailable", name };
    throw error;
  }
  try {
    await getDb()
      .insert(files)
      .values({
        id,
        filenameDisk: disk,
        filenameDownload: name,
        title: name.replace(/\.[^.]+$/, ""),
        mimeType: PDF_MIME,
        size,
        origin,
        uploadedBy: userId,
      });
  } catch (error) {
    await removeStored([disk]);
    if (isUniqueViolation(error)) return { ok: false, reason: "exists", name };
    throw error;
  }
  return { ok: true, file: { fileId: id, name, url: `/files/${id}` } };
}

/** Undoes storePdf when the record it came with was refused: nothing of it stays. */
export function discardPdf(fileId: string) {
  return discardFile(fileId);
}
