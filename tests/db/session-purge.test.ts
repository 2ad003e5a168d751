import { describe, expect, it } from "vitest";
import { sessions } from "../../server/db/schema";
import { appJobs } from "../../app/jobs.server";
import { JobRunner } from "../../server/jobs/runner";
import { getSessionUser, purgeExpiredSessions, SESSION_ABSOLUTE_MS } from "~/lib/auth/session.server";
import { loginAs, makeRequest } from "../helpers/auth";
import { useTestDatabase } from "../helpers/db";

const database = await useTestDatabase();
const HOUR = 3600_000;

/** Sessions of one user: one signed in now (loginAs), and three written by hand around `now`. */
async function sessionsAround(now: Date) {
  const { user, cookie } = await loginAs("admin");
  const at = (ms: number) => new Date(now.getTime() + ms);
  await database.db.insert(sessions).values([
    { id: "idle-past-its-end-000000", userId: user.id, createdAt: at(-3 * HOUR), lastSeenAt: at(-2 * HOUR), expiresAt: at(-60_000) },
    {
      id: "signed-in-too-long-ago-0",
      userId: user.id,
      createdAt: at(-SESSION_ABSOLUTE_MS - 60_000),
      lastSeenAt: at(-60_000),
      expiresAt: at(HOUR),
    },
    { id: "still-in-use-000000000000", userId: user.id, createdAt: at(-HOUR), lastSeenAt: at(-60_000), expiresAt: at(HOUR) },
  ]);
  return { user, cookie };
}

const ids = async () => (await database.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id).sort();

describe("expired sessions are purged", () => {
  it("idle past their end or signed in longer ago than the limit go; a session in use stays", async () => {
    await database.exec("delete from sessions");
    const now = new Date();
    const { cookie } = await sessionsAround(now);
    expect(await ids()).toHaveLength(4);
    expect(await purgeExpiredSessions(now)).toBe(2);
    expect((await ids()).filter((id) => id.length < 30)).toEqual(["still-in-use-000000000000"]);
    expect(await ids()).toHaveLength(2);
    // The session signed in just now still opens the back office.
    expect(await getSessionUser(makeRequest("/", { cookie }))).toMatchObject({ role: "admin" });
  });

  it("by the job runner, once an hour at :10", async () => {
    await database.exec("delete from sessions; delete from jobs");
    const ten = new Date(Math.floor(Date.now() / HOUR) * HOUR + 10 * 60_000); // :10 of this hour
    await sessionsAround(ten); // the purge reads the runner's clock
    let clock = new Date(ten.getTime() - 5 * 60_000);
    const runner = new JobRunner(
      database,
      appJobs(database).filter((j) => j.name === "session-purge"),
      { now: () => clock, log: () => undefined },
    );
    expect(await runner.tick()).toMatchObject({ scheduled: 1, done: 0 });
    expect(await ids()).toHaveLength(4);
    clock = ten;
    expect(await runner.tick()).toMatchObject({ done: 1 });
    expect(await ids()).toHaveLength(2);
    const [job] = await database.query<{ state: string; key: string }>(
      "select state, key from jobs where name = 'session-purge' order by id limit 1",
    );
    expect(job).toEqual({ state: "done", key: clock.toISOString() });
  });
});
