/**
 * The single way the HTTP adapters talk to a legacy system: bearer token, a time-out on every call,
 * the answer parsed with Zod, and every failure turned into an IntegrationError.
 */
import type { z } from "zod";
import { IntegrationError, SYSTEM_NAMES, type IntegrationSystem } from "../errors";

export type HttpConfig = {
  system: IntegrationSystem;
  /** Base URL of the legacy back end; the spec's paths are relative to it. */
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** Injected in tests only; defaults to the global fetch (which MSW intercepts). */
  fetch?: typeof fetch;
};

export type Query = Record<string, string | number | boolean | null | undefined>;

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

type BaseSpec = {
  /** Port method name, carried by errors and logs. */
  call: string;
  method: HttpMethod;
  /** Relative path; dynamic segments must already be encoded with `segment()`. */
  path: string;
  query?: Query;
  json?: unknown;
  form?: FormData;
  /** Extra request headers (an idempotency key). */
  headers?: Record<string, string>;
};

export type JsonSpec<T> = BaseSpec & {
  schema: z.ZodType<T, z.ZodTypeDef, unknown>;
  /**
   * Statuses that are answers rather than failures, e.g. 404 → "not found" as a typed result.
   * The handler receives the parsed body (or null when it was not JSON).
   */
  onStatus?: Partial<Record<number, (body: unknown) => T>>;
};

/** What a call adds to its method, path and answer schema: a query, a body, the statuses that are answers. */
export type CallOptions<T> = Pick<JsonSpec<T>, "query" | "json" | "form" | "onStatus">;

type AnswerSchema<T> = JsonSpec<T>["schema"];

export type BinaryAnswer = { status: number; contentType: string; data: Buffer };

/** Encodes one dynamic path segment (movement, sku, order id…). */
export function segment(value: string | number | bigint): string {
  return encodeURIComponent(String(value));
}

export function buildUrl(baseUrl: string, path: string, query?: Query): URL {
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  const url = new URL(path.replace(/^\/+/, ""), base);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    url.searchParams.set(key, String(value));
  }
  return url;
}

export type HttpClient = {
  json<T>(spec: JsonSpec<T>): Promise<T>;
  /** A JSON call written like its request line: `http.get("getArticle", path, schema, { onStatus })`. */
  get<T>(call: string, path: string, schema: AnswerSchema<T>, options?: CallOptions<T>): Promise<T>;
  post<T>(call: string, path: string, schema: AnswerSchema<T>, options?: CallOptions<T>): Promise<T>;
  binary(spec: BaseSpec): Promise<BinaryAnswer>;
};

export function createHttpClient(config: HttpConfig): HttpClient {
  const doFetch = config.fetch ?? fetch;
  const fail = (call: string, init: Omit<ConstructorParameters<typeof IntegrationError>[0], "system" | "call">) =>
    new IntegrationError({ system: config.system, call, ...init });

  async function send(spec: BaseSpec): Promise<Response> {
    const url = buildUrl(config.baseUrl, spec.path, spec.query);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${config.token}`,
      Accept: "application/json, application/pdf;q=0.9, */*;q=0.5",
      ...spec.headers,
    };
    let body: BodyInit | undefined;
    if (spec.form) {
      body = spec.form; // fetch sets the multipart boundary itself
    } else if (spec.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(spec.json);
    }
    try {
      return await doFetch(url, { method: spec.method, headers, body, signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (error) {
      throw transportError(spec.call, error);
    }
  }

  function transportError(call: string, error: unknown): IntegrationError {
    const name = (error as { name?: string } | null)?.name;
    if (name === "TimeoutError" || name === "AbortError") {
      return fail(call, { kind: "timeout", detail: `sin respuesta en ${config.timeoutMs} ms`, cause: error });
    }
    return fail(call, { kind: "network", detail: String((error as Error)?.message ?? error), cause: error });
  }

  async function readText(call: string, response: Response): Promise<string> {
    try {
      return await response.text();
    } catch (error) {
      throw transportError(call, error);
    }
  }

  function statusError(call: string, status: number, body: unknown): IntegrationError {
    const serverMessage = extractMessage(body);
    // 4xx with a reason is the system refusing the operation; 401/403 and 5xx are faults.
    if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 408 && status !== 429) {
      const name = SYSTEM_NAMES[config.system];
      const Name = name.charAt(0).toUpperCase() + name.slice(1);
      return fail(call, {
        kind: "rejected",
        status,
        message: serverMessage ? `${Name} rechazó la operación: ${serverMessage}` : undefined,
        detail: serverMessage ?? undefined,
      });
    }
    if (status === 408) return fail(call, { kind: "timeout", status });
    return fail(call, { kind: "http", status, detail: serverMessage ?? undefined });
  }

  async function json<T>(spec: JsonSpec<T>): Promise<T> {
    const response = await send(spec);
    const text = await readText(spec.call, response);
    let body: unknown = null;
    let parsedJson = true;
    if (text.trim() !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        parsedJson = false;
      }
    }
    const handler = spec.onStatus?.[response.status];
    if (handler) return handler(parsedJson ? body : null);
    if (!response.ok) throw statusError(spec.call, response.status, parsedJson ? body : null);
    if (!parsedJson) {
      throw fail(spec.call, { kind: "invalid_response", status: response.status, detail: `no es JSON: ${text.slice(0, 120)}` });
    }
    const result = spec.schema.safeParse(body);
    if (!result.success) {
      const detail = result.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join(".") || "(raíz)"}: ${i.message}`)
        .join("; ");
      throw fail(spec.call, { kind: "invalid_response", status: response.status, detail });
    }
    return result.data;
  }

  return {
    json,
    get: (call, path, schema, options) => json({ call, method: "GET", path, schema, ...options }),
    post: (call, path, schema, options) => json({ call, method: "POST", path, schema, ...options }),

    async binary(spec: BaseSpec): Promise<BinaryAnswer> {
      const response = await send(spec);
      let data: Buffer;
      try {
        data = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        throw transportError(spec.call, error);
      }
      const contentType = response.headers.get("content-type") ?? "";
      if (!response.ok) {
        let body: unknown = null;
        try {
          body = JSON.parse(data.toString("utf8"));
        } catch {
          body = null;
        }
        throw statusError(spec.call, response.status, body);
      }
      return { status: response.status, contentType, data };
    },
  };
}

/** Pulls a human message out of the usual error bodies ({message}, {errors:[{message}]}, {error}). */
export function extractMessage(body: unknown): string | null {
  if (!body || typeof body !== "object") return typeof body === "string" && body.trim() ? body.trim() : null;
  const b = body as Record<string, unknown>;
  if (typeof b.message === "string" && b.message.trim()) return b.message.trim();
  if (typeof b.error === "string" && b.error.trim()) return b.error.trim();
  if (Array.isArray(b.errors)) {
    const first = b.errors[0] as { message?: unknown } | undefined;
    if (first && typeof first.message === "string") return first.message;
  }
  if (b.data && typeof b.data === "object") return extractMessage(b.data);
  return null;
}
