import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import type { Socket } from "node:net";
import path from "node:path";
import { forEachPart } from "./multipart-parts";
import type { NextFunction, Request, Response } from "express";
import { FORM_MAX_BYTES, formatMegabytes, multipartLimitsFor, type BodyLimits } from "./body-limits";
import { refuse } from "./refusal";
import { hasForgedListIndex, INTENT_FIELD, isForgedListField } from "@common/forged-list-index";

/** What the app will read instead of the socket: a checked form, in memory (small) or on disk. */
export type CheckedBody = { contentType: string; data: Buffer } | { contentType: string; file: string };

export const BODY_MESSAGES = {
  tooLarge: (limit: number) =>
    `La solicitud supera el tamaño máximo permitido (${formatMegabytes(limit)}). Reduce el archivo o el texto e inténtalo de nuevo.`,
  fileTooLarge: (limit: number) => `El archivo supera el tamaño máximo permitido (${formatMegabytes(limit)}).`,
  textTooLarge: (limit: number) => `Un campo de texto supera el tamaño máximo permitido (${formatMegabytes(limit)}).`,
  tooManyParts: "El formulario tiene demasiados campos o archivos.",
  unsupported: "La solicitud no es un formulario válido. Envía los datos desde la página.",
  broken: "El formulario llegó incompleto o dañado. Vuelve a enviarlo.",
  nul: "El formulario contiene caracteres no permitidos.",
  listIndex: "El formulario no es válido.",
} as const;

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const SPOOL_DIR = path.join(os.tmpdir(), "backoffice-uploads");

/** Reads at most `limit` bytes of the body, into memory or a spool file; more than that is a refusal. */
async function readBounded(req: Request, limit: number, toFile: string | null): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  const out = toFile ? fs.createWriteStream(toFile, { flags: "wx", mode: 0o600 }) : null;
  try {
    // Leaving the loop on a refusal must not destroy the request: a destroyed request detaches its
    // socket and stops its reading, so the rest of the body is never drained.
    for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > limit) throw new Refusal(413, BODY_MESSAGES.tooLarge(limit));
      if (out) {
        if (!out.write(chunk)) await new Promise((resolve) => out.once("drain", resolve));
      } else chunks.push(chunk);
    }
  } finally {
    if (out) await new Promise((resolve) => out.end(resolve));
  }
  return out ? null : Buffer.concat(chunks);
}

function hasNul(text: string) {
  return text.includes("\0") || /%00/i.test(text);
}

/**
 * The parts of a spooled multipart body, checked one by one without holding any of them whole, with
 * the same parser the app's upload handlers use.
 */
async function checkMultipart(file: string, contentType: string, limits: BodyLimits) {
  let parts = 0;
  let files = 0;
  try {
    await forEachPart(fs.createReadStream(file), contentType, async ({ name, filename, data }) => {
      parts += 1;
      const isFile = typeof filename === "string";
      if (isFile) files += 1;
      if (parts > limits.maxParts || files > limits.maxFiles) throw new Refusal(413, BODY_MESSAGES.tooManyParts);
      if (hasNul(name) || (isFile && filename.includes("\0"))) throw new Refusal(400, BODY_MESSAGES.nul);
      if (isForgedListField(name, "")) throw new Refusal(400, BODY_MESSAGES.listIndex);
      const max = isFile ? limits.maxFileBytes : limits.maxTextBytes;
      let size = 0;
      const intent: Uint8Array[] = [];
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size > max) throw new Refusal(413, isFile ? BODY_MESSAGES.fileTooLarge(max) : BODY_MESSAGES.textTooLarge(max));
        if (!isFile && chunk.includes(0)) throw new Refusal(400, BODY_MESSAGES.nul);
        if (name === INTENT_FIELD) intent.push(chunk);
      }
      if (intent.length && isForgedListField(name, Buffer.concat(intent).toString("utf8"))) throw new Refusal(400, BODY_MESSAGES.listIndex);
    });
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(400, BODY_MESSAGES.broken);
  }
}

/**
 * Whether the spooled body opens with its boundary's delimiter and ends with its close delimiter
 * (CRLFs around them aside), as the platform's form parser requires: the streaming parser above reads
 * a body that never names its boundary as a form with no fields, and a body cut before its close
 * delimiter as the parts it got, where `request.formData()` fails on both.
 */
