import { getDb, type Tx } from "@server/db/client";
import { files, productProperties, products, type GalleryItem } from "@server/db/schema";
import { and, asc, eq, inArray, like } from "drizzle-orm";
import { LIBRARY_ORIGINS } from "~/modules/files/rules";
import type { GalleryDraft, PropertyDraft } from "./product-form";

/**
 * What a product and a combo ("publicación") keep alike in the products table: the gallery, the
 * property rows, the dimensions, the e-commerce switch and the four taxonomy references. Both
 * dialogs load and save them the same way.
 */
type ListingColumns = Pick<
  typeof products.$inferSelect,
  "tall" | "long" | "wide" | "weight" | "isActive" | "categoryId" | "brandId" | "sectorId" | "applicationId"
>;
type ListingDraft = Omit<ListingColumns, "categoryId" | "brandId" | "sectorId" | "applicationId"> & {
  categoryId?: number;
  brandId?: number;
  sectorId?: number;
  applicationId?: number;
};

/** The stored columns as the dialog's draft holds them (no reference is `undefined`, the select's empty choice). */
export function listingDraftOf(p: ListingColumns): ListingDraft {
  return {
    tall: p.tall,
    long: p.long,
    wide: p.wide,
    weight: p.weight,
    isActive: p.isActive,
    categoryId: p.categoryId ?? undefined,
    brandId: p.brandId ?? undefined,
    sectorId: p.sectorId ?? undefined,
    applicationId: p.applicationId ?? undefined,
  };
}

/** The draft's values as columns to write (no reference is null). */
export function listingColumnsOf(draft: ListingDraft): ListingColumns {
  return {
    tall: draft.tall,
    long: draft.long,
    wide: draft.wide,
    weight: draft.weight,
    isActive: draft.isActive,
    categoryId: draft.categoryId ?? null,
    brandId: draft.brandId ?? null,
    sectorId: draft.sectorId ?? null,
    applicationId: draft.applicationId ?? null,
  };
}

/** The stored gallery as the dialog's rows, in its order. */
export function galleryDraftOf(gallery: GalleryItem[]): GalleryDraft[] {
  return [...gallery]
    .sort((a, b) => a.sort - b.sort)
    .map((g) => ({ fileId: g.fileId, url: g.url, name: g.name ?? "", alt: g.alt ?? "", origin: g.origin ?? "" }));
}

/** The gallery as stored: only images still in the library, each once, in the dialog's order. */
export async function storedGallery(rows: GalleryDraft[]): Promise<GalleryItem[]> {
  const ids = rows.map((g) => g.fileId);
  if (!ids.length) return [];
  const found = await getDb()
    .select({ id: files.id, name: files.filenameDownload })
    .from(files)
    .where(and(inArray(files.id, ids), like(files.mimeType, "image/%"), inArray(files.origin, [...LIBRARY_ORIGINS])));
  const names = new Map(found.map((f) => [f.id, f.name]));
  const gallery: GalleryItem[] = [];
  for (const g of rows) {
    if (!names.has(g.fileId) || gallery.some((x) => x.fileId === g.fileId)) continue;
    gallery.push({
      fileId: g.fileId,
      url: `/files/${g.fileId}`,
      name: names.get(g.fileId),
      alt: g.alt.trim() || null,
      origin: g.origin || "upload",
      sort: gallery.length,
    });
  }
  return gallery;
}

/** The property rows of a product or combo, in the order they were saved. */
export function propertiesOf(productId: string): Promise<PropertyDraft[]> {
  return getDb()
    .select({ name: productProperties.name, value: productProperties.value, isSelector: productProperties.isSelector })
    .from(productProperties)
    .where(eq(productProperties.productId, productId))
    .orderBy(asc(productProperties.sort), asc(productProperties.id));
}

/** Writes the property rows in their order (rows without a name were dropped by the caller's rules). */
export async function insertProperties(tx: Tx, productId: string, rows: PropertyDraft[]) {
  if (rows.length)
    await tx
      .insert(productProperties)
      .values(rows.map((p, k) => ({ productId, name: p.name, value: p.value, isSelector: p.isSelector, sort: k })));
}
