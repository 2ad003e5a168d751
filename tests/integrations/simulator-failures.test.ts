import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { isIntegrationError } from "../../server/integrations/errors";
import { createSimulatorIntegrations, simulatorControl } from "../../server/integrations/simulator";
import { candidateStart } from "../../server/integrations/simulator/seed";
import { useTestDatabase } from "../helpers/db";
import { onPostgresPass } from "../helpers/template";
import { expectIntegrationError } from "./contract";
import { ORDERS, QUESTIONS, seedFixtures } from "./fixtures";

let database: Database;
const { erp, marketplace, ai } = createSimulatorIntegrations();

beforeAll(async () => {
  database = await useTestDatabase();
  await seedFixtures(database);
});
beforeEach(() => simulatorControl.clearFailures(database));

describe("queued failures (sim.failures)", () => {
  it("fails the next call only, with the requested kind", async () => {
    await simulatorControl.failNext("erp.validateMovement", "timeout");
    await expectIntegrationError(erp.validateMovement("5001"), { system: "erp", call: "validateMovement", kind: "timeout" });
    expect((await erp.validateMovement("5001")).found).toBe(true);
  });

  it("can fail several calls, target one key, and carry an HTTP status", async () => {
    await simulatorControl.failNext("erp.validateMovement", "http", { times: 2, match: "5002", status: 503 });
    expect((await erp.validateMovement("5001")).found).toBe(true); // another movement is untouched
    await expectIntegrationError(erp.validateMovement("5002"), { system: "erp", kind: "http", status: 503 });
    await expectIntegrationError(erp.validateMovement("5002"), { system: "erp", kind: "http", status: 503 });
    expect((await erp.validateMovement("5002")).found).toBe(true);
    expect(await simulatorControl.pendingFailures(database)).toEqual([]);
  });

  it("a wildcard fails any call of the system, and nothing of other systems", async () => {
    await simulatorControl.failNext("marketplace.*", "network");
    expect((await erp.getClient("V"))?.key).toBe("V");
    await expectIntegrationError(marketplace.getSchedule(), { system: "marketplace", call: "getSchedule", kind: "network" });
  });

  it("rejections carry a Spanish message for the toast", async () => {
    await simulatorControl.failNext("marketplace.getShipmentLabel", "rejected", { match: ORDERS.assignedDropOff });
    const error = await expectIntegrationError(marketplace.getShipmentLabel({ orderId: ORDERS.assignedDropOff, account: "main" }), {
      system: "marketplace",
      kind: "rejected",
    });
    expect((error as Error).message).toBe("Mercado Libre rechazó la operación.");
  });

  it("queued rows can be listed and cleared", async () => {
    await simulatorControl.failNext("ai.ask", "timeout", { times: 3 });
    expect(await simulatorControl.pendingFailures(database)).toHaveLength(3);
    await simulatorControl.clearFailures(database);
    expect(await simulatorControl.pendingFailures(database)).toEqual([]);
  });
});

describe("magic inputs", () => {
  it("movements 9999, 9998 and 9997 time out, fail and answer garbage", async () => {
    await expectIntegrationError(erp.validateMovement("9999"), { system: "erp", kind: "timeout" });
    await expectIntegrationError(erp.validateMovement("9998"), { system: "erp", kind: "http", status: 500 });
    await expectIntegrationError(erp.validateMovement("9997"), { system: "erp", kind: "invalid_response" });
    await expectIntegrationError(erp.validateCreditNote("nc9999"), { system: "erp", kind: "timeout" });
  });

  it("#sim-… tokens in free text fail that call", async () => {
    await expectIntegrationError(
      marketplace.answerQuestion({ account: "main", questionId: QUESTIONS.pending, message: "Claro que sí #sim-error", updatedBy: 1 }),
      { system: "marketplace", call: "answerQuestion", kind: "http", status: 500 },
    );
    await expectIntegrationError(
      marketplace.sendMessage({
        account: "main",
        orderId: ORDERS.assignedDropOff,
        message: "Hola #sim-timeout",
        updatedBy: 1,
        clientId: null,
      }),
      { system: "marketplace", kind: "timeout" },
    );
    await expectIntegrationError(marketplace.predictCategory("Cable #sim-red"), { system: "marketplace", kind: "network" });
    await expectIntegrationError(ai.ask({ assistant: "cualquiera", question: "¿calibre? #sim-invalida" }), {
      system: "ai",
      kind: "invalid_response",
    });
    // The question itself was not touched by the failed call.
    expect(
      (await marketplace.answerQuestion({ account: "main", questionId: QUESTIONS.pending, message: "Claro que sí", updatedBy: 1 })).status,
    ).toBe("ANSWERED");
  });

  it("candidate movements never land on the magic numbers", () => {
    expect(candidateStart(5120, 28)).toBe(5201);
    expect(candidateStart(9950, 28)).toBe(10001);
    expect(candidateStart(9800, 100)).toBe(10001);
    expect(candidateStart(0, 28)).toBe(101);
  });
});

describe("latency and random failures", () => {
  it("adds the configured latency to every call", async () => {
    const slow = createSimulatorIntegrations({ latencyMs: 150 });
    const started = Date.now();
    await slow.erp.getClient("V");
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("fails a seeded, repeatable share of calls", async () => {
    const outcomes = async (seed: number) => {
      const sim = createSimulatorIntegrations({ failureRate: 0.5, seed });
      const result: string[] = [];
      for (let i = 0; i < 24; i++) {
        try {
          await sim.erp.getClient("V");
          result.push("ok");
        } catch (error) {
          if (!isIntegrationError(error)) throw error;
          result.push(error.kind);
        }
      }
      return result;
    };
    const a = await outcomes(7);
    const b = await outcomes(7);
    expect(a).toEqual(b);
    const failed = a.filter((o) => o !== "ok").length;
    expect(failed).toBeGreaterThan(4);
    expect(failed).toBeLessThan(20);
    expect(new Set(a.filter((o) => o !== "ok")).size).toBeGreaterThan(1);
    expect(await outcomes(8)).not.toEqual(a);
  });

  it("reseed restarts the sequence of the current runtime", async () => {
    const sim = createSimulatorIntegrations({ failureRate: 0.5, seed: 1 });
    const run = async () => {
      const r: boolean[] = [];
      for (let i = 0; i < 10; i++)
        r.push(
          await sim.erp.getClient("V").then(
            () => true,
            () => false,
          ),
        );
      return r;
    };
    simulatorControl.reseed(99);
    const first = await run();
    simulatorControl.reseed(99);
    expect(await run()).toEqual(first);
  });
});

describe("misuse", () => {
  it.skipIf(onPostgresPass)(
    "a call made inside an embedded-database transaction fails with the fix instead of hanging",
    async () => {
      const attempt = database.db.transaction(async () => {
        await erp.getClient("V");
      });
      await expect(attempt).rejects.toThrow(/fuera de db\.transaction\(\)/);
      // Afterwards the simulator works normally.
      expect((await erp.getClient("V"))?.name).toBe("VENTA MOSTRADOR");
    },
    20000,
  );
});
