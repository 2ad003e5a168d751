/**
 * Two instances on one PostgreSQL database (several instances behind a load balancer): each with a
 * DATA_DIR of its own, one SESSION_SECRET, the files in one S3 bucket. Whatever one does, the other
 * sees at once: a session, a stale save, a file, a role, the login throttle; the scheduled jobs run
 * once per period between them. PostgreSQL only (the embedded database belongs to one process).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { formFields } from "../../bench/form-fields";
import { startAppProcess, signIn, type AppProcess } from "../helpers/app-process";
import { startS3Bucket } from "../helpers/s3-bucket";
import { adminQuery, databaseUrlOf, scratchDbName } from "../helpers/template";

const url = process.env.TEST_DATABASE_URL;

/** The flash toast a redirect carries (the signed cookie's payload is base64 JSON). */
function toastOf(res: Response): Record<string, unknown> | null {
  const raw = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("bo_toast="))
    ?.split(";")[0]
    .slice("bo_toast=".length);
  if (!raw) return null;
  const value = decodeURIComponent(raw);
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as Record<string, unknown>;
}
const PASSWORD = "demo1234";

describe.runIf(!!url)("two instances on one PostgreSQL", () => {
  const dbName = scratchDbName(inject("testRunPid"), "two_instances");
  const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), "instancia-a-")), fs.mkdtempSync(path.join(os.tmpdir(), "instancia-b-"))];
  let a: AppProcess;
  let b: AppProcess;
  let bucket: Awaited<ReturnType<typeof startS3Bucket>>;
  let client: pg.Client;
  const databaseUrl = () => databaseUrlOf(url!, dbName);

  beforeAll(async () => {
    await adminQuery(url!, `drop database if exists "${dbName}" with (force)`);
    await adminQuery(url!, `create database "${dbName}"`);
    bucket = await startS3Bucket("dos-instancias");
    const { config } = bucket;
    const shared = {
      DATABASE_URL: databaseUrl(),
      SESSION_SECRET: crypto.randomBytes(24).toString("base64url"),
      DEMO_MODE: "true",
      STORAGE_URL: `s3://${config.bucket}/${config.prefix}?endpoint=${encodeURIComponent(config.endpoint ?? "")}&region=${config.region}&forcePathStyle=true`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      // Scheduled work every few seconds, so a period passes during the test.
      FEED_INTERVAL_MS: "2000",
    };
    // Started together: migrations and the demo seed are taken under an advisory lock, once.
    [a, b] = await Promise.all(dirs.map((dir) => startAppProcess({ ...shared, DATA_DIR: dir })));
    client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await client?.end();
    await bucket?.dispose();
    await adminQuery(url!, `drop database if exists "${dbName}" with (force)`);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("a session made on one is a session on the other", async () => {
    const { status, cookie } = await signIn(a.base, "admin@demo.mx", PASSWORD);
    expect(status).toBe(302);
    const page = await fetch(`${b.base}/orders`, { headers: { cookie }, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Órdenes");
  });

  it("a save made stale on one is refused on the other", async () => {
    const { cookie } = await signIn(a.base, "admin@demo.mx", PASSWORD);
    const [{ id }] = (
      await client.query<{ id: string }>("select id::text as id from orders where status <> 'cancelled' order by order_date desc limit 1")
    ).rows;
    const html = await (await fetch(`${a.base}/orders/${id}`, { headers: { cookie } })).text();
    const fields = formFields(html, "save");
    expect(fields, "el formulario de la orden").not.toBeNull();
    const post = (base: string, comments: string) =>
      fetch(`${base}/orders/${id}`, {
        method: "POST",
        body: new URLSearchParams({ ...fields!, intent: "save", comments }),
        headers: { cookie, origin: base },
        redirect: "manual",
      });
    expect((await post(a.base, "Guardado en la instancia A")).status).toBe(302);
    // The same version, posted to the other instance: someone saved in between.
    const stale = await post(b.base, "Guardado en la instancia B con la versión vieja");
    // Refused: the form again at 409, or back to the order with the warning that it changed.
    if (stale.status !== 409) {
      expect(stale.status).toBe(302);
      expect(toastOf(stale)).toMatchObject({ __flash_toast__: { variant: "warning" } });
    }
    const [row] = (await client.query<{ comments: string }>("select comments from orders where id = $1", [id])).rows;
    expect(row.comments).toBe("Guardado en la instancia A");
  });

  it("a file uploaded through one is served by the other, from the bucket", async () => {
    const { cookie } = await signIn(a.base, "admin@demo.mx", PASSWORD);
    const name = `ficha-dos-instancias-${Date.now()}.pdf`;
    const bytes = Buffer.from(`%PDF-1.4\n% ${"x".repeat(4096)}\n%%EOF\n`);
    const form = new FormData();
    form.set("intent", "sheet-upload");
    form.set("sku", "");
    form.set("name", "");
    form.set("sheetUpload", new File([bytes], name, { type: "application/pdf" }));
    const upload = await fetch(`${a.base}/web-inventory/new`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: a.base },
      redirect: "manual",
    });
    expect(upload.status, await upload.text()).toBeLessThan(400);
    const [file] = (
      await client.query<{ id: string; disk: string }>(
        "select id::text as id, filename_disk as disk from files where filename_download = $1",
        [name],
      )
    ).rows;
    expect(file, "la fila del archivo").toBeDefined();
    expect((await bucket.keys()).some((k) => k.endsWith(file.disk))).toBe(true);
    const served = await fetch(`${b.base}/files/${file.id}`, { headers: { cookie } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    // Nothing of it on either instance's disk.
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, "uploads", file.disk))).toBe(false);
  });

  it("a role changed on one is obeyed by the other at once", async () => {
    const admin = await signIn(a.base, "admin@demo.mx", PASSWORD);
    const user = await signIn(b.base, "inventory@demo.mx", PASSWORD);
    expect(user.status).toBe(302);
    expect((await fetch(`${b.base}/product-categories`, { headers: { cookie: user.cookie }, redirect: "manual" })).status).toBe(200);
    const [{ id }] = (await client.query<{ id: number }>("select id from users where email = 'inventory@demo.mx'")).rows;
    const html = await (await fetch(`${a.base}/users/${id}`, { headers: { cookie: admin.cookie } })).text();
    const fields = formFields(html, "save");
    expect(fields, "el formulario del usuario").not.toBeNull();
    const saved = await fetch(`${a.base}/users/${id}`, {
      method: "POST",
      body: new URLSearchParams({ ...fields!, intent: "save", role: "cajero" }),
      headers: { cookie: admin.cookie, origin: a.base },
      redirect: "manual",
    });
    expect(saved.status, await saved.text()).toBe(302);
    // The catalogue is not the cashier's: the other instance sends them away now.
    const after = await fetch(`${b.base}/product-categories`, { headers: { cookie: user.cookie }, redirect: "manual" });
    expect(after.status).not.toBe(200);
  });

  it("the login throttle counts the failures made on both", async () => {
    const email = "practicante@demo.mx";
    // Three wrong passwords on each: six from one address, past the pair's five free failures.
    for (const app of [a, b, a, b, a, b]) expect((await signIn(app.base, email, "no-es-la-clave")).status).not.toBe(302);
    const right = await signIn(a.base, email, PASSWORD);
    expect(right.status).not.toBe(302);
    expect(right.body).toContain("Demasiados intentos fallidos");
  });

  it("runs each scheduled job once per period between the two", async () => {
    // Until two periods of the 10-second delivery are done and both instances have run some job
    // (their runners tick every 5 s from their start, before this test).
    const periodsOfDelivery = () =>
      client.query<{ key: string; state: string; by: string }>(
        `select key, state, locked_by as by from jobs where name = 'outbound-delivery' and key is not null order by key`,
      );
    const runnersOfDoneJobs = async () =>
      (
        await client.query<{ n: number }>(
          `select count(distinct locked_by)::int as n from jobs where state = 'done' and locked_by is not null`,
        )
      ).rows[0].n;
    await expect
      .poll(
        async () => ({
          done: (await periodsOfDelivery()).rows.filter((r) => r.state === "done").length >= 2,
          runners: await runnersOfDoneJobs(),
        }),
        {
          timeout: 50_000,
          interval: 500,
        },
      )
      .toEqual({ done: true, runners: 2 });
    // One row per job and period (its key), each run by one instance: no period of the delivery was
    // run twice.
    const periods = await periodsOfDelivery();
    expect(new Set(periods.rows.map((r) => r.key)).size).toBe(periods.rows.length);
  }, 60_000);
});
