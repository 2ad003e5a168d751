import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../client";
import type { DemoClock } from "./time";

export type SeedUsers = {
  admin: number;
  developer: number;
  mlManager: number;
  cajero: number;
  gerentePdv: number;
  shopManager: number;
  inventory: number;
  byEmail: Map<string, { id: number; email: string; firstName: string; lastName: string; intelisisAgent: string | null }>;
};

export type SeedContext = {
  tx: Tx;
  clock: DemoClock;
  /** BRAND_NAME at seed time: the second marketplace account's store value and the texts' signature. */
  brand: string;
  users: SeedUsers;
};

/** Multi-row inserts in chunks (PostgreSQL caps a statement at 65 535 parameters). */
export async function insertChunks<T extends PgTable>(tx: Tx, table: T, rows: Array<T["$inferInsert"]>, size = 200) {
  for (let i = 0; i < rows.length; i += size) {
    await tx.insert(table).values(rows.slice(i, i + size) as never);
  }
}
