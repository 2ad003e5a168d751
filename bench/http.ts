import http from "node:http";
import { gunzipSync } from "node:zlib";
import { percentile, round } from "./stats";

/** One keep-alive pool, as a browser keeps its connections: a fresh socket per request would time TCP. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

export type Answer = { status: number; bytes: number; type: string; location?: string; setCookie?: string[]; body?: string };

/**
 * A request with the headers a browser sends (gzip accepted, session cookie); the body is read whole,
 * and kept as text (decompressed) only when `readBody` asks for it.
 */
export function request(
  url: string,
  opts: { cookie?: string; method?: string; body?: string; headers?: Record<string, string>; readBody?: boolean; retried?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: opts.method ?? "GET",
        headers: {
          "accept-encoding": "gzip",
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(opts.body !== undefined
            ? { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(opts.body) }
            : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          if (opts.readBody) chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({
            body: opts.readBody
              ? (res.headers["content-encoding"] === "gzip" ? gunzipSync(Buffer.concat(chunks)) : Buffer.concat(chunks)).toString("utf8")
              : undefined,
            status: res.statusCode ?? 0,
            bytes,
            type: String(res.headers["content-type"] ?? ""),
            location: res.headers.location,
            setCookie: res.headers["set-cookie"],
          }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`${url}: sin respuesta en 60 s`)));
    // A keep-alive socket the server closed while idle fails on reuse: retry once on a fresh one, as
    // browsers do (Node's documented pattern for request.reusedSocket).
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === "ECONNRESET" && !opts.retried) resolve(request(url, { ...opts, retried: true }));
      else reject(error);
    });
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

export type Timing = { p50: number; p95: number; rps: number; n: number };

/**
 * `total` calls of `fn` by `clients` concurrent callers; each sample is one call's latency, and the
 * throughput is calls over the wall time of the whole run.
 */
export async function measure(total: number, clients: number, fn: () => Promise<void>): Promise<Timing> {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next++;
      const t = performance.now();
      await fn();
      samples.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  const wall = performance.now() - started;
  return {
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    rps: round((samples.length / wall) * 1000),
    n: samples.length,
  };
}

/** Signs in as Developer (who may open every screen) and returns the session cookie to send. */
export async function signIn(base: string): Promise<string> {
  const login = await request(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: "developer@demo.mx", password: "demo1234" }).toString(),
    headers: { origin: base },
  });
  const cookie = (login.setCookie ?? []).map((c) => c.split(";")[0]).join("; ");
  if (login.status !== 302 || !cookie) throw new Error(`No se pudo iniciar sesión en la base de volumen (${login.status})`);
  return cookie;
}

export function closeAgent() {
  agent.destroy();
}
