import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, questions } from "../../server/db/schema";
import { simulatorControl } from "../../server/integrations/simulator";
import { loader as listLoader, action as listAction } from "~/routes/questions/route";
import { loader as moderationLoader, action as moderationAction } from "~/routes/questions/$questionId.$moderation";
import { action as fastAction } from "~/routes/questions/fast-answers";
import { readToast } from "~/lib/toast.server";
import { useTestDatabase } from "../helpers/db";
import { historyCardsQuery, historyCountsQuery } from "~/modules/questions/questions.server";
import { conversationsCountQuery } from "~/modules/messages/messages.server";
import { MessagesQuery } from "~/modules/messages/schemas";
import { parseQuery } from "~/lib/query";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase({ demo: true });

type ListData = Awaited<ReturnType<typeof listLoader>>;

async function list(path: string, cookie: string) {
  return settle(() => listLoader(routeArgs({ request: makeRequest(path, { cookie }), params: {} })));
}
async function post(form: Record<string, string>, cookie: string, path = "/questions") {
  return settle(() => listAction(routeArgs({ request: makeRequest(path, { cookie, form }), params: {} })));
}
async function toastOf(res: unknown) {
  expect(res).toBeInstanceOf(Response);
  const r = res as Response;
  const cookie = r.headers.get("set-cookie") ?? "";
  return (await readToast(new Request("http://x", { headers: { cookie: cookie.split(";")[0] } }))).toast;
}
const pendingWith = async (where: (q: typeof questions.$inferSelect) => boolean) =>
  (await getDb().select().from(questions).where(eq(questions.status, "UNANSWERED"))).filter(where);

describe("/questions access", () => {
  it("lets Admin, Developer and MercadoLibre Manager in and sends others home", async () => {
    for (const role of ["admin", "developer", "ml_manager"] as const) {
      const { cookie } = await loginAs(role);
      const res = (await list("/questions", cookie)) as ListData;
      expect(res.rows.length).toBe(3);
    }
    const { cookie } = await loginAs("shop_manager");
    const res = await list("/questions", cookie);
    expect((res as Response).status).toBe(302);
    expect((res as Response).headers.get("location")).toBe("/products");
    const anonymous = await list("/questions", "");
    expect((anonymous as Response).headers.get("location")).toMatch(/^\/login/);
  });

  it("block and delete need the moderation flag for MercadoLibre Manager", async () => {
    const [q] = await pendingWith(() => true);
    const { cookie } = await loginAs("ml_manager");
    const res = await settle(() =>
      moderationLoader(
        routeArgs({
          request: makeRequest(`/questions/${q.id}/block`, { cookie }),
          params: { questionId: String(q.id), moderation: "block" },
        }),
      ),
    );
    expect((res as Response).status).toBe(302);
    expect((await toastOf(res))?.title).toBe("Sin permiso");
    const posted = await settle(() =>
      moderationAction(
        routeArgs({
          request: makeRequest(`/questions/${q.id}/delete`, { cookie, form: {} }),
          params: { questionId: String(q.id), moderation: "delete" },
        }),
      ),
    );
    expect((await toastOf(posted))?.title).toBe("Sin permiso");
    const [still] = await getDb().select().from(questions).where(eq(questions.id, q.id));
    expect(still.status).toBe("UNANSWERED");
  });
});

