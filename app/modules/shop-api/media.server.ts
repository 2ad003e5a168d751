/**
 * Files the shop may load without a session: an image or data sheet that a record the shop shows
 * points at (the home banner, a current promotion, a visible blog post, a catalogue, a category or
 * brand, an enabled product's gallery or data sheet). Anything else — a buyer's attachment, an
 * assistant's document, the image of a draft — is "not found", and stops being found the moment its
 * record is unpublished. Images are served as WebP copies 400 and 1200 px wide, made once with sharp
 * and kept in storage beside the original.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { getDb } from "@server/db/client";
import { bannersHome, blogPosts, brands, catalogs, categories, files, products, storePromos } from "@server/db/schema";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { IMAGE_MAX_PIXELS, PDF_MIME, isFileId } from "~/modules/files/rules";
import { uploadsDir } from "~/modules/files/storage.server";
import { currentPromotion, visibleBlog } from "./content.server";
import { MEDIA_WIDTHS } from "./schemas";

export type MediaRequest = { fileId: string; kind: "image"; width: (typeof MEDIA_WIDTHS)[number] } | { fileId: string; kind: "pdf" };

/** `<uuid>/400.webp`, `<uuid>/1200.webp` or `<uuid>/ficha.pdf`; null for anything else. */
export function parseMediaPath(fileId: string, name: string): MediaRequest | null {
  if (!isFileId(fileId)) return null;
  if (name === "ficha.pdf") return { fileId: fileId.toLowerCase(), kind: "pdf" };
  const match = /^(\d{3,4})\.webp$/.exec(name);
  const width = match ? Number(match[1]) : NaN;
  return (MEDIA_WIDTHS as readonly number[]).includes(width) ? { fileId: fileId.toLowerCase(), kind: "image", width: width as 400 | 1200 } : null;
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

export type ServedMedia = { path: string; contentType: string; name: string };

/**
 * The file on disk to send for a public media address, or null (unknown, not the shop's, not
 * published, or not an image/PDF). An image size is written the first time it is asked for.
 */
export async function publicMedia(media: MediaRequest, now: Date): Promise<ServedMedia | null> {
  const [file] = await getDb()
    .select({ id: files.id, disk: files.filenameDisk, mimeType: files.mimeType, name: files.filenameDownload })
    .from(files)
    .where(eq(files.id, media.fileId))
    .limit(1);
  if (!file) return null;
  if (media.kind === "pdf" ? file.mimeType !== PDF_MIME : !file.mimeType.startsWith("image/")) return null;
  if (!(await isPublished(media, now))) return null;
  const original = path.join(uploadsDir(), path.basename(file.disk));
  if (media.kind === "pdf") return { path: original, contentType: PDF_MIME, name: file.name };
  const variant = path.join(uploadsDir(), "shop", `${file.id}-w${media.width}.webp`);
  try {
    await fs.access(variant);
  } catch {
    try {
      await writeVariant(original, variant, media.width);
    } catch {
      return null;
    }
  }
  return { path: variant, contentType: "image/webp", name: `${file.id}-${media.width}.webp` };
}

/** One WebP width (never enlarged), written under a temporary name and renamed so a reader never sees half a file. */
async function writeVariant(original: string, target: string, width: number) {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  await sharp(original, { limitInputPixels: IMAGE_MAX_PIXELS }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toFile(temp);
  await fs.rename(temp, target);
}
