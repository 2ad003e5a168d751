import type { Env } from "../../env";
import type { Database } from "../client";
import { seedDemo } from "./demo";

/** An empty database in demo mode gets the demo data; a database with users is never touched. */
export async function seedIfEmpty(database: Database, env: Env): Promise<boolean> {
  if (!(env.SEED_DEMO ?? env.DEMO_MODE)) return false;
  const [row] = await database.query<{ n: number }>("select count(*)::int as n from users");
  if (row && row.n > 0) return false;
  await seedDemo(database, { brand: env.BRAND_NAME });
  return true;
}
