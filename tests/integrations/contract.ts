/**
 * Contract-test harness for the HTTP adapters: each contract says which request a port call must
 * make (method, path, query, body) and what it makes of the answer. Every contract is also run
 * against a time-out, a 500 and a malformed body, which must all become IntegrationErrors.
 */
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isIntegrationError, type IntegrationSystem } from "../../server/integrations/errors";

export const TOKEN = "token-de-prueba";

export type Captured = {
  method: string;
  url: URL;
  authorization: string | null;
  contentType: string | null;
  json?: unknown;
  form?: FormData;
};

export type Reply =
  | { json: unknown; status?: number }
  | { bytes: Uint8Array; contentType: string; status?: number }
  | { text: string; contentType?: string; status?: number };

export type Contract<P> = {
  /** Starts with the port method name (errors must carry it as `call`). */
  name: string;
  call: (port: P) => Promise<unknown>;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Expected pathname after the base URL's path, already percent-encoded. */
  path: string;
  /** Expected query parameters (only these are checked). */
  query?: Record<string, string>;
  /** Expected JSON body. */
  body?: unknown;
  /** Expected multipart text fields; `absent` lists fields that must not be sent. */
  form?: { fields: Record<string, string>; absent?: string[]; file?: { name: string; size: number } };
  reply: Reply;
  /** What the call resolves to. */
  expected: unknown;
  /** Skip the generic malformed-body check (calls that accept any answer shape). */
  skipMalformed?: boolean;
};

export function startServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

function respond(reply: Reply) {
  const status = reply.status ?? 200;
  if ("json" in reply) return HttpResponse.json(reply.json as never, { status });
  if ("bytes" in reply) {
    return new HttpResponse(new Uint8Array(reply.bytes), { status, headers: { "Content-Type": reply.contentType } });
  }
  return new HttpResponse(reply.text, { status, headers: { "Content-Type": reply.contentType ?? "application/json" } });
}

/** Installs a catch-all handler for `origin` that records the request and answers `reply`. */
export function answer(server: ReturnType<typeof setupServer>, origin: string, reply: Reply | (() => Promise<Reply> | Reply)) {
  const captured: Captured[] = [];
  server.use(
    http.all(`${origin}/*`, async ({ request }) => {
      const contentType = request.headers.get("content-type");
      const entry: Captured = {
        method: request.method,
        url: new URL(request.url),
        authorization: request.headers.get("authorization"),
        contentType,
      };
      if (contentType?.includes("application/json")) entry.json = await request.json();
      else if (contentType?.includes("multipart/form-data")) entry.form = await request.formData();
      captured.push(entry);
      return respond(typeof reply === "function" ? await reply() : reply);
    }),
  );
  return captured;
}

export async function expectIntegrationError(
  promise: Promise<unknown>,
  expected: { system: IntegrationSystem; call?: string; kind: string; status?: number },
) {
  const error = await promise.then(
    () => {
      throw new Error("se esperaba un IntegrationError");
    },
    (e: unknown) => e,
  );
  expect(isIntegrationError(error), String(error)).toBe(true);
  expect(error).toMatchObject(expected);
  // The message is what a toast shows: Spanish, non-empty.
  expect((error as Error).message).toMatch(/[a-záéíóú]{3,}/i);
  return error;
}

/**
 * Generates the contract tests for one adapter. `basePath` is the path part of the base URL (the
 * adapters must keep it), `makePort(timeoutMs)` builds the adapter under test.
 */
export function describeContracts<P>(options: {
  system: IntegrationSystem;
  origin: string;
  basePath: string;
  makePort: (timeoutMs: number) => P;
  contracts: Array<Contract<P>>;
}) {
  const server = startServer();
  const { origin, basePath, makePort, system } = options;

  for (const c of options.contracts) {
    const call = c.name.split(" ")[0];
    describe(c.name, () => {
      it(`${c.method} ${c.path}: request and parsed answer`, async () => {
        const captured = answer(server, origin, c.reply);
        const result = await c.call(makePort(2000));
        expect(captured).toHaveLength(1);
        const req = captured[0];
        expect(req.method).toBe(c.method);
        expect(req.url.pathname).toBe(`${basePath}/${c.path}`);
        expect(req.authorization).toBe(`Bearer ${TOKEN}`);
        for (const [key, value] of Object.entries(c.query ?? {})) expect(req.url.searchParams.get(key), key).toBe(value);
        if (c.body !== undefined) {
          expect(req.contentType).toContain("application/json");
          expect(req.json).toEqual(c.body);
        }
        if (c.form) {
          expect(req.form, "multipart body").toBeDefined();
          for (const [key, value] of Object.entries(c.form.fields)) expect(req.form!.get(key), key).toBe(value);
          for (const key of c.form.absent ?? []) expect(req.form!.has(key), key).toBe(false);
          if (c.form.file) {
            const file = req.form!.get("file") as File;
            expect(file.name).toBe(c.form.file.name);
            expect(file.size).toBe(c.form.file.size);
          }
        }
        expect(result).toEqual(c.expected);
      });

      it("a 500 answer becomes an http IntegrationError", async () => {
        answer(server, origin, { json: { errors: [{ message: "Internal error" }] }, status: 500 });
        await expectIntegrationError(c.call(makePort(2000)), { system, call, kind: "http", status: 500 });
      });

      if (!c.skipMalformed) {
        it("a malformed body becomes an invalid_response IntegrationError", async () => {
          answer(server, origin, { text: "<html><body>Bad gateway</body></html>", contentType: "application/json" });
          await expectIntegrationError(c.call(makePort(2000)), { system, call, kind: "invalid_response" });
        });
      }

      it("no answer in time becomes a timeout IntegrationError", async () => {
        answer(server, origin, async () => {
          await delay(400);
          return c.reply;
        });
        await expectIntegrationError(c.call(makePort(60)), { system, call, kind: "timeout" });
      });
    });
  }

  return server;
}
