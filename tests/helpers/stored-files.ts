import crypto from "node:crypto";
import { getStorage } from "../../server/storage";

/**
 * Stored files as tests put and find them: through the store the app uses (the disk by default, a
 * bucket when a test points the app at one), never by a path on disk.
 */
export async function putStored(key: string, body: string | Uint8Array, contentType = "application/octet-stream") {
  await getStorage().put(key, { bytes: typeof body === "string" ? new TextEncoder().encode(body) : body }, { contentType });
}

export async function storedBytes(key: string): Promise<Buffer | null> {
  const object = await getStorage().get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function isStored(key: string): Promise<boolean> {
  return (await getStorage().head(key)) !== null;
}

/** The SHA-256 of a stored object, read as a stream. */
export async function storedSha256(key: string): Promise<string | null> {
  const object = await getStorage().get(key);
  if (!object) return null;
  const hash = crypto.createHash("sha256");
  for await (const chunk of object.body) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export async function storedKeys(prefix = ""): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of getStorage().list(prefix)) keys.push(object.key);
  return keys;
}

/** The keys at the top of the store (library files and their variants; not messages/ nor shop/). */
export async function topLevelKeys(): Promise<string[]> {
  return (await storedKeys()).filter((key) => !key.includes("/"));
}
