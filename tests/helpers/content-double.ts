/**
 * An HTTP double of the content back end for contract tests: items/{collection} with the spec's
 * filter[...] bracket syntax, sort, limit, offset and meta=filter_count; PATCH/POST with an
 * Idempotency-Key; users/me behind a bearer token. It can misbehave on purpose: time out, answer
 * 500 or 401, send a malformed body, repeat rows, or change records between two pages of one read.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Misbehaviour =
  | { kind: "status"; status: number }
  | { kind: "malformed" }
  | { kind: "hang"; ms: number }
  /** The page repeats its first row at its end (a back end that duplicates rows). */
  | { kind: "duplicate" }
  /** Before answering, run this (e.g. add or change records: the pages shift while being read). */
  | { kind: "mutate"; mutate: (double: ContentDouble) => void };

export type Stored = Record<string, unknown> & { id: string | number };

type Filter = { [key: string]: Filter | string | Filter[] };

export class ContentDouble {
  readonly collections = new Map<string, Map<string, Stored>>();
  readonly writes: Array<{ method: string; collection: string; id: string | null; body: unknown; key: string | null }> = [];
  readonly requests: string[] = [];
  /** Misbehaviours for upcoming list calls, consumed in order. */
  readonly queue: Misbehaviour[] = [];
  token = "secreto";
  /** Every list call waits this long before answering (a slow back end). */
  delayMs = 0;
  private server: http.Server | undefined;
  url = "";

  constructor(private readonly changedFields: Record<string, string> = {}) {}

  changedField(collection: string) {
    return (
      this.changedFields[collection] ??
      (collection === "mercadolibre_posts" ? "last_update" : collection === "messages" ? "date_updated" : "updated_at")
    );
  }

  put(collection: string, record: Stored) {
    const map = this.collections.get(collection) ?? new Map<string, Stored>();
    map.set(String(record.id), record);
    this.collections.set(collection, map);
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
    return this.url;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://double");
    this.requests.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${this.token}`) return send(401, { errors: [{ message: "Invalid user credentials." }] });
    if (url.pathname === "/users/me") return send(200, { data: { id: "1" } });
    // The back end's users are its own collection at /users (spec 2 §7), kept here as the collection "users".
    const path = /^\/users(\/|$)/.test(url.pathname) ? `/items${url.pathname}` : url.pathname;
    const match = /^\/items\/([a-z0-9_]+)(?:\/([^/]+))?$/.exec(path);
    if (!match) return send(404, { errors: [{ message: "Route not found" }] });
    const [, collection, id] = match;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : null;

    if (req.method === "GET") {
      if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      const trouble = this.queue.shift();
      if (trouble?.kind === "status") return send(trouble.status, { errors: [{ message: "Internal error" }] });
      if (trouble?.kind === "malformed") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end('{"data": [ {"id": 1, ');
      }
      if (trouble?.kind === "hang") {
        await new Promise((resolve) => setTimeout(resolve, trouble.ms));
        return send(200, { data: [] });
      }
      if (trouble?.kind === "mutate") trouble.mutate(this);
      const rows = this.list(collection, url.searchParams);
      if (trouble?.kind === "duplicate" && rows.page.length) rows.page.push(rows.page[0]);
      return send(200, { data: rows.page, meta: url.searchParams.get("meta") ? { filter_count: rows.count } : undefined });
    }
    if (req.method === "PATCH" || req.method === "POST") {
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      if (key && this.writes.some((w) => w.key === key)) return send(200, { data: body });
      this.writes.push({ method: req.method, collection, id: id ?? null, body, key });
      if (req.method === "PATCH") {
        const record = this.collections.get(collection)?.get(decodeURIComponent(id ?? ""));
        if (!record) return send(404, { errors: [{ message: "Item not found" }] });
        Object.assign(record, body, { [this.changedField(collection)]: new Date().toISOString() });
      } else this.put(collection, { ...(body as Stored) });
      return send(200, { data: body });
    }
    return send(405, { errors: [{ message: "Method not allowed" }] });
  }

  /** Reads filter[a][b]…=v back into a tree, evaluates it, sorts, pages. */
  list(collection: string, params: URLSearchParams) {
    const filter: Filter = {};
    for (const [key, value] of params) {
      if (!key.startsWith("filter[")) continue;
      const path = [...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]);
      let node: Filter = filter;
      path.forEach((part, i) => {
        if (i === path.length - 1) node[part] = value;
        else node = (node[part] ??= {}) as Filter;
      });
    }
    const sort = (params.get("sort") ?? "id").split(",").filter(Boolean);
    const limit = Number(params.get("limit") ?? 100);
    const offset = Number(params.get("offset") ?? 0);
    const all = [...(this.collections.get(collection)?.values() ?? [])].filter((r) => this.matches(collection, r, filter));
    all.sort((a, b) => {
      for (const term of sort) {
        const desc = term.startsWith("-");
        const field = desc ? term.slice(1) : term;
        const c = this.compare(collection, field, a[field], b[field]);
        if (c !== 0) return desc ? -c : c;
      }
      return 0;
    });
    return { page: all.slice(offset, offset + limit).map((r) => structuredClone(r)), count: all.length };
  }

  private compare(collection: string, field: string, a: unknown, b: unknown): number {
    if (field === this.changedField(collection))
      return Date.parse(String(a)) - Date.parse(String(b)) || (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);
    const [x, y] = [String(a ?? ""), String(b ?? "")];
    if (/^\d+$/.test(x) && /^\d+$/.test(y)) return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  private matches(collection: string, record: Stored, filter: Filter): boolean {
    return Object.entries(filter).every(([key, value]) => {
      if (key === "_and" || key === "_or") {
        const list = Object.values(value as Filter) as Filter[];
        return key === "_and"
          ? list.every((f) => this.matches(collection, record, f))
          : list.some((f) => this.matches(collection, record, f));
      }
      return Object.entries(value as Filter).every(([op, operand]) => {
        const c = this.compare(collection, key, record[key], operand);
        switch (op) {
          case "_eq":
            return c === 0;
          case "_neq":
            return c !== 0;
          case "_gt":
            return c > 0;
          case "_gte":
            return c >= 0;
          case "_lt":
            return c < 0;
          case "_lte":
            return c <= 0;
          default:
            throw new Error(`operador no soportado por el doble: ${op}`);
        }
      });
    });
  }
}
