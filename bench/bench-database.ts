/**
 * The bench-scale database both `npm run bench` and `npm run load` measure: seeded once on an empty
 * database, refused when it holds data that is not the bench seed (figures from demo data would say
 * nothing about the app at scale).
 */
import type { Database } from "../server/db/client";

export const BENCH_MIN_ORDERS = 100_000;

export async function openBenchDatabase(opts: { databaseUrl: string; dataDir: string }): Promise<Database> {
  const { openDatabase } = await import("../server/db/client");
  const { migrate } = await import("../server/db/migrate");
  const database = await openDatabase(opts);
  await migrate(database);
  const [{ users, orders }] = await database.query<{ users: number; orders: number }>(
    "select (select count(*) from users)::int as users, (select count(*) from orders)::int as orders",
  );
  const where = opts.databaseUrl ? "de la URL indicada" : opts.dataDir;
  if (users === 0) {
    const t = Date.now();
    console.error(`Preparando la base de volumen en ${where} (una sola vez)…`);
    const { seedBench } = await import("../server/db/seed/bench");
    await seedBench(database);
    console.error(`Base de volumen lista en ${((Date.now() - t) / 1000).toFixed(1)} s`);
  } else if (orders < BENCH_MIN_ORDERS) {
    console.error(
      `La base ${where} tiene datos pero no los de volumen (${orders} órdenes, se esperan ≥ ${BENCH_MIN_ORDERS.toLocaleString("es-MX")}).` +
        " Solo se mide sobre la base de volumen: usa una carpeta vacía (BENCH_DATA_DIR) o `npm run db:seed -- --scale=bench`.",
    );
    await database.close();
    process.exit(2);
  }
  return database;
}
