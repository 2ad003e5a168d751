import path from "node:path";
import { getEnv } from "../env";
import { describeStorage, type S3StorageConfig, type StorageConfig } from "./config";
import { createLocalStore } from "./local";
import type { ObjectStore, StorageCheck } from "./port";

export { parseStorageUrl, storageOrigin, type StorageConfig, type S3StorageConfig } from "./config";
export { createLocalStore } from "./local";
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
  return config.kind === "s3" ? lazyS3Store(config) : createLocalStore(localUploadsDir(dataDir));
}

/**
 * The S3 adapter, its SDK loaded on first use: an installation on the disk never pays for it
 * (about 0.1 s and 30 MB at start-up).
 */
function lazyS3Store(config: S3StorageConfig): ObjectStore {
  let loading: Promise<ObjectStore> | undefined;
  const store = () => (loading ??= import("./s3").then((m) => m.createS3Store(config)));
  return {
    kind: "s3",
    description: describeStorage(config, ""),
    put: async (key, source, options) => (await store()).put(key, source, options),
    get: async (key) => (await store()).get(key),
    head: async (key) => (await store()).head(key),
    delete: async (key) => (await store()).delete(key),
    list: async function* (prefix) {
      yield* (await store()).list(prefix);
    },
    signedGetUrl: async (key, options) => (await store()).signedGetUrl(key, options),
    check: async () => (await store()).check(),
  };
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
