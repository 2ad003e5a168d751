import { describe, expect, it, vi } from "vitest";
import { getDb } from "../../server/db/client";
import { inRequestScope } from "../../server/http/request-scope";
import { getSessionUser } from "~/lib/auth/session.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs } from "../helpers/auth";

await useTestDatabase();

// Remix hands the root, layout and page loaders of one document each its own copy of the Request.
const copiesOf = (cookie: string, method = "GET") =>
  [1, 2, 3].map(() => new Request("http://localhost/orders", { method, headers: { cookie } }));

describe("the signed-in user is looked up once per HTTP request", () => {
  it("three loaders of one document, each with its own Request copy, share one lookup", async () => {
    const { cookie, user } = await loginAs("admin");
    const select = vi.spyOn(getDb(), "select");
    const found = await inRequestScope(() => Promise.all(copiesOf(cookie).map((r) => getSessionUser(r))));
    expect(found.map((u) => u?.id)).toEqual([user.id, user.id, user.id]);
    expect(select).toHaveBeenCalledTimes(1);
    select.mockRestore();
  });

  it("another HTTP request looks again (a session ended in between is not served from the last one)", async () => {
    const { cookie } = await loginAs("admin");
    const select = vi.spyOn(getDb(), "select");
    await inRequestScope(() => getSessionUser(copiesOf(cookie)[0]));
    await inRequestScope(() => getSessionUser(copiesOf(cookie)[0]));
    expect(select).toHaveBeenCalledTimes(2);
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

  it("a post is not shared: its action may sign in or out before the loaders run", async () => {
    const { cookie } = await loginAs("admin");
    const select = vi.spyOn(getDb(), "select");
    await inRequestScope(() => Promise.all(copiesOf(cookie, "POST").map((r) => getSessionUser(r))));
    expect(select).toHaveBeenCalledTimes(3);
    select.mockRestore();
  });
});
