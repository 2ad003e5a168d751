import crypto from "node:crypto";
import path from "node:path";
import { getStorage } from "@server/storage";
import type { PostedFile, StagedFile } from "~/lib/multipart.server";
import { ORIGIN_MESSAGE } from "~/modules/files/rules";
import { fileKey } from "~/modules/files/storage.server";

/** The reply's attachment as the route read it (app/lib/multipart.server.ts): staged on disk. */
export type ParsedUpload = PostedFile;

/**
 * Keeps the staged attachment in the store under `messages/` with a random name, streamed from the
 * staged copy (never read whole). The staged copy stays where it is: the marketplace adapter sends
 * it from there, and the route removes it once the reply is answered. Throws
 * StorageUnavailableError when the store is down.
 */
export async function storeAttachment(file: StagedFile) {
  const id = crypto.randomUUID();
  const ext = path
    .extname(file.name)
    .replace(/[^.A-Za-z0-9]/g, "")
    .slice(0, 10);
  const disk = `${id}${ext}`;
  const key = fileKey({ filenameDisk: disk, origin: ORIGIN_MESSAGE });
  await getStorage().put(key, { file: file.path }, { contentType: file.type });
  return { id, disk, key };
}
