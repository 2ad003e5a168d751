// Backup and restore when the files live in an S3 bucket (STORAGE_URL=s3://…, as in compose.yaml):
// every object under the prefix is downloaded into the backup, and the restore puts each one in
// another bucket and prefix, read back and checked; a bucket that already has objects is refused.
// An in-process S3 server (s3rver) stands in for MinIO. Needs PostgreSQL and its client tools, like
// tests/db/backup-restore.test.ts; skipped with the reason printed otherwise.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery, databaseUrlOf } from "../helpers/template";

/** The part of s3rver (a dev dependency without types) this test uses. */
type S3Server = { run(): Promise<{ port: number }>; close(): Promise<void> };
type S3ServerOptions = {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string; configs: string[] }[];
};
const S3MODULE = "s3rver";

const url = process.env.TEST_DATABASE_URL || undefined;
const tools = ["pg_dump", "pg_restore"].find((t) => spawnSync(t, ["--version"]).status !== 0);
const skipReason = !url
  ? "TEST_DATABASE_URL no está definido (la prueba necesita un PostgreSQL)."
  : tools
    ? `${tools} no está instalado (paquete postgresql-client de Debian).`
    : null;
if (skipReason) console.log(`[backup-restore-s3] Se omite la prueba de respaldo con bucket S3: ${skipReason}`);

describe.skipIf(skipReason !== null)("backup and restore with the files in an S3 bucket", () => {
  const tag = crypto.randomBytes(5).toString("hex");
  const names = { source: `bo_s3_src_${tag}`, target: `bo_s3_dst_${tag}`, other: `bo_s3_oth_${tag}` };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "bo-s3-backup-"));
  const keys = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const objects = [
    { key: `${crypto.randomUUID()}.webp`, type: "image/webp", body: crypto.randomBytes(3000) },
    { key: `messages/${crypto.randomUUID()}.pdf`, type: "application/pdf", body: Buffer.from("%PDF-1.4 adjunto de prueba") },
  ];
  let server: S3Server | undefined;
  let endpoint = "";
  let client: S3Client;
  let backup = "";

  const storageUrl = (bucket: string, prefix: string) =>
    `s3://${bucket}/${prefix}?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true`;

  beforeAll(async () => {
    const { default: S3rver } = (await import(S3MODULE)) as { default: new (options: S3ServerOptions) => S3Server };
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: path.join(root, "s3"),
      configureBuckets: [
        { name: "origen", configs: [] },
        { name: "destino", configs: [] },
      ],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    client = new S3Client({
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      credentials: keys,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    for (const o of objects)
      await client.send(new PutObjectCommand({ Bucket: "origen", Key: `app/${o.key}`, Body: o.body, ContentType: o.type }));
    // Another application's object beside the prefix: not part of this backup.
    await client.send(new PutObjectCommand({ Bucket: "origen", Key: "otra-app/ajeno.txt", Body: "ajeno" }));

    for (const name of Object.values(names)) await admin(`create database "${name}"`);
    await sql(
      names.source,
      "create table notas (id serial primary key, texto text); insert into notas (texto) values ('uno'), ('dos'), ('tres')",
    );
  }, 60_000);

  afterAll(async () => {
    client?.destroy();
    await server?.close();
    for (const name of Object.values(names)) await admin(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("downloads every object under the prefix, and restores each into another bucket, checked", async () => {
    const made = await script("backup.mjs", ["--out", path.join(root, "backups")], {
      DATABASE_URL: databaseUrl(names.source),
      STORAGE_URL: storageUrl("origen", "app"),
    });
    expect(made.code, made.output).toBe(0);
    const [name] = fs.readdirSync(path.join(root, "backups"));
    backup = path.join(root, "backups", name);
    const manifest = JSON.parse(fs.readFileSync(path.join(backup, "manifest.json"), "utf8")) as {
      files: { source: string; entries: { key: string; contentType?: string }[] };
    };
    expect(manifest.files.source).toBe("s3");
    expect(manifest.files.entries.map((e) => [e.key, e.contentType]).sort()).toEqual(objects.map((o) => [o.key, o.type]).sort());

    const restored = await script("restore.mjs", [backup], {
      DATABASE_URL: databaseUrl(names.target),
      STORAGE_URL: storageUrl("destino", "copia"),
    });
    expect(restored.code, restored.output).toBe(0);
    const listed = await client.send(new ListObjectsV2Command({ Bucket: "destino" }));
    expect((listed.Contents ?? []).map((c) => c.Key).sort()).toEqual(objects.map((o) => `copia/${o.key}`).sort());
    for (const o of objects) {
      const answer = await client.send(new GetObjectCommand({ Bucket: "destino", Key: `copia/${o.key}` }));
      expect(Buffer.from(await answer.Body!.transformToByteArray())).toEqual(o.body);
      expect(answer.ContentType).toBe(o.type);
    }
    expect(await sql(names.target, "select texto from notas order by id")).toEqual([{ texto: "uno" }, { texto: "dos" }, { texto: "tres" }]);
  }, 60_000);

  it("refuses a bucket that already has objects, and changes nothing", async () => {
    const refused = await script("restore.mjs", [backup], {
      DATABASE_URL: databaseUrl(names.other),
      STORAGE_URL: storageUrl("destino", "copia"),
    });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain("ya tiene objetos");
    expect(await sql(names.other, "select count(*)::int as n from pg_tables where schemaname = 'public'")).toEqual([{ n: 0 }]);
  }, 60_000);

  function script(name: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [path.resolve("scripts", name), ...args], {
        env: {
          ...process.env,
          DATA_DIR: path.join(root, "data"),
          S3_ACCESS_KEY_ID: keys.accessKeyId,
          S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      child.on("close", (code) => resolve({ code: code ?? 1, output }));
    });
  }
});

const databaseUrl = (name: string) => databaseUrlOf(url!, name);
const admin = (text: string) => adminQuery(url!, text);

async function sql(database: string, text: string) {
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    const result = await client.query(text);
    return (Array.isArray(result) ? result.at(-1) : result).rows;
  } finally {
    await client.end();
  }
}
