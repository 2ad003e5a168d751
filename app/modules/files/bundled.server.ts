import fs from "node:fs/promises";
import path from "node:path";
import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { inArray } from "drizzle-orm";
import sharp from "sharp";
import type { StoredImage, StoreImageOptions } from "./images.server";
import { ORIGIN_LIBRARY } from "./rules";
import { uploadsDir } from "./storage.server";

/** An image that ships with the app (under `public/`) and is used as a library file. */
export type BundledImage = { id: string; publicPath: string; name: string; title: string };

/** Where `public/` is: the server runs from the project root, in development, tests and production. */
function publicFile(publicPath: string) {
  return path.join(process.cwd(), "public", ...publicPath.split("/").filter(Boolean));
}

async function exists(file: string) {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/**
 * Makes bundled images real library files: a `files` row with a fixed id and the original plus its
 * variants on disk, written the first time they are needed (a fresh database, a wiped upload
 * folder). Records point at them like at any upload, so they can be removed, reordered and saved.
 * An image whose name a user's upload already took is left out rather than overwriting that file.
 */
export async function ensureBundledImages(images: readonly BundledImage[], options: StoreImageOptions): Promise<StoredImage[]> {
  if (images.length === 0) return [];
  const dir = uploadsDir();
  const disks = (id: string) => [`${id}.webp`, ...options.variants.map((v) => `${id}-${v.name}.webp`)];
  const found = await getDb().select({ id: files.id }).from(files).where(inArray(files.id, images.map((i) => i.id)));
  const stored = new Set(found.map((r) => r.id));
  for (const image of images) {
    const onDisk = (await Promise.all(disks(image.id).map((d) => exists(path.join(dir, d))))).every(Boolean);
    if (stored.has(image.id) && onDisk) continue;
    const input = await fs.readFile(publicFile(image.publicPath));
    const open = () => sharp(input);
    const [original, ...variants] = await Promise.all([
      open().webp({ quality: 85 }).toBuffer({ resolveWithObject: true }),
      ...options.variants.map((v) => open().resize(v.width, v.height, { fit: "inside" }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true })),
    ]);
    await fs.mkdir(dir, { recursive: true });
    const names = disks(image.id);
    await Promise.all([original, ...variants].map((out, k) => fs.writeFile(path.join(dir, names[k]), out.data)));
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
        variants: variants.map((out, k) => ({ name: options.variants[k].name, width: out.info.width, height: out.info.height, disk: names[k + 1] })),
      })
      .onConflictDoNothing()
      .returning({ id: files.id });
    if (inserted.length || stored.has(image.id)) stored.add(image.id);
    else await Promise.all(names.map((n) => fs.rm(path.join(dir, n), { force: true })));
  }
  return images.filter((i) => stored.has(i.id)).map((i) => ({ fileId: i.id, url: `/files/${i.id}`, name: i.name, origin: ORIGIN_LIBRARY }));
}
