import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  checkKey,
  limited,
  ObjectTooLargeError,
  StorageUnavailableError,
  type ObjectInfo,
  type ObjectStore,
  type PutSource,
  type StorageCheck,
} from "./port";
import { log } from "../ops/log";

/** Errors that mean the disk will not keep or give files now (full, read-only, unmounted, no permission). */
const DISK_DOWN = new Set(["EACCES", "EPERM", "ENOSPC", "EDQUOT", "EROFS", "EIO", "ENOTDIR", "EMFILE", "ENFILE", "EBUSY", "ESTALE"]);

function isDiskDown(error: unknown) {
  return DISK_DOWN.has((error as NodeJS.ErrnoException)?.code ?? "");
}

function isMissing(error: unknown) {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === "ENOENT" || code === "EISDIR";
}

/** Types by extension: the disk keeps no metadata, and every stored name ends with its type's. */
const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".pdf": "application/pdf",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
};

/**
 * Files under one folder (DATA_DIR/uploads), each key a relative path. Writes go to a temporary file
 * in `.incoming` — the folder the form reader stages uploads in, on the same file system and swept
 * nightly of anything a crash left there — and are renamed into place, so a reader never sees half
 * a file. Dot folders are not objects: `list` skips them.
 */
export function createLocalStore(root: string): ObjectStore {
  const resolved = path.resolve(root);
  const fileOf = (key: string) => path.join(resolved, ...checkKey(key).split("/"));
  const tempDir = path.join(resolved, ".incoming");
  const temp = () => path.join(tempDir, `put-${crypto.randomUUID()}`);
  const failed = (operation: string, key: string, error: unknown): never => {
    if (isDiskDown(error)) {
      log.error({ err: error, operation, key }, "Almacenamiento en disco: no responde");
      throw new StorageUnavailableError(operation, key, error);
    }
    throw error;
  };

  async function writeTemp(source: PutSource, maxBytes: number | undefined): Promise<{ file: string; size: number }> {
    await fs.promises.mkdir(tempDir, { recursive: true, mode: 0o700 });
    const file = temp();
    try {
      if ("bytes" in source) {
        if (maxBytes !== undefined && source.bytes.byteLength > maxBytes) throw new ObjectTooLargeError(maxBytes);
        await fs.promises.writeFile(file, source.bytes, { flag: "wx", mode: 0o600 });
        return { file, size: source.bytes.byteLength };
      }
      if ("file" in source) {
        const { size } = await fs.promises.stat(source.file);
        if (maxBytes !== undefined && size > maxBytes) throw new ObjectTooLargeError(maxBytes);
        // A staged upload is on this file system: a second name for it costs nothing, whatever its size.
        await fs.promises.link(source.file, file).catch(() => fs.promises.copyFile(source.file, file, fs.constants.COPYFILE_EXCL));
        return { file, size };
      }
      const seen = { size: 0 };
      await pipeline(limited(source.stream, maxBytes, seen), fs.createWriteStream(file, { flags: "wx", mode: 0o600 }));
      return { file, size: seen.size };
    } catch (error) {
      await fs.promises.rm(file, { force: true });
      throw error;
    }
  }

  const store: ObjectStore = {
    kind: "local",
    description: `disco (${resolved})`,

    async put(key, source, options) {
      const target = fileOf(key);
      try {
        const written = await writeTemp(source, options.maxBytes);
        try {
          await fs.promises.mkdir(path.dirname(target), { recursive: true });
          await fs.promises.rename(written.file, target);
        } catch (error) {
          await fs.promises.rm(written.file, { force: true });
          throw error;
        }
        return { size: written.size };
      } catch (error) {
        return failed("put", key, error);
      }
    },

    async get(key) {
      const file = fileOf(key);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, "r");
      } catch (error) {
        if (isMissing(error)) return null;
        return failed("get", key, error);
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        return { ...infoOf(key, stat), body: handle.createReadStream() };
      } catch (error) {
        await handle.close().catch(() => undefined);
        return failed("get", key, error);
      }
    },

    async head(key) {
      try {
        const stat = await fs.promises.stat(fileOf(key));
        return stat.isFile() ? infoOf(key, stat) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        return failed("head", key, error);
      }
    },

    async delete(key) {
      try {
        await fs.promises.rm(fileOf(key), { force: true });
      } catch (error) {
        failed("delete", key, error);
      }
    },

    async *list(prefix) {
      // Only the folder the prefix names is walked: `shop/<id>-` reads shop/, not every upload.
      const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      const start = folder ? fileOf(folder) : resolved;
      const walk = async function* (dir: string, keyDir: string): AsyncGenerator<ObjectInfo> {
        let entries: fs.Dirent[];
        try {
          entries = await fs.promises.readdir(dir, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error)) return;
          return failed("list", prefix, error);
        }
        entries.sort((a, b) => a.name.localeCompare(b.name));
        for (const entry of entries) {
          if (entry.name.startsWith(".")) continue;
          const key = keyDir ? `${keyDir}/${entry.name}` : entry.name;
          if (entry.isDirectory()) {
            if (prefix.startsWith(`${key}/`) || key.startsWith(prefix)) yield* walk(path.join(dir, entry.name), key);
          } else if (entry.isFile() && key.startsWith(prefix)) {
            const stat = await fs.promises.stat(path.join(dir, entry.name)).catch(() => null);
            if (stat) yield infoOf(key, stat);
          }
        }
      };
      yield* walk(start, folder);
    },

    async signedGetUrl() {
      return null;
    },

    async check(): Promise<StorageCheck> {
      const key = `readiness-${crypto.randomUUID()}.probe`;
      try {
        await store.put(key, { bytes: new Uint8Array([1]) }, { contentType: "application/octet-stream" });
        await store.delete(key);
        return { ok: true };
      } catch (error) {
        const cause = error instanceof StorageUnavailableError ? error.cause : error;
        return { ok: false, message: `No se puede escribir en el ${store.description}: ${(cause as Error)?.message ?? String(cause)}` };
      }
    },
  };
  return store;
}

function infoOf(key: string, stat: fs.Stats): ObjectInfo {
  return {
    key,
    size: stat.size,
    contentType: TYPES[path.extname(key).toLowerCase()],
    etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
    lastModified: stat.mtime,
  };
}
