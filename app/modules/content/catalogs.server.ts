import { asc, desc, eq, inArray, like, sql, type SQL } from "drizzle-orm";
import { countOf, pageOf, windowTotal, type PageOfRows } from "~/lib/list.server";
import { getDb, type Db } from "@server/db/client";
import { catalogs, files } from "@server/db/schema";
import { foldedContains } from "~/lib/folded-search";
import { audit } from "~/modules/logs/audit.server";
import { storeImage, type UploadRefusal } from "~/modules/files/files.server";
import { LIBRARY_ORIGINS } from "~/modules/files/rules";
import { deleteRecord, saveRecord, type Actor, type CommandResult } from "./records.server";
import { dropUnknown } from "./shop-sections";
import { productInfos } from "./shop-sections.server";
import {
  CATALOGS_PAGE_SIZE,
  CATALOG_IMAGE,
  CATALOG_LIMITS,
  CATALOG_TEXTS,
  postedImages,
  type CatalogAnswer,
  type CatalogImage,
  type CatalogListQuery,
  type CatalogLoaded,
  type CatalogRow,
  type CatalogSubtitle,
  type ImageInfo,
} from "./catalogs";
import type { CatalogInput } from "./catalog-form";

const TAGS = ["content", "catalogs"];
const WORDS = { created: "Catálogo creado", updated: "Catálogo actualizado", deleted: "Catálogo eliminado", tags: TAGS };

// ---------------------------------------------------------------------------------------------------
// Queries

/** Title contains the term, ignoring case and accents (the same fold as the other content lists). */
export function catalogListWhere(query: Pick<CatalogListQuery, "search">): SQL | undefined {
  if (!query.search) return undefined;
  return foldedContains(catalogs.title, query.search);
}

/** Newest first unless a column is chosen; id breaks ties so pages never overlap. */
function listOrder(query: Pick<CatalogListQuery, "sortName" | "sortValue">): SQL[] {
  const dir = query.sortValue === "desc" ? desc : asc;
  if (query.sortName === "title") return [dir(catalogs.title), dir(catalogs.id)];
  if (query.sortName === "id") return [dir(catalogs.id)];
  return [desc(catalogs.id)];
}

/** One page with its subtitle and product counts read from the jsonb; the total rides along as a window (the bench times it too). */
export function catalogsPageQuery(db: Pick<Db, "select">, query: CatalogListQuery) {
  return db
    .select({
      id: catalogs.id,
      title: catalogs.title,
      subtitleCount: sql<number>`jsonb_array_length(${catalogs.subtitles})`.mapWith(Number).as("subtitle_count"),
      productCount:
        sql<number>`(select coalesce(sum(jsonb_array_length(s->'products')), 0) from jsonb_array_elements(${catalogs.subtitles}) s)`
          .mapWith(Number)
          .as("product_count"),
      total: windowTotal(),
    })
    .from(catalogs)
    .where(catalogListWhere(query))
    .orderBy(...listOrder(query))
    .limit(CATALOGS_PAGE_SIZE)
    .offset((query.page - 1) * CATALOGS_PAGE_SIZE);
}

export async function listCatalogs(query: CatalogListQuery): Promise<PageOfRows<CatalogRow>> {
  const found = await catalogsPageQuery(getDb(), query);
  return pageOf(found, query.page, CATALOGS_PAGE_SIZE, countOf(catalogs, catalogListWhere(query)));
}

export async function getCatalog(id: number) {
  const [row] = await getDb()
    .select({ id: catalogs.id, title: catalogs.title, images: catalogs.images, subtitles: catalogs.subtitles })
    .from(catalogs)
    .where(eq(catalogs.id, id))
    .limit(1);
  if (!row) return null;
  const images: CatalogImage[] = row.images.map((img) => ({
    fileId: img.fileId,
    url: img.url,
    name: img.name ?? "",
    origin: img.origin ?? "upload",
    alt: img.alt ?? "",
  }));
  return { id: row.id, title: row.title, images, subtitles: row.subtitles };
}

/**
 * The posted images as the catalogue keeps them: one it already had keeps its origin; any other must
 * still be an image of the files library (a forged id is dropped).
 */
export async function resolveImages(posted: Array<{ fileId: string; alt: string }>, stored: CatalogImage[]): Promise<CatalogImage[]> {
  if (posted.length === 0) return [];
  const found = await getDb()
    .select({ id: files.id, name: files.filenameDownload, origin: files.origin })
    .from(files)
    .where(
      sql`${inArray(
        files.id,
        posted.map((p) => p.fileId),
      )} and ${like(files.mimeType, "image/%")} and ${inArray(files.origin, [...LIBRARY_ORIGINS])}`,
    );
  const byId = new Map(found.map((f) => [f.id, f]));
  return posted.flatMap((p) => {
    const file = byId.get(p.fileId);
    if (!file) return [];
    const kept = stored.find((s) => s.fileId === p.fileId);
    return [{ fileId: file.id, url: `/files/${file.id}`, name: file.name, origin: kept?.origin ?? file.origin ?? "upload", alt: p.alt }];
  });
}

