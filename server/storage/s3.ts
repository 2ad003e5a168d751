import crypto from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, paginateListObjectsV2, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { describeStorage, type S3StorageConfig } from "./config";
import {
  checkKey,
  limited,
  ObjectTooLargeError,
  StorageUnavailableError,
  type ObjectInfo,
  type ObjectStore,
  type StorageCheck,
} from "./port";
import { log } from "../ops/log";

/** Parts of a streamed upload: S3's smallest, and two in flight, so an upload holds at most ~10 MB. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** A store that does not answer must not hold a request for minutes: fail, and the user is told. */
const CONNECT_TIMEOUT_MS = 3_000;
// Also the longest a download may sit unread by a stalled browser before its stream is cut.
const IDLE_TIMEOUT_MS = 30_000;
const CHECK_TIMEOUT_MS = 5_000;

type SdkError = { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };

/** The object is not there (a bucket that is not there is a broken store, not a missing file). */
function isMissing(error: unknown) {
  const e = error as SdkError;
  if (e?.name === "NoSuchBucket") return false;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/** Finds a size refusal however the SDK wrapped the stream's error. */
function tooLarge(error: unknown): ObjectTooLargeError | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof ObjectTooLargeError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export function createS3Client(config: S3StorageConfig) {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: S3-compatible servers (MinIO's older releases, Ceph)
    // refuse the newer streaming checksum headers the SDK would otherwise add to every upload.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
  });
}

/**
 * A bucket of an S3-compatible store (AWS, MinIO…), every key under the configured prefix. Uploads go
 * through lib-storage's Upload a part at a time (never the whole file in memory); downloads are the
 * object's own stream.
 */
export function createS3Store(config: S3StorageConfig, client: S3Client = createS3Client(config)): ObjectStore {
  const Bucket = config.bucket;
  const fullKey = (key: string) => `${config.prefix}${checkKey(key)}`;
  const failed = (operation: string, key: string, error: unknown): never => {
    const e = error as SdkError;
    log.error(
      { bucket: Bucket, operation, key, error: `${e?.name ?? "Error"}: ${e?.message ?? String(error)}` },
      "Almacenamiento S3: no responde",
    );
    throw new StorageUnavailableError(operation, key, error);
  };

  const store: ObjectStore = {
    kind: "s3",
    description: describeStorage(config, ""),

    async put(key, source, options) {
      const Key = fullKey(key);
      const seen = { size: 0 };
      let Body: Buffer | Readable;
      let ContentLength: number | undefined;
      if ("bytes" in source) {
        if (options.maxBytes !== undefined && source.bytes.byteLength > options.maxBytes) throw new ObjectTooLargeError(options.maxBytes);
        Body = Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength);
        ContentLength = source.bytes.byteLength;
        seen.size = ContentLength;
      } else if ("file" in source) {
        const { size } = await fs.promises.stat(source.file);
        if (options.maxBytes !== undefined && size > options.maxBytes) throw new ObjectTooLargeError(options.maxBytes);
        Body = fs.createReadStream(source.file);
        ContentLength = size;
        seen.size = size;
      } else {
        Body = Readable.from(limited(source.stream, options.maxBytes, seen));
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body, ContentType: options.contentType, ContentLength },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        const done = await upload.done();
        return { size: seen.size, etag: done.ETag };
      } catch (error) {
        const refused = tooLarge(error);
        if (refused) throw refused;
        return failed("put", key, error);
      } finally {
        if (Body instanceof Readable) Body.destroy();
      }
    },

    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: fullKey(key) }));
        if (!(out.Body instanceof Readable)) throw new Error("el cuerpo del objeto no es un flujo de Node");
        return {
          key,
          size: out.ContentLength ?? 0,
          contentType: out.ContentType,
          etag: out.ETag,
          lastModified: out.LastModified,
          body: out.Body,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        return failed("get", key, error);
      }
    },

    async head(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: fullKey(key) }));
        return { key, size: out.ContentLength ?? 0, contentType: out.ContentType, etag: out.ETag, lastModified: out.LastModified };
      } catch (error) {
        if (isMissing(error)) return null;
        return failed("head", key, error);
      }
    },

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: fullKey(key) }));
      } catch (error) {
        if (isMissing(error)) return;
        failed("delete", key, error);
      }
    },

    async *list(prefix) {
      const pages = paginateListObjectsV2({ client, pageSize: 1000 }, { Bucket, Prefix: `${config.prefix}${prefix}` });
      try {
        for await (const page of pages) {
          for (const item of page.Contents ?? []) {
            if (!item.Key) continue;
            const info: ObjectInfo = {
              key: item.Key.slice(config.prefix.length),
              size: item.Size ?? 0,
              etag: item.ETag,
              lastModified: item.LastModified,
            };
            yield info;
          }
        }
      } catch (error) {
        failed("list", prefix, error);
      }
    },

    async signedGetUrl(key, options) {
      try {
        const command = new GetObjectCommand({
          Bucket,
          Key: fullKey(key),
          ResponseContentType: options.contentType,
          ResponseContentDisposition: options.contentDisposition,
        });
        return await getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
      } catch (error) {
        return failed("sign", key, error);
      }
    },

    async check(): Promise<StorageCheck> {
      const key = `readiness-${crypto.randomUUID()}.probe`;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`sin respuesta en ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
      });
      try {
        await Promise.race([
          (async () => {
            await store.put(key, { bytes: new Uint8Array([1]) }, { contentType: "application/octet-stream" });
            await store.delete(key);
          })(),
          late,
        ]);
        return { ok: true };
      } catch (error) {
        const cause = (error instanceof StorageUnavailableError ? error.cause : error) as SdkError;
        return {
          ok: false,
          message: `No se puede escribir en ${store.description}: ${cause?.name && cause.name !== "Error" ? `${cause.name}: ` : ""}${cause?.message ?? String(cause)}`,
        };
      } finally {
        clearTimeout(timer);
      }
    },
  };
  return store;
}
