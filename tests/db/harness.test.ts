import { spawnSync } from "node:child_process";
import { describe, expect, inject, it } from "vitest";
import { useTestDatabase } from "../helpers/db";
import { adminQuery, onPostgresPass, scratchDbName, sweepDeadRunsDatabases } from "../helpers/template";

describe("test database", async () => {
  const database = await useTestDatabase();

  it("is migrated and empty", async () => {
    const [row] = await database.query<{ n: number }>("select count(*)::int as n from users");
    expect(row.n).toBe(0);
    const [ext] = await database.query<{ n: number }>("select count(*)::int as n from pg_extension where extname = 'pg_trgm'");
    expect(ext.n).toBe(1);
  });
});

// A killed run never reaches its teardown; the next run on the same server drops what it left.
describe.runIf(onPostgresPass)("databases left by a killed run", () => {
  const url = process.env.TEST_DATABASE_URL!;
  const existing = async (names: string[]) =>
    (await adminQuery<{ datname: string }>(url, "select datname from pg_database where datname = any($1)", [names]))
      .map((r) => r.datname)
      .sort();

  it("are dropped when their run's process is gone; a live run's and other names are kept", async () => {
    // A process that has ended: its pid names a run that can no longer drop its own databases.
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid!;
    const livePid = inject("testRunPid");
    const dead = [scratchDbName(deadPid, "file"), scratchDbName(deadPid, "template")];
    const live = scratchDbName(livePid, "file");
    const foreign = `bo_testing_${deadPid}_kept`;
    for (const name of [...dead, live, foreign]) await adminQuery(url, `create database "${name}"`);
    try {
      const dropped = await sweepDeadRunsDatabases(url);
      // Other killed runs' leftovers on this server may go too; never a live run's or a foreign name.
      expect(dropped).toEqual(expect.arrayContaining(dead));
      expect(dropped).not.toContain(live);
      expect(dropped).not.toContain(foreign);
      expect(await existing([...dead, live, foreign])).toEqual([live, foreign].sort());
    } finally {
      for (const name of [...dead, live, foreign]) await adminQuery(url, `drop database if exists "${name}" with (force)`);
    }
  });
});
