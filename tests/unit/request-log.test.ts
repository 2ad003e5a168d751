import type http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { currentRequestId, inRequestScope, noteRequestUser } from "../../server/http/request-scope";
import { refuse } from "../../server/http/refusal";
import { createLogger, log, setLogger } from "../../server/ops/log";
import { observeRequests, requestIdFrom } from "../../server/ops/request-log";

/** What the logger writes, one parsed JSON object per line. */
function captureLog() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  setLogger(createLogger({ level: "debug", destination }));
  return lines;
}

let lines: Array<Record<string, unknown>>;
let server: http.Server;
let base: string;
const original = log;

beforeAll(async () => {
  const app = express();
  app.use(observeRequests());
  app.get("/orders/:id", (req, res) => {
    // What the root route's middleware does through the router's context (server/http/request-context.ts).
    res.locals.routePattern = "/orders/:orderId";
    noteRequestUser(7);
    log.info({ step: "loader" }, "dentro de la solicitud");
    res.setHeader("Set-Cookie", "bo_toast=x");
    res.end(`orden ${req.params.id}`);
  });
  // A refusal before any route matched (as bounded-body's or the origin check's).
  app.use((req, res, next) => (req.path === "/refused" ? refuse(res, 413, "Demasiado grande.") : next()));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  setLogger(original);
});
beforeEach(() => {
  lines = captureLog();
});

const settle = () => new Promise((r) => setTimeout(r, 20));

describe("request ids and the log", () => {
  it("keeps a safe incoming X-Request-Id and replaces anything else", () => {
    expect(requestIdFrom("abc.DEF_123-x")).toBe("abc.DEF_123-x");
    expect(requestIdFrom("a".repeat(64))).toBe("a".repeat(64));
    for (const unsafe of ["a".repeat(65), "", "con espacio", "año", "x\r\nSet-Cookie: a=b", "<script>", "a/b", undefined]) {
      const id = requestIdFrom(unsafe);
      expect(id).toMatch(/^[0-9a-f]{16}$/);
      expect(id).not.toBe(unsafe);
    }
    expect(requestIdFrom(["first-id", "second"])).toBe("first-id");
  });

  it("every line written inside a request's scope carries its id", () => {
    inRequestScope(() => {
      expect(currentRequestId()).toBe("id-de-prueba");
      log.warn({ what: "x" }, "una línea");
    }, "id-de-prueba");
    log.info("fuera de toda solicitud");
    expect(lines[0]).toMatchObject({ level: "warn", requestId: "id-de-prueba", what: "x", msg: "una línea" });
    expect(typeof lines[0].time).toBe("string");
    expect(lines[1].requestId).toBeUndefined();
  });

  it("the id is returned on the answer and written on the request's lines; one access line: pattern, status, user — no query, id or cookie", async () => {
    const res = await fetch(`${base}/orders/2000001234?search=Juan%20P%C3%A9rez`, {
      headers: { cookie: "bo_session=s3cr3t", "x-request-id": "desde-el-proxy" },
    });
    expect(res.headers.get("x-request-id")).toBe("desde-el-proxy");
    await res.text();
    await settle();
    expect(lines.find((l) => l.step === "loader")).toMatchObject({ requestId: "desde-el-proxy" });
    const access = lines.filter((l) => l.route !== undefined);
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: "info",
      requestId: "desde-el-proxy",
      method: "GET",
      route: "/orders/:orderId",
      status: 200,
      userId: 7,
    });
    expect(typeof access[0].ms).toBe("number");
    const text = JSON.stringify(lines);
    for (const hidden of ["2000001234", "Juan", "s3cr3t", "bo_toast"]) expect(text).not.toContain(hidden);
  });

  it("a refusal page shows the request's id for staff to quote", async () => {
    const res = await fetch(`${base}/refused`, { method: "POST", headers: { "x-request-id": "abc123" } });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("Código de la solicitud: <code>abc123</code>");
    await settle();
    expect(lines.find((l) => l.route !== undefined)).toMatchObject({ route: "(refused)", status: 413 });
  });
});
