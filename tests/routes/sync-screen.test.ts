import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "../../server/db/client";
import { auditLog, feedRejects, feedState, jobs, outbound } from "../../server/db/schema";
import * as appLayout from "~/routes/layout/app-layout";
import * as syncRoute from "~/routes/sync/route";
import * as resumeRoute from "~/routes/sync/feeds.$feed.resume";
import { FEEDS } from "~/modules/sync/feed-names";
import { listLateFeeds } from "~/modules/sync/status.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs } from "../helpers/auth";
import { callRoute, locationOf, statusOf, toastOf } from "../helpers/content-routes";
import { expectRolesSentHome } from "../helpers/sent-home";

const database = await useTestDatabase();

type Screen = Exclude<Awaited<ReturnType<typeof syncRoute.loader>>, Response>;
type Layout = Exclude<Awaited<ReturnType<typeof appLayout.loader>>, Response>;

const { cookie: admin, user: adminUser } = await loginAs("admin", { firstName: "Ana", lastName: "Sync" });
const { cookie: developer } = await loginAs("developer");

const screen = async (query = "", cookie = admin) => (await callRoute(syncRoute.loader, `/sync${query}`, cookie)) as Screen;
const post = (form: Record<string, string>, cookie = admin, query = "") => callRoute(syncRoute.action, `/sync${query}`, cookie, { form });
const errorOf = (res: unknown) => (res as { data: { error: string } }).data.error;

const minutesAgo = (n: number, from = new Date()) => new Date(from.getTime() - n * 60_000);

// Four feeds have run: one well, one stopped by a refused token, one waiting, one paused with an
// old success. "Pedidos (tienda oficial)" and "Mensajes" have no row yet.
const now = new Date();
await getDb()
  .insert(feedState)
  .values([
    {
      name: "orders-main",
      status: "ok",
      lastRunAt: minutesAgo(1, now),
      lastSuccessAt: minutesAgo(1, now),
      cursorAt: minutesAgo(4, now),
      upstreamLatestAt: minutesAgo(1, now),
      lastRows: 12,
      lastSkipped: 1,
    },
    {
      name: "questions",
      status: "stopped",
      lastRunAt: minutesAgo(2, now),
      lastSuccessAt: minutesAgo(40, now),
      lastError: "401: token rechazado",
      lastErrorAt: minutesAgo(2, now),
    },
    {
      name: "publications",
      status: "waiting",
      lastRunAt: minutesAgo(1, now),
      lastSuccessAt: minutesAgo(1, now),
      cursorAt: minutesAgo(1, now),
      upstreamLatestAt: minutesAgo(180, now),
    },
    {
      name: "erp-articles",
      status: "ok",
      paused: true,
      lastRunAt: minutesAgo(500, now),
      lastSuccessAt: minutesAgo(500, now),
      cursorAt: minutesAgo(500, now),
      upstreamLatestAt: minutesAgo(500, now),
    },
  ]);

describe("/sync access", () => {
  it("lets Admin and Developer in and sends every other role home, for the screen, its buttons and its dialog", async () => {
    expect((await screen("", developer)).feeds).toHaveLength(FEEDS.length);
    const jobsBefore = await getDb().select().from(jobs).where(eq(jobs.name, "feed:messages"));
    await expectRolesSentHome(
      [
        ["ml_manager", "/products"],
        ["shop_manager", "/products"],
        ["inventory", "/products"],
        ["cajero", "/pdv"],
        ["gerente_pdv", "/pdv"],
        ["surtido", "/surtido"],
      ],
      {
        list: ({ cookie }) => callRoute(syncRoute.loader, "/sync", cookie),
        run: ({ cookie }) => post({ intent: "run", feed: "messages" }, cookie),
        retryAll: ({ cookie }) => post({ intent: "retry-all" }, cookie),
        resume: ({ cookie }) =>
          callRoute(resumeRoute.loader, "/sync/feeds/publications/resume", cookie, { params: { feed: "publications" } }),
        resumePost: ({ cookie }) =>
          callRoute(resumeRoute.action, "/sync/feeds/publications/resume", cookie, { params: { feed: "publications" }, form: {} }),
      },
    );
    expect(await getDb().select().from(jobs).where(eq(jobs.name, "feed:messages"))).toEqual(jobsBefore);
    expect((await getDb().select().from(feedState).where(eq(feedState.name, "publications")))[0].status).toBe("waiting");
    expect(locationOf(await callRoute(syncRoute.loader, "/sync", undefined))).toBe("/login?redirectTo=%2Fsync");
  });
});

