import { describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, feedback } from "../../server/db/schema";
import { action, loader as pageLoader } from "~/routes/layout/feedback";
import { loader as listLoader } from "~/routes/logs/feedback";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { expectRolesSentHome } from "../helpers/sent-home";
import type { Role } from "@common/roles";
import { routeArgs } from "../helpers/route-args";

await useTestDatabase();

type List = Awaited<ReturnType<typeof listLoader>>;
type Refusal = {
  data: { error: string; toast: { title: string; message: string; variant: string }; text: string; returnTo: string };
  init: { status?: number } | null;
};

const send = (cookie: string | undefined, form: Record<string, string>) =>
  settle(() => action(routeArgs({ request: makeRequest("/feedback", { cookie, form }), params: {} })));
const list = (path: string, cookie?: string) => settle(() => listLoader(routeArgs({ request: makeRequest(path, { cookie }), params: {} })));
const feedbackOf = (userId: number) => getDb().select().from(feedback).where(eq(feedback.userId, userId)).orderBy(desc(feedback.id));

// Expected texts from the spec (first document §5) and the limit chosen in decision 0040.
const SPEC_TITLE = "Datos insuficientes";
const SPEC_EMPTY = "Por favor completa el campo";

describe("POST /feedback", () => {
  // Every role that signs in has the sidebar, and the form in it (decision 0040).
  const ROLES: Role[] = [
    "admin",
    "developer",
    "ml_manager",
    "shop_manager",
    "iluminacion",
    "inventory",
    "practicante",
    "cajero",
    "gerente_pdv",
    "surtido",
  ];
  for (const role of ROLES) {
    it(`saves ${role}'s comment with its author and time, writes the audit entry and goes back to the page`, async () => {
      const { user, cookie } = await loginAs(role);
      const before = Date.now();
      const res = (await send(cookie, { text: `  Hola desde ${role}\r\nsegunda línea  `, returnTo: "/pdv?tab=historial" })) as Response;
      expect(res).toBeInstanceOf(Response);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/pdv?tab=historial");
      expect(res.headers.get("X-Remix-Replace")).toBe("true");
      expect(res.headers.get("Set-Cookie")).toContain("bo_toast=");
      const [row] = await feedbackOf(user.id);
      expect(row.text).toBe(`Hola desde ${role}\nsegunda línea`);
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      const [entry] = await getDb()
        .select()
        .from(auditLog)
        .where(eq(auditLog.identifier, String(row.id)))
        .orderBy(desc(auditLog.id));
      expect(entry).toMatchObject({ userId: user.id, type: "create", tags: ["feedback"] });
    });
  }

  it("refuses an empty comment, or one of spaces only, with the spec's warning and saves nothing", async () => {
    const { user, cookie } = await loginAs("shop_manager");
    for (const text of ["", "   \r\n\t "]) {
      const res = (await send(cookie, { text, returnTo: "/products" })) as unknown as Refusal;
      expect(res.init?.status).toBe(400);
      expect(res.data.toast).toMatchObject({ title: SPEC_TITLE, message: SPEC_EMPTY, variant: "warning" });
      expect(res.data.error).toBe(SPEC_EMPTY);
      expect(res.data.returnTo).toBe("/products");
    }
    const missing = (await send(cookie, { returnTo: "/products" })) as unknown as Refusal;
    expect(missing.data.error).toBe(SPEC_EMPTY);
    expect(await feedbackOf(user.id)).toEqual([]);
  });

  it("takes 1000 characters, refuses 1001 naming the field, and keeps what was typed", async () => {
    const { user, cookie } = await loginAs("cajero");
    const tooLong = "x".repeat(1001);
    const res = (await send(cookie, { text: tooLong, returnTo: "/pdv" })) as unknown as Refusal;
    expect(res.init?.status).toBe(400);
    expect(res.data.error).toBe("El campo Comentario admite como máximo 1000 caracteres.");
    expect(res.data.toast.variant).toBe("warning");
    expect(res.data.text).toBe(tooLong);
    expect(await feedbackOf(user.id)).toEqual([]);
    // A line break counts once, as the browser counts it in the box, though the form posts it as CRLF.
    const fits = `${"y".repeat(499)}\r\n${"z".repeat(500)}`;
    expect(((await send(cookie, { text: fits, returnTo: "/pdv" })) as Response).status).toBe(302);
    expect((await feedbackOf(user.id))[0].text).toHaveLength(1000);
  });

  it("goes back only to a same-origin page: anything else lands on the role's home", async () => {
    const { cookie } = await loginAs("surtido");
    for (const returnTo of ["https://evil.example/x", "//evil.example", "/\\evil", "/logout", ""]) {
      const res = (await send(cookie, { text: "ok", returnTo })) as Response;
      expect(res.headers.get("Location"), returnTo).toBe("/surtido");
    }
  });

  it("is refused without a session", async () => {
    const res = (await send(undefined, { text: "hola" })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login/);
  });

  it("shows its own page to every role, with the way back checked", async () => {
    const { cookie } = await loginAs("gerente_pdv");
    const page = (await settle(() =>
      pageLoader(routeArgs({ request: makeRequest("/feedback?returnTo=%2Fpdv%3Ftab%3Dhistorial", { cookie }), params: {} })),
    )) as { constraint: { maxLength?: number; required?: true }; returnTo: string };
    expect(page.returnTo).toBe("/pdv?tab=historial");
    // The spec speaks when the box is empty: no `required`, and the browser stops typing at the limit.
    expect(page.constraint).toMatchObject({ maxLength: 1000 });
    expect(page.constraint.required).toBeUndefined();
  });
});

