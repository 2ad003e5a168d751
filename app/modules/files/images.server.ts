import crypto from "node:crypto";
import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { getStorage, isStorageUnavailable } from "@server/storage";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { FILE_TEXTS, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, ORIGIN_UPLOAD } from "./rules";
import { cleanFileName, fileNameTaken, isUniqueViolation, removeStored, storageDown } from "./storage.server";

export type StoredImage = { fileId: string; url: string; name: string; origin: string };
/** A refused upload: not an image we take (invalid), a name already taken (conflict), or the store is down (unavailable, a 503). */
export type UploadRefusal = { ok: false; reason: "invalid" | "conflict" | "unavailable"; title: string; message: string };
export type UploadResult = { ok: true; image: StoredImage } | UploadRefusal;

export type StoreImageOptions = {
  minWidth: number;
  minHeight: number;
  /** Resized copies kept next to the original (each fits inside width × height). */
  variants: ReadonlyArray<{ name: string; width: number; height: number }>;
  /** Texts for a refusal; the duplicate text gets the file's name. */
  invalidMessage: string;
  existsMessage: (name: string) => string;
};

/** Spec 5: gallery, featured and brand product images are at least 1500×1500, with 150 and 800 WebP variants. */
export const SQUARE_IMAGE: StoreImageOptions = {
  minWidth: 1500,
  minHeight: 1500,
  variants: [150, 800].map((size) => ({ name: String(size), width: size, height: size })),
  invalidMessage: FILE_TEXTS.imageInvalid(1500, 1500),
  existsMessage: FILE_TEXTS.imageExists,
};

/** Spec 5 'Product (non-combo)': a product's gallery image, whose duplicate text names no file. */
export const PRODUCT_IMAGE: StoreImageOptions = { ...SQUARE_IMAGE, existsMessage: () => FILE_TEXTS.productImageExists };

/** Spec 5: category and brand covers are at least 1800×600, with a 1200×400 variant. */
export const COVER_IMAGE: StoreImageOptions = {
  minWidth: 1800,
  minHeight: 600,
  variants: [{ name: "1200", width: 1200, height: 400 }],
  invalidMessage: FILE_TEXTS.imageInvalid(1800, 600),
  existsMessage: FILE_TEXTS.imageExists,
};

/**
 * An uploaded gallery image: refused when a file with that name already exists ('Imagen ya
 * existente'), when it is not an image or is smaller than 1500×1500 ('Imagen no válida').
 */
export function uploadImage(file: File, userId: number): Promise<UploadResult> {
  return storeImage(file, userId, SQUARE_IMAGE);
}

/**
 * Any uploaded image with its own minimum size and variants. Everything is decoded and encoded in
 * memory first (a truncated or fake image, or one whose pixel count would blow up the decoder, is
 * refused there); only then are the objects written, then the row; a failure removes what was
 * written, so nothing half-stored stays. A store that is down is a refusal of its own.
 */
export async function storeImage(file: File, userId: number, options: StoreImageOptions): Promise<UploadResult> {
  const name = cleanFileName(file.name || "imagen");
  const invalid = (message = options.invalidMessage): UploadRefusal => ({
    ok: false,
    reason: "invalid",
    title: FILE_TEXTS.imageInvalidTitle,
    message,
  });
  const exists: UploadRefusal = { ok: false, reason: "conflict", title: FILE_TEXTS.imageExistsTitle, message: options.existsMessage(name) };
  if (file.size === 0) return invalid(FILE_TEXTS.imageUnreadable);
  if (file.size > IMAGE_MAX_BYTES) return invalid(FILE_TEXTS.imageTooLarge);
  if (await fileNameTaken(name)) return exists;
  const input = Buffer.from(await file.arrayBuffer());
  const open = () => sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "truncated" });

  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch (error) {
    // sharp refuses from the header alone when the declared size passes the pixel limit.
    return invalid(error instanceof Error && /pixel limit/i.test(error.message) ? FILE_TEXTS.imageTooLarge : FILE_TEXTS.imageUnreadable);
  }
  if (!meta.width || !meta.height) return invalid(FILE_TEXTS.imageUnreadable);
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) return invalid(FILE_TEXTS.imageTooLarge);
  if (meta.width < options.minWidth || meta.height < options.minHeight) return invalid();

  let encoded: { data: Buffer; info: OutputInfo }[];
  try {
    encoded = await Promise.all([
      open().rotate().webp({ quality: 85 }).toBuffer({ resolveWithObject: true }),
      ...options.variants.map((v) =>
        open().rotate().resize(v.width, v.height, { fit: "inside" }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
      ),
    ]);
  } catch {
    return invalid(FILE_TEXTS.imageUnreadable);
  }

  const id = crypto.randomUUID();
  const disks = [`${id}.webp`, ...options.variants.map((v) => `${id}-${v.name}.webp`)];
  const written: string[] = [];
  try {
    for (const [k, out] of encoded.entries()) {
      await getStorage().put(disks[k], { bytes: out.data }, { contentType: "image/webp" });
      written.push(disks[k]);
    }
  } catch (error) {
    await removeStored(written);
    if (isStorageUnavailable(error)) return storageDown();
    throw error;
  }
  try {
    const [original, ...variants] = encoded;
    await getDb()
      .insert(files)
      .values({
        id,
        filenameDisk: disks[0],
        filenameDownload: name,
        title: name.replace(/\.[^.]+$/, ""),
        mimeType: "image/webp",
        size: original.info.size,
        width: original.info.width,
        height: original.info.height,
        origin: ORIGIN_UPLOAD,
        variants: variants.map((out, k) => ({
          name: options.variants[k].name,
          width: out.info.width,
          height: out.info.height,
          disk: disks[k + 1],
        })),
        uploadedBy: userId,
      });
  } catch (error) {
    await removeStored(written);
    if (isUniqueViolation(error)) return exists;
    throw error;
  }
  return { ok: true, image: { fileId: id, url: `/files/${id}`, name, origin: ORIGIN_UPLOAD } };
}
