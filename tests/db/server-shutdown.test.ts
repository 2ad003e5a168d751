import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyPostgresDatabase, ensureBuild, startServerChild, tempDataDir, waitReady, type ServerChild } from "../helpers/server-child";

const url = process.env.TEST_DATABASE_URL;

/** A POST whose body arrives in two halves: in flight from its first half until `finish()`. */
function slowPost(port: number, agent: http.Agent) {
  const body = "email=nadie%40demo.mx&password=incorrecta-123";
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: "127.0.0.1",
    port,
    path: "/login",
    method: "POST",
    agent,
    headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) },
  });
  const answered = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    request.once("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.once("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
      response.once("error", reject);
    });
    request.once("error", reject);
  });
  request.write(body.slice(0, half));
  return { answered, finish: () => request.end(body.slice(half)) };
}

function get(port: number, path: string, agent: http.Agent) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; reused: boolean }>((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.once("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: text, reused: request.reusedSocket }),
      );
    });
    request.once("error", reject);
  });
}

/** Whether a new TCP connection to the port is refused. */
function connectionRefused(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The Chromium the server keeps warm for PDFs (a child of its process), if it started one. */
function chromiumOf(pid: number): number | null {
  try {
    const lines = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(pid)], { encoding: "utf8" })
      .trim()
      .split("\n");
    const found = lines.map((l) => l.trim().split(/\s+/)).find(([, comm]) => /chrom/i.test(comm ?? ""));
    return found ? Number(found[0]) : null;
  } catch {
    return null;
  }
}

function processGone(pid: number) {
  try {
    const state = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
    return state === "Z" || state === "X";
  } catch {
    return true;
  }
}

describe(`graceful shutdown of the built server (${url ? "PostgreSQL" : "PGlite"})`, () => {
  let server: ServerChild;
  const dataDir = tempDataDir();
  let database: Awaited<ReturnType<typeof emptyPostgresDatabase>> | null = null;

  beforeAll(async () => {
    ensureBuild();
    if (url) database = await emptyPostgresDatabase(url);
    server = await startServerChild({ DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "", SHUTDOWN_TIMEOUT_MS: "10000" });
    await waitReady(server);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("on SIGTERM lets the requests in flight finish, refuses new connections and new requests, closes Chromium, exits 0", async () => {
    const first = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const second = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // Chromium is started once the server listens (warmPdf); give it a moment.
    let chromium: number | null = null;
    for (let i = 0; i < 50 && chromium === null; i++) {
      chromium = chromiumOf(server.child.pid!);
      if (chromium === null) await sleep(100);
    }
    if (fs.existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) expect(chromium).not.toBeNull();

    const a = slowPost(server.port, first);
    const b = slowPost(server.port, second);
    await sleep(500); // both are being read by the server
    server.child.kill("SIGTERM");

    // The listening socket closes at once: a new connection is refused.
    let refused = false;
    for (let i = 0; i < 50 && !refused; i++) {
      refused = await connectionRefused(server.port);
      if (!refused) await sleep(50);
    }
    expect(refused).toBe(true);

    // The first request completes (the login page answers: wrong credentials), on a kept-alive connection.
    a.finish();
    const answerA = await a.answered;
    expect(answerA.status).toBe(401);
    expect(answerA.body).toContain("Iniciar sesión");
    expect(answerA.headers["x-request-id"]).toMatch(/^[0-9a-f]{16}$/);

    // A new request on that kept-alive connection while the second is still in flight: 503, and the connection closes.
    const late = await get(server.port, "/readyz", first);
    expect(late.reused).toBe(true);
    expect(late.status).toBe(503);
    expect(JSON.parse(late.body)).toEqual({ status: "unavailable", failing: ["shutdown"] });
    expect(late.headers.connection).toBe("close");
    const page = await get(server.port, "/login", first).catch((error: Error) => error);
    expect(page).toBeInstanceOf(Error); // the connection was closed after the 503, and new ones are refused

    // The second request, in flight all along, completes too.
    b.finish();
    const answerB = await b.answered;
    expect(answerB.status).toBe(401);

    const { code } = await server.exited;
    expect(code).toBe(0);
    if (chromium !== null) expect(processGone(chromium)).toBe(true);

    // The log: JSON lines; the first request's access line carries its id, its route pattern, no body.
    const lines = server.logLines();
    const access = lines.find((l) => l.requestId === answerA.headers["x-request-id"] && l.route === "/login");
    expect(access).toMatchObject({ level: "info", method: "POST", route: "/login", status: 401 });
    expect(JSON.stringify(lines)).not.toContain("incorrecta-123");
    expect(lines.some((l) => String(l.msg).startsWith("Apagando (SIGTERM)"))).toBe(true);
    expect(lines.at(-1)).toMatchObject({ msg: "Apagado" });
    first.destroy();
    second.destroy();
  }, 60_000);
});