describe("/questions lists", () => {
  it("pending: oldest first, three per batch, a larger limit loads more; bad params fall back", async () => {
    const { cookie } = await loginAs("admin");
    const first = (await list("/questions", cookie)) as ListData;
    expect(first.total).toBe(30);
    expect(first.rows.map((r) => r.id)).toHaveLength(3);
    const more = (await list("/questions?limit=6", cookie)) as ListData;
    expect(more.rows.slice(0, 3).map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(more.rows).toHaveLength(6);
    const bad = (await list("/questions?limit=abc&tab=zzz&date=2024-99-99", cookie)) as ListData;
    expect(bad.query).toMatchObject({ tab: "pending", limit: 3 });
    expect(first.times.length).toBeGreaterThan(0);
    expect(first.times[0].total).toBeGreaterThan(0);
  });

  it("history: every answered question newest first, or one Mexico City day with per-store counts, or the clients whose id contains the search", async () => {
    const { cookie } = await loginAs("admin");
    const ymdOf = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City" }).format(d).replace(/-/g, "/");
    // Spec 1 §7: history = status not UNANSWERED, with no day required.
    const answered = await database.query<{ id: string; date_created: Date; client_id: string }>(
      `select id::text, date_created, client_id::text from questions where status <> 'UNANSWERED' order by date_created desc, id desc`,
    );
    const all = (await list("/questions?tab=history&limit=300", cookie)) as ListData;
    expect(all.query.date).toBeUndefined();
    expect(all.rows.map((r) => String(r.id))).toEqual(answered.slice(0, 300).map((r) => r.id));
    expect(new Set(all.rows.map((r) => ymdOf(r.dateCreated))).size).toBeGreaterThan(1);
    expect(all.counts).toBeNull();
    // The header's total (spec 1 §2 "Header shows total"), unfiltered too.
    expect(all.total).toBe(answered.length);
    const first = (await list("/questions?tab=history", cookie)) as ListData;
    expect(first.rows.map((r) => String(r.id))).toEqual(answered.slice(0, 3).map((r) => r.id));
    expect(first.more).toBe(answered.length > 3);

    const latest = answered[5];
    const ymd = ymdOf(new Date(latest.date_created));
    const filtered = (await list(`/questions?tab=history&limit=300&date=${ymd}`, cookie)) as ListData;
    const n = answered.filter((r) => ymdOf(new Date(r.date_created)) === ymd).length;
    expect(filtered.total).toBe(n);
    expect(filtered.counts!.reduce((s, c) => s + c.n, 0)).toBe(n);
    expect(filtered.rows).toHaveLength(n);
    expect(filtered.more).toBe(false);
    expect(filtered.rows.every((r) => ymdOf(r.dateCreated) === ymd)).toBe(true);

    // A part of the id finds every client whose id contains it.
    const part = latest.client_id.slice(1, 5);
    const matching = answered.filter((r) => r.client_id.includes(part));
    const client = (await list(`/questions?tab=history&limit=300&search=${part}`, cookie)) as ListData;
    expect(client.rows.map((r) => String(r.id))).toEqual(matching.slice(0, 300).map((r) => r.id));
    expect(client.total).toBe(matching.length);
    expect(client.rows.some((r) => String(r.clientId) === latest.client_id)).toBe(true);
  });
});

describe("answering", () => {
  it("an empty answer is a field error; a missing rating too; nothing is sent", async () => {
    const { cookie } = await loginAs("admin");
    const [q] = await pendingWith((q) => !!q.suggestion);
    const empty = (await post({ intent: "answer", questionId: String(q.id), answer: "   ", evaluation: "100" }, cookie)) as unknown as {
      data: { errors: { answer?: string[] } };
      init: { status: number };
    };
    expect(empty.init.status).toBe(400);
    expect(empty.data.errors.answer?.[0]).toBe("Escribe una respuesta.");
    const unrated = (await post({ intent: "answer", questionId: String(q.id), answer: "Hola" }, cookie)) as unknown as {
      data: { errors: { evaluation?: string[] } };
      init: { status: number };
    };
    expect(unrated.init.status).toBe(400);
    expect(unrated.data.errors.evaluation?.[0]).toMatch(/Califica la sugerencia/);
    const [after] = await getDb().select().from(questions).where(eq(questions.id, q.id));
    expect(after.status).toBe("UNANSWERED");
  });

  it("answers through the marketplace, records the rating and audits; the list restarts", async () => {
    const { cookie, user } = await loginAs("ml_manager");
    const [q] = await pendingWith((q) => !!q.suggestion);
    const res = await post(
      { intent: "answer", questionId: String(q.id), answer: "¡Hola! Sí, es original.", evaluation: "50" },
      cookie,
      "/questions?limit=9",
    );
    expect((res as Response).headers.get("location")).toBe("/questions");
    expect((await toastOf(res))?.title).toBe("Respuesta enviada");
    const [after] = await getDb().select().from(questions).where(eq(questions.id, q.id));
    expect(after).toMatchObject({ status: "ANSWERED", answer: "¡Hola! Sí, es original.", evaluation: 50, updatedBy: user.id, draft: null });
    const entries = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.identifier, String(q.id)));
    expect(entries.some((e) => e.message.includes("respondida"))).toBe(true);
  });

  it("a marketplace failure shows a danger toast and keeps the typed text as the draft", async () => {
    const { cookie } = await loginAs("admin");
    // Without a suggestion only a question on an active publication can be answered at all.
    const [{ id }] = await database.query<{ id: string }>(
      `select q.id::text from questions q join publications p on p.id = q.publication_id where q.status = 'UNANSWERED' and q.suggestion is null and p.status = 'active' order by q.id limit 1`,
    );
    const [q] = await pendingWith((q) => String(q.id) === id);
    await simulatorControl.failNext("marketplace.answerQuestion", "timeout");
    const res = await post({ intent: "answer", questionId: String(q.id), answer: "Texto que no se debe perder" }, cookie);
    const toast = await toastOf(res);
    expect(toast?.variant).toBe("danger");
    const [after] = await getDb().select().from(questions).where(eq(questions.id, q.id));
    expect(after).toMatchObject({ status: "UNANSWERED", draft: "Texto que no se debe perder" });
  });

  it("inactive publications without a suggestion cannot be answered", async () => {
    const { cookie } = await loginAs("admin");
    const rows = await database.query<{ id: string }>(
      `select q.id::text from questions q join publications p on p.id = q.publication_id where q.status = 'UNANSWERED' and p.status <> 'active' and q.suggestion is null`,
    );
    if (rows.length === 0) return;
    const res = await post({ intent: "answer", questionId: rows[0].id, answer: "Hola" }, cookie);
    expect((await toastOf(res))?.title).toBe("Publicación inactiva");
  });

  it("an unknown question is a 404; fast answers insert into the draft", async () => {
    const { cookie } = await loginAs("admin");
    const missing = await post({ intent: "answer", questionId: "999", answer: "Hola" }, cookie);
    expect((missing as Response).status).toBe(404);
    const [q] = await pendingWith(() => true);
    const fast = await database.query<{ id: number; text: string }>(`select id, text from fast_answers order by id limit 1`);
    await post({ intent: "insert-fast-answer", questionId: String(q.id), answer: "Inicio", fastAnswerId: String(fast[0].id) }, cookie);
    const [after] = await getDb().select().from(questions).where(eq(questions.id, q.id));
    expect(after.draft).toBe(`Inicio\n\n${fast[0].text}`);
  });
});