describe("/logs/feedback list", () => {
  // Letters only, so a number in a search never matches the tag.
  const tag = `fb${Date.now()
    .toString(36)
    .replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)])}`;

  it("lets Admin and Developer in and sends other roles home", async () => {
    const admin = await loginAs("admin");
    expect(await list("/logs/feedback", admin.cookie)).toMatchObject({ page: 1, pageSize: 20 });
    await expectRolesSentHome(
      [
        ["ml_manager", "/products"],
        ["shop_manager", "/products"],
        ["cajero", "/pdv"],
        ["surtido", "/surtido"],
      ],
      {
        list: ({ cookie }) => list("/logs/feedback", cookie),
      },
    );
  });

  it("lists newest first, 20 per page, with the author's name; searches text and author; a page past the end goes to the last", async () => {
    const { user: author } = await loginAs("inventory", { firstName: "Rosa", lastName: "Quintero" });
    const base = Date.UTC(2025, 2, 1, 17, 0, 0);
    await getDb()
      .insert(feedback)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          text: `${tag} comentario número ${i}`,
          userId: author.id,
          createdAt: new Date(base + i * 60_000),
        })),
      );
    const { cookie } = await loginAs("developer");
    const first = (await list(`/logs/feedback?search=${tag}`, cookie)) as List;
    expect(first.total).toBe(25);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toMatchObject({ text: `${tag} comentario número 24`, userName: "Rosa Quintero" });
    const second = (await list(`/logs/feedback?search=${tag}&page=2`, cookie)) as List;
    expect(second.rows.map((r) => r.text)).toEqual([4, 3, 2, 1, 0].map((i) => `${tag} comentario número ${i}`));
    const oldest = (await list(`/logs/feedback?search=${tag}&sortName=date&sortValue=asc`, cookie)) as List;
    expect(oldest.rows[0].text).toBe(`${tag} comentario número 0`);
    const byAuthor = (await list(`/logs/feedback?search=${tag}+quintero+número+12`, cookie)) as List;
    expect(byAuthor.rows.map((r) => r.text)).toEqual([`${tag} comentario número 12`]);
    const none = (await list(`/logs/feedback?search=${tag}+%25`, cookie)) as List;
    expect(none.total).toBe(0);
    const past = (await list(`/logs/feedback?search=${tag}&page=9`, cookie)) as Response;
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`/logs/feedback?search=${tag}&page=2`);
  });
});