describe("/sync feeds", () => {
  it("lists every feed in FEEDS' order, from feed_state, a feed without a row as not run", async () => {
    const { feeds } = await screen();
    expect(feeds.map((f) => [f.name, f.label])).toEqual(FEEDS.map((f) => [f.name, f.label]));
    const byName = Object.fromEntries(feeds.map((f) => [f.name, f]));
    expect(byName["orders-main"]).toMatchObject({
      states: ["ok"],
      lag: "3 min",
      lastRows: 12,
      lastSkipped: 1,
      waiting: false,
      lastError: null,
    });
    expect(byName["orders-main"].lastSuccessAt).toEqual(minutesAgo(1, now));
    expect(byName["orders-brand"]).toMatchObject({ states: ["never"], lag: "—", lastRows: null, lastSuccessAt: null });
    expect(byName.messages.states).toEqual(["never"]);
    expect(byName.questions).toMatchObject({ states: ["stopped"], lastError: "401: token rechazado", waiting: false });
    // The cursor ahead of upstream: waiting, "al día" (the state says the rest), and it may be resumed.
    expect(byName.publications).toMatchObject({ states: ["waiting"], lag: "al día", waiting: true });
    expect(byName["erp-articles"]).toMatchObject({ states: ["paused"], lag: "al día" });
  });

  it("'Sincronizar ahora' asks for a manual run: a job row feed:<name>, an audit entry, back with a toast", async () => {
    const res = await post({ intent: "run", feed: "orders-main" }, admin, "?feed=questions&outbox=failed");
    expect(statusOf(res)).toBe(302);
    expect(locationOf(res)).toBe("/sync?feed=questions&outbox=failed");
    expect(await toastOf(res)).toMatchObject({ title: "Sincronización solicitada: Pedidos (Meli 1)", variant: "success" });
    const [job] = await getDb().select().from(jobs).where(eq(jobs.name, "feed:orders-main"));
    expect(job).toMatchObject({ state: "pending", payload: { manual: true }, maxAttempts: 1 });
    expect(job.key).toMatch(/^manual:\d+$/);
    const audited = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, adminUser.id), eq(auditLog.message, "Sincronización solicitada: Pedidos (Meli 1)")));
    expect(audited).toHaveLength(1);
  });

  it("an unknown feed, a missing one or an unknown button is a 400 with its reason, and asks for nothing", async () => {
    const before = await getDb().select().from(jobs);
    const runs: Array<Record<string, string>> = [{ intent: "run", feed: "pedidos" }, { intent: "run" }, { intent: "run", feed: "" }];
    for (const form of runs) {
      const res = await post(form);
      expect(statusOf(res), JSON.stringify(form)).toBe(400);
      expect(errorOf(res)).toBe("La sincronización indicada no existe.");
    }
    const unknown: Array<Record<string, string>> = [{ intent: "borrar" }, { feed: "orders-main" }];
    for (const form of unknown) {
      const res = await post(form);
      expect(statusOf(res), JSON.stringify(form)).toBe(400);
      expect(errorOf(res)).toBe("Acción desconocida.");
    }
    expect(await getDb().select().from(jobs)).toEqual(before);
  });

  it("'Continuar desde el origen' moves a waiting feed's cursor back to upstream; a feed not waiting is refused; an unknown one is a 404", async () => {
    const params = { feed: "publications" };
    const dialog = await callRoute(resumeRoute.loader, "/sync/feeds/publications/resume?outbox=done", admin, { params });
    expect(dialog).toMatchObject({ label: "Publicaciones", waiting: true });
    const res = await callRoute(resumeRoute.action, "/sync/feeds/publications/resume?outbox=done", admin, { params, form: {} });
    expect(locationOf(res)).toBe("/sync?outbox=done");
    expect(await toastOf(res)).toMatchObject({ title: "Sincronización reanudada: Publicaciones" });
    const [row] = await getDb().select().from(feedState).where(eq(feedState.name, "publications"));
    expect(row.status).toBe("ok");
    expect(row.cursorAt).toEqual(row.upstreamLatestAt);
    const again = await callRoute(resumeRoute.action, "/sync/feeds/publications/resume", admin, { params, form: {} });
    expect(statusOf(again)).toBe(409);
    expect(await callRoute(resumeRoute.loader, "/sync/feeds/publications/resume", admin, { params })).toMatchObject({ waiting: false });
    for (const feed of ["nada", "ORDERS-MAIN", ""]) {
      expect(statusOf(await callRoute(resumeRoute.loader, `/sync/feeds/${feed}/resume`, admin, { params: { feed } })), feed).toBe(404);
      expect(statusOf(await callRoute(resumeRoute.action, `/sync/feeds/${feed}/resume`, admin, { params: { feed }, form: {} })), feed).toBe(
        404,
      );
    }
  });
});