// ---------------------------------------------------------------------------------------------------
// Commands

type CatalogValues = { title: string; images: CatalogImage[]; subtitles: CatalogSubtitle[] };

/** Creates (id null: the spec's id 0) or updates a catalogue, with its audit entry, in one transaction. */
export function saveCatalog(
  id: number | null,
  values: CatalogValues,
  actor: Actor,
): Promise<CommandResult<{ id: number; created: boolean }>> {
  const row = {
    title: values.title,
    images: values.images.map(({ fileId, url, name, origin, alt }) => ({ fileId, url, name, origin, alt })),
    subtitles: values.subtitles.map((s) => ({ title: s.title, products: s.products.map(({ id, qty }) => ({ id, qty })) })),
  };
  return saveRecord(catalogs, id, row, row.title, WORDS, actor);
}

/** Deletes the catalogue; its images stay in the files library (other records may use them). */
export async function deleteCatalog(id: number, actor: Actor): Promise<CommandResult<{ id: number; title: string }>> {
  const deleted = await deleteRecord(catalogs, id, (row) => String(row.title), WORDS, actor);
  return deleted.ok ? { ok: true, value: { id, title: deleted.value.label } } : deleted;
}

// ---------------------------------------------------------------------------------------------------
// The edit dialog

export type Catalog = NonNullable<Awaited<ReturnType<typeof getCatalog>>>;

export const imageInfosOf = (images: ReadonlyArray<{ fileId: string; url: string; name: string }>): Record<string, ImageInfo> =>
  Object.fromEntries(images.map((img) => [img.fileId, { url: img.url, name: img.name }]));

export const emptyCatalog = (): CatalogLoaded => ({ values: { title: "", images: [], subtitles: [] }, images: {}, products: {} });

/** The dialog as a stored catalogue opens it (products the catalogue no longer has are left out). */
export async function catalogLoaded(catalog: Catalog): Promise<CatalogLoaded> {
  const infos = await productInfos(catalog.subtitles.flatMap((s) => s.products.map((p) => p.id)));
  const known = new Set(Object.keys(infos));
  return {
    values: {
      title: catalog.title,
      images: catalog.images.map(({ fileId, alt }) => ({ fileId, alt })),
      subtitles: catalog.subtitles.map((s) => ({ title: s.title, q: "", products: dropUnknown(s.products, known) })),
    },
    images: imageInfosOf(catalog.images),
    products: infos,
  };
}

/** A refused upload says why (`unavailable`: the file store did not answer) and what to show. */
export type CatalogUpload =
  { ok: true; image: CatalogImage } | { ok: false; reason: UploadRefusal["reason"]; error: NonNullable<CatalogAnswer["imageError"]> };

/** Stores a chosen image in the files library, unless the catalogue already has its limit of images. */
export async function uploadCatalogImage(file: File, imageCount: number, actor: { id: number }): Promise<CatalogUpload> {
  if (imageCount >= CATALOG_LIMITS.images)
    return { ok: false, reason: "invalid", error: { title: CATALOG_TEXTS.tooManyImagesTitle, message: CATALOG_TEXTS.tooManyImages } };
  const uploaded = await storeImage(file, actor.id, {
    ...CATALOG_IMAGE,
    invalidMessage: CATALOG_TEXTS.imageInvalid,
    existsMessage: CATALOG_TEXTS.imageExists,
  });
  if (!uploaded.ok) return { ok: false, reason: uploaded.reason, error: { title: uploaded.title, message: uploaded.message } };
  await audit({
    message: `Imagen ${uploaded.image.name} subida`,
    type: "create",
    tags: [...TAGS, "archivos"],
    identifier: uploaded.image.fileId,
    userId: actor.id,
  });
  return {
    ok: true,
    image: { fileId: uploaded.image.fileId, url: uploaded.image.url, name: uploaded.image.name, origin: "upload", alt: "" },
  };
}

/** What a valid post saves: only images of the library and products the catalogue knows. */
export async function catalogValues(input: CatalogInput, uploaded: CatalogImage | null, stored: CatalogImage[]): Promise<CatalogValues> {
  const images = [...(await resolveImages(postedImages(input.images), stored)), ...(uploaded ? [uploaded] : [])];
  const infos = await productInfos(input.subtitles.flatMap((s) => s.products.map((p) => p.id)));
  const known = new Set(Object.keys(infos));
  return {
    title: input.title,
    images,
    subtitles: input.subtitles.map((s) => ({ title: s.title, products: dropUnknown(s.products, known) })),
  };
}
