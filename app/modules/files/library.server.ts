import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { and, desc, eq, ilike, inArray, like, sql, type SQL } from "drizzle-orm";
import { FILES_PAGE_SIZE, LIBRARY_ORIGINS, PDF_MIME, isFileId, type LibraryEntry, type LibraryKind } from "./rules";
import { containsPattern } from "~/lib/like-pattern";

export type LibraryImage = { fileId: string; url: string; name: string };
export type LibraryFile = { fileId: string; name: string; url: string };

/** Only the library's own files: never a conversation's attachment or an assistant's document. */
function ofLibrary(origins: readonly string[] = LIBRARY_ORIGINS): SQL {
  return inArray(files.origin, [...origins]);
}

function kindWhere(kind: LibraryKind | undefined): SQL | undefined {
  if (kind === "image") return like(files.mimeType, "image/%");
  if (kind === "pdf") return eq(files.mimeType, PDF_MIME);
  return undefined;
}

function entryOf(row: { id: string; name: string; mime: string; hasThumb: boolean }): LibraryEntry {
  const kind: LibraryKind = row.mime === PDF_MIME ? "pdf" : "image";
  const url = `/files/${row.id}`;
  return { fileId: row.id, url, name: row.name, kind, thumb: kind === "image" ? (row.hasThumb ? `${url}?w=150` : url) : null };
}

/** One page of the "Archivos subidos" grid: newest first, by name, optionally images or PDFs only. */
export async function listLibrary(query: { search?: string; kind?: LibraryKind; page: number }) {
  const term = query.search?.trim() ?? "";
  const where = and(ofLibrary(), kindWhere(query.kind), term ? ilike(files.filenameDownload, containsPattern(term)) : undefined);
  const found = await getDb()
    .select({
      id: files.id,
      name: files.filenameDownload,
      mime: files.mimeType,
      hasThumb: sql<boolean>`${files.variants} @> '[{"name":"150"}]'::jsonb`,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(files)
    .where(where)
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(FILES_PAGE_SIZE)
    .offset((query.page - 1) * FILES_PAGE_SIZE);
  const total =
    found[0]?.total ??
    (query.page > 1
      ? (
          await getDb()
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(files)
            .where(where)
        )[0].n
      : 0);
  return { rows: found.map(entryOf), total, page: query.page, pageSize: FILES_PAGE_SIZE };
}

/** A library file by id, of the kind asked for; null when it is gone, of another kind or not the library's. */
export async function libraryEntry(fileId: string, kind?: LibraryKind, origins?: readonly string[]): Promise<LibraryEntry | null> {
  if (!isFileId(fileId)) return null;
  const [row] = await getDb()
    .select({
      id: files.id,
      name: files.filenameDownload,
      mime: files.mimeType,
      hasThumb: sql<boolean>`${files.variants} @> '[{"name":"150"}]'::jsonb`,
    })
    .from(files)
    .where(and(eq(files.id, fileId), ofLibrary(origins)))
    .limit(1);
  if (!row) return null;
  const entry = entryOf(row);
  return !kind || entry.kind === kind ? entry : null;
}

/** The library's images, newest first, optionally by name. */
export async function listLibraryImages(search: string, limit = FILES_PAGE_SIZE): Promise<LibraryImage[]> {
  const term = search.trim();
  const rows = await getDb()
    .select({ id: files.id, name: files.filenameDownload })
    .from(files)
    .where(and(ofLibrary(), like(files.mimeType, "image/%"), term ? ilike(files.filenameDownload, containsPattern(term)) : undefined))
    .orderBy(desc(files.createdAt))
    .limit(limit);
  return rows.map((r) => ({ fileId: r.id, url: `/files/${r.id}`, name: r.name }));
}

export async function libraryImage(fileId: string): Promise<LibraryImage | null> {
  const entry = await libraryEntry(fileId, "image");
  return entry ? { fileId: entry.fileId, url: entry.url, name: entry.name } : null;
}

/** The library's PDFs, newest first, optionally by name; `origins` widens it for a screen that owns more. */
export async function listLibraryPdfs(
  search: string | undefined,
  limit: number = FILES_PAGE_SIZE,
  origins?: readonly string[],
): Promise<LibraryFile[]> {
  const term = search?.trim() ?? "";
  const rows = await getDb()
    .select({ id: files.id, name: files.filenameDownload })
    .from(files)
    .where(and(ofLibrary(origins), eq(files.mimeType, PDF_MIME), term ? ilike(files.filenameDownload, containsPattern(term)) : undefined))
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(limit);
  return rows.map((r) => ({ fileId: r.id, name: r.name, url: `/files/${r.id}` }));
}

export async function libraryPdf(fileId: string, origins?: readonly string[]): Promise<LibraryFile | null> {
  const entry = await libraryEntry(fileId, "pdf", origins);
  return entry ? { fileId: entry.fileId, name: entry.name, url: entry.url } : null;
}

/** Of these file ids, the library's files and, among them, its images: one query for them all. */
export async function libraryFilesAmong(ids: readonly string[]): Promise<{ files: Set<string>; images: Set<string> }> {
  const wanted = [...new Set(ids)].filter(isFileId);
  if (wanted.length === 0) return { files: new Set(), images: new Set() };
  const rows = await getDb()
    .select({ id: files.id, mime: files.mimeType })
    .from(files)
    .where(and(inArray(files.id, wanted), ofLibrary()));
  return { files: new Set(rows.map((r) => r.id)), images: new Set(rows.filter((r) => r.mime.startsWith("image/")).map((r) => r.id)) };
}
