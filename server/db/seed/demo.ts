import type { Database } from "../client";
import { seedDemoUsers } from "./users";

/** The demo data set: deterministic, so every fresh clone shows the same screens. */
export async function seedDemo(database: Database) {
  await database.db.transaction(async (tx) => {
    await seedDemoUsers(tx as never);
  });
}
