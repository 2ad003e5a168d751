import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { adminUrl } from "../helpers/template";
import { useTestDatabase } from "../helpers/db";

await useTestDatabase();
const url = process.env.TEST_DATABASE_URL;

// Only PostgreSQL has connections that the server can close under the app.
describe.skipIf(!url)("a PostgreSQL connection closed by the server", () => {
  it("does not end the process, and the next query gets a new connection", async () => {
    const database = await openDatabase({ databaseUrl: url!, dataDir: "" });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const [{ pid }] = (await database.query("select pg_backend_pid() as pid")) as Array<{ pid: number }>;
      const admin = new pg.Client({ connectionString: adminUrl(url!) });
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [pid]);
      await admin.end();
      // Let the pool hear about it.
      await new Promise((r) => setTimeout(r, 300));
      const [{ one }] = (await database.query("select 1 as one")) as Array<{ one: number }>;
      expect(one).toBe(1);
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
      await database.close();
    }
  });
});
