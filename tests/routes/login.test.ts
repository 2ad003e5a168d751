import { beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/auth/login";
import { loader as ordersPlaceholder } from "~/routes/layout/not-found";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase();
const ctx = { params: {} };

async function post(form: Record<string, string>) {
  return settle(() => action(routeArgs({ ...ctx, request: makeRequest("/login", { form }) })));
}

describe("sign-in", () => {
  beforeEach(() => resetRateLimits());

  it("signs in and redirects to the role home with a signed, httpOnly, lax cookie", async () => {
    const { user } = await loginAs("cajero");
    const res = (await post({ email: user.email, password: "demo1234" })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/pdv");
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/bo_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("keeps a safe redirectTo and ignores an external one", async () => {
    const { user } = await loginAs("admin");
    const ok = (await post({ email: user.email, password: "demo1234", redirectTo: "/orders?page=2" })) as Response;
    expect(ok.headers.get("Location")).toBe("/orders?page=2");
    const evil = (await post({ email: user.email, password: "demo1234", redirectTo: "//evil.example/x" })) as Response;
    expect(evil.headers.get("Location")).toBe("/products");
  });

  it("refuses a wrong password with the 'Atención' danger toast and audits it", async () => {
    const { user } = await loginAs("admin");
    const res = await post({ email: user.email, password: "nope" });
    const body = (res as { data: { toast: { title: string; variant: string } } }).data;
    expect((res as { init: { status: number } }).init.status).toBe(401);
    expect(body.toast).toMatchObject({ title: "Atención", variant: "danger" });
    const rows = await database.query<{ n: number }>(
      "select count(*)::int n from audit_log where message like 'Inicio de sesión fallido%'",
    );
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it("answers 400 with field errors for a malformed form", async () => {
    const res = await post({ email: "no-es-correo", password: "" });
    expect((res as { init: { status: number } }).init.status).toBe(400);
  });

  it("rate-limits repeated failures per e-mail", async () => {
    const { user } = await loginAs("admin");
    for (let i = 0; i < 5; i++) await post({ email: user.email, password: "bad" });
    const res = await post({ email: user.email, password: "demo1234" });
    const body = (res as { data: { toast: { message: string } } }).data;
    expect(body.toast.message).toMatch(/Demasiados intentos/);
  });

  it("sends a signed-in user on /login to their home", async () => {
    const { cookie } = await loginAs("surtido");
    const res = (await settle(() => loader(routeArgs({ ...ctx, request: makeRequest("/login", { cookie }) })))) as Response;
    expect(res.headers.get("Location")).toBe("/surtido");
  });
});

describe("guard", () => {
  it("sends anonymous users to /login with redirectTo", async () => {
    const res = (await settle(() => ordersPlaceholder(routeArgs({ ...ctx, request: makeRequest("/box-score?year=2022") })))) as Response;
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fbox-score%3Fyear%3D2022");
  });

  it("keeps the page, not the data request that asked for it, as redirectTo", async () => {
    // With JavaScript a navigation asks for the page's data URL; the sign-in must come back to the page.
    const request = makeRequest("/box-score.data?year=2022&_routes=routes%2Flayout%2Fnot-found");
    const res = (await settle(() => ordersPlaceholder(routeArgs({ ...ctx, request })))) as Response;
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fbox-score%3Fyear%3D2022");
  });

  it("checks access on the page a data request is for", async () => {
    const cajero = await loginAs("cajero");
    const denied = (await settle(() =>
      ordersPlaceholder(routeArgs({ ...ctx, request: makeRequest("/box-score.data?_routes=x", { cookie: cajero.cookie }) })),
    )) as Response;
    expect(denied.headers.get("Location")).toBe("/pdv");
    const holder = await loginAs("ml_manager", { permissions: ["messages_access"] });
    const ok = await settle(() =>
      ordersPlaceholder(routeArgs({ ...ctx, request: makeRequest("/messages.data?_routes=x", { cookie: holder.cookie }) })),
    );
    expect(ok).toMatchObject({ path: "/messages" });
  });

  it("sends a role that may not use a screen to its home", async () => {
    const { cookie } = await loginAs("cajero");
    const res = (await settle(() => ordersPlaceholder(routeArgs({ ...ctx, request: makeRequest("/box-score", { cookie }) })))) as Response;
    expect(res.headers.get("Location")).toBe("/pdv");
  });

  it("lets the MercadoLibre Manager into /messages only with the flag", async () => {
    const without = await loginAs("ml_manager");
    const res = (await settle(() =>
      ordersPlaceholder(routeArgs({ ...ctx, request: makeRequest("/messages", { cookie: without.cookie }) })),
    )) as Response;
    expect(res.headers.get("Location")).toBe("/products");
    const holder = await loginAs("ml_manager", { permissions: ["messages_access"] });
    const ok = await settle(() => ordersPlaceholder(routeArgs({ ...ctx, request: makeRequest("/messages", { cookie: holder.cookie }) })));
    expect(ok).toMatchObject({ path: "/messages" });
  });
});
