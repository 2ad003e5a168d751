/**
 * kill -9 during a feed, then a restart: nothing lost, nothing twice (issue 28 item 8). The feed
 * runs in a process of its own on a database this test can open after killing it: a PGlite
 * directory on disk, or the test's PostgreSQL database.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, setDatabase, type Database } from "../../server/db/client";
import { migrate } from "../../server/db/migrate";
import { createHttpContent } from "../../server/integrations/content/http";
import { runCollectionFeed } from "~/modules/sync/feed-engine.server";
import { collectionFeeds } from "~/modules/sync/feeds.server";
import { ContentDouble } from "../helpers/content-double";
import { createTestDatabase } from "../helpers/db";

const double = new ContentDouble();
const TOTAL = 600;
let dataDir = "";
let databaseUrl: string | undefined;
/** On PostgreSQL, the test database's own handle: closing it drops the database, so it is closed last. */
let owner: Database | undefined;

beforeAll(async () => {
  await double.start();
  const T0 = Date.now() - 3_600_000;
  for (let i = 0; i < TOTAL; i++) {
    double.put("mercadolibre_orders", {
      id: String(9_300_000_000 + i),
      order_date: new Date(T0 - 3_600_000).toISOString(),
      updated_at: new Date(T0 + i * 10).toISOString(),
      order_status: "paid",
      status: "paid",
      total_amount: 100 + i,
      order_items: [{ id: "MLM1", title: "Clavija", price: 100 + i, qty: 1 }],
    });
  }
  if (process.env.TEST_DATABASE_URL) {
    // The test's own PostgreSQL database, which another process can open too.
    owner = await createTestDatabase();
    const [{ name }] = await owner.query<{ name: string }>("select current_database() as name");
    const u = new URL(process.env.TEST_DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "feed-crash-"));
    const database = await openDatabase({ dataDir });
    await migrate(database);
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  await double.stop();
  await owner?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a feed killed halfway", () => {
  it("goes on after the restart from its last committed page, with every record once", async () => {
    double.delayMs = 40;
    const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/feed-child.ts"], {
      env: { ...process.env, DATABASE_URL: databaseUrl ?? "", DATA_DIR: dataDir, CONTENT_URL: double.url, PAGE_SIZE: "50" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let pages = 0;
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        pages += d
          .toString()
          .split("\n")
          .filter((l) => l === "page").length;
        // Killed with pages behind it and most ahead of it, in the middle of its reading.
        if (pages >= 4) {
          child.kill("SIGKILL");
          resolve();
        }
      });
      child.on("exit", (code) => (pages >= 4 ? resolve() : reject(new Error(`el proceso terminó antes (${code}): ${stderr}`))));
    });
    await exited;

    const database: Database = await openDatabase({ databaseUrl, dataDir });
    setDatabase(database);
    try {
      const count = async () =>
        Number((await database.query<{ n: number }>("select count(*)::int as n from orders where id >= 9300000000"))[0].n);
      const before = await count();
      expect(before).toBeGreaterThanOrEqual(150);
      expect(before).toBeLessThan(TOTAL);
      // Whole pages only: the page in flight was rolled back with its cursor.
      expect(before % 50).toBe(0);

      double.delayMs = 0;
      const feed = collectionFeeds().find((f) => f.name === "orders-main")!;
      const result = await runCollectionFeed(
        { ...feed, pageSize: 50 },
        { content: createHttpContent({ baseUrl: double.url, token: "secreto", timeoutMs: 5000 }) },
      );
      expect(result.status).toBe("ok");
      // The restart applies exactly what the killed run had not.
      expect(result.rows).toBe(TOTAL - before);
      expect(await count()).toBe(TOTAL);
      const [state] = await database.query<{ total_rows: string; cursor_key: string }>(
        "select total_rows, cursor_key from feed_state where name = 'orders-main'",
      );
      expect(Number(state.total_rows)).toBe(TOTAL);
      expect(JSON.parse(state.cursor_key)[1]).toBe(String(9_300_000_000 + TOTAL - 1));
    } finally {
      setDatabase(undefined);
      await database.close();
    }
  }, 180_000);
});
