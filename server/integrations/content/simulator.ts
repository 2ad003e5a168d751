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
          `select data from sim.content_items where collection = $1 and (${where}) order by ${sortSql(collection, query.sort)} limit ${limit} offset ${offset}`,
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
        const field = changedFieldOf(collection);
        const rows = await db().query(
          `update sim.content_items
              set changed_at = clock_timestamp(),
                  data = data || $3::jsonb || jsonb_build_object($4::text, to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
            where collection = $1 and id = $2
           returning id`,
          [collection, id, JSON.stringify(body), field],
        );
        if (rows.length === 0) {
          throw new IntegrationError({ system: "content", call: "updateItem", kind: "rejected", status: 404, message: `El back end de contenido no tiene el registro ${id} en ${collection}.` });
        }
      }),

    createItem: (collection, body, write) =>
      runtime.run("content", "createItem", [collection], async () => {
        checkCollection("createItem", collection);
        const id = String(body.id ?? "");
        if (!id) throw new IntegrationError({ system: "content", call: "createItem", kind: "rejected", status: 400, message: "Falta el id del registro." });
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
 * stamped now, so the next feed run reads it. Used by the simulator's activity and by tests.
 */
export async function putContentItem(database: Database, collection: string, record: Record<string, unknown>, at?: Date) {
  const field = changedFieldOf(collection);
  const rows = await database.query<{ changed_at: Date }>(
    `insert into sim.content_items (collection, id, data, changed_at)
     values ($1, $2, $3::jsonb, coalesce($4::timestamptz, clock_timestamp()))
     on conflict (collection, id) do update set data = sim.content_items.data || excluded.data, changed_at = excluded.changed_at
     returning changed_at`,
    [collection, String(record.id), JSON.stringify(record), at?.toISOString() ?? null],
  );
  const stamp = new Date(rows[0].changed_at).toISOString();
  await database.query(
    `update sim.content_items set data = data || jsonb_build_object($3::text, $4::text) where collection = $1 and id = $2`,
    [collection, String(record.id), field, stamp],
  );
  return stamp;
}
