import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { DEMO_USERS } from "../../server/db/seed/demo-users";
import { adminQuery, scratchDbName } from "../helpers/template";

const url = process.env.TEST_DATABASE_URL;
const run = promisify(execFile);
const TSX = path.resolve("node_modules/.bin/tsx");
const SCRIPT = path.resolve("tests/helpers/start-instance.ts");

type Answer = { seeded: boolean; secret: string; cookie?: string; email?: string | null };

// Only PostgreSQL is shared by several processes; the embedded database belongs to one.
describe.skipIf(!url)("two instances started together on one empty PostgreSQL database", () => {
  const name = scratchDbName(inject("testRunPid"), "race");
  const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), "bo-a-")), fs.mkdtempSync(path.join(os.tmpdir(), "bo-b-"))];
  const databaseUrl = () => {
    const u = new URL(url!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const admin = (text: string) => adminQuery(url!, text);
  /** One instance's start-up in a process of its own, with its own DATA_DIR and no SESSION_SECRET. */
  const instance = async (dataDir: string, ...args: string[]): Promise<Answer> => {
    const { SESSION_SECRET: _none, ...inherited } = process.env;
    const { stdout } = await run(TSX, [SCRIPT, ...args], {
      env: { ...inherited, NODE_ENV: "development", DATABASE_URL: databaseUrl(), DATA_DIR: dataDir, DEMO_MODE: "true", SEED_DEMO: "true" },
      timeout: 150_000,
    });
    return JSON.parse(stdout.trim().split("\n").at(-1)!) as Answer;
  };

  afterAll(async () => {
    await admin(`drop database if exists "${name}" with (force)`);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("both come up, the demo data is seeded once, and a session made on one is accepted by the other", async () => {
    await admin(`create database "${name}"`);
    const [a, b] = await Promise.all([instance(dirs[0], "sign-in", DEMO_USERS[0].email), instance(dirs[1], "start")]);
    // Exactly one of them seeded; the other waited for the start-up lock and found the work done.
    expect([a.seeded, b.seeded].sort()).toEqual([false, true]);
    // One session secret, kept in the database, not one per DATA_DIR.
    expect(a.secret).toBe(b.secret);
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, "session-secret"))).toBe(false);

    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      const counts = await client.query<{ users: number; quotations: number; secrets: number; migrations: number }>(
        `select (select count(*)::int from users) as users, (select count(*)::int from quotations) as quotations,
                (select count(*)::int from server_secrets) as secrets, (select count(*)::int from drizzle.__drizzle_migrations) as migrations`,
      );
      const journal = JSON.parse(fs.readFileSync("server/db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
      expect(counts.rows[0]).toEqual({ users: DEMO_USERS.length, quotations: 20, secrets: 1, migrations: journal.entries.length });
    } finally {
      await client.end();
    }

    // The other instance (its own DATA_DIR) reads the cookie the first one made.
    const other = await instance(dirs[1], "whoami", a.cookie!);
    expect(other).toMatchObject({ seeded: false, secret: a.secret, email: DEMO_USERS[0].email });
  }, 300_000);
});
