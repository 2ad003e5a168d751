import fs from "node:fs/promises";
import path from "node:path";
import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { getStorage, isStorageUnavailable } from "@server/storage";
import { inArray } from "drizzle-orm";
import sharp from "sharp";
import type { StoredImage, StoreImageOptions } from "./images.server";
import { ORIGIN_LIBRARY } from "./rules";
import { removeStored } from "./storage.server";

/** An image that ships with the app (under `public/`) and is used as a library file. */
export type BundledImage = { id: string; publicPath: string; name: string; title: string };

/** Where `public/` is: the server runs from the project root, in development, tests and production. */
function publicFile(publicPath: string) {
  return path.join(process.cwd(), "public", ...publicPath.split("/").filter(Boolean));
}

/**
 * Makes bundled images real library files: a `files` row with a fixed id and the original plus its
 * variants in the store, written the first time they are needed (a fresh database, a wiped upload
 * folder or bucket). Records point at them like at any upload, so they can be removed, reordered and
 * saved. An image whose name a user's upload already took is left out rather than overwriting that
 * file. A store that is down writes nothing: the images already recorded are still given (their
 * addresses answer once it is back), so a new publication opens all the same.
 */
export async function ensureBundledImages(images: readonly BundledImage[], options: StoreImageOptions): Promise<StoredImage[]> {
  if (images.length === 0) return [];
  const disks = (id: string) => [`${id}.webp`, ...options.variants.map((v) => `${id}-${v.name}.webp`)];
  const found = await getDb()
    .select({ id: files.id })
    .from(files)
    .where(
      inArray(
        files.id,
        images.map((i) => i.id),
      ),
    );
  const stored = new Set(found.map((r) => r.id));
  try {
    for (const image of images) await ensureBundledImage(image, options, disks(image.id), stored);
  } catch (error) {
    if (!isStorageUnavailable(error)) throw error;
  }
  return images.filter((i) => stored.has(i.id)).map((i) => ({ fileId: i.id, url: `/files/${i.id}`, name: i.name, origin: ORIGIN_LIBRARY }));
}

async function ensureBundledImage(image: BundledImage, options: StoreImageOptions, names: string[], stored: Set<string>) {
  const inStore = (await Promise.all(names.map((d) => getStorage().head(d)))).every(Boolean);
  if (stored.has(image.id) && inStore) return;
  const input = await fs.readFile(publicFile(image.publicPath));
  const open = () => sharp(input);
  const [original, ...variants] = await Promise.all([
    open().webp({ quality: 85 }).toBuffer({ resolveWithObject: true }),
    ...options.variants.map((v) =>
      open().resize(v.width, v.height, { fit: "inside" }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
    ),
  ]);
  for (const [k, out] of [original, ...variants].entries())
    await getStorage().put(names[k], { bytes: out.data }, { contentType: "image/webp" });
  const inserted = await getDb()
    .insert(files)
    .values({
      id: image.id,
      filenameDisk: names[0],
      filenameDownload: image.name,
      title: image.title,
      mimeType: "image/webp",
      size: original.info.size,
      width: original.info.width,
      height: original.info.height,
      origin: ORIGIN_LIBRARY,
      variants: variants.map((out, k) => ({
        name: options.variants[k].name,
        width: out.info.width,
        height: out.info.height,
        disk: names[k + 1],
      })),
    })
    .onConflictDoNothing()
    .returning({ id: files.id });
  if (inserted.length || stored.has(image.id)) stored.add(image.id);
  else await removeStored(names);
}
