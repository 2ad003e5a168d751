import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { sessions } from "../../server/db/schema";
import { attemptLogin } from "~/modules/auth/login.server";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
import { getSessionUser, readSessionId } from "~/lib/auth/session.server";
import { action } from "~/routes/auth/login";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase();

describe("sign-in limits", () => {
  beforeEach(() => resetRateLimits());

  it("five wrong passwords from one address do not lock the colleague signing in from another", async () => {
    const { user } = await loginAs("admin");
    for (let i = 0; i < 5; i++) await attemptLogin(user.email, "mala", "10.0.0.66");
    expect(await attemptLogin(user.email, "demo1234", "10.0.0.66")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Demasiados intentos/),
    });
    expect(await attemptLogin(user.email, "demo1234", "10.0.0.7")).toMatchObject({ ok: true, userId: user.id });
  });

  it("keeps the failures in the database, so a restart does not forget them", async () => {
    const { user } = await loginAs("admin");
    for (let i = 0; i < 5; i++) await attemptLogin(user.email, "mala", "10.0.0.9");
    const rows = await database.query<{ key: string; failures: number }>("select key, failures from login_throttle order by key");
    expect(rows).toContainEqual({ key: `pair:${user.email.toLowerCase()}|10.0.0.9`, failures: 5 });
    expect(rows).toContainEqual({ key: "ip:10.0.0.9", failures: 5 });
  });

  it("clients without a forwarding header do not share one bucket: the address comes from the server, never from X-Forwarded-For", async () => {
    const { user } = await loginAs("admin");
    const headers = { "x-client-ip": "10.0.0.20", "x-forwarded-for": "1.1.1.1" };
    const request = new Request("http://localhost/login", {
      method: "POST",
      headers,
      body: new URLSearchParams({ email: user.email, password: "mala" }),
    });
    await settle(() => action(routeArgs({ request, params: {} })));
    const rows = await database.query<{ key: string }>("select key from login_throttle where key like 'ip:%'");
    expect(rows.map((r) => r.key)).toEqual(["ip:10.0.0.20"]);
  });

  it("an unknown e-mail costs as long as a known one with a wrong password", async () => {
    const { user } = await loginAs("admin");
    const time = async (email: string) => {
      const started = performance.now();
      await attemptLogin(email, "mala-contraseña", `10.1.0.${Math.floor(Math.random() * 200)}`);
      return performance.now() - started;
    };
    await time(user.email);
    await time("nadie.previo@desconocido.mx");
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await time(user.email));
      unknown.push(await time(`nadie.${i}@desconocido.mx`));
    }
    // The fastest of each: a busy machine only ever adds time, so the minimum is each path's own cost.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.6);
  });

  it("refuses a password over 72 bytes instead of comparing only its first 72", async () => {
    const res = (await settle(() =>
      action(routeArgs({ request: makeRequest("/login", { form: { email: "ana@x.mx", password: "ñ".repeat(37) } }), params: {} })),
    )) as {
      data: { result: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(res.init.status).toBe(400);
    expect(res.data.result.error.password?.[0]).toBe("La contraseña no puede ocupar más de 72 bytes (unos 72 caracteres sin acentos).");
  });
});

describe("session lifetime", () => {
  it("ends 12 hours after sign-in even for a user active the whole time", async () => {
    const { cookie } = await loginAs("admin");
    const id = await readSessionId(new Request("http://x", { headers: { cookie } }));
    const fresh = await getSessionUser(new Request("http://x/orders", { headers: { cookie } }));
    expect(fresh).not.toBeNull();
    await getDb()
      .update(sessions)
      .set({ createdAt: sql`now() - interval '12 hours 1 minute'`, lastSeenAt: sql`now()`, expiresAt: sql`now() + interval '5 hours'` })
      .where(eq(sessions.id, id!));
    expect(await getSessionUser(new Request("http://x/orders", { headers: { cookie } }))).toBeNull();
  });
});
