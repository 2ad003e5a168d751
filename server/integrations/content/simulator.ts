/**
 * The content back end as the simulator serves it: sim.content_items, filtered, sorted and paged in
 * SQL as the real back end does; writes recorded in sim.content_writes by idempotency key.
 */
import type { Database } from "../../db/client";
import { IntegrationError } from "../errors";
import type { SimRuntime } from "../simulator/runtime";
import { changedFieldOf } from "./collections";
import { COLLECTION_NAME, type ContentPort, type ItemFilter, type ItemsQuery } from "./port";

const OPERATORS: Record<string, string> = { _eq: "=", _neq: "<>", _gt: ">", _gte: ">=", _lt: "<", _lte: "<=" };

/**
 * A record's change stamp as the back end serves it: the `changed_at` column it filters and sorts by,
 * to the microsecond. Served from the column (not from whatever text a writer put in the record), the
 * stamp a reader keeps as its cursor is exactly the value the next filter compares: a stamp written
 * less precisely (milliseconds) sorted before its own row, and a feed's last page re-read that row.
 */
export const STAMP_TEXT = `to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** SQL for one field of a collection: its change stamp and id are columns (typed, indexed); the rest JSON text. */
function fieldSql(collection: string, field: string): { column: string; kind: "time" | "id" | "text" } {
  if (!/^[a-z_][a-z0-9_]{0,63}$/i.test(field)) throw badQuery(`Campo no válido: ${field}`);
  if (field === changedFieldOf(collection)) return { column: "changed_at", kind: "time" };
  if (field === "id") return { column: "id_key", kind: "id" };
  return { column: `(data->>'${field}')`, kind: "text" };
}

function badQuery(message: string) {
  return new IntegrationError({ system: "content", call: "listItems", kind: "rejected", status: 400, message });
}

/** Compiles a filter into a WHERE clause with numbered parameters. */
export function compileFilter(collection: string, filter: ItemFilter, params: unknown[]): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === "_and" || key === "_or") {
      if (!Array.isArray(value)) throw badQuery(`${key} espera una lista`);
      const inner = (value as ItemFilter[]).map((v) => `(${compileFilter(collection, v, params)})`);
      parts.push(inner.length ? `(${inner.join(key === "_and" ? " and " : " or ")})` : key === "_and" ? "true" : "false");
      continue;
    }
    const { column, kind } = fieldSql(collection, key);
    if (value === null || typeof value !== "object" || Array.isArray(value)) throw badQuery(`Filtro no válido en ${key}`);
    for (const [op, operand] of Object.entries(value)) {
      const bind = (v: unknown) => {
        params.push(kind === "id" ? String(v).padStart(40, "0") : String(v));
        return `$${params.length}${kind === "time" ? "::timestamptz" : ""}`;
      };
      if (op in OPERATORS) parts.push(`${column} ${OPERATORS[op]} ${bind(operand)}`);
      else if (op === "_null") parts.push(`${column} is null`);
      else if (op === "_nnull") parts.push(`${column} is not null`);
      else if (op === "_in") {
        const list = Array.isArray(operand) ? operand : String(operand).split(",");
        parts.push(`${column} in (${list.map(bind).join(", ") || "null"})`);
      } else if (op === "_contains") {
        params.push(`%${String(operand).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        parts.push(`${column}::text ilike $${params.length}`);
      } else throw badQuery(`Operador no válido: ${op}`);
    }
  }
  return parts.length ? parts.join(" and ") : "true";
}

function sortSql(collection: string, sort: string[] | undefined): string {
  const terms = (sort ?? []).map((term) => {
    const desc = term.startsWith("-");
    const { column } = fieldSql(collection, desc ? term.slice(1) : term);
    return `${column} ${desc ? "desc" : "asc"}`;
  });
  return [...terms, "id_key asc"].join(", ");
}

