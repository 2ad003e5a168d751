import { request as pwRequest, type APIRequestContext } from "@playwright/test";
import { canAccessPath, homeFor, ROUTES } from "../app/lib/access";
import { ROLE_KEYS, type Role } from "../app/lib/roles";
import { DEMO, DEMO_PASSWORD, expect, test } from "./fixtures";

// The demo MercadoLibre Manager holds every permission flag (see server/db/seed/demo-users.ts).
const DEMO_PERMISSIONS: Record<Role, string[]> = Object.fromEntries(
  ROLE_KEYS.map((r) => [r, r === "ml_manager" ? ["sales_reports", "invoice_link_toggle", "question_moderation", "messages_access", "description_visibility"] : []]),
) as Record<Role, string[]>;

const contexts = new Map<Role, APIRequestContext>();

test.beforeAll(async ({ baseURL }) => {
  for (const role of ROLE_KEYS) {
    const ctx = await pwRequest.newContext({ baseURL });
    const res = await ctx.post("/login", { form: { email: DEMO[role], password: DEMO_PASSWORD }, maxRedirects: 0 });
    expect(res.status(), `login ${role}`).toBe(302);
    contexts.set(role, ctx);
  }
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

test("anonymous requests to every screen go to /login with redirectTo", async ({ request }) => {
  for (const route of ROUTES) {
    const res = await request.get(route.path, { maxRedirects: 0 });
    expect(res.status(), route.path).toBe(302);
    expect(res.headers()["location"], route.path).toBe(`/login?redirectTo=${encodeURIComponent(route.path)}`);
  }
});

for (const role of ROLE_KEYS) {
  test(`every screen answers as the matrix says for ${role}`, async () => {
    const ctx = contexts.get(role)!;
    const user = { role, permissions: DEMO_PERMISSIONS[role] };
    for (const route of ROUTES) {
      const res = await ctx.get(route.path, { maxRedirects: 0 });
      if (canAccessPath(user, route.path)) {
        expect(res.status(), `${role} ${route.path}`).toBe(200);
      } else {
        expect(res.status(), `${role} ${route.path}`).toBe(302);
        expect(res.headers()["location"], `${role} ${route.path}`).toBe(homeFor(role));
      }
    }
  });

  test(`${role} lands on a home it can use (no redirect loop)`, async () => {
    const ctx = contexts.get(role)!;
    const home = homeFor(role);
    expect(canAccessPath({ role, permissions: DEMO_PERMISSIONS[role] }, home)).toBe(true);
    const res = await ctx.get("/", { maxRedirects: 0 });
    expect(res.headers()["location"]).toBe(home);
    const page = await ctx.get(home, { maxRedirects: 0 });
    expect(page.status()).toBe(200);
    const unknown = await ctx.get("/no-existe/para-nada", { maxRedirects: 0 });
    expect(unknown.headers()["location"]).toBe(home);
  });
}

test("every mutation is refused without a session", async ({ request }) => {
  const res = await request.post("/users", { form: { intent: "x" }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toMatch(/^\/login/);
});

test("security headers: CSP with a nonce and no inline script without it", async ({ request }) => {
  const res = await request.get("/login");
  const csp = res.headers()["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  const html = await res.text();
  const nonce = /nonce-([A-Za-z0-9+/=]+)/.exec(csp)![1];
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
  for (const m of inline) expect(m[1]).toContain(`nonce="${nonce}"`);
});
