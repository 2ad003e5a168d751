import { describe, expect, it } from "vitest";
import { THROTTLE_FREE_FAILURES, throttleKeys, throttleWaitMs, waitMessage } from "@common/throttle-rules";

const t0 = new Date("2026-11-20T10:00:00Z");
const after = (ms: number) => new Date(t0.getTime() + ms);
const MIN = 60_000;

describe("sign-in throttle", () => {
  it("lets the first failures of a pair through, then waits 30 s, doubling per failure up to 15 min", () => {
    const free = THROTTLE_FREE_FAILURES.pair;
    expect(free).toBe(5);
    expect(throttleWaitMs("pair", free - 1, t0, t0)).toBe(0);
    expect(throttleWaitMs("pair", free, t0, t0)).toBe(30_000);
    expect(throttleWaitMs("pair", free + 1, t0, t0)).toBe(60_000);
    expect(throttleWaitMs("pair", free + 2, t0, t0)).toBe(120_000);
    expect(throttleWaitMs("pair", free + 50, t0, t0)).toBe(15 * MIN);
  });

  it("counts the wait from the last failure and forgets everything 15 min after it", () => {
    expect(throttleWaitMs("pair", 5, t0, after(10_000))).toBe(20_000);
    expect(throttleWaitMs("pair", 5, t0, after(30_000))).toBe(0);
    expect(throttleWaitMs("pair", 500, t0, after(15 * MIN))).toBe(0);
  });

  it("an account from every address and one address trying many accounts have looser limits", () => {
    expect(throttleWaitMs("account", 19, t0, t0)).toBe(0);
    expect(throttleWaitMs("account", 20, t0, t0)).toBeGreaterThan(0);
    expect(throttleWaitMs("ip", 49, t0, t0)).toBe(0);
    expect(throttleWaitMs("ip", 50, t0, t0)).toBeGreaterThan(0);
  });

  it("keys an account by its lower-case e-mail, and a pair by e-mail and address", () => {
    expect(throttleKeys(" Ana@X.mx ", "10.0.0.7")).toEqual({
      pair: "pair:ana@x.mx|10.0.0.7",
      account: "account:ana@x.mx",
      ip: "ip:10.0.0.7",
    });
  });

  it("tells the wait in whole minutes", () => {
    expect(waitMessage(30_000)).toBe("Demasiados intentos fallidos. Intenta de nuevo en 1 minuto.");
    expect(waitMessage(14 * MIN + 1)).toBe("Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.");
  });
});
