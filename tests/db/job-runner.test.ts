import { describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { JobRunner, purgeFinishedJobs, type JobDefinition } from "../../server/jobs/runner";
import { cron, every } from "../../server/jobs/schedule";
import { useTestDatabase } from "../helpers/db";

const database = await useTestDatabase();

/** A second handle on the same database: on PostgreSQL a pool of its own, as another instance has. */
async function secondHandle(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return database;
  const [{ name }] = await database.query<{ name: string }>("select current_database() as name");
  const u = new URL(url);
  u.pathname = `/${name}`;
  return openDatabase({ databaseUrl: u.toString(), dataDir: "" });
}

/** A clock the test moves by hand. */
function clock(iso: string) {
  let now = new Date(iso);
  return { now: () => now, set: (next: string) => (now = new Date(next)) };
}

const quiet = () => undefined;
const jobRow = async (id: number) =>
  (
    await database.query<{ state: string; attempts: number; run_at: Date; last_error: string | null }>(
      "select state, attempts, run_at, last_error from jobs where id = $1",
      [id],
    )
  )[0];

describe("the job runner", () => {
  it("a job claimed by one runner is not claimed by another", async () => {
    const other = await secondHandle();
    try {
      const definitions: JobDefinition[] = [{ name: "claim-test", run: async () => undefined }];
      const time = clock("2026-11-29T10:00:00Z");
      const a = new JobRunner(database, definitions, { now: time.now, instance: "a", log: quiet });
      const b = new JobRunner(other, definitions, { now: time.now, instance: "b", log: quiet });
      for (let i = 0; i < 40; i++) await a.enqueue("claim-test", { i });
      // Both ask at once, several times over, each for more than there is.
      const claimed = (
        await Promise.all([a.claim(7), b.claim(7), a.claim(7), b.claim(7), a.claim(7), b.claim(7), a.claim(7), b.claim(7)])
      ).map((jobs) => jobs.map((j) => j.id));
      const ids = claimed.flat();
      expect(ids).toHaveLength(new Set(ids).size);
      expect(ids).toHaveLength(40);
      const owners = await database.query<{ locked_by: string; n: number }>(
        "select locked_by, count(*)::int as n from jobs where name = 'claim-test' group by 1 order by 1",
      );
      expect(owners.reduce((sum, o) => sum + o.n, 0)).toBe(40);
      // Nothing is left to claim until a lease runs out; then the job is claimed again (its instance stopped).
      expect(await a.claim(50)).toEqual([]);
      time.set("2026-11-29T10:10:00Z");
      expect(await b.claim(100)).toHaveLength(40);
    } finally {
      if (other !== database) await other.close();
    }
  });

  it("a failing job is retried with back-off and ends in the dead-letter state after its last attempt", async () => {
    const time = clock("2026-11-29T11:00:00Z");
    const attempts: string[] = [];
    const log: string[] = [];
    const runner = new JobRunner(
      database,
      [
        {
          name: "always-fails",
          maxAttempts: 3,
          backoff: { baseMs: 1_000, maxMs: 60_000 },
          run: async (job) => {
            attempts.push(`${job.attempt}@${job.now.toISOString()}`);
            throw new Error(`El ERP no contesta (${job.attempt})`);
          },
        },
      ],
      { now: time.now, instance: "a", log: (line) => log.push(line) },
    );
    const id = (await runner.enqueue("always-fails", { sale: 1 }))!;
    expect(await runner.tick()).toMatchObject({ retried: 1, dead: 0 });
    expect(await jobRow(id)).toMatchObject({
      state: "pending",
      attempts: 1,
      run_at: new Date("2026-11-29T11:00:01Z"),
      last_error: "El ERP no contesta (1)",
    });
    time.set("2026-11-29T11:00:00.999Z");
    expect(await runner.tick()).toMatchObject({ retried: 0, dead: 0 });
    time.set("2026-11-29T11:00:01Z");
    expect(await runner.tick()).toMatchObject({ retried: 1 });
    // Second failure: twice the wait.
    expect(await jobRow(id)).toMatchObject({ state: "pending", attempts: 2, run_at: new Date("2026-11-29T11:00:03Z") });
    time.set("2026-11-29T11:00:02.999Z");
    expect(await runner.tick()).toMatchObject({ retried: 0, dead: 0 });
    time.set("2026-11-29T11:00:03Z");
    expect(await runner.tick()).toMatchObject({ retried: 0, dead: 1 });
    expect(await jobRow(id)).toMatchObject({ state: "dead", attempts: 3, last_error: "El ERP no contesta (3)" });
    expect(attempts).toEqual(["1@2026-11-29T11:00:00.000Z", "2@2026-11-29T11:00:01.000Z", "3@2026-11-29T11:00:03.000Z"]);
    expect(log.at(-1)).toMatch(/always-fails .* intento 3 de 3 y queda detenido/);
    // A dead job is never claimed again.
    time.set("2026-11-29T12:00:00Z");
    expect(await runner.tick()).toMatchObject({ done: 0, retried: 0, dead: 0 });
  });

  it("a job whose last attempt never finished is left dead, not run again", async () => {
    const time = clock("2026-11-29T13:00:00Z");
    let runs = 0;
    const definitions: JobDefinition[] = [{ name: "stops-midway", maxAttempts: 1, leaseMs: 60_000, run: async () => void runs++ }];
    const crashed = new JobRunner(database, definitions, { now: time.now, instance: "crashed", log: quiet });
    const id = (await crashed.enqueue("stops-midway"))!;
    expect(await crashed.claim()).toHaveLength(1); // claimed, then its instance stops
    time.set("2026-11-29T13:01:00Z");
    const survivor = new JobRunner(database, definitions, { now: time.now, instance: "survivor", log: quiet });
    expect(await survivor.tick()).toMatchObject({ dead: 1 });
    expect(runs).toBe(0);
    expect(await jobRow(id)).toMatchObject({ state: "dead", last_error: "El último intento no terminó" });
  });

  it("a schedule fires once per period with two runners", async () => {
    const other = await secondHandle();
    try {
      const time = clock("2026-11-29T08:00:30Z");
      const runs: Record<string, string[]> = { hourly: [], nightly: [] };
      const definitions: JobDefinition[] = [
        { name: "hourly", schedule: every(3600_000), run: async (job) => void runs.hourly.push(job.key!) },
        { name: "nightly", schedule: cron("30 3 * * *", "America/Mexico_City"), run: async (job) => void runs.nightly.push(job.key!) },
      ];
      const a = new JobRunner(database, definitions, { now: time.now, instance: "a", log: quiet });
      const b = new JobRunner(other, definitions, { now: time.now, instance: "b", log: quiet });
      // Two days, both runners ticking together every half hour.
      const start = time.now().getTime();
      for (let t = start; t <= start + 48 * 3600_000; t += 30 * 60_000) {
        time.set(new Date(t).toISOString());
        await Promise.all([a.tick(), b.tick()]);
      }
      expect(runs.nightly).toEqual(["2026-11-29T09:30:00.000Z", "2026-11-30T09:30:00.000Z"]);
      expect(runs.hourly).toHaveLength(48);
      expect(new Set(runs.hourly).size).toBe(48);
      expect(runs.hourly[0]).toBe("2026-11-29T09:00:00.000Z");
      expect(runs.hourly.at(-1)).toBe("2026-12-01T08:00:00.000Z");
    } finally {
      if (other !== database) await other.close();
    }
  }, 120_000);

  it("finished jobs are purged: done after a day, dead after thirty", async () => {
    await database.exec("delete from jobs");
    await database.exec(`insert into jobs (name, state, run_at, finished_at) values
      ('x', 'done', now(), '2026-11-27T00:00:00Z'), ('x', 'done', now(), '2026-11-28T12:00:00Z'),
      ('x', 'dead', now(), '2026-10-20T00:00:00Z'), ('x', 'dead', now(), '2026-11-01T00:00:00Z'),
      ('x', 'pending', '2026-01-01T00:00:00Z', null)`);
    expect(await purgeFinishedJobs(database, new Date("2026-11-29T06:00:00Z"))).toBe(2);
    const left = await database.query<{ state: string; finished_at: Date | null }>("select state, finished_at from jobs order by id");
    expect(left.map((r) => [r.state, r.finished_at?.toISOString() ?? null])).toEqual([
      ["done", "2026-11-28T12:00:00.000Z"],
      ["dead", "2026-11-01T00:00:00.000Z"],
      ["pending", null],
    ]);
  });
});