describe("moderation", () => {
  it("Admin blocks a buyer and deletes a question through the marketplace", async () => {
    const { cookie } = await loginAs("admin");
    const [a, b] = await pendingWith(() => true);
    const blocked = await settle(() =>
      moderationAction(
        routeArgs({
          request: makeRequest(`/questions/${a.id}/block?limit=6`, { cookie, form: {} }),
          params: { questionId: String(a.id), moderation: "block" },
        }),
      ),
    );
    expect((blocked as Response).headers.get("location")).toBe("/questions");
    expect((await toastOf(blocked))?.title).toBe("Comprador bloqueado");
    const deleted = await settle(() =>
      moderationAction(
        routeArgs({
          request: makeRequest(`/questions/${b.id}/delete`, { cookie, form: {} }),
          params: { questionId: String(b.id), moderation: "delete" },
        }),
      ),
    );
    expect((await toastOf(deleted))?.title).toBe("Pregunta eliminada");
    const [after] = await getDb().select().from(questions).where(eq(questions.id, b.id));
    expect(after.status).toBe("DELETED");
    const missing = await settle(() =>
      moderationLoader(
        routeArgs({ request: makeRequest(`/questions/42/block`, { cookie }), params: { questionId: "42", moderation: "block" } }),
      ),
    );
    expect((missing as Response).status).toBe(404);
    // Only block and delete are moderation commands: any other word is a page that does not exist.
    const other = await settle(() =>
      moderationAction(
        routeArgs({
          request: makeRequest(`/questions/${a.id}/answer`, { cookie, form: {} }),
          params: { questionId: String(a.id), moderation: "answer" },
        }),
      ),
    );
    expect((other as Response).status).toBe(404);
  });

  it("MercadoLibre Manager with the flag may moderate", async () => {
    const { cookie } = await loginAs("ml_manager", { permissions: ["question_moderation"] });
    const [a] = await pendingWith(() => true);
    const res = await settle(() =>
      moderationLoader(
        routeArgs({
          request: makeRequest(`/questions/${a.id}/block`, { cookie }),
          params: { questionId: String(a.id), moderation: "block" },
        }),
      ),
    );
    expect(res).toHaveProperty("question");
  });

  it("fast answers: an empty name is refused, a valid one is created", async () => {
    const { cookie } = await loginAs("admin");
    const bad = (await settle(() =>
      fastAction(
        routeArgs({
          request: makeRequest(`/questions/fast-answers`, { cookie, form: { intent: "create", name: " ", text: "x" } }),
          params: {},
        }),
      ),
    )) as unknown as { init: { status: number } };
    expect(bad.init.status).toBe(400);
    const ok = await settle(() =>
      fastAction(
        routeArgs({
          request: makeRequest(`/questions/fast-answers`, {
            cookie,
            form: { intent: "create", name: "Garantía", text: "Un año de garantía." },
          }),
          params: {},
        }),
      ),
    );
    expect((await toastOf(ok))?.title).toBe("Respuesta rápida creada");
  });
});

