import { describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { getDatabase, getDb } from "../../server/db/client";
import { inRequestScope } from "../../server/http/request-scope";
import { destroySession, getSessionUser } from "~/lib/auth/session.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs } from "../helpers/auth";

await useTestDatabase();

// Remix hands the root, layout and page loaders of one document each its own copy of the Request.
const copiesOf = (cookie: string, method = "GET") =>
  [1, 2, 3].map(() => new Request("http://localhost/orders", { method, headers: { cookie } }));

const lookup = (cookie: string) => inRequestScope(() => getSessionUser(copiesOf(cookie)[0]));

describe("the signed-in user is looked up once per HTTP request", () => {
  it("three loaders of one document, each with its own Request copy, share one lookup", async () => {
    const { cookie, user } = await loginAs("admin");
    const select = vi.spyOn(getDb(), "select");
    const found = await inRequestScope(() => Promise.all(copiesOf(cookie).map((r) => getSessionUser(r))));
    expect(found.map((u) => u?.id)).toEqual([user.id, user.id, user.id]);
    expect(select).toHaveBeenCalledTimes(1);
    select.mockRestore();
  });

  it("two users in one scope never see each other", async () => {
    const a = await loginAs("admin");
    const b = await loginAs("cajero");
    const [ua, ub] = await inRequestScope(() =>
      Promise.all([getSessionUser(copiesOf(a.cookie)[0]), getSessionUser(copiesOf(b.cookie)[0])]),
    );
    expect([ua?.id, ub?.id]).toEqual([a.user.id, b.user.id]);
  });

  it("a post's lookups are not shared: after its action signs out, the next lookup finds nobody", async () => {
    const { cookie, user } = await loginAs("admin");
    const [before, after] = await inRequestScope(async () => {
      const post = copiesOf(cookie, "POST");
      const signedIn = await getSessionUser(post[0]);
      await destroySession(post[0]);
      return [signedIn, await getSessionUser(post[1])];
    });
    expect(before?.id).toBe(user.id);
    expect(after).toBeNull();
  });
});

describe("from one request to the next", () => {
  it("on the embedded database, requests with nothing written in between read no statement; PostgreSQL reads each time", async () => {
    const { cookie, user } = await loginAs("admin");
    await lookup(cookie);
    await lookup(cookie);
    const select = vi.spyOn(getDb(), "select");
    for (let i = 0; i < 5; i += 1) expect((await lookup(cookie))?.id).toBe(user.id);
    expect(select).toHaveBeenCalledTimes(getDatabase().kind === "pglite" ? 0 : 5);
    select.mockRestore();
  });

  // Each write is made as another part of the app (or a person at the database) would: straight SQL.
  it.each([
    ["a sign-out elsewhere", (s: string) => sql`delete from sessions where id = ${s}`],
    ["the session's idle end passed", (s: string) => sql`update sessions set expires_at = now() - interval '1 second' where id = ${s}`],
    [
      "its absolute limit passed",
      (s: string) =>
        sql`update sessions set created_at = now() - interval '13 hours', expires_at = now() + interval '1 hour' where id = ${s}`,
    ],
    [
      "the user deactivated",
      (s: string) => sql`update users set is_active = false where id = (select user_id from sessions where id = ${s})`,
    ],
  ])("a request after %s finds nobody", async (_what, write) => {
    const { cookie } = await loginAs("admin");
    const sessionId = (await lookup(cookie))!.sessionId;
    expect((await lookup(cookie))?.sessionId).toBe(sessionId);
    await getDb().execute(write(sessionId));
    expect(await lookup(cookie)).toBeNull();
  });

  it("a request after the user's role changed gets the new role", async () => {
    const { cookie, user } = await loginAs("admin");
    expect((await lookup(cookie))?.role).toBe("admin");
    await getDb().execute(sql`update users set role = 'cajero' where id = ${user.id}`);
    expect((await lookup(cookie))?.role).toBe("cajero");
  });
});
