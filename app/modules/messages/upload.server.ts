import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { getEnv } from "@server/env";
import { ATTACHMENT_MAX_BYTES } from "./rules";

export type ParsedUpload = { name: string; type: string; data: Uint8Array } | { name: string; tooBig: true } | null;

/**
 * Reads the reply form. Only the first non-empty file of the `file` field is kept; a file over
 * 25 MB is drained (never held in memory whole) and reported as too big, so the typed text survives
 * and the spec's warning can be shown.
 */
export async function parseReplyForm(request: Request): Promise<{ formData: FormData; file: ParsedUpload }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data")) return { formData: await request.formData(), file: null };
  let file: ParsedUpload = null;
  const fileHandler: UploadHandler = async ({ name, filename, contentType, data }) => {
    if (name !== "file" || !filename) return undefined;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= ATTACHMENT_MAX_BYTES && file === null) chunks.push(chunk);
    }
    if (file !== null || size === 0) return ""; // only the first selected file is taken
    file = size > ATTACHMENT_MAX_BYTES ? { name: filename, tooBig: true } : { name: filename, type: contentType || "application/octet-stream", data: Buffer.concat(chunks) };
    return "";
  };
  const textHandler = unstable_createMemoryUploadHandler({ maxPartSize: 64 * 1024 });
  const formData = await unstable_parseMultipartFormData(request, async (part) => (part.name === "file" ? fileHandler(part) : textHandler(part)));
  return { formData, file };
}

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