describe("ids out of the database's range", () => {
  it("a fast-answer id beyond a 32-bit integer is refused with a 4xx, never a server error", async () => {
    const { cookie } = await loginAs("admin");
    const [q] = await pendingWith(() => true);
    for (const id of ["99999999999", "99999999999999999999999"]) {
      const inserted = await post({ intent: "insert-fast-answer", questionId: String(q.id), answer: "Inicio", fastAnswerId: id }, cookie);
      const status = inserted instanceof Response ? inserted.status : (inserted as unknown as { init: { status: number } }).init.status;
      expect(status).toBeGreaterThanOrEqual(300);
      expect(status).toBeLessThan(500);
      for (const form of [
        { intent: "delete", id },
        { intent: "update", id, name: "a", text: "b" },
      ] as Array<Record<string, string>>) {
        const res = await settle(() =>
          fastAction(routeArgs({ request: makeRequest(`/questions/fast-answers`, { cookie, form }), params: {} })),
        );
        const code = res instanceof Response ? res.status : (res as unknown as { init: { status: number } }).init.status;
        expect(code).toBeGreaterThanOrEqual(400);
        expect(code).toBeLessThan(500);
      }
    }
    const [after] = await getDb().select().from(questions).where(eq(questions.id, q.id));
    expect(after.draft).not.toContain("undefined");
  });
});

describe("the history reads its indexes, not every answered question", () => {
  const planOf = async (statement: { sql: string; params: unknown[] }) => {
    await database.query("set enable_seqscan = off");
    try {
      return (await database.query<{ "QUERY PLAN": string }>(`explain ${statement.sql}`, statement.params))
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    } finally {
      await database.query("reset enable_seqscan");
    }
  };

  it("the whole history's batch comes straight off questions_history_idx, in its order (no sort of every answer)", async () => {
    const plan = await planOf(historyCardsQuery(getDb(), { limit: 3 }).toSQL());
    expect(plan).toContain("questions_history_idx");
    expect(plan).not.toMatch(/^\s*(->\s*)?Sort\b/m);
  });

  it("a client search counts through the trigram index of client ids (at a volume where a scan would be slow)", async () => {
    // Twenty thousand answered questions of many clients: on a handful of rows any plan is cheap.
    await database.query(
      `insert into questions (id, status, message, client_id, client_nickname, store, date_created)
       select 900000000 + g, 'ANSWERED', 'volumen', 100000 + g * 7, 'cliente', case when g % 2 = 0 then 'ML' end, now() - g * interval '1 minute'
       from generate_series(1, 20000) g`,
    );
    await database.query("vacuum analyze questions");
    expect(await planOf(historyCountsQuery(getDb(), { limit: 3, search: "123" }).toSQL())).toContain("questions_history_client_trgm_idx");
  });

  it("a buyer search of /messages counts through the nickname trigram index", async () => {
    const query = parseQuery(new URLSearchParams("section=history&search=maria"), MessagesQuery);
    expect(await planOf(conversationsCountQuery(getDb(), query, new Date()).toSQL())).toContain("conversations_nickname_trgm_idx");
  });
});
