/**
 * Files the shop may load without a session: an image or data sheet that a record the shop shows
 * points at (the home banner, a current promotion, a visible blog post, a catalogue, a category or
 * brand, an enabled product's gallery or data sheet). Anything else — a buyer's attachment, an
 * assistant's document, the image of a draft — is "not found", and stops being found the moment its
 * record is unpublished. Images are served as WebP copies 400 and 1200 px wide, made once with sharp
 * and kept in storage beside the original.
 */
import { getDb } from "@server/db/client";
import { bannersHome, blogPosts, brands, catalogs, categories, files, products, storePromos } from "@server/db/schema";
import { getStorage, StorageUnavailableError, type StoredObject } from "@server/storage";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { IMAGE_MAX_PIXELS, PDF_MIME, isFileId } from "~/modules/files/rules";
import { fileKey, shopVariantKey } from "~/modules/files/storage.server";
import { currentPromotion, visibleBlog } from "./content.server";
import { MEDIA_WIDTHS } from "./schemas";

export type MediaRequest = { fileId: string; kind: "image"; width: (typeof MEDIA_WIDTHS)[number] } | { fileId: string; kind: "pdf" };

/** `<uuid>/400.webp`, `<uuid>/1200.webp` or `<uuid>/ficha.pdf`; null for anything else. */
export function parseMediaPath(fileId: string, name: string): MediaRequest | null {
  if (!isFileId(fileId)) return null;
  if (name === "ficha.pdf") return { fileId: fileId.toLowerCase(), kind: "pdf" };
  const match = /^(\d{3,4})\.webp$/.exec(name);
  const width = match ? Number(match[1]) : NaN;
  return (MEDIA_WIDTHS as readonly number[]).includes(width)
    ? { fileId: fileId.toLowerCase(), kind: "image", width: width as 400 | 1200 }
    : null;
}

const refersTo = (column: unknown, id: string) => sql`${column}->>'fileId' = ${id}`;
const listHolds = (column: unknown, id: string) => sql`${column} @> ${JSON.stringify([{ fileId: id }])}::jsonb`;

/** Whether a record the shop shows uses the file as an image (or, for a PDF, as a data sheet). */
async function isPublished(media: MediaRequest, now: Date) {
  const id = media.fileId;
  const uses =
    media.kind === "pdf"
      ? sql`exists (select 1 from ${products} where ${products.dataSheetId} = ${id} and ${products.isActive})`
      : sql`exists (select 1 from ${bannersHome} where ${refersTo(bannersHome.image, id)})
        or exists (select 1 from ${storePromos} where ${refersTo(storePromos.image, id)} and ${currentPromotion(now)})
        or exists (select 1 from ${blogPosts} where ${refersTo(blogPosts.featuredImage, id)} and ${visibleBlog(now)})
        or exists (select 1 from ${catalogs} where ${listHolds(catalogs.images, id)})
        or exists (select 1 from ${categories} where ${refersTo(categories.image, id)} or ${refersTo(categories.cover, id)})
        or exists (select 1 from ${brands} where ${refersTo(brands.image, id)} or ${refersTo(brands.cover, id)} or ${refersTo(brands.imgProduct, id)})
        or exists (select 1 from ${products} where ${listHolds(products.gallery, id)} and ${products.isActive})`;
  const result = (await getDb().execute(sql`select (${uses}) as ok`)) as unknown as { rows: Array<{ ok: boolean }> };
  const [row] = result.rows;
  return row?.ok === true;
}

export type ServedMedia = { object: StoredObject; contentType: string; name: string };

/**
 * The stored object to send for a public media address, or null (unknown, not the shop's, not
 * published, or not an image/PDF, or its original is gone). An image size is made the first time it
 * is asked for and kept in the store. Throws StorageUnavailableError when the store is down: the
 * router answers 503.
 */
export async function publicMedia(media: MediaRequest, now: Date): Promise<ServedMedia | null> {
  const [file] = await getDb()
    .select({
      id: files.id,
      filenameDisk: files.filenameDisk,
      origin: files.origin,
      mimeType: files.mimeType,
      name: files.filenameDownload,
    })
    .from(files)
    .where(eq(files.id, media.fileId))
    .limit(1);
  if (!file) return null;
  if (media.kind === "pdf" ? file.mimeType !== PDF_MIME : !file.mimeType.startsWith("image/")) return null;
  if (!(await isPublished(media, now))) return null;
  if (media.kind === "pdf") {
    const object = await getStorage().get(fileKey(file));
    return object && { object, contentType: PDF_MIME, name: file.name };
  }
  const key = shopVariantKey(file.id, media.width);
  const kept =
    (await getStorage().get(key)) ?? ((await writeVariant(fileKey(file), key, media.width)) ? await getStorage().get(key) : null);
  return kept && { object: kept, contentType: "image/webp", name: `${file.id}-${media.width}.webp` };
}

/**
 * One WebP width (never enlarged), made from the original and kept under its own key (a store write
 * is all or nothing: a reader never sees half of it). The original is read whole — sharp decodes all
 * its pixels anyway, and uploads are 15 MB at most. False when the original is gone or is not an
 * image sharp can read.
 */
async function writeVariant(originalKey: string, key: string, width: number): Promise<boolean> {
  const original = await getStorage().get(originalKey);
  if (!original) return false;
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of original.body) chunks.push(chunk as Buffer);
  } catch (error) {
    // The store stopped answering mid-file.
    throw new StorageUnavailableError("get", originalKey, error);
  }
  let data: Buffer;
  try {
    data = await sharp(Buffer.concat(chunks), { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return false;
  }
  await getStorage().put(key, { bytes: data }, { contentType: "image/webp" });
  return true;
}
