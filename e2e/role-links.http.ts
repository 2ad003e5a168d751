import { request as pwRequest, type APIRequestContext } from "@playwright/test";
import { ROLE_KEYS, type Role } from "../common/roles";
import { DEMO, DEMO_PASSWORD, expect, test } from "./fixtures";

/**
 * No dead links for a role: from each role's landing page, and the dialogs that page opens, every
 * internal link (`a[href^="/"]`) is followed, and none may send the user away to another screen (the
 * guard's answer to a screen the role may not open is a redirect to its home). Links are told apart by
 * their shape (ids and query folded), so the walk stays short.
 */

/** Each role's landing page, written out from docs/decisions/0002 (not read from the code under test). */
const STAFF: Role[] = ["admin", "developer", "ml_manager", "shop_manager", "iluminacion", "inventory", "practicante"];
const HOMES: Array<[string, Role[]]> = [
  ["/products", STAFF],
  ["/pdv", ["cajero", "gerente_pdv"]],
  ["/surtido", ["surtido"]],
];
const HOME = Object.fromEntries(HOMES.flatMap(([home, roles]) => roles.map((role) => [role, home]))) as Record<Role, string>;

/** Dialogs of the landing page opened and read for links (one per shape). */
const MAX_DIALOGS = 8;

const screenOf = (path: string) => "/" + (new URL(path, "http://x").pathname.split("/")[1] ?? "");
/** A link's shape: its path with every segment holding a digit folded, without its query. */
const shapeOf = (href: string) => new URL(href, "http://x").pathname.replace(/\/[^/]*\d[^/]*/g, "/:id");

function internalLinks(html: string): string[] {
  const hrefs = [...html.matchAll(/<a\b[^>]*?\shref="(\/[^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  return hrefs.filter((href) => !href.startsWith("//"));
}

async function page(ctx: APIRequestContext, path: string) {
  const res = await ctx.get(path, { maxRedirects: 0 });
  const html = res.status() === 200 && (res.headers()["content-type"] ?? "").includes("text/html") ? await res.text() : "";
  return { res, html };
}

for (const role of ROLE_KEYS) {
  test(`every link ${role} is shown from its landing page and its dialogs leads somewhere it may go`, async ({ baseURL }) => {
    test.setTimeout(120_000);
    const ctx = await pwRequest.newContext({ baseURL });
    try {
      const login = await ctx.post("/login", { form: { email: DEMO[role], password: DEMO_PASSWORD }, maxRedirects: 0 });
      expect(login.status(), `sign-in ${role}`).toBe(302);
      const home = HOME[role];
      const landing = await page(ctx, home);
      expect(landing.res.status(), `${role} ${home}`).toBe(200);

      // The landing page and the dialogs it links to (same screen, not a download), each read once.
      const sources = new Map<string, string[]>([[home, internalLinks(landing.html)]]);
      const dialogShapes = new Set<string>();
      for (const href of sources.get(home)!) {
        const shape = shapeOf(href);
        if (screenOf(href) !== home || shape === home || /\.(pdf|xlsx)$/.test(shape) || dialogShapes.has(shape)) continue;
        if (dialogShapes.size >= MAX_DIALOGS) break;
        dialogShapes.add(shape);
        const dialog = await page(ctx, href);
        sources.set(href, internalLinks(dialog.html));
      }

      // Every link once per shape: no redirect out of the screen it names.
      const followed = new Map<string, { href: string; from: string }>();
      for (const [from, links] of sources)
        for (const href of links) if (!followed.has(shapeOf(href)) && href !== "/logout") followed.set(shapeOf(href), { href, from });
      expect(followed.size, `${role}: links found`).toBeGreaterThan(0);
      const away: string[] = [];
      for (const { href, from } of followed.values()) {
        const res = await ctx.get(href, { maxRedirects: 0 });
        const location = res.headers()["location"];
        if (res.status() === 403) away.push(`${from} → ${href}: 403`);
        else if (res.status() >= 300 && res.status() < 400 && location && screenOf(location) !== screenOf(href))
          away.push(`${from} → ${href}: ${res.status()} a ${location}`);
      }
      expect(away, `${role}: links that send the user away`).toEqual([]);
    } finally {
      await ctx.dispose();
    }
  });
}
