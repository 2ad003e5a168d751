import { request as pwRequest, type APIRequestContext } from "@playwright/test";
import { homeFor, ROUTES } from "../app/lib/access";
import { ROLE_KEYS, type Role } from "../common/roles";
import { DEMO, DEMO_PASSWORD, expect, test } from "./fixtures";

/**
 * Who may open each screen, written out from the spec's route tables (first document §2, second
 * document §2) and docs/decisions/0002 (/users, /surtido) and 0040 (/feedback) — not computed by the code under test, so a
 * change to the access matrix that the spec does not allow fails here. The demo MercadoLibre Manager
 * holds every permission flag (server/db/seed/demo-users.ts), so /messages opens for it.
 */
const STAFF: Role[] = ["admin", "developer", "ml_manager", "shop_manager", "iluminacion", "inventory", "practicante"];
const EXPECTED: Record<string, Role[]> = {
  "/products": STAFF,
  "/pdv": ["admin", "developer", "cajero", "gerente_pdv"],
  "/quotations": ["admin", "developer"],
  "/web-inventory": ["admin", "developer", "ml_manager", "inventory", "iluminacion", "practicante"],
  "/box-score": ["admin", "developer", "ml_manager", "inventory"],
  "/publications": ["admin", "developer", "ml_manager"],
  "/orders": ["admin", "developer", "ml_manager"],
  "/questions": ["admin", "developer", "ml_manager"],
  "/messages": ["admin", "developer", "ml_manager"],
  "/product-categories": ["admin", "developer", "ml_manager", "inventory", "practicante"],
  "/product-brands": ["admin", "developer", "ml_manager", "inventory", "practicante"],
  "/product-applications": ["admin", "developer", "ml_manager", "inventory"],
  "/product-sectors": ["admin", "developer", "ml_manager", "inventory"],
  "/catalogs": ["admin", "developer", "ml_manager", "inventory"],
  "/promotions": ["admin", "developer", "ml_manager"],
  "/locations": ["admin", "developer", "ml_manager"],
  "/logs": ["admin", "developer"],
  // Issue 28: the feeds, the outbox and the integrations (docs/live-data.md).
  "/sync": ["admin", "developer"],
  "/banner-home": ["admin", "developer", "ml_manager"],
  "/ecommerce": ["admin", "developer", "ml_manager"],
  "/blog-posts": ["admin", "developer", "ml_manager"],
  "/chatbot-documents": ["admin", "developer", "ml_manager"],
  "/feedback-invoices": ["admin", "developer", "ml_manager"],
  "/theme": ["developer"],
  "/users": ["admin", "developer"],
  "/surtido": ["admin", "developer", "surtido"],
  // The sidebar's comment form (spec 1 §5) posts here; every role has the sidebar (decision 0040).
  "/feedback": [...STAFF, "cajero", "gerente_pdv", "surtido"],
};
/** Each role's home, grouped as docs/decisions/0002 lists them. */
const HOMES: Array<[string, Role[]]> = [
  ["/products", STAFF],
  ["/pdv", ["cajero", "gerente_pdv"]],
  ["/surtido", ["surtido"]],
];
const HOME = Object.fromEntries(HOMES.flatMap(([home, roles]) => roles.map((role) => [role, home]))) as Record<Role, string>;

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

test("the route table has exactly the screens the spec lists", () => {
  expect(ROUTES.map((r) => r.path).sort()).toEqual(Object.keys(EXPECTED).sort());
  for (const role of ROLE_KEYS) expect(homeFor(role), role).toBe(HOME[role]);
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
    for (const [path, allowed] of Object.entries(EXPECTED)) {
      const res = await ctx.get(path, { maxRedirects: 0 });
      if (allowed.includes(role)) {
        expect(res.status(), `${role} ${path}`).toBe(200);
      } else {
        expect(res.status(), `${role} ${path}`).toBe(302);
        expect(res.headers()["location"], `${role} ${path}`).toBe(HOME[role]);
      }
    }
  });

  test(`${role} lands on a home it can use (no redirect loop)`, async () => {
    const ctx = contexts.get(role)!;
    const home = HOME[role];
    expect(EXPECTED[home]).toContain(role);
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
