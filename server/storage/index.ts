import path from "node:path";
import { getEnv } from "../env";
import type { StorageConfig } from "./config";
import { createLocalStore } from "./local";
import type { ObjectStore, StorageCheck } from "./port";
import { createS3Store } from "./s3";

export { parseStorageUrl, storageOrigin, type StorageConfig, type S3StorageConfig } from "./config";
export { createLocalStore } from "./local";
export { createS3Client, createS3Store } from "./s3";
export {
  ObjectTooLargeError,
  STORAGE_DOWN_MESSAGE,
  StorageUnavailableError,
  isStorageUnavailable,
  type ObjectInfo,
  type ObjectStore,
  type PutSource,
  type StorageCheck,
  type StoredObject,
} from "./port";

/** The local store's folder: where uploads have always been, so existing files stay readable. */
export function localUploadsDir(dataDir: string = getEnv().DATA_DIR) {
  return path.join(dataDir, "uploads");
}

export function createStorage(config: StorageConfig, dataDir: string): ObjectStore {
  return config.kind === "s3" ? createS3Store(config) : createLocalStore(localUploadsDir(dataDir));
}

let current: ObjectStore | undefined;

/** The process's store, as STORAGE_URL says (made on first use). */
export function getStorage(): ObjectStore {
  if (current) return current;
  const env = getEnv();
  current = createStorage(env.STORAGE, env.DATA_DIR);
  return current;
}

/** Puts another store in place (tests against a bucket), or back to STORAGE_URL's with undefined. */
export function setStorage(store: ObjectStore | undefined) {
  current = store;
}

/**
 * Readiness: the store takes a write (a probe object written and removed). `{ ok: false, message }`
 * says why not, in Spanish, without secrets.
 */
export function checkStorage(): Promise<StorageCheck> {
  return getStorage().check();
}

/** STORAGE_REDIRECT=1: downloads answer with a short-lived address of the bucket instead of the bytes (docs/storage.md). */
export function storageRedirects(): boolean {
  return getEnv().STORAGE_REDIRECT === true && getStorage().kind === "s3";
}
