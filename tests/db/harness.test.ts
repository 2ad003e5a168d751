import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../helpers/db";

describe("test database", () => {
  it("is migrated and empty", async () => {
    const database = await useTestDatabase();
    const [row] = await database.query<{ n: number }>("select count(*)::int as n from users");
    expect(row.n).toBe(0);
    const [ext] = await database.query<{ n: number }>("select count(*)::int as n from pg_extension where extname = 'pg_trgm'");
    expect(ext.n).toBe(1);
  });
});
