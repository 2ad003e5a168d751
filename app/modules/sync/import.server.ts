/**
 * The first import (docs/live-data.md, "First import"): copies the old content back end's records
 * into an empty database. Each collection is read in keyset pages along its id (sort=id,
 * filter[id][_gt]=last), and each page is checked, written and counted in ONE transaction with the
 * collection's progress (import_progress), so a stop (Ctrl-C, a failure) loses at most the page in
 * flight and --resume goes on after the last id written. Upserts by the upstream id make a page
 * read twice harmless, and a second full run writes nothing.
 *
 * A dry run reads and checks everything the same way and writes nothing: what it accepted stands in
 * for the rows it did not write when a later collection points at them.
 */
import { eq, sql } from "drizzle-orm";
import type { Database, Tx } from "@server/db/client";
import { resetSequences } from "@server/db/seed/sequences";
import { feedRejects, feedState, importProgress } from "@server/db/schema";
import { isIntegrationError, type ContentPort, type ItemsPage } from "@server/integrations";
import { audit } from "~/modules/logs/audit.server";
import { clip, compareKeys, MAX_REASON, reasonOf } from "./feed-engine.server";
import { changedFieldOf } from "@server/integrations/content/collections";
import { BUSINESS_TABLES, importCollections, type AnyCollection, type ImportContext, type Refusal } from "./import-collections.server";

export const IMPORT_PAGE_SIZE = 500;
/** Waits before trying a page again after a time-out, a network failure or a 5xx. */
export const IMPORT_RETRY_DELAYS_MS = [2_000, 10_000, 30_000];

export type ImportOptions = {
  content: ContentPort;
  database: Database;
  /** Collections to import (keys or aliases, see importCollections); all when empty. */
  only?: string[];
  dryRun?: boolean;
  /** Go on where a previous run stopped; allowed on a database that already has data. */
  resume?: boolean;
  brandName: string;
  pageSize?: number;
  retryDelaysMs?: number[];
  /** Aborting stops the run after the page in flight (Ctrl-C). */
  signal?: AbortSignal;
  onEvent?: (event: ImportEvent) => void;
  now?: () => Date;
  /** Written into the report (never the token). */
  source?: string;
};

export type ImportEvent =
  | { kind: "start"; collection: string; label: string; done: number; total: number | null; from: string | null }
  | { kind: "page"; collection: string; label: string; done: number; total: number | null; written: number; refused: number }
  | { kind: "retry"; collection: string; label: string; attempt: number; waitMs: number; message: string }
  | { kind: "end"; collection: string; label: string; summary: CollectionSummary };

export type CollectionSummary = {
  collection: string;
  label: string;
  /** Records read in this run (refused ones included). */
  read: number;
  /** Rows inserted or changed in this run; in a dry run, rows it would add (new here). */
  written: number;
  refused: number;
  /** Dry run: valid records whose row is here already (written only if something differs). */
  present?: number;
  /** Pictures and documents whose file is not in the library here: left out. */
  missingFiles: number;
  finished: boolean;
  error?: string;
};

export type ImportStatus = "complete" | "stopped" | "failed" | "refused";

export type ImportReport = {
  source: string | null;
  startedAt: string;
  finishedAt: string;
  dryRun: boolean;
  resume: boolean;
  status: ImportStatus;
  message: string;
  collections: CollectionSummary[];
  refused: Array<{ collection: string; id: string | null; reason: string }>;
};

/** Which collections `only` names (keys or aliases); unknown names are returned apart. */
export function selectCollections(all: AnyCollection[], only: string[] | undefined): { chosen: AnyCollection[]; unknown: string[] } {
  const names = (only ?? []).map((n) => n.trim().toLowerCase()).filter(Boolean);
  if (!names.length) return { chosen: all, unknown: [] };
  const unknown = names.filter((n) => !all.some((c) => c.key === n || c.aliases.includes(n)));
  return { chosen: all.filter((c) => names.some((n) => c.key === n || c.aliases.includes(n))), unknown };
}

/** The business tables that already have rows (Spanish names), empty when the database is. */
export async function tablesWithData(database: Database): Promise<string[]> {
  const found: string[] = [];
  for (const [table, label] of BUSINESS_TABLES) {
    const [row] = await database.query<{ any: boolean }>(`select exists (select 1 from public.${table}) as any`);
    if (row?.any) found.push(label);
  }
  return found;
}

class UpstreamFailure extends Error {}

const n = (value: number) => value.toLocaleString("es-MX");

const feedKeyText = (at: string, id: string) => JSON.stringify([at, id]);

const rawIdOf = (raw: unknown): string | null => {
  const id = raw && typeof raw === "object" ? (raw as { id?: unknown }).id : undefined;
  return typeof id === "string" || typeof id === "number" ? String(id).slice(0, 80) : null;
};

