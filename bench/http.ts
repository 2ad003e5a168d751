import http from "node:http";
import { percentile, round } from "./stats";

/** One keep-alive pool, as a browser keeps its connections: a fresh socket per request would time TCP. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

export type Answer = { status: number; bytes: number; type: string; location?: string; setCookie?: string[] };

/** A request with the headers a browser sends (gzip accepted, session cookie); the body is read whole. */
export function request(url: string, opts: { cookie?: string; method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: opts.method ?? "GET",
        headers: {
          "accept-encoding": "gzip",
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(opts.body !== undefined ? { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(opts.body) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () =>
          resolve({
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
    req.on("error", reject);
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
  return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), rps: round((samples.length / wall) * 1000), n: samples.length };
}

export function closeAgent() {
  agent.destroy();
}
