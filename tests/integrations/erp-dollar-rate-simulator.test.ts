/** The simulated ERP's dollar rate: seeded from the demo's rate, kept in sim.meta, failing on demand like every call. */
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { DOLLAR_PRICE } from "../../server/db/seed/demo/constants";
import { DOLLAR_RATE_KEY } from "../../server/integrations/erp/simulator";
import { createSimulatorIntegrations, simulatorControl } from "../../server/integrations/simulator";
import { useTestDatabase } from "../helpers/db";
import { expectIntegrationError } from "./contract";
import { seedFixtures } from "./fixtures";

const { erp } = createSimulatorIntegrations();
let database: Database;

beforeAll(async () => {
  database = await useTestDatabase();
  await seedFixtures(database);
});

describe("ERP simulator: dollar rate", () => {
  it("the seed sets the demo's rate, stamped when it was seeded", async () => {
    const before = Date.now();
    const rate = await erp.getDollarRate();
    expect(rate.rate).toBe(DOLLAR_PRICE);
    expect(rate.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Seeded in beforeAll, moments ago.
    expect(before - Date.parse(rate.updatedAt!)).toBeLessThan(5 * 60_000);
  });

  it("answers what sim.meta holds (what the simulated activity writes)", async () => {
    await database.query(
      `insert into sim.meta (key, value) values ($1, $2::jsonb) on conflict (key) do update set value = excluded.value`,
      [DOLLAR_RATE_KEY, JSON.stringify({ rate: 18.41, updatedAt: "2026-11-29T15:00:00.000Z" })],
    );
    expect(await erp.getDollarRate()).toEqual({ rate: 18.41, updatedAt: "2026-11-29T15:00:00.000Z" });
  });

  it("a sim schema that never had a rate answers the demo's rate without a date", async () => {
    await database.query(`delete from sim.meta where key = $1`, [DOLLAR_RATE_KEY]);
    expect(await erp.getDollarRate()).toEqual({ rate: DOLLAR_PRICE, updatedAt: null });
  });

  it("fails like any simulated call when told to", async () => {
    await simulatorControl.failNext("erp.getDollarRate", "http", { status: 503 });
    await expectIntegrationError(erp.getDollarRate(), { system: "erp", call: "getDollarRate", kind: "http", status: 503 });
    expect(await erp.getDollarRate()).toEqual({ rate: DOLLAR_PRICE, updatedAt: null });
  });
});
