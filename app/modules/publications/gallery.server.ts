import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { getEnv } from "@server/env";
import { desc, eq, ilike, like, sql } from "drizzle-orm";
import sharp, { type Metadata } from "sharp";
import { IMAGE_MAX_BYTES, IMAGE_MIN_HEIGHT, IMAGE_MIN_WIDTH, TEXTS } from "./constants";
import type { DraftImage } from "./draft";

export type UploadResult = { ok: true; image: Omit<DraftImage, "sku" | "alt"> } | { ok: false; title: string; message: string };

const VARIANTS = [150, 800] as const;

export function uploadsDir() {
  return path.join(getEnv().DATA_DIR, "uploads");
}

/** The name a user sees (and the duplicate check compares): the file's own name without any path. */
function cleanName(name: string) {
  return path.basename(name.replace(/\\/g, "/")).normalize("NFC").trim().slice(0, 200);
}

export type StoreImageOptions = {
  minWidth: number;
  minHeight: number;
  /** Resized copies kept next to the original (each fits inside size × size, or width × height). */
  variants: ReadonlyArray<{ name: string; width: number; height: number }>;
  /** Texts for a refusal; the duplicate text gets the file's name. */
  invalidMessage: string;
  existsMessage: (name: string) => string;
};

const GALLERY_IMAGE: StoreImageOptions = {
  minWidth: IMAGE_MIN_WIDTH,
  minHeight: IMAGE_MIN_HEIGHT,
  variants: VARIANTS.map((size) => ({ name: String(size), width: size, height: size })),
  invalidMessage: TEXTS.imageInvalid,
  existsMessage: TEXTS.imageExists,
};

/**
 * An uploaded gallery image: refused when a file with that name already exists ('Imagen ya
 * existente'), when it is not an image or is smaller than 1500×1500 ('Imagen no válida'). Kept as
 * WebP with 150 and 800 px variants; nothing is written unless every check passed.
 */
export function uploadImage(file: File, userId: number): Promise<UploadResult> {
  return storeImage(file, userId, GALLERY_IMAGE);
}

/** About 50 megapixels: far above any catalogue image, far below what exhausts the server's memory. */
export const MAX_INPUT_PIXELS = 50_000_000;
const DECODE_LIMITS = { limitInputPixels: MAX_INPUT_PIXELS };

/** Any uploaded image with its own minimum size and variants (banners, covers…), same checks as the gallery. */
export async function storeImage(file: File, userId: number, options: StoreImageOptions): Promise<UploadResult> {
  const name = cleanName(file.name || "imagen");
  const invalid = { ok: false as const, title: TEXTS.imageInvalidTitle, message: options.invalidMessage };
  const exists = { ok: false as const, title: TEXTS.imageExistsTitle, message: options.existsMessage(name) };
  if (file.size === 0 || file.size > IMAGE_MAX_BYTES) return invalid;
  const [taken] = await getDb().select({ id: files.id }).from(files).where(sql`lower(${files.filenameDownload}) = ${name.toLowerCase()}`).limit(1);
  if (taken) return exists;
  const input = Buffer.from(await file.arrayBuffer());
  let meta: Metadata;
  try {
    meta = await sharp(input, DECODE_LIMITS).metadata();
  } catch {
    return invalid;
  }
  if (!meta.width || !meta.height || meta.width < options.minWidth || meta.height < options.minHeight) return invalid;
  // The header tells the size before any pixel is decoded: a 16000×16000 image is refused here.
  if (meta.width * meta.height > MAX_INPUT_PIXELS) return invalid;

  const id = crypto.randomUUID();
  const dir = uploadsDir();
  await fs.mkdir(dir, { recursive: true });
  const disk = `${id}.webp`;
  const written: string[] = [];
  let encoded = false;
  try {
    const original = await sharp(input, DECODE_LIMITS).rotate().webp({ quality: 85 }).toFile(path.join(dir, disk));
    written.push(disk);
    const variants = [];
    for (const variant of options.variants) {
      const variantDisk = `${id}-${variant.name}.webp`;
      const out = await sharp(input, DECODE_LIMITS).rotate().resize(variant.width, variant.height, { fit: "inside" }).webp({ quality: 80 }).toFile(path.join(dir, variantDisk));
      written.push(variantDisk);
      variants.push({ name: variant.name, width: out.width, height: out.height, disk: variantDisk });
    }
    encoded = true;
    await getDb().insert(files).values({
      id,
      filenameDisk: disk,
      filenameDownload: name,
      title: name.replace(/\.[^.]+$/, ""),
      mimeType: "image/webp",
      size: original.size,
      width: original.width,
      height: original.height,
      origin: "upload",
      variants,
      uploadedBy: userId,
    });
  } catch (error) {
    await Promise.all(written.map((f) => fs.rm(path.join(dir, f), { force: true })));
    if (isUniqueViolation(error)) return exists;
    // Whatever sharp cannot decode (a truncated or forged file) is an invalid image, not a failure.
    if (!encoded) return invalid;
    throw error;
  }
  return { ok: true, image: { fileId: id, url: `/files/${id}`, name, origin: "upload" } };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e === "object" && (e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export type LibraryImage = { fileId: string; url: string; name: string };

/** The files library: recent images, optionally by name. */
export async function listLibraryImages(search: string, limit = 18): Promise<LibraryImage[]> {
  const term = search.trim();
  const rows = await getDb()
    .select({ id: files.id, name: files.filenameDownload })
    .from(files)
    .where(term ? sql`${like(files.mimeType, "image/%")} and ${ilike(files.filenameDownload, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}` : like(files.mimeType, "image/%"))
    .orderBy(desc(files.createdAt))
    .limit(limit);
  return rows.map((r) => ({ fileId: r.id, url: `/files/${r.id}`, name: r.name }));
}

export async function libraryImage(fileId: string): Promise<LibraryImage | null> {
  if (!/^[0-9a-f-]{36}$/i.test(fileId)) return null;
  const [row] = await getDb().select({ id: files.id, name: files.filenameDownload, mime: files.mimeType }).from(files).where(eq(files.id, fileId)).limit(1);
  return row && row.mime.startsWith("image/") ? { fileId: row.id, url: `/files/${row.id}`, name: row.name } : null;
}
