import { afterEach, describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "../../server/env";
import { parseStorageUrl } from "../../server/storage/config";

/*
 * STORAGE_URL (issue 31): unset keeps files on the disk; s3://bucket?endpoint=…&region=…&forcePathStyle=…
 * names an S3-compatible bucket whose keys come from S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY or the
 * URL's user info. A malformed value, an unknown scheme, a missing bucket or missing keys stop
 * start-up with one line that says which — and never repeats the secret.
 */
const KEYS = { accessKeyId: "AKIAPRUEBA", secretAccessKey: "secreto-de-prueba" };

describe("STORAGE_URL: the stores it names", () => {
  it.each([
    ["unset", undefined, { kind: "local" }],
    ["empty", "", { kind: "local" }],
    ["blank", "   ", { kind: "local" }],
    [
      "MinIO, as the issue writes it",
      "s3://bucket?endpoint=http://127.0.0.1:9000&region=us-east-1&forcePathStyle=true",
      { kind: "s3", bucket: "bucket", prefix: "", endpoint: "http://127.0.0.1:9000", region: "us-east-1", forcePathStyle: true, ...KEYS },
    ],
    [
      "AWS: no endpoint, virtual-hosted addresses, the default region",
      "s3://archivos.electrica-mx",
      { kind: "s3", bucket: "archivos.electrica-mx", endpoint: undefined, region: "us-east-1", forcePathStyle: false },
    ],
    ["AWS in another region", "s3://archivos-bo?region=mx-central-1", { kind: "s3", region: "mx-central-1", forcePathStyle: false }],
    [
      "an endpoint implies path-style addresses",
      "s3://bucket?endpoint=https://minio.example.com",
      { endpoint: "https://minio.example.com", forcePathStyle: true },
    ],
    ["unless told otherwise", "s3://bucket?endpoint=https://minio.example.com&forcePathStyle=false", { forcePathStyle: false }],
    [
      "a folder inside the bucket",
      "s3://bucket/backoffice/produccion/?region=us-east-2",
      { bucket: "bucket", prefix: "backoffice/produccion/" },
    ],
    ["a folder without the last slash", "s3://bucket/backoffice", { prefix: "backoffice/" }],
  ])("%s", (_name, url, expected) => {
    expect(parseStorageUrl(url, KEYS)).toMatchObject(expected);
  });

  it("takes the keys from the URL's user info (percent-decoded) before the variables", () => {
    expect(parseStorageUrl("s3://AKIAURL:se%2Fcr%40to@bucket?endpoint=http://127.0.0.1:9000", KEYS)).toMatchObject({
      accessKeyId: "AKIAURL",
      secretAccessKey: "se/cr@to",
    });
    expect(parseStorageUrl("s3://AKIAURL:secreto@bucket", {})).toMatchObject({
      kind: "s3",
      accessKeyId: "AKIAURL",
      secretAccessKey: "secreto",
    });
  });
});

describe("STORAGE_URL: what stops start-up, and the line that says why", () => {
  it.each([
    ["not a URL", "mi-bucket", KEYS, /no es una URL/],
    ["an unknown scheme (http)", "http://minio:9000/bucket", KEYS, /esquema «http:» desconocido/],
    ["an unknown scheme (file)", "file:///srv/archivos", KEYS, /esquema «file:» desconocido/],
    ["an unknown scheme (gs)", "gs://bucket", KEYS, /esquema «gs:» desconocido/],
    ["a URL that does not parse", "s3://mi bucket", KEYS, /no es una URL válida/],
    ["no bucket", "s3://", KEYS, /falta el bucket/],
    ["no bucket, parameters only", "s3://?endpoint=http://127.0.0.1:9000", KEYS, /falta el bucket/],
    ["no bucket, no slashes", "s3:bucket", KEYS, /falta el bucket/],
    ["a bucket name S3 refuses", "s3://Mi_Bucket", KEYS, /no es un nombre de bucket válido/],
    ["a bucket name too short", "s3://ab", KEYS, /no es un nombre de bucket válido/],
    ["a port beside the bucket", "s3://bucket:9000", KEYS, /endpoint/],
    ["an endpoint without a scheme", "s3://bucket?endpoint=minio:9000", KEYS, /endpoint debe ser http\(s\)/],
    ["an endpoint with a path", "s3://bucket?endpoint=http://minio:9000/bucket", KEYS, /endpoint debe ser http\(s\)/],
    ["a misspelt parameter", "s3://bucket?regoin=us-east-1", KEYS, /parámetro desconocido «regoin»/],
    ["a parameter twice", "s3://bucket?region=us-east-1&region=us-east-2", KEYS, /repetido/],
    ["forcePathStyle neither true nor false", "s3://bucket?forcePathStyle=si", KEYS, /forcePathStyle debe ser true o false/],
    ["a region that is not one", "s3://bucket?region=US East", KEYS, /no es una región/],
    ["no keys at all", "s3://bucket", {}, /faltan las llaves.*S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY/],
    ["no secret", "s3://bucket", { accessKeyId: "AKIAPRUEBA" }, /faltan las llaves.*S3_SECRET_ACCESS_KEY/],
    ["no key id", "s3://bucket", { secretAccessKey: "secreto" }, /faltan las llaves.*S3_ACCESS_KEY_ID/],
    ["blank keys", "s3://bucket", { accessKeyId: " ", secretAccessKey: "" }, /faltan las llaves/],
    ["a key in the URL without its secret", "s3://AKIAURL@bucket", {}, /sin el secreto/],
  ])("%s", (_name, url, keys, message) => {
    const parsed = parseStorageUrl(url, keys);
    expect(parsed).toHaveProperty("problem");
    expect((parsed as { problem: string }).problem).toMatch(message);
  });

  it("never repeats a secret written in the URL", () => {
    for (const url of [
      "s3://AKIAURL:MuySecreto99@Mal_Bucket",
      "s3://AKIAURL:MuySecreto99@bucket?regoin=x",
      "s3://AKIAURL:Muy#Secreto99@bucket",
    ]) {
      const parsed = parseStorageUrl(url, {}) as { problem: string };
      expect(parsed.problem, url).toBeTruthy();
      expect(parsed.problem).not.toMatch(/Secreto99/);
    }
  });
});

describe("start-up with STORAGE_URL", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });
  const start = (vars: Record<string, string | undefined>) => {
    resetEnvCache();
    process.env = {
      ...saved,
      SESSION_SECRET: "test-secret-test-secret-test-secret",
      STORAGE_URL: undefined,
      S3_ACCESS_KEY_ID: undefined,
      S3_SECRET_ACCESS_KEY: undefined,
      ...vars,
    };
    return getEnv();
  };

  it("keeps files on the disk when unset, and reads a bucket with its keys from the variables", () => {
    expect(start({}).STORAGE).toEqual({ kind: "local" });
    expect(
      start({ STORAGE_URL: "s3://bucket?endpoint=http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "AKIAPRUEBA", S3_SECRET_ACCESS_KEY: "secreto" })
        .STORAGE,
    ).toMatchObject({
      kind: "s3",
      bucket: "bucket",
      accessKeyId: "AKIAPRUEBA",
      secretAccessKey: "secreto",
    });
  });

  it.each([
    ["malformed", { STORAGE_URL: "s3://mi bucket" }],
    ["an unknown scheme", { STORAGE_URL: "ftp://archivos" }],
    ["no bucket", { STORAGE_URL: "s3://?region=us-east-1", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" }],
    ["no keys", { STORAGE_URL: "s3://bucket" }],
  ])("refuses to start with %s, in one line naming STORAGE_URL", (_name, vars) => {
    let message = "";
    try {
      start(vars);
    } catch (error) {
      message = (error as Error).message;
    }
    const problems = message.split("\n").filter((line) => line.startsWith("  - "));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^ {2}- STORAGE_URL: \S/);
  });

  it("says nothing of a secret in the URL when refusing it", () => {
    expect(() => start({ STORAGE_URL: "s3://AKIAURL:MuySecreto99@bucket?regoin=x" })).toThrow(/STORAGE_URL/);
    try {
      start({ STORAGE_URL: "s3://AKIAURL:MuySecreto99@bucket?regoin=x" });
    } catch (error) {
      expect((error as Error).message).not.toMatch(/MuySecreto99/);
    }
  });
});
