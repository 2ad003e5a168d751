import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "@server/env";
import type { PostedFile, StagedFile } from "~/lib/multipart.server";

/** The reply's attachment as the route read it (app/lib/multipart.server.ts): staged on disk. */
export type ParsedUpload = PostedFile;

export function uploadsDir() {
  return path.join(getEnv().DATA_DIR, "uploads", "messages");
}

/**
 * Moves the staged attachment under DATA_DIR/uploads/messages with a random name (a rename: the
 * bytes are not read again); returns the disk name.
 */
export async function storeAttachment(file: StagedFile) {
  const id = crypto.randomUUID();
  const ext = path.extname(file.name).replace(/[^.A-Za-z0-9]/g, "").slice(0, 10);
  const disk = `${id}${ext}`;
  await fs.mkdir(uploadsDir(), { recursive: true });
  await fs.rename(file.path, path.join(uploadsDir(), disk));
  return { id, disk };
}

export function attachmentPath(disk: string) {
  return path.join(uploadsDir(), path.basename(disk));
}