describe("/sync refused records", () => {
  it("newest first, 20 a page, filtered by feed through the URL; a bad feed falls back to all; past the end to the last page", async () => {
    const base = Date.UTC(2026, 2, 1, 12);
    await getDb()
      .insert(feedRejects)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          feed: i % 3 === 0 ? "questions" : "orders-main",
          upstreamId: `U${String(i).padStart(3, "0")}`,
          reason: `id no numérico (${i})`,
          seenAt: new Date(base + i * 60_000),
        })),
      );
    const all = (await screen()).rejects;
    expect(all).toMatchObject({ total: 30, page: 1, pageSize: 20 });
    expect(all.rows[0]).toMatchObject({
      upstreamId: "U029",
      feed: "orders-main",
      feedLabel: "Pedidos (Meli 1)",
      reason: "id no numérico (29)",
    });
    expect((await screen("?rejects_page=2")).rejects.rows.at(-1)?.upstreamId).toBe("U000");
    const questions = (await screen("?feed=questions")).rejects;
    expect(questions.total).toBe(10);
    expect(questions.rows.map((r) => r.upstreamId).slice(0, 3)).toEqual(["U027", "U024", "U021"]);
    const bad = await screen("?feed=%3Cscript%3E&rejects_page=abc&outbox=nope&outbox_page=-3");
    expect(bad.rejects.total).toBe(30);
    expect(bad.query).toMatchObject({ feed: undefined, rejects_page: 1, outbox: undefined, outbox_page: 1 });
    expect(locationOf(await callRoute(syncRoute.loader, "/sync?rejects_page=9&outbox=done", admin))).toBe(
      "/sync?rejects_page=2&outbox=done",
    );
    expect(locationOf(await callRoute(syncRoute.loader, "/sync?feed=orders-main&rejects_page=3", admin))).toBe("/sync?feed=orders-main");
  });
});

describe("/sync outbox", () => {
  const row = (i: number, state: "pending" | "failed" | "done", extra: Partial<typeof outbound.$inferInsert> = {}) => ({
    method: "PATCH" as const,
    collection: "electrica_orders",
    recordId: `20000${i}`,
    body: { comments: `nota ${i}` },
    summary: `Pedido 20000${i}: comentario`,
    state,
    attempts: state === "failed" ? 8 : 0,
    lastError: state === "failed" ? "503: no disponible" : null,
    createdBy: adminUser.id,
    createdAt: minutesAgo(60 - i, now),
    ...extra,
  });

  it("counts pending and failed, lists them by default, each state through the URL, and retries a failed row", async () => {
    const inserted = await getDb()
      .insert(outbound)
      .values([row(1, "pending"), row(2, "failed"), row(3, "done", { sentAt: now }), row(4, "failed"), row(5, "pending")])
      .returning({ id: outbound.id, state: outbound.state });
    const [failedId, otherFailedId] = inserted.filter((r) => r.state === "failed").map((r) => r.id);
    const open = await screen();
    expect(open.counts).toMatchObject({ pending: 2, failed: 2, oldestPendingAge: "59 min" });
    expect(open.outbox.total).toBe(4);
    expect(open.outbox.rows.map((r) => r.state)).toEqual(["pending", "failed", "failed", "pending"]);
    expect(open.outbox.rows[0]).toMatchObject({
      summary: "Pedido 200005: comentario",
      createdByName: "Ana Sync",
      collection: "electrica_orders",
      recordId: "200005",
    });
    expect((await screen("?outbox=done")).outbox.rows.map((r) => r.recordId)).toEqual(["200003"]);
    expect((await screen("?outbox=failed")).outbox.total).toBe(2);

    const res = await post({ intent: "retry", id: String(failedId) }, admin, "?outbox=failed");
    expect(locationOf(res)).toBe("/sync?outbox=failed");
    expect(await toastOf(res)).toMatchObject({ title: "Envío reintentado", variant: "success" });
    const [retried] = await getDb().select().from(outbound).where(eq(outbound.id, failedId));
    expect(retried).toMatchObject({ state: "pending", attempts: 0, lastError: null });
    // Again: it is no longer failed.
    expect(statusOf(await post({ intent: "retry", id: String(failedId) }))).toBe(409);
    expect(statusOf(await post({ intent: "retry", id: "999999" }))).toBe(404);

    const all = await post({ intent: "retry-all" });
    expect(await toastOf(all)).toMatchObject({ title: "Envíos reintentados", message: "1 envío vuelve a la cola." });
    expect((await getDb().select().from(outbound).where(eq(outbound.id, otherFailedId)))[0].state).toBe("pending");
    expect(await toastOf(await post({ intent: "retry-all" }))).toMatchObject({ title: "Nada que reintentar" });
  });

  it("a bad id is a 400 with its reason", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999", ""]) {
      const res = await post({ intent: "retry", id });
      expect(statusOf(res), id).toBe(400);
      expect(errorOf(res)).toBe("El envío indicado no es válido.");
    }
  });
});

