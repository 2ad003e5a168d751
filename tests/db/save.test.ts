import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, products } from "../../server/db/schema";
import { answerSave, refuse, saveVersioned, versionOf, type SaveResult } from "~/lib/save.server";
import { useTestDatabase } from "../helpers/db";

await useTestDatabase();

/**
 * The one save path (docs/decisions/0026): lock the row, compare the version the form was opened
 * with, write, audit, in one transaction. Each case runs against a product of its own.
 */
const MESSAGES = { notFound: "No existe.", stale: "Otra persona lo guardó." };
let seq = 0;

async function product() {
  const id = `SAVE-${++seq}`;
  const [row] = await getDb().insert(products).values({ id, name: "Antes", slug: id.toLowerCase() }).returning();
  return row;
}
const read = async (id: string) => (await getDb().select().from(products).where(eq(products.id, id)))[0];
const audits = async (id: string) => getDb().select().from(auditLog).where(eq(auditLog.identifier, id));

/** Renames the product; `then` decides what the write answers after it has written. */
function rename(
  id: string,
  expected: string | ((stored: string) => string),
  then: "ok" | "rules" | "rules-with-entry" = "ok",
  lookup = id,
) {
  return async (stored: string): Promise<SaveResult<string>> =>
    saveVersioned({
      lock: async (tx) =>
        (await tx.select({ updatedAt: products.updatedAt }).from(products).where(eq(products.id, lookup)).for("update"))[0] ?? null,
      expected: typeof expected === "function" ? expected(stored) : expected,
      messages: MESSAGES,
      write: async (tx) => {
        await tx
          .update(products)
          .set({ name: "Después", updatedAt: sql`greatest(now(), ${products.updatedAt} + interval '1 millisecond')` })
          .where(eq(products.id, id));
        if (then === "rules") return refuse("invalid", "Regla rota.", { name: ["Regla rota."] });
        if (then === "rules-with-entry")
          return refuse("invalid", "Regla rota.", undefined, { message: `Rechazado: ${id}`, type: "error", identifier: id });
        return { value: id, audit: { message: `Renombrado: ${id}`, type: "update", identifier: id } };
      },
    });
}

type Case = {
  name: string;
  run: (id: string) => (stored: string) => Promise<SaveResult<string>>;
  result: Partial<SaveResult<string>> & Record<string, unknown>;
  name_after: string;
  entries: string[];
};

const cases: Case[] = [
  {
    name: "the version the form carried saves and writes exactly one audit entry",
    run: (id) => rename(id, (v) => v),
    result: { ok: true, value: "" },
    name_after: "Después",
    entries: ["Renombrado"],
  },
  {
    name: "an older version is stale: nothing written, no audit entry",
    run: (id) => rename(id, "2001-01-01T00:00:00.000Z"),
    result: { ok: false, reason: "conflict", message: MESSAGES.stale },
    name_after: "Antes",
    entries: [],
  },
  {
    name: "a version a millisecond off is stale too",
    run: (id) => rename(id, (v) => new Date(new Date(v).getTime() - 1).toISOString()),
    result: { ok: false, reason: "conflict", message: MESSAGES.stale },
    name_after: "Antes",
    entries: [],
  },
  {
    name: "a row that is not there is not-found",
    run: (id) => rename(id, (v) => v, "ok", `${id}-NO`),
    result: { ok: false, reason: "missing", message: MESSAGES.notFound },
    name_after: "Antes",
    entries: [],
  },
  {
    name: "a rules refusal after writing rolls the write back",
    run: (id) => rename(id, (v) => v, "rules"),
    result: { ok: false, reason: "invalid", message: "Regla rota.", fieldErrors: { name: ["Regla rota."] } },
    name_after: "Antes",
    entries: [],
  },
  {
    name: "a rules refusal keeps only its own audit entry",
    run: (id) => rename(id, (v) => v, "rules-with-entry"),
    result: { ok: false, reason: "invalid", message: "Regla rota." },
    name_after: "Antes",
    entries: ["Rechazado"],
  },
];

describe("saveVersioned", () => {
  it.each(cases)("$name", async ({ run, result, name_after, entries }) => {
    const row = await product();
    const outcome = await run(row.id)(row.updatedAt.toISOString());
    expect(outcome).toEqual(result.ok ? { ok: true, value: row.id } : result);
    const after = await read(row.id);
    expect(after.name).toBe(name_after);
    if (name_after === "Antes") expect(after.updatedAt.toISOString()).toBe(row.updatedAt.toISOString());
    expect((await audits(row.id)).map((a) => a.message.split(":")[0])).toEqual(entries);
  });

  it("a creation (nothing to lock) writes and audits once", async () => {
    const id = `SAVE-NEW-${++seq}`;
    const outcome = await saveVersioned({
      messages: MESSAGES,
      write: async (tx) => {
        await tx.insert(products).values({ id, name: "Nuevo", slug: id.toLowerCase() });
        return { value: id, audit: { message: `Creado: ${id}`, type: "create", identifier: id } };
      },
    });
    expect(outcome).toEqual({ ok: true, value: id });
    expect((await read(id)).name).toBe("Nuevo");
    expect(await audits(id)).toHaveLength(1);
  });

  it("two saves from the same version: the second is stale", async () => {
    const row = await product();
    const version = row.updatedAt.toISOString();
    expect((await rename(row.id, version)(version)).ok).toBe(true);
    expect(await rename(row.id, version)(version)).toMatchObject({ ok: false, reason: "conflict" });
    expect(await audits(row.id)).toHaveLength(1);
  });

  it("reads an integer version column as the forms carry it", () => {
    expect(versionOf({ version: 7 })).toBe("7");
    expect(versionOf({ updatedAt: new Date("2026-11-24T10:00:00.123Z") })).toBe("2026-11-24T10:00:00.123Z");
  });
});

/**
 * The answer of a save (decision 0026): saved → a redirect with its toast; a missing record → a
 * thrown 404; a broken rule 400, a stale form 409, a legacy system 502, each with the form again.
 */
describe("answerSave", () => {
  const on = {
    saved: (to: string) => ({ to, toast: { title: "Guardado", variant: "success" as const } }),
    refused: (r: { message: string }) => ({ shown: r.message }),
  };
  const answer = async (result: SaveResult<string>) => {
    try {
      return (await answerSave(result, on)) as unknown as { init: ResponseInit | null; data: unknown } | Response;
    } catch (thrown) {
      return thrown as Response;
    }
  };

  it("a saved record redirects to where the route says", async () => {
    const res = (await answer({ ok: true, value: "/lista" })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/lista");
  });

  it("a missing record is a thrown 404 with its message", async () => {
    const res = (await answer(refuse("missing", "No existe."))) as Response;
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("No existe.");
  });

  it.each([
    ["invalid", 400],
    ["conflict", 409],
    ["integration", 502],
  ] as const)("a refusal for %s answers %i with the form again", async (reason, status) => {
    const res = (await answer(refuse(reason, "Mensaje."))) as { init: ResponseInit | null; data: unknown };
    expect(res.init?.status).toBe(status);
    expect(res.data).toEqual({ shown: "Mensaje." });
  });
});
