import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "@server/env";

/** The reply's attachment as the route read it (app/lib/multipart.server.ts). */
export type ParsedUpload = { name: string; type: string; data: Uint8Array } | { name: string; tooBig: true } | null;

export function uploadsDir() {
  return path.join(getEnv().DATA_DIR, "uploads", "messages");
}

/** Writes the bytes under DATA_DIR/uploads/messages with a random name; returns the disk name. */
export async function storeAttachment(file: { name: string; data: Uint8Array }) {
  const id = crypto.randomUUID();
  const ext = path.extname(file.name).replace(/[^.A-Za-z0-9]/g, "").slice(0, 10);
  const disk = `${id}${ext}`;
  await fs.mkdir(uploadsDir(), { recursive: true });
  await fs.writeFile(path.join(uploadsDir(), disk), file.data);
  return { id, disk };
}

export function attachmentPath(disk: string) {
  return path.join(uploadsDir(), path.basename(disk));
}
