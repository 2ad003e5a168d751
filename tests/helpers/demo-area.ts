import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getDb, type Database } from "../../server/db/client";
import type { SeedContext, SeedUsers } from "../../server/db/seed/demo/context";
import { DemoClock } from "../../server/db/seed/demo/time";

/**
 * One area's demo rows in a database that holds the demo data (useTestDatabase({ demo: true })): the
 * demo index may seed the area already, so its own seed runs only when the area's table is still empty.
 */
export async function seedAreaIfEmpty(database: Database, table: PgTable, seedArea: (ctx: SeedContext) => Promise<unknown>) {
  const [{ n: seeded }] = await getDb().select({ n: count() }).from(table);
  if (seeded === 0) {
    await database.db.transaction((tx) => seedArea({ tx, clock: new DemoClock(new Date()), brand: "Electrica", users: {} as SeedUsers }));
  }
}
