import { eq } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { catalogs, shopSections, storeLocations, storePromos } from "@server/db/schema";
import { audit } from "~/modules/logs/audit.server";

/**
 * The shop-content records (branches, promotions, catalogues, shop sections) share their life cycle: create or update in one
 * transaction with an audit entry naming what changed, delete with an entry keeping what was removed.
 */
export type Actor = { id: number } | null;
export type CommandResult<T> = { ok: true; value: T } | { ok: false; reason: "missing" };

const notFound = { ok: false, reason: "missing" } as const;

type RecordTable = typeof storeLocations | typeof storePromos | typeof catalogs | typeof shopSections;
/** What the audit entries say: "Ubicación creada: {name}". */
export type RecordWords = { created: string; updated: string; deleted: string; tags: string[] };

/** Field by field, what an update changed (the audit entry's detail). */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (JSON.stringify(from ?? null) !== JSON.stringify(to ?? null)) changes[key] = { from: from ?? null, to: to ?? null };
  }
  return changes;
}

/** Creates (id null: the spec's id 0) or updates a record. */
export async function saveRecord(
  table: RecordTable,
  id: number | null,
  values: Record<string, unknown>,
  label: string,
  words: Omit<RecordWords, "deleted">,
  actor: Actor,
): Promise<CommandResult<{ id: number; created: boolean }>> {
  // Every record table has id and updated_at; the values were built for the given table by its module.
  const t = table as typeof storeLocations;
  const row = values as typeof storeLocations.$inferInsert;
  return getDb().transaction(async (tx) => {
    const entry = { tags: words.tags, userId: actor?.id ?? null };
    if (id === null) {
      const [created] = await tx.insert(t).values(row).returning({ id: t.id });
      await audit({ ...entry, message: `${words.created}: ${label}`, type: "create", identifier: created.id, detail: values }, tx);
      return { ok: true, value: { id: created.id, created: true } };
    }
    const [current] = await tx.select().from(t).where(eq(t.id, id)).for("update").limit(1);
    if (!current) return notFound;
    await tx
      .update(t)
      .set({ ...row, updatedAt: new Date() })
      .where(eq(t.id, id));
    await audit(
      {
        ...entry,
        message: `${words.updated}: ${label}`,
        type: "update",
        identifier: id,
        detail: { changes: changesBetween(current, values) },
      },
      tx,
    );
    return { ok: true, value: { id, created: false } };
  });
}

/** Deletes a record; the audit entry keeps its fields. `labelOf` names it from the removed row. */
export async function deleteRecord(
  table: RecordTable,
  id: number,
  labelOf: (row: Record<string, unknown>) => string,
  words: RecordWords,
  actor: Actor,
): Promise<CommandResult<{ id: number; label: string }>> {
  const t = table as typeof storeLocations;
  return getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(t).where(eq(t.id, id)).for("update").limit(1);
    if (!current) return notFound;
    await tx.delete(t).where(eq(t.id, id));
    const { createdAt: _c, updatedAt: _u, ...kept } = current as Record<string, unknown>;
    const label = labelOf(current as Record<string, unknown>);
    await audit(
      { message: `${words.deleted}: ${label}`, type: "delete", tags: words.tags, identifier: id, userId: actor?.id ?? null, detail: kept },
      tx,
    );
    return { ok: true, value: { id, label } };
  });
}
