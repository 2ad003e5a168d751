import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { and, desc, eq, ilike, sql } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { uploadsDir } from "~/modules/publications/gallery.server";
import { LIBRARY_PAGE_SIZE, PDF_MAX_BYTES, PDF_MIME, looksLikePdf, type LibraryFile } from "./rules";

/**
 * Technical sheets: the PDF a user uploads (kept like the gallery keeps images: a `files` row and
 * the bytes under uploadsDir()) and the PDFs already in the files library.
 */
export type UploadedPdf = { name: string; data: Uint8Array } | { name: string; tooBig: true } | null;

/** The name a user sees and the duplicate check compares: the file's own name without any path. */
export function cleanFileName(name: string) {
  return path.basename(name.replace(/\\/g, "/")).normalize("NFC").trim().slice(0, 200);
}

/**
 * Reads the add-document form. Only the first non-empty `file` part is kept; one over 20 MB is
 * drained (never held whole in memory) and reported as too big, so the typed SKU survives.
 */
export async function parseDocumentForm(request: Request): Promise<{ formData: FormData; file: UploadedPdf }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data")) return { formData: await request.formData(), file: null };
  let file: UploadedPdf = null;
  const fileHandler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== "file" || !filename) {
      for await (const _chunk of data) void _chunk;
      return undefined;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= PDF_MAX_BYTES && file === null) chunks.push(chunk);
    }
    if (file !== null || size === 0) return "";
    file = size > PDF_MAX_BYTES ? { name: filename, tooBig: true } : { name: filename, data: Buffer.concat(chunks) };
    return "";
  };
  const textHandler = unstable_createMemoryUploadHandler({ maxPartSize: 64 * 1024 });
  const formData = await unstable_parseMultipartFormData(request, async (part) => (part.name === "file" ? fileHandler(part) : textHandler(part)));
  return { formData, file };
}

export type StoredPdf = { fileId: string; name: string; url: string };
export type StorePdfResult = { ok: true; file: StoredPdf } | { ok: false; reason: "invalid" | "exists"; name: string };

/** Whether a file of that name is already in the library (names are unique there, ignoring case). */
export async function fileNameTaken(name: string) {
  const [row] = await getDb().select({ id: files.id }).from(files).where(sql`lower(${files.filenameDownload}) = ${name.toLowerCase()}`).limit(1);
  return !!row;
}

/** Keeps an uploaded sheet: a PDF by its signature, 20 MB at most, under a name not yet in the library. */
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

/** Undoes storePdf when the AI service refused the sheet: nothing of it stays in the app. */
export async function discardPdf(fileId: string) {
  const [row] = await getDb().delete(files).where(eq(files.id, fileId)).returning({ disk: files.filenameDisk });
  if (row) await fs.rm(path.join(uploadsDir(), path.basename(row.disk)), { force: true });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e === "object" && (e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function likePattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The library's PDFs, newest first, optionally by name. */
export async function listLibraryPdfs(search: string | undefined, limit = LIBRARY_PAGE_SIZE): Promise<LibraryFile[]> {
  const term = search?.trim() ?? "";
  const rows = await getDb()
    .select({ id: files.id, name: files.filenameDownload })
    .from(files)
    .where(term ? and(eq(files.mimeType, PDF_MIME), ilike(files.filenameDownload, likePattern(term))) : eq(files.mimeType, PDF_MIME))
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(limit);
  return rows.map((r) => ({ fileId: r.id, name: r.name, url: `/files/${r.id}` }));
}

export async function libraryPdf(fileId: string): Promise<LibraryFile | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(fileId)) return null;
  const [row] = await getDb().select({ id: files.id, name: files.filenameDownload, mime: files.mimeType }).from(files).where(eq(files.id, fileId)).limit(1);
  return row && row.mime === PDF_MIME ? { fileId: row.id, name: row.name, url: `/files/${row.id}` } : null;
}