describe("/sync integrations", () => {
  it("lists each legacy system with its adapter and its last check; a check of a system is a Spanish 400 when the system is unknown", async () => {
    const { integrations } = await screen();
    expect(integrations.map((i) => [i.system, i.mode, i.canCheck])).toEqual([
      ["erp", "simulator", false],
      ["marketplace", "simulator", false],
      ["ai", "simulator", false],
      ["invoicing", "simulator", false],
      ["content", "simulator", false],
    ]);
    expect(integrations.every((i) => i.lastCheck === null)).toBe(true);
    expect(await toastOf(await post({ intent: "check", system: "content" }))).toMatchObject({ title: "Conexión correcta" });
    expect(statusOf(await post({ intent: "check", system: "banco" }))).toBe(400);
    // The check ran and was kept (simulated systems report as such; the screen shows HTTP ones only).
    const [stored] = await database.query<{ value: Array<{ system: string; mode: string }> }>(
      "select value from settings where key = 'integration_checks'",
    );
    expect(stored.value.map((c: { system: string; mode: string }) => [c.system, c.mode])).toContainEqual(["content", "simulator"]);
  });
});

describe("the late-data banner", () => {
  const layout = async (path: string, cookie = admin) => (await callRoute(appLayout.loader, path, cookie)) as Layout;

  it("names the late feeds on the screens they fill, and reads nothing elsewhere", async () => {
    // questions: stopped; erp-articles: paused, its last success 500 min ago; orders-main ran a minute ago.
    const onProducts = await layout("/products");
    expect(onProducts.late.map((l) => l.name)).toEqual(["questions", "erp-articles"]);
    expect(onProducts.late.find((l) => l.name === "erp-articles")).toMatchObject({
      screens: ["/web-inventory", "/products"],
      sentence: "Los datos de Artículos de Intelisis no se actualizan desde hace 8 h.",
    });
    expect(onProducts.late.find((l) => l.name === "questions")?.sentence).toBe(
      "Los datos de Preguntas no se actualizan desde hace 40 min (el origen rechazó el acceso).",
    );
    expect((await layout("/users")).late).toEqual([]);
    // Every signed-in user gets it (the link to /sync is drawn only for the roles that may follow it).
    const { cookie: manager } = await loginAs("ml_manager");
    expect((await layout("/orders/123", manager)).late.length).toBeGreaterThan(0);
  });

  it("reads feed_state once while no feed writes it (embedded database; PostgreSQL each time), and a write shows at once", async () => {
    await listLateFeeds();
    await listLateFeeds();
    const select = vi.spyOn(getDb(), "select");
    for (let i = 0; i < 5; i += 1) expect((await listLateFeeds()).map((l) => l.name)).toEqual(["questions", "erp-articles"]);
    expect(select).toHaveBeenCalledTimes(database.kind === "pglite" ? 0 : 5);
    select.mockRestore();
    // A feed that succeeds leaves the banner on the next read.
    const [before] = await getDb().select().from(feedState).where(eq(feedState.name, "questions"));
    await getDb().update(feedState).set({ status: "ok", lastSuccessAt: new Date() }).where(eq(feedState.name, "questions"));
    expect((await listLateFeeds()).map((l) => l.name)).toEqual(["erp-articles"]);
    await getDb().update(feedState).set(before).where(eq(feedState.name, "questions"));
    expect((await listLateFeeds()).map((l) => l.name)).toEqual(["questions", "erp-articles"]);
  });
});
