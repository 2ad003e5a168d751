import fs from "node:fs";
import path from "node:path";
import type { Request, Response, Router } from "express";
import express from "express";
import type { Database } from "../db/client";
import { migrationsFolder } from "../db/migrate";
import { log } from "./log";

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (it can serve: the database answers with
 * every bundled migration applied, uploads can be written, the job runner runs or is off by
 * configuration, and no shutdown has begun). Mounted before anything that reads a cookie, a session
 * or a body, and before any rate limit; the answers say nothing but which checks fail.
 */
export type ReadinessCheck = "database" | "migrations" | "storage" | "jobs";
/** `shutdown`: SIGTERM or SIGINT arrived; the instance is finishing what it has and takes nothing new. */
export type Failing = ReadinessCheck | "shutdown";

export type StorageReadiness = { ok: true } | { ok: false; message: string };

export type ReadinessSources = {
  database: () => Database | undefined;
  /** "running", "off" (JOBS_ENABLED=false: deliberately) or "stopped" (not running although it should). */
  jobs: () => "running" | "off" | "stopped";
  draining: () => boolean;
  /** The file store takes a write (server/storage, `checkStorage`: the disk or the bucket). */
  storage: () => Promise<StorageReadiness>;
  /** How long one readiness answer is reused (a probe storm costs one check per period). */
  cacheMs?: number;
  /** A database that has not answered after this long counts as failing. */
  timeoutMs?: number;
};

/** The newest migration this build carries: its `when`, as the migrator records it (`created_at`). */
let bundled: string | undefined;
export function bundledLatestMigration(): string {
  if (bundled === undefined) {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: Array<{ when: number }>;
    };
    bundled = String(Math.max(0, ...journal.entries.map((e) => e.when)));
  }
  return bundled;
}

/** The readiness check, answered from a short cache; one database query at a time, never a pile of them. */
export function readiness(sources: ReadinessSources) {
  const cacheMs = sources.cacheMs ?? 1_000;
  const timeoutMs = sources.timeoutMs ?? 2_000;
  let cached: { at: number; failing: ReadinessCheck[] } | undefined;
  let checking: Promise<ReadinessCheck[]> | undefined;
  // A query the database has not answered yet (PGlite busy with a long statement): the next check
  // reports it failing instead of queueing another behind it.
  let query: Promise<string | null> | undefined;

  async function databaseChecks(): Promise<ReadinessCheck[]> {
    const database = sources.database();
    if (!database) return ["database", "migrations"];
    const pending = (query ??= database
      .query<{ latest: string | null }>("select max(created_at)::text as latest from drizzle.__drizzle_migrations")
      .then((rows) => rows[0]?.latest ?? null)
      .finally(() => (query = undefined)));
    let timer: NodeJS.Timeout | undefined;
    try {
      const latest = await Promise.race([
        pending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`sin respuesta en ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return latest === bundledLatestMigration() ? [] : ["migrations"];
    } catch (error) {
      log.warn({ err: error }, "Preparación: la base no responde");
      return ["database"];
    } finally {
      clearTimeout(timer);
    }
  }

  async function check(): Promise<ReadinessCheck[]> {
    const [database, storage] = await Promise.all([databaseChecks(), sources.storage()]);
    const failing = [...database];
    if (!storage.ok) {
      log.warn({ reason: storage.message }, "Preparación: no se puede escribir en el almacenamiento");
      failing.push("storage");
    }
    if (sources.jobs() === "stopped") failing.push("jobs");
    return failing;
  }

  return async function failing(): Promise<Failing[]> {
    if (sources.draining()) return ["shutdown"];
    const now = Date.now();
    if (cached && now - cached.at < cacheMs) return cached.failing;
    checking ??= check()
      .then((result) => {
        cached = { at: Date.now(), failing: result };
        return result;
      })
      .finally(() => (checking = undefined));
    return checking;
  };
}

function answer(res: Response, failing: readonly Failing[]) {
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  if (failing.length === 0) {
    res.status(200).end('{"status":"ok"}');
  } else {
    res.status(503).end(JSON.stringify({ status: "unavailable", failing }));
  }
}

/** The two probes, as an Express router mounted first. */
export function healthRouter(failing: () => Promise<Failing[]>): Router {
  const router = express.Router();
  router.get("/healthz", (_req: Request, res: Response) => answer(res, []));
  router.get("/readyz", (_req: Request, res: Response, next) => {
    failing().then((list) => answer(res, list), next);
  });
  return router;
}
