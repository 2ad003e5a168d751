import { audit } from "~/modules/logs/audit.server";
import { uploadImage, type StoredImage, type UploadRefusal } from "./images.server";
import { libraryImage } from "./library.server";
import { ORIGIN_LIBRARY } from "./rules";

/**
 * The one image of a record (a promotion's, a blog post's featured image) as the record keeps it,
 * with its origin (spec 3 'File entry origins'): taken from the files library, or uploaded from the
 * record's dialog.
 */

/** An image of the files library, marked as taken from it (null: no such image any more). */
export async function pickedLibraryImage(fileId: string): Promise<StoredImage | null> {
  const found = await libraryImage(fileId);
  return found ? { ...found, origin: ORIGIN_LIBRARY } : null;
}

/** Uploads a chosen file to the library, audited under the record's tags, marked as uploaded; or the refusal. */
export async function uploadRecordImage(
  file: File,
  actor: { id: number },
  tags: string[],
): Promise<{ ok: true; image: StoredImage } | UploadRefusal> {
  const uploaded = await uploadImage(file, actor.id);
  if (!uploaded.ok) return uploaded;
  await audit({
    message: `Imagen ${uploaded.image.name} subida`,
    type: "create",
    tags: [...tags, "archivos"],
    identifier: uploaded.image.fileId,
    userId: actor.id,
  });
  return uploaded;
}
