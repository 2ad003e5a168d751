import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedBody } from "../../server/http/bounded-body";

const MB = 1024 * 1024;
let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(boundedBody());
  app.post("*", (_req, res) => void res.end("leído"));
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});

/** Posts `bytes` of a form on the agent's connection, chunked (no length), and resolves with the answer. */
function post(agent: http.Agent, bytes: number) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    let answered = false;
    const req = http.request(
      { port, path: "/login", method: "POST", agent, headers: { "content-type": "application/x-www-form-urlencoded" } },
      (res) => {
        answered = true;
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      },
    );
    // The server ends a refused connection while this client may still be sending: a write failing
    // after the answer is expected.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(256 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const piece = chunk.subarray(0, Math.min(chunk.byteLength, bytes - sent));
        sent += piece.byteLength;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

const answeredWithin = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<"no answer">((resolve) => setTimeout(() => resolve("no answer"), ms).unref())]);

describe("a refused body", () => {
  it("closes its connection once answered, and a keep-alive client's next request is answered", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let round = 0; round < 15; round++) {
        // Over the form's 1 MB: refused while the client is still sending the rest.
        const refused = await post(agent, 5 * MB);
        expect(refused.status).toBe(413);
        // The body was left half-read: the connection cannot serve another request.
        expect(refused.connection).toBe("close");
        const next = await answeredWithin(post(agent, 10), 2_000);
        expect(next, `round ${round}`).not.toBe("no answer");
        if (next !== "no answer") expect(next.status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });
});
