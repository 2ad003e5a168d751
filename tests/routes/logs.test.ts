import { describe, expect, it } from "vitest";
import { getDb } from "../../server/db/client";
import { auditLog } from "../../server/db/schema";
import { loader as listLoader } from "~/routes/logs/route";
import { loader as detailLoader } from "~/routes/logs/$logId";
import { audit } from "~/modules/logs/audit.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { expectRolesSentHome } from "../helpers/sent-home";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase();

type List = Awaited<ReturnType<typeof listLoader>>;
type Detail = Awaited<ReturnType<typeof detailLoader>>;

const list = (path: string, cookie?: string) => settle(() => listLoader(routeArgs({ request: makeRequest(path, { cookie }), params: {} })));
const detail = (id: string | number, cookie?: string) =>
  settle(() => detailLoader(routeArgs({ request: makeRequest(`/logs/${id}`, { cookie }), params: { logId: String(id) } })));

// Letters only: a digit in the tag (say "12") would match every row when a search names a number.
const tag = `lg${Date.now()
  .toString(36)
  .replace(/[0-9]/g, (d) => "qrstuvwxyz"[Number(d)])}`;
const { user: author } = await loginAs("admin", { firstName: "Ana", lastName: "Martínez" });
const { cookie } = await loginAs("developer");

// 30 entries a minute apart: 20 'update' and 10 'delete', each with its own identifier.
const base = Date.UTC(2024, 0, 10, 18, 0, 0);
await getDb()
  .insert(auditLog)
  .values(
    Array.from({ length: 30 }, (_, i) => ({
      createdAt: new Date(base + i * 60_000),
      userId: i % 3 === 0 ? null : author.id,
      message: `${tag} Producto ${i} actualizado`,
      type: i % 3 === 0 ? "delete" : "update",
      tags: ["catalog", `n${i}`],
      identifier: `SKU-${tag}-${String(i).padStart(2, "0")}`,
      detail: { before: { price: i }, after: { price: i + 1 } },
    })),
  );

describe("/logs access", () => {
  it("lets Admin and Developer in and sends other roles home", async () => {
    const admin = await loginAs("admin");
    expect(await list("/logs", admin.cookie)).toMatchObject({ page: 1, pageSize: 20 });
    expect(await list("/logs", cookie)).toMatchObject({ page: 1 });
    await expectRolesSentHome(
      [
        ["ml_manager", "/products"],
        ["cajero", "/pdv"],
        ["surtido", "/surtido"],
      ],
      {
        list: ({ cookie }) => list("/logs", cookie),
        detail: ({ cookie }) => detail(1, cookie),
      },
    );
    expect(((await list("/logs")) as Response).headers.get("Location")).toBe("/login?redirectTo=%2Flogs");
  });
});

describe("/logs list", () => {
  it("shows newest first, 20 per page, with the author's name joined", async () => {
    const first = (await list(`/logs?search=${tag}`, cookie)) as List;
    expect(first.total).toBe(30);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0].message).toBe(`${tag} Producto 29 actualizado`);
    expect(first.rows[0]).toMatchObject({ userName: "Ana Martínez", type: "update", identifier: `SKU-${tag}-29` });
    expect(first.rows.find((r) => r.message.includes("Producto 27 "))).toMatchObject({ userId: null, userName: null });
    const times = first.rows.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = (await list(`/logs?search=${tag}&page=2`, cookie)) as List;
    expect(second.rows).toHaveLength(10);
    expect(second.rows.at(-1)?.message).toBe(`${tag} Producto 0 actualizado`);
    const asc = (await list(`/logs?search=${tag}&sortName=date&sortValue=asc`, cookie)) as List;
    expect(asc.rows[0].message).toBe(`${tag} Producto 0 actualizado`);
  });

  it("searches message and identifier without regard to case", async () => {
    const byIdentifier = (await list(`/logs?search=sku-${tag.toUpperCase()}-07`, cookie)) as List;
    expect(byIdentifier.rows.map((r) => r.identifier)).toEqual([`SKU-${tag}-07`]);
    const byMessage = (await list(`/logs?search=${tag}+producto+12`, cookie)) as List;
    expect(byMessage.total).toBe(1);
    const none = (await list(`/logs?search=${tag}+%25`, cookie)) as List;
    expect(none.total).toBe(0);
  });

  it("filters by type and ignores an unknown one", async () => {
    const deleted = (await list(`/logs?search=${tag}&type=delete`, cookie)) as List;
    expect(deleted.total).toBe(10);
    expect(deleted.rows.every((r) => r.type === "delete")).toBe(true);
    const unknown = (await list(`/logs?search=${tag}&type=nada&page=xyz`, cookie)) as List;
    expect(unknown.total).toBe(30);
    expect(unknown.page).toBe(1);
  });

  it("sends a page past the end to the last page, keeping the filters", async () => {
    const res = (await list(`/logs?search=${tag}&page=50`, cookie)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/logs?search=${tag}&page=2`);
  });

  it("lists what audit() writes", async () => {
    await audit({ message: `${tag} entrada en vivo`, type: "integration", tags: ["erp"], identifier: 123n, detail: { ok: true } });
    const res = (await list(`/logs?search=${tag}+vivo`, cookie)) as List;
    expect(res.rows).toHaveLength(1);
    expect(res.rows[0]).toMatchObject({ type: "integration", identifier: "123", tags: ["erp"] });
  });

  it("searches with the trigram index expression", async () => {
    const rows = await database.query<{ indexdef: string }>("select indexdef from pg_indexes where indexname = 'audit_log_search_trgm'");
    expect(rows[0].indexdef).toMatch(/message.*identifier/);
  });
});

describe("/logs/:id detail", () => {
  it("shows the entry and its JSON detail", async () => {
    const page = (await list(`/logs?search=SKU-${tag}-05`, cookie)) as List;
    const res = (await detail(page.rows[0].id, cookie)) as Detail;
    expect(res.entry).toMatchObject({ message: `${tag} Producto 5 actualizado`, userName: "Ana Martínez", tags: ["catalog", "n5"] });
    expect(JSON.parse(res.detailJson!)).toEqual({ before: { price: 5 }, after: { price: 6 } });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["99999999", "abc", "0"]) {
      const res = await detail(id, cookie);
      expect((res as Response).status).toBe(404);
    }
  });
});