/** Waits `ms`, or less when the run is stopped meanwhile. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** A page of the collection after `lastId`, tried again after a time-out, a network failure or a 5xx. */
async function readPage(spec: AnyCollection, options: ImportOptions, lastId: string | null, withCount: boolean): Promise<ItemsPage> {
  const delays = options.retryDelaysMs ?? IMPORT_RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await options.content.listItems(spec.key, {
        filter: lastId === null ? undefined : { id: { _gt: lastId } },
        sort: ["id"],
        limit: options.pageSize ?? IMPORT_PAGE_SIZE,
        count: withCount,
        fields: spec.fields,
      });
    } catch (error) {
      const failure = isIntegrationError(error) ? error : null;
      const refusedToken = failure?.kind === "http" && (failure.status === 401 || failure.status === 403);
      const transient = !!failure && !refusedToken && failure.kind !== "rejected";
      const message = refusedToken ? `el back end de contenido rechazó el token (${failure!.status}).` : (error as Error).message;
      if (!transient || attempt >= delays.length || options.signal?.aborted)
        throw new UpstreamFailure(`${spec.label} (${spec.key}): ${message}`);
      options.onEvent?.({ kind: "retry", collection: spec.key, label: spec.label, attempt: attempt + 1, waitMs: delays[attempt], message });
      await pause(delays[attempt], options.signal);
    }
  }
}

/**
 * Writes the page's rows in one statement set; when the database refuses it (a constraint no schema
 * can see: a repeated e-mail, sale folio or EAN), each row is tried alone under a savepoint and the
 * ones it refuses are listed with the database's reason.
 */
async function applyPage(tx: Tx, spec: AnyCollection, rows: unknown[], ctx: ImportContext, refused: Refusal[]): Promise<number> {
  if (!rows.length) return 0;
  try {
    return await tx.transaction((inner) => spec.apply(inner, rows, ctx));
  } catch {
    let written = 0;
    for (const row of rows) {
      try {
        written += await tx.transaction((inner) => spec.apply(inner, [row], ctx));
      } catch (error) {
        const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
        refused.push({ id: spec.idOf(row), reason: `la base de datos lo rechazó: ${cause}`.slice(0, MAX_REASON) });
      }
    }
    return written;
  }
}

/** Moves a live feed's cursor to `key` unless it is already past it (a feed that ran since the import began). */
async function continueFeedAfter(tx: Tx, feed: string, key: { at: string; id: string }) {
  await tx.insert(feedState).values({ name: feed }).onConflictDoNothing();
  const [state] = await tx
    .select({ cursorKey: feedState.cursorKey, cursorAt: feedState.cursorAt })
    .from(feedState)
    .where(eq(feedState.name, feed))
    .for("update");
  const current = state?.cursorKey ? (JSON.parse(state.cursorKey) as [string, string]) : null;
  if (current && compareKeys({ at: current[0], id: current[1] }, key) >= 0) return;
  if (!current && state?.cursorAt && state.cursorAt.getTime() >= Date.parse(key.at)) return;
  await tx
    .update(feedState)
    .set({ cursorKey: feedKeyText(key.at, key.id), cursorAt: new Date(key.at), updatedAt: new Date() })
    .where(eq(feedState.name, feed));
}

/** The newest change the collection has upstream now: where its live feed goes on after the import. */
async function newestChange(spec: AnyCollection, options: ImportOptions): Promise<string | null> {
  const field = changedFieldOf(spec.key);
  const page = await options.content.listItems(spec.key, { sort: [`-${field}`, "-id"], limit: 1, fields: [field, "id"] });
  const record = page.data[0] as Record<string, unknown> | undefined;
  const at = record?.[field];
  const id = record?.id;
  if (typeof at !== "string" || Number.isNaN(Date.parse(at)) || (typeof id !== "string" && typeof id !== "number")) return null;
  return feedKeyText(at, String(id));
}

type Progress = typeof importProgress.$inferSelect;

/**
 * Imports one collection: its summary (with `error` when upstream failed), the records it refused
 * added to `refusedAll`. `accepted` is shared by the run's collections.
 */
