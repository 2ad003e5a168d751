/**
 * Which store keeps uploaded files, from STORAGE_URL (server/env.ts validates it at start-up):
 *   unset or empty                      the disk, DATA_DIR/uploads (the embedded default)
 *   s3://bucket[/prefix/][?endpoint=…&region=…&forcePathStyle=true|false]
 * Keys: S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, or the URL's user info (s3://key:secret@bucket).
 * A problem is one Spanish sentence that never repeats the URL: it may carry the secret.
 */
export type S3StorageConfig = {
  kind: "s3";
  bucket: string;
  /** Folder inside the bucket every key goes under ("" or "a/b/"), so one bucket can serve several apps. */
  prefix: string;
  /** An S3-compatible server (MinIO, Ceph, R2…); absent for AWS itself. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
};
export type StorageConfig = { kind: "local" } | S3StorageConfig;

const PARAMS = ["endpoint", "region", "forcePathStyle"] as const;
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{2,40}$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const EXAMPLE = "s3://bucket?endpoint=http://127.0.0.1:9000&region=us-east-1&forcePathStyle=true";

/** The store STORAGE_URL names, or the problem with it. */
export function parseStorageUrl(
  value: string | undefined,
  keys: { accessKeyId?: string; secretAccessKey?: string } = {},
): StorageConfig | { problem: string } {
  const text = value?.trim() ?? "";
  if (text === "") return { kind: "local" };
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text)?.[1]?.toLowerCase();
  if (!scheme) return { problem: `no es una URL; se espera, por ejemplo, ${EXAMPLE} (o nada, para guardar en el disco)` };
  if (scheme !== "s3") return { problem: `esquema «${scheme}:» desconocido; se acepta s3://bucket?… (o nada, para guardar en el disco)` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: `no es una URL válida; se espera, por ejemplo, ${EXAMPLE}` };
  }
  // A non-special scheme keeps the host as written: s3:///x or s3://?… has none.
  const bucket = url.hostname;
  if (!bucket) return { problem: "falta el bucket (s3://<bucket>?…)" };
  if (!BUCKET.test(bucket) || bucket.includes(".."))
    return { problem: `«${bucket}» no es un nombre de bucket válido (3 a 63 minúsculas, números, puntos o guiones)` };
  if (url.port) return { problem: "el puerto va en endpoint=…, no junto al bucket" };
  if (url.hash) return { problem: "sobra el fragmento «#…» (¿un secreto con # sin codificar como %23?)" };

  const segments = url.pathname.split("/").filter(Boolean);
  if (segments.some((s) => !PREFIX_SEGMENT.test(s)))
    return { problem: "la carpeta dentro del bucket solo admite letras, números, puntos, guiones y guiones bajos" };
  const prefix = segments.length ? `${segments.join("/")}/` : "";

  const seen = new Set<string>();
  for (const name of url.searchParams.keys()) {
    if (!(PARAMS as readonly string[]).includes(name))
      return { problem: `parámetro desconocido «${name}» (se aceptan ${PARAMS.join(", ")})` };
    if (seen.has(name)) return { problem: `el parámetro «${name}» está repetido` };
    seen.add(name);
  }
  const endpointText = url.searchParams.get("endpoint") ?? undefined;
  let endpoint: string | undefined;
  if (endpointText !== undefined) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpointText);
    } catch {
      parsed = null;
    }
    if (
      !parsed ||
      (parsed.protocol !== "http:" && parsed.protocol !== "https:") ||
      (parsed.pathname !== "/" && parsed.pathname !== "") ||
      parsed.search ||
      parsed.username
    ) {
      return { problem: "endpoint debe ser http(s)://servidor[:puerto], sin ruta ni llaves" };
    }
    endpoint = parsed.origin;
  }
  const region = url.searchParams.get("region") ?? "us-east-1";
  if (!REGION.test(region)) return { problem: `«${region}» no es una región (por ejemplo us-east-1)` };
  const style = url.searchParams.get("forcePathStyle");
  if (style !== null && !["true", "false", "1", "0"].includes(style)) return { problem: "forcePathStyle debe ser true o false" };
  // Servers of our own (MinIO) answer at endpoint/bucket; AWS at bucket.s3.region.amazonaws.com.
  const forcePathStyle = style === null ? endpoint !== undefined : style === "true" || style === "1";

  let accessKeyId = keys.accessKeyId?.trim() || undefined;
  let secretAccessKey = keys.secretAccessKey?.trim() || undefined;
  if (url.username || url.password) {
    if (!url.username || !url.password) return { problem: "la URL trae la llave sin el secreto (s3://llave:secreto@bucket) o al revés" };
    try {
      accessKeyId = decodeURIComponent(url.username);
      secretAccessKey = decodeURIComponent(url.password);
    } catch {
      return { problem: "la llave o el secreto de la URL están mal codificados (usa %XX para los caracteres especiales)" };
    }
  }
  if (!accessKeyId || !secretAccessKey) {
    const missing = [!accessKeyId && "S3_ACCESS_KEY_ID", !secretAccessKey && "S3_SECRET_ACCESS_KEY"].filter(Boolean).join(" y ");
    return { problem: `faltan las llaves del bucket: define ${missing} (o s3://llave:secreto@bucket)` };
  }
  return { kind: "s3", bucket, prefix, endpoint, region, forcePathStyle, accessKeyId, secretAccessKey };
}

/** Where a presigned address points (a browser fetches it): the content-security policy must allow it. */
export function storageOrigin(config: S3StorageConfig): string {
  if (config.endpoint) {
    if (config.forcePathStyle) return config.endpoint;
    const url = new URL(config.endpoint);
    return `${url.protocol}//${config.bucket}.${url.host}`;
  }
  return config.forcePathStyle ? `https://s3.${config.region}.amazonaws.com` : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}

/** The store for logs: the bucket and server, never the keys. */
export function describeStorage(config: StorageConfig, dataDir: string): string {
  if (config.kind === "local") return `disco (${dataDir}/uploads)`;
  return `s3://${config.bucket}/${config.prefix}${config.endpoint ? ` en ${config.endpoint}` : ` (${config.region})`}`;
}