async function framedByBoundary(file: string, boundary: string) {
  const open = Buffer.from(`--${boundary}`);
  const close = Buffer.from(`--${boundary}--`);
  const handle = await fs.promises.open(file, "r");
  try {
    const { size } = await handle.stat();
    const edge = Math.min(size, close.length + 1024);
    const head = Buffer.alloc(edge);
    const tail = Buffer.alloc(edge);
    await handle.read(head, 0, edge, 0);
    await handle.read(tail, 0, edge, size - edge);
    let start = 0;
    while (head[start] === 13 && head[start + 1] === 10) start += 2;
    let end = tail.length;
    while (tail[end - 1] === 10 && tail[end - 2] === 13) end -= 2;
    return (
      head.subarray(start, start + open.length).equals(open) && end >= close.length && tail.subarray(end - close.length, end).equals(close)
    );
  } finally {
    await handle.close();
  }
}

function multipartBoundary(contentType: string) {
  const match = /^multipart\/form-data\s*;\s*boundary=("?)([^";]{1,70})\1\s*$/i.exec(contentType);
  return match?.[2] ?? null;
}

/**
 * Every non-GET body is bounded before it is read and checked before the app sees it: only HTML
 * forms are accepted (url-encoded up to 1 MB, multipart within the path's limits, streamed to a spool
 * file), and what the app would choke on (NUL bytes, broken multipart) is refused with a 4xx here.
 */
/** How long a refused body that is still arriving is read and dropped before the connection is cut. */
const LINGER_MS = 5_000;

/**
 * A lingering close, as web servers do it, for a connection whose body was refused half-read. Node
 * closes a `Connection: close` answer's socket by destroying it as soon as the answer is written
 * (`destroySoon`); a client still sending then gets a reset, which can discard its 413 before it is
 * read. Here the socket only ends its side after the answer, what keeps arriving is dropped, and it
 * is cut after `LINGER_MS` (or as soon as the client closes).
 */
function closeAfterLingering(req: Request) {
  req.socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
  // Not in this tick: the loop that read the body has just let go of its 'readable' listener, and
  // until Node notices (on the next tick) a resume() would leave the request paused.
  setImmediate(() => req.resume());
}

export function boundedBody() {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (/%00/i.test(req.originalUrl)) return refuse(res, 400, BODY_MESSAGES.nul);
    if (req.method === "GET" || req.method === "HEAD") return next();

    const contentType = (req.get("content-type") ?? "").trim();
    const mediaType = contentType.split(";")[0].trim().toLowerCase();
    const declared = req.get("content-length");
    const hasBody = req.get("transfer-encoding") !== undefined || (declared !== undefined && declared !== "0");
    let spool: string | null = null;
    try {
      if (!hasBody) {
        // A bodiless post (a bare logout button) reads as an empty form instead of failing to parse.
        res.locals.checkedBody = { contentType: "application/x-www-form-urlencoded", data: Buffer.alloc(0) } satisfies CheckedBody;
        return next();
      }
      if (mediaType === "application/x-www-form-urlencoded") {
        if (Number(declared) > FORM_MAX_BYTES) throw new Refusal(413, BODY_MESSAGES.tooLarge(FORM_MAX_BYTES));
        const data = (await readBounded(req, FORM_MAX_BYTES, null))!;
        if (hasNul(data.toString("latin1"))) throw new Refusal(400, BODY_MESSAGES.nul);
        if (hasForgedListIndex(new URLSearchParams(data.toString("utf8")))) throw new Refusal(400, BODY_MESSAGES.listIndex);
        res.locals.checkedBody = { contentType, data } satisfies CheckedBody;
        return next();
      }
      if (mediaType === "multipart/form-data") {
        const boundary = multipartBoundary(contentType);
        if (!boundary) throw new Refusal(400, BODY_MESSAGES.broken);
        const limits = multipartLimitsFor(req.path);
        if (Number(declared) > limits.maxBytes) throw new Refusal(413, BODY_MESSAGES.tooLarge(limits.maxBytes));
        await fs.promises.mkdir(SPOOL_DIR, { recursive: true, mode: 0o700 });
        spool = path.join(SPOOL_DIR, crypto.randomUUID());
        const file = spool;
        res.on("close", () => void fs.promises.rm(file, { force: true }));
        await readBounded(req, limits.maxBytes, spool);
        if (!(await framedByBoundary(spool, boundary))) throw new Refusal(400, BODY_MESSAGES.broken);
        await checkMultipart(spool, contentType, limits);
        res.locals.checkedBody = { contentType, file: spool } satisfies CheckedBody;
        return next();
      }
      throw new Refusal(400, BODY_MESSAGES.unsupported);
    } catch (error) {
      if (!(error instanceof Refusal)) return next(error);
      const unread = !req.readableEnded;
      if (unread) closeAfterLingering(req);
      // With the body left unread the connection cannot serve another request: the answer says so.
      refuse(res, error.status, error.message, { closeConnection: unread });
    }
  };
}
