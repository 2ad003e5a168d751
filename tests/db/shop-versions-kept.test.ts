/**
 * The shop API's content versions kept in the process on the embedded database (versions.server.ts,
 * migration 0041): a 304 or a kept answer reads no statement there, and any write — committed by
 * anyone through the one database, a new dollar rate included — changes the version at once; a
 * rolled-back write changes nothing. On PostgreSQL the statement is read every time.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../server/db/client";
import { contentVersion } from "~/modules/shop-api/versions.server";
import { useTestDatabase } from "../helpers/db";

const database = await useTestDatabase();
const embedded = database.kind === "pglite";
const now = () => new Date();

/** Statements the version reads while `work` runs. */
async function statementsDuring<T>(work: () => Promise<T>): Promise<{ value: T; statements: number }> {
  const spy = vi.spyOn(getDb(), "execute");
  try {
    const value = await work();
    return { value, statements: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

/** Reads the version until the process keeps it (the LISTEN runs on first use). */
async function kept(name: Parameters<typeof contentVersion>[0]) {
  for (let i = 0; i < 50; i++) {
    const { value, statements } = await statementsDuring(() => contentVersion(name, now()));
    if (statements === 0) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("la versión nunca se guardó en el proceso");
}

const sku = "VER-1";
await database.query(
  `insert into products (id, manufacturer_sku, name, slug, price, moneda_precio, is_active) values ($1, $1, 'Producto de versiones', 'producto-de-versiones', 10, 'Pesos', true)`,
  [sku],
);

afterEach(() => vi.restoreAllMocks());

describe.runIf(embedded)("on the embedded database", () => {
  it("a version read once is answered again with no statement", async () => {
    const first = await kept("products");
    const again = await statementsDuring(() => contentVersion("products", now()));
    expect(again).toEqual({ value: first, statements: 0 });
  });

  it("a committed edit changes it at once, the very next read", async () => {
    const before = await kept("products");
    await database.query(`update products set name = name || ' ' where id = $1`, [sku]);
    const after = await statementsDuring(() => contentVersion("products", now()));
    expect(after.value).not.toBe(before);
    expect(after.statements).toBe(1);
    // An answer that does not read products keeps its version.
    const banners = await kept("banners");
    await database.query(`update products set name = trim(name) where id = $1`, [sku]);
    expect(await contentVersion("banners", now())).toBe(banners);
  });

  it("a write rolled back changes nothing, and the version stays kept", async () => {
    const before = await kept("products");
    await expect(
      getDb().transaction(async (tx) => {
        await tx.execute(`update products set name = 'no' where id = '${sku}'` as never);
        throw new Error("deshecho");
      }),
    ).rejects.toThrow("deshecho");
    const after = await statementsDuring(() => contentVersion("products", now()));
    expect(after.value).toBe(before);
  });

  it("a new dollar rate changes the version of every priced answer", async () => {
    const before = await kept("sections");
    await database.query(
      `insert into settings (key, value) values ('dollar_price', '19.5'::jsonb) on conflict (key) do update set value = excluded.value`,
    );
    await database.query(`update settings set value = '19.75'::jsonb where key = 'dollar_price'`);
    const after = await contentVersion("sections", now());
    expect(after).not.toBe(before);
    expect(after).toContain("19.75");
  });

  it("what moves with the clock (scheduled posts) is read every time", async () => {
    await contentVersion("blogs", now());
    await new Promise((r) => setTimeout(r, 20));
    const { statements } = await statementsDuring(() => contentVersion("blogs", now()));
    expect(statements).toBe(1);
  });
});

describe.runIf(!embedded)("on PostgreSQL", () => {
  it("reads the statement every time (writes may come from any process)", async () => {
    await contentVersion("products", now());
    await new Promise((r) => setTimeout(r, 20));
    const { statements } = await statementsDuring(() => contentVersion("products", now()));
    expect(statements).toBe(1);
  });
});
