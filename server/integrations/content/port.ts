/**
 * The content back end's collections (spec 1 §7 and spec 2 §7: `items/*`). The feeds read what
 * changed with a filter, a sort, a limit and an offset, as the spec's list calls do; the outbox
 * writes staff edits back with PATCH and POST, each carrying an idempotency key.
 */

/**
 * A filter in the back end's own syntax, e.g. `{ updated_at: { _gt: "2026-11-29T10:00:00Z" } }`
 * or `{ _or: [ … ] }`. Operators used here: _eq, _neq, _gt, _gte, _lt, _lte, _in, _null, _nnull,
 * _contains; logical _and / _or.
 */
export type ItemFilter = { [field: string]: ItemFilter | ItemFilter[] | string | number | boolean | null | Array<string | number> };

export type ItemsQuery = {
  filter?: ItemFilter;
  /** Field names, a leading "-" for descending: ["updated_at", "id"]. */
  sort?: string[];
  /** Rows per page (1–1000). */
  limit: number;
  offset?: number;
  /** Asks for meta.filter_count (rows the filter matches) beside the page. */
  count?: boolean;
  /** Fields to answer with, relations expanded by "rel.*" (e.g. ["*", "role.*"]); default every field. */
  fields?: string[];
};

/** A page as the back end answers it: the records are untrusted until a feed validates them. */
export type ItemsPage = { data: unknown[]; filterCount: number | null };

export type ContentWrite = {
  /** Sent as the Idempotency-Key header: the back end applies a repeated key once. */
  idempotencyKey: string;
};

export interface ContentPort {
  /**
   * GET items/{collection}?filter&sort&limit&offset&meta=filter_count&fields. The back end's users
   * are its own collection, read at GET users?… with the same query (spec 2 §7): collection "users".
   */
  listItems(collection: string, query: ItemsQuery): Promise<ItemsPage>;
  /** PATCH items/{collection}/{id} */
  updateItem(collection: string, id: string, body: Record<string, unknown>, write: ContentWrite): Promise<void>;
  /** POST items/{collection} */
  createItem(collection: string, body: Record<string, unknown>, write: ContentWrite): Promise<void>;
  /** GET users/me: the back end answers and accepts the token (start-up check and the Sincronización screen). */
  check(): Promise<void>;
}

/** Collection names are plain identifiers: nothing from upstream data or a request builds a path. */
export const COLLECTION_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** The back end's bracket syntax for a filter: filter[_or][0][updated_at][_gt]=… */
export function filterParams(filter: ItemFilter, prefix = "filter"): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (value: unknown, key: string) => {
    if (Array.isArray(value)) {
      // Logical lists are indexed; value lists (_in) are comma-joined, as the back end reads them.
      if (value.every((v) => v === null || typeof v !== "object")) out.push([key, value.join(",")]);
      else value.forEach((v, i) => walk(v, `${key}[${i}]`));
    } else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, `${key}[${k}]`);
    } else {
      out.push([key, value === null ? "null" : String(value)]);
    }
  };
  walk(filter, prefix);
  return out;
}