export function createSimulatorContent(runtime: SimRuntime): ContentPort {
  const db = () => runtime.database;
  const checkCollection = (call: string, collection: string) => {
    if (!COLLECTION_NAME.test(collection)) {
      throw new IntegrationError({ system: "content", call, kind: "rejected", status: 400, message: `Colección no válida: ${collection}` });
    }
  };
  return {
    listItems: (collection: string, query: ItemsQuery) =>
      runtime.run("content", "listItems", [collection], async () => {
        checkCollection("listItems", collection);
        const params: unknown[] = [collection];
        const where = compileFilter(collection, query.filter ?? {}, params);
        const limit = Math.max(1, Math.min(1000, Math.floor(query.limit)));
        const offset = Math.max(0, Math.floor(query.offset ?? 0));
        const rows = await db().query<{ data: Record<string, unknown> }>(
          // The changed field's name is a constant of collections.ts, never input.
          `select data || jsonb_build_object('${changedFieldOf(collection)}', ${STAMP_TEXT}) as data
             from sim.content_items where collection = $1 and (${where}) order by ${sortSql(collection, query.sort)} limit ${limit} offset ${offset}`,
          params,
        );
        let filterCount: number | null = null;
        if (query.count) {
          const counted = await db().query<{ n: number }>(
            `select count(*)::int as n from sim.content_items where collection = $1 and (${where})`,
            params,
          );
          filterCount = Number(counted[0]?.n ?? 0);
        }
        return { data: rows.map((r) => r.data), filterCount };
      }),

    updateItem: (collection, id, body, write) =>
      runtime.run("content", "updateItem", [collection, id], async () => {
        checkCollection("updateItem", collection);
        const applied = await recordWrite(db(), collection, id, "PATCH", body, write.idempotencyKey);
        if (!applied) return;
        const rows = await db().query(
          `update sim.content_items set changed_at = clock_timestamp(), data = data || $3::jsonb where collection = $1 and id = $2 returning id`,
          [collection, id, JSON.stringify(body)],
        );
        if (rows.length === 0) {
          throw new IntegrationError({
            system: "content",
            call: "updateItem",
            kind: "rejected",
            status: 404,
            message: `El back end de contenido no tiene el registro ${id} en ${collection}.`,
          });
        }
      }),

    createItem: (collection, body, write) =>
      runtime.run("content", "createItem", [collection], async () => {
        checkCollection("createItem", collection);
        const id = String(body.id ?? "");
        if (!id)
          throw new IntegrationError({
            system: "content",
            call: "createItem",
            kind: "rejected",
            status: 400,
            message: "Falta el id del registro.",
          });
        if (!(await recordWrite(db(), collection, id, "POST", body, write.idempotencyKey))) return;
        await putContentItem(db(), collection, body);
      }),

    check: () => runtime.run("content", "check", [], async () => undefined),
  };
}

/** Keeps the write; false when its idempotency key was seen before (the repeat changes nothing). */
async function recordWrite(database: Database, collection: string, id: string, method: string, body: Record<string, unknown>, key: string) {
  const rows = await database.query(
    `insert into sim.content_writes (collection, item_id, method, body, idempotency_key) values ($1, $2, $3, $4, $5)
     on conflict (idempotency_key) do nothing returning id`,
    [collection, id, method, JSON.stringify(body), key],
  );
  return rows.length > 0;
}

/**
 * Stores a record as the legacy back end would after hearing of it (a new order, a question…):
 * stamped now (or `at`), so the next feed run reads it. Used by the simulator's activity and by
 * tests. Returns the stamp as listItems serves it.
 */
export async function putContentItem(database: Database, collection: string, record: Record<string, unknown>, at?: Date) {
  const rows = await database.query<{ stamp: string }>(
    `insert into sim.content_items (collection, id, data, changed_at)
     values ($1, $2, $3::jsonb, coalesce($4::timestamptz, clock_timestamp()))
     on conflict (collection, id) do update set data = sim.content_items.data || excluded.data, changed_at = excluded.changed_at
     returning ${STAMP_TEXT} as stamp`,
    [collection, String(record.id), JSON.stringify(record), at?.toISOString() ?? null],
  );
  return rows[0].stamp;
}
