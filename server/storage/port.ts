import type { Readable } from "node:stream";

/**
 * Where uploaded files live: the local disk (the embedded default) or an S3-compatible bucket that
 * several instances share. Keys are relative paths of letters, digits, ".", "_" and "-" segments
 * joined by "/" (`<uuid>.webp`, `messages/<uuid>.pdf`, `shop/<uuid>-w400.webp`); the app decides
 * them, the store only keeps bytes under them.
 */
export interface ObjectStore {
  readonly kind: "local" | "s3";
  /** For logs and the readiness answer: never carries a secret. */
  readonly description: string;
  /**
   * Keeps the bytes under `key`, all or nothing: a reader never sees half an object, and a failed or
   * refused write leaves nothing behind. A `file` source is read, not taken: the caller removes it.
   * Throws ObjectTooLargeError past `maxBytes`, StorageUnavailableError when the store fails.
   */
  put(key: string, source: PutSource, options: PutOptions): Promise<{ size: number; etag?: string }>;
  /** The object as a stream, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, read a page at a time (the nightly sweep). */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /**
   * A short-lived address a browser can fetch the object from without a session, when the store has
   * one (a bucket); null for the disk.
   */
  signedGetUrl(key: string, options: SignedGetOptions): Promise<string | null>;
  /** Proves the store takes writes: writes and removes a tiny probe object. */
  check(): Promise<StorageCheck>;
}

export type PutSource = { bytes: Uint8Array } | { stream: AsyncIterable<Uint8Array> } | { file: string };
export type PutOptions = { contentType: string; maxBytes?: number };
export type ObjectInfo = { key: string; size: number; contentType?: string; etag?: string; lastModified?: Date };
export type StoredObject = ObjectInfo & { body: Readable };
export type SignedGetOptions = { expiresInSeconds: number; contentType: string; contentDisposition: string };
export type StorageCheck = { ok: true } | { ok: false; message: string };

/** What a user reads when the store cannot keep or give a file (uploads and downloads answer 503). */
export const STORAGE_DOWN_MESSAGE = "El almacenamiento de archivos no responde. Intenta de nuevo en unos minutos.";

/** The store did not answer or refused to work (down, unreachable, full, wrong keys): a 503, never a 500. */
export class StorageUnavailableError extends Error {
  constructor(
    readonly operation: string,
    readonly key: string,
    cause: unknown,
  ) {
    super(STORAGE_DOWN_MESSAGE, { cause });
    this.name = "StorageUnavailableError";
  }
}

/** A streamed upload went past its size limit; nothing of it was kept. */
export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`El archivo pasa de ${maxBytes} bytes.`);
    this.name = "ObjectTooLargeError";
  }
}

export function isStorageUnavailable(error: unknown): error is StorageUnavailableError {
  return error instanceof StorageUnavailableError;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/**
 * Keys come from the app, but a disk adapter joins them to a folder: a key that could climb out of
 * it (`..`, an absolute path, a backslash) or hide in a dot folder is refused outright.
 */
export function checkKey(key: string): string {
  if (key.length === 0 || key.length > 512 || !KEY.test(key)) throw new Error(`Clave de almacenamiento no válida: ${JSON.stringify(key)}`);
  return key;
}

/** Counts bytes as they pass and stops past the limit, so a stream is never kept whole to be measured. */
export async function* limited(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number | undefined,
  seen: { size: number },
): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    seen.size += chunk.byteLength;
    if (maxBytes !== undefined && seen.size > maxBytes) throw new ObjectTooLargeError(maxBytes);
    yield chunk;
  }
}
