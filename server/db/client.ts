import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";
import { markTransactions } from "./transaction-scope";
import { log } from "../ops/log";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: commands accept either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL text (several statements allowed); used by migrations, seeds and benches. */
  exec: (sqlText: string) => Promise<void>;
  /** Raw parameterised query returning rows, bypassing the ORM (bench baseline). */
  query: <T = Record<string, unknown>>(sqlText: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
  /**
   * Runs `work` holding a PostgreSQL session advisory lock (`key`) on a connection of its own, so a
   * second process asking for the same key waits until the first is done. The embedded database
   * belongs to one process, which runs its start-up once: there it simply runs `work`.
   */
  withLock: <T>(key: number, work: () => Promise<T>) => Promise<T>;
  /** PostgreSQL's pool: connections open, idle, and queries waiting for one (the metrics). PGlite has no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  pglite?: PGlite;
};

export function pgliteExtensions() {
  return { pg_trgm };
}

export function wrapPglite(client: PGlite): Database {
  const db = markTransactions(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    kind: "pglite",
    pglite: client,
    exec: async (text) => {
      await client.exec(text);
    },
    query: async (text, params) => (await client.query(text, params as unknown[])).rows as never,
    close: () => client.close(),
    withLock: (_key, work) => work(),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // A connection the database closes while it sits in the pool (a restart, a failover, a dropped
    // database) is an 'error' event on the pool; unheard, it would end the whole process. The pool
    // opens a new connection on the next query.
    let closing = false;
    pool.on("error", (error) => {
      if (!closing) log.error({ err: error }, `[db] Se cerró una conexión inactiva: ${error.message}`);
    });
    // Bigint ids (order ids are 16 digits) and numerics are parsed by Drizzle column modes.
    const db = markTransactions(drizzlePg(pool, { schema }) as unknown as Db);
    return {
      db,
      kind: "postgres",
      exec: async (text) => {
        await pool.query(text);
      },
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      close: () => {
        closing = true;
        return pool.end();
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      withLock: async (key, work) => {
        const connection = await pool.connect();
        let broken = false;
        try {
          await connection.query("select pg_advisory_lock($1)", [key]);
          try {
            return await work();
          } finally {
            await connection.query("select pg_advisory_unlock($1)", [key]).catch(() => (broken = true));
          }
        } finally {
          // A connection that could not give the lock back is closed, which gives it back.
          connection.release(broken);
        }
      },
    };
  }
  const dir = path.join(opts.dataDir, "pgdata");
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions() });
  return wrapPglite(client);
}

/** The process-wide database, opened at start-up. */
let current: Database | undefined;

export function getDatabase(): Database {
  if (!current) throw new Error("La base de datos no está inicializada");
  return current;
}

export function setDatabase(database: Database | undefined) {
  current = database;
}

export function getDb(): Db {
  return getDatabase().db;
}