async function importCollection(
  spec: AnyCollection,
  options: ImportOptions,
  accepted: Map<string, Set<string>>,
  refusedAll: ImportReport["refused"],
): Promise<CollectionSummary> {
  const { database } = options;
  const db = database.db;
  const dryRun = !!options.dryRun;
  const pageSize = options.pageSize ?? IMPORT_PAGE_SIZE;
  const summary: CollectionSummary = {
    collection: spec.key,
    label: spec.label,
    read: 0,
    written: 0,
    refused: 0,
    missingFiles: 0,
    finished: false,
  };
  if (dryRun) summary.present = 0;

  // Where this collection stands: a resumed run goes on after its last id; a finished one, or a new run, reads it from the start.
  const [saved] = await db.select().from(importProgress).where(eq(importProgress.collection, spec.key));
  const goOn = !!options.resume && !!saved && !saved.finishedAt;
  // A resumed run keeps the point its live feed goes on from; a new run asks upstream again.
  const progress: Progress = goOn
    ? saved
    : {
        collection: spec.key,
        lastId: null,
        read: 0,
        written: 0,
        refused: 0,
        feedKey: options.resume ? (saved?.feedKey ?? null) : null,
        pendingParents: {},
        startedAt: new Date(),
        finishedAt: null,
        updatedAt: new Date(),
      };
  const ctx: ImportContext = {
    dryRun,
    brandName: options.brandName,
    accepted,
    missingFiles: 0,
    treeParents: new Map(),
    pendingParents: new Map(Object.entries(progress.pendingParents ?? {}).map(([k, v]) => [Number(k), Number(v)])),
  };
  const acceptedHere = accepted.get(spec.key) ?? new Set<string>();
  accepted.set(spec.key, acceptedHere);

  let lastId = progress.lastId;
  let first = true;
  const done0 = progress.read;
  let total: number | null = null;
  const emit = (kind: "page") =>
    options.onEvent?.({
      kind,
      collection: spec.key,
      label: spec.label,
      done: done0 + summary.read,
      total,
      written: summary.written,
      refused: summary.refused,
    });

  try {
    if (spec.feed && !progress.feedKey) progress.feedKey = await newestChange(spec, options);
    if (!dryRun) {
      await db.transaction(async (tx) => {
        if (!goOn) await tx.delete(feedRejects).where(eq(feedRejects.feed, `import:${spec.key}`));
        await tx
          .insert(importProgress)
          .values(progress)
          .onConflictDoUpdate({ target: importProgress.collection, set: { ...progress, updatedAt: new Date() } });
      });
    }
    for (;;) {
      if (options.signal?.aborted) return summary;
      const page = await readPage(spec, options, lastId, first);
      if (first) {
        total = page.filterCount === null ? null : done0 + page.filterCount;
        options.onEvent?.({ kind: "start", collection: spec.key, label: spec.label, done: done0, total, from: lastId });
        first = false;
      }
      if (page.data.length === 0) break;

      // Check every record; a repeated id keeps its last copy.
      const valid = new Map<string, unknown>();
      const rawById = new Map<string, unknown>();
      const refused: Refusal[] = [];
      let pageLast: string | null = null;
      for (const raw of page.data) {
        const id = rawIdOf(raw);
        if (id !== null) {
          pageLast = id;
          rawById.set(id, raw);
        }
        const parsed = spec.schema.safeParse(raw);
        if (!parsed.success || id === null) {
          refused.push({ id, reason: parsed.success ? "registro sin id" : reasonOf(parsed.error), raw });
          continue;
        }
        valid.set(id, parsed.data);
      }
      if (pageLast === null || pageLast === lastId)
        throw new UpstreamFailure(`${spec.label} (${spec.key}): la página no avanza (¿el back end ignora el filtro o el orden por id?)`);
      const records = [...valid.values()];

      let written = 0;
      let present = 0;
      if (dryRun) {
        const prepared = await spec.prepare(db, records, ctx);
        refused.push(...prepared.refused);
        present = await spec.present(db, prepared.rows);
        written = prepared.rows.length - present;
        for (const row of prepared.rows) acceptedHere.add(spec.idOf(row));
        if (spec.afterPage) await spec.afterPage(db, ctx);
      } else {
        written = await db.transaction(async (tx) => {
          const prepared = await spec.prepare(tx, records, ctx);
          refused.push(...prepared.refused);
          const changed = await applyPage(tx, spec, prepared.rows, ctx, refused);
          if (spec.afterPage) await spec.afterPage(tx, ctx);
          if (refused.length) {
            const recordOf = (r: Refusal) => clip(r.raw ?? (r.id === null ? null : (rawById.get(r.id) ?? null)));
            await tx
              .insert(feedRejects)
              .values(refused.map((r) => ({ feed: `import:${spec.key}`, upstreamId: r.id, reason: r.reason, record: recordOf(r) })));
          }
          await tx
            .update(importProgress)
            .set({
              lastId: pageLast,
              read: sql`${importProgress.read} + ${page.data.length}`,
              written: sql`${importProgress.written} + ${changed}`,
              refused: sql`${importProgress.refused} + ${refused.length}`,
              pendingParents: Object.fromEntries(ctx.pendingParents),
              updatedAt: new Date(),
            })
            .where(eq(importProgress.collection, spec.key));
          return changed;
        });
      }
      summary.read += page.data.length;
      summary.written += written;
      summary.refused += refused.length;
      if (dryRun) summary.present! += present;
      for (const r of refused) refusedAll.push({ collection: spec.key, id: r.id, reason: r.reason });
      lastId = pageLast;
      emit("page");
      if (page.data.length < pageSize) break;
    }

    // The whole collection is read: what only all of it shows, the live feed's cursor, the id sequences.
    const finish = async (tx: Tx) => {
      const late = spec.finish ? await spec.finish(tx, ctx) : { refused: [], removed: 0 };
      if (!dryRun) {
        if (late.refused.length) {
          await tx
            .insert(feedRejects)
            .values(late.refused.map((r) => ({ feed: `import:${spec.key}`, upstreamId: r.id, reason: r.reason, record: null })));
        }
        await tx
          .update(importProgress)
          .set({
            written: sql`${importProgress.written} - ${late.removed}`,
            refused: sql`${importProgress.refused} + ${late.refused.length}`,
            pendingParents: {},
            finishedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(importProgress.collection, spec.key));
        if (spec.feed && progress.feedKey) {
          const [at, id] = JSON.parse(progress.feedKey) as [string, string];
          await continueFeedAfter(tx, spec.feed, { at, id });
        }
        if (spec.sequences?.length) await resetSequences(tx, spec.sequences);
      }
      return late;
    };
    const late = dryRun ? await finish(db) : await db.transaction(finish);
    summary.written -= late.removed;
    summary.refused += late.refused.length;
    for (const r of late.refused) {
      refusedAll.push({ collection: spec.key, id: r.id, reason: r.reason });
      if (r.id !== null) acceptedHere.delete(r.id);
    }
    summary.finished = true;
    return summary;
  } catch (error) {
    // Stopped while a page was being tried again: a stop, not a failure.
    if (options.signal?.aborted) return summary;
    const message = error instanceof UpstreamFailure ? error.message : `${spec.label} (${spec.key}): ${(error as Error).message}`;
    summary.error = message;
    return summary;
  } finally {
    summary.missingFiles = ctx.missingFiles;
    options.onEvent?.({ kind: "end", collection: spec.key, label: spec.label, summary });
  }
}

/**
 * Runs the first import. Never throws for an upstream failure or a stop: the report says what
 * happened, how far each collection got, and every record refused with its reason.
 */
export async function runImport(options: ImportOptions): Promise<ImportReport> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const all = importCollections(options.brandName);
  const { chosen } = selectCollections(all, options.only);
  const report: ImportReport = {
    source: options.source ?? null,
    startedAt: startedAt.toISOString(),
    finishedAt: startedAt.toISOString(),
    dryRun: !!options.dryRun,
    resume: !!options.resume,
    status: "complete",
    message: "",
    collections: [],
    refused: [],
  };
  const finish = (status: ImportStatus, message: string) => {
    report.status = status;
    report.message = message;
    report.finishedAt = now().toISOString();
    return report;
  };

  if (!options.resume) {
    const busy = await tablesWithData(options.database);
    if (busy.length) {
      return finish(
        "refused",
        `La base de datos ya tiene datos (${busy.join(", ")}). La importación inicial solo escribe en una base vacía, ` +
          "para no pisar lo que se capturó aquí. Para continuar una importación detenida, o releer una terminada, usa --resume.",
      );
    }
  }

  // What a dry run accepted, shared by its collections (a sale's session, a product's category).
  const accepted = new Map<string, Set<string>>();
  for (const spec of chosen) {
    if (options.signal?.aborted) break;
    const summary = await importCollection(spec, options, accepted, report.refused);
    report.collections.push(summary);
    if (summary.error) return finish("failed", `La importación se detuvo: ${summary.error} Lo escrito se conserva; continúa con --resume.`);
    if (!summary.finished) break;
  }
  const written = report.collections.reduce((sum, c) => sum + c.written, 0);
  const refused = report.refused.length;
  if (options.signal?.aborted) return finish("stopped", `Importación detenida a petición. Lo escrito se conserva; continúa con --resume.`);
  const done = finish(
    "complete",
    options.dryRun
      ? `Prueba terminada: se escribirían ${n(written)} filas nuevas y se rechazarían ${n(refused)} registros. No se escribió nada.`
      : `Importación terminada: ${n(written)} filas escritas, ${n(refused)} registros rechazados.`,
  );
  if (!options.dryRun) {
    await audit(
      {
        message: `Importación inicial${options.resume ? " (continuación)" : ""}: ${written} filas escritas, ${refused} rechazadas`,
        type: "integration",
        tags: ["import"],
        detail: {
          collections: report.collections.map((c) => ({ collection: c.collection, read: c.read, written: c.written, refused: c.refused })),
        },
      },
      options.database.db,
    );
  }
  return done;
}
