import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Timing } from "./http";
import type { Statement } from "./lists/types";
import { round } from "./stats";

/**
 * The document floor of a list line: its signed-in document as served, turned into React elements
 * once, then per call the list's statements, `renderToString` with the app's own React and gzip at
 * the app's level — what any React server must pay for that page. No session, no router, no loader
 * data, no HTTP. It runs in a process of its own (document-floor-child.ts) on the bench database
 * once the app has stopped (the embedded database admits one process).
 */
export type FloorPage = { key: number; statements: Statement[]; html: string };
export type FloorRequest = { databaseUrl: string; dataDir: string; rounds: number; clients: number; pages: FloorPage[] };
/** `split`: the medians of the statements, the render and the gzip at 1 client (ms). */
export type FloorTiming = {
  key: number;
  one: Timing;
  ten: Timing;
  split: { sql: number; render: number; gzip: number };
  htmlBytes: number;
  gzipBytes: number;
};
export type FloorAnswer = FloorTiming | { key: number; error: string };

/** The targets: a document's p50 at most 1.5× its floor's, its throughput at 10 clients at least 60 % of its floor's. */
export const FLOOR_TARGET = { p50: 1.5, rps: 0.6 };

export type FloorVerdict = { p50_vs_doc_floor: number; c10_vs_doc_floor: number; within_target: boolean; misses?: string[] };

/** A document's figures over its floor's, and what misses the targets, said as the bench says it. */
export function floorVerdict(document: { p50: number; rps: number }, floor: { p50: number; rps: number }): FloorVerdict {
  const p50 = round(document.p50 / floor.p50);
  const rps = round(document.rps / floor.rps);
  const misses: string[] = [];
  if (!(p50 <= FLOOR_TARGET.p50)) misses.push(`p50 ${p50}× el piso (meta ≤ ${FLOOR_TARGET.p50}×)`);
  if (!(rps >= FLOOR_TARGET.rps))
    misses.push(`10 clientes ${Math.round(rps * 100)} % del rendimiento del piso (meta ≥ ${FLOOR_TARGET.rps * 100} %)`);
  return { p50_vs_doc_floor: p50, c10_vs_doc_floor: rps, within_target: misses.length === 0, ...(misses.length ? { misses } : {}) };
}

/** Times every page's floor in the child process; one answer per page, in the pages' order. */
export function measureDocumentFloors(request: FloorRequest, onAnswer: (answer: FloorAnswer) => void): Promise<void> {
  const child = fork(fileURLToPath(new URL("./document-floor-child.ts", import.meta.url)), [], {
    // The bench's own loader (tsx) is inherited through execArgv; React must load its production build.
    env: { ...process.env, NODE_ENV: "production" },
    serialization: "advanced",
  });
  // A bench that stops early must not leave the floor's process holding the bench database.
  const killChild = () => child.kill("SIGKILL");
  process.once("exit", killChild);
  return new Promise<void>((resolve, reject) => {
    child.on("message", (answer: FloorAnswer) => onAnswer(answer));
    child.on("error", reject);
    child.on("exit", (code) => {
      process.removeListener("exit", killChild);
      if (code === 0) resolve();
      else reject(new Error(`El proceso del piso de documento terminó con código ${code}`));
    });
    child.send(request);
  });
}
