import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { readMultipartForm, type MultipartPart } from "@server/http/multipart-parts";
import { getEnv } from "@server/env";
import { readForm, unreadableForm } from "./http.server";
import { storageDownResponse } from "./stored-file.server";
import { log } from "@server/ops/log";

/**
 * The one file a form carried, already on disk: `path` is a staged copy the command streams into the
 * file store (server/storage; on the disk store, a second name for the same file), `head` its first
 * bytes for signature checks. Over the cap only its name is kept. The staged copy is the route's to
 * discard once the command has run (`discardPostedFile`); the nightly job removes any that a crash
 * left behind.
 */
export type StagedFile = { name: string; type: string; size: number; path: string; head: Uint8Array };
export type PostedFile = StagedFile | { name: string; tooBig: true } | null;

/** A text field of an upload form is read whole up to this size. */
const TEXT_PART_MAX_BYTES = 64 * 1024;

/** Bytes of a file kept in `head`: enough for any signature the commands check. */
const HEAD_BYTES = 16;

/**
 * Where uploads wait for their command: on this machine whatever the store (a bucket takes them from
 * here as a stream), and beside the disk store's files, so that store keeps one without copying it.
 */
export function stagingDir() {
  return path.join(getEnv().DATA_DIR, "uploads", ".incoming");
}

type Staged = { size: number; path: string; head: Uint8Array } | { tooBig: true } | { empty: true };

/**
 * Writes a file part to the staging folder as it is parsed, a chunk at a time: the file is never held
 * whole in memory. Past `maxBytes` nothing more is written, the rest is drained and the partial copy
 * removed.
 */
async function stage(data: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Staged> {
  const dir = stagingDir();
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, crypto.randomUUID());
  let size = 0;
  let head = Buffer.alloc(0);
  try {
    await pipeline(
      async function* () {
        for await (const chunk of data) {
          size += chunk.byteLength;
          if (size > maxBytes) continue;
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, Buffer.from(chunk.subarray(0, HEAD_BYTES - head.length))]);
          yield chunk;
        }
      },
      fs.createWriteStream(file, { flags: "wx", mode: 0o600 }),
    );
  } catch (error) {
    await fs.promises.rm(file, { force: true });
    throw error;
  }
  if (size > maxBytes || size === 0) {
    await fs.promises.rm(file, { force: true });
    return size === 0 ? { empty: true } : { tooBig: true };
  }
  return { size, path: file, head: new Uint8Array(head) };
}

/**
 * Reads a form that may carry one file in its `file` field (a reply attachment, a PDF sheet). Only
 * the first non-empty file is kept, streamed to a staged file; one over `maxBytes` is drained and
 * reported as too big, so the typed fields survive and the form can say why. The other fields come
 * back as FormData; a form sent without multipart is read as usual.
 */
export async function readFormWithFile(request: Request, maxBytes: number): Promise<{ formData: FormData; file: PostedFile }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data")) return { formData: await readForm(request), file: null };
  let file: PostedFile = null;
  const fileHandler = async ({ filename, contentType, data }: MultipartPart) => {
    if (!filename || file !== null) {
      for await (const _chunk of data) void _chunk;
      return undefined;
    }
    const staged = await stage(data, maxBytes);
    if ("empty" in staged) return "";
    file =
      "tooBig" in staged
        ? { name: filename, tooBig: true }
        : { name: filename, type: contentType || "application/octet-stream", ...staged };
    return "";
  };
  /** Any other part is read whole, 64 KB at most: a text field as its text, a small file as a File. */
  const textHandler = async ({ filename, contentType, data }: MultipartPart) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > TEXT_PART_MAX_BYTES) throw new Error("campo de texto demasiado grande");
      chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks);
    return filename === undefined ? bytes.toString("utf8") : new File([bytes], filename, { type: contentType });
  };
  try {
    const formData = await readMultipartForm(request, (part) => (part.name === "file" ? fileHandler(part) : textHandler(part)));
    return { formData, file };
  } catch (error) {
    await discardPostedFile(file);
    // The disk that stages uploads failing (full, read-only: an errno code) is the file store's fault,
    // said like it (a 503: try again later); Node's own ERR_* stay the server's (a 500); anything else
    // is a body that does not parse.
    const code = (error as NodeJS.ErrnoException)?.code;
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) {
      log.error({ err: error }, "Almacenamiento: subida no recibida");
      throw storageDownResponse();
    }
    if (typeof code === "string" && code.startsWith("E")) throw error;
    throw unreadableForm();
  }
}

/** Removes the staged copy of a posted file, kept in the store or not. */
export async function discardPostedFile(file: PostedFile) {
  if (file && "path" in file) await fs.promises.rm(file.path, { force: true });
}
