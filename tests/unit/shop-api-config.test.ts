import { afterEach, describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "../../server/env";
import { shopOrigins } from "../../server/app";
import { createRateLimiter } from "../../server/shop-api/rate-limit";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

function envWith(vars: Record<string, string | undefined>) {
  resetEnvCache();
  process.env = { ...saved, SESSION_SECRET: "test-secret-test-secret-test-secret", ...vars };
  return getEnv();
}

describe("SHOP_ORIGINS and SHOP_RATE_LIMIT", () => {
  it.each([
    [undefined, "https://tienda.example.com.mx/producto/x", ["https://tienda.example.com.mx"]],
    ["", "https://tienda.example.com.mx", ["https://tienda.example.com.mx"]],
    ["https://tienda.mx, https://www.tienda.mx", "https://otra.mx", ["https://tienda.mx", "https://www.tienda.mx"]],
    ["http://localhost:5173/", "https://otra.mx", ["http://localhost:5173"]],
  ])("SHOP_ORIGINS=%j with SHOP_URL %s → %j", (origins, shopUrl, expected) => {
    expect(shopOrigins(envWith({ SHOP_ORIGINS: origins, SHOP_URL: shopUrl }))).toEqual(expected);
  });

  it.each(["tienda.mx", "https://tienda.mx/tienda", "ftp://tienda.mx", "https://tienda.mx,nada"])("refuses SHOP_ORIGINS=%j", (origins) => {
    expect(() => envWith({ SHOP_ORIGINS: origins })).toThrow(/SHOP_ORIGINS/);
  });

  it("the limit defaults to 600 a minute and must be a positive integer", () => {
    expect(envWith({ SHOP_RATE_LIMIT: undefined }).SHOP_RATE_LIMIT).toBe(600);
    expect(envWith({ SHOP_RATE_LIMIT: "30" }).SHOP_RATE_LIMIT).toBe(30);
    expect(() => envWith({ SHOP_RATE_LIMIT: "0" })).toThrow(/SHOP_RATE_LIMIT/);
  });
});

describe("the per-address limit", () => {
  it("lets `limit` requests through per minute and address, then says how long to wait", () => {
    const take = createRateLimiter(2, 60_000);
    const t0 = 1_000_000;
    expect(take("a", t0)).toEqual({ allowed: true, remaining: 1 });
    expect(take("a", t0 + 1)).toEqual({ allowed: true, remaining: 0 });
    expect(take("a", t0 + 15_000)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(take("b", t0 + 15_000)).toEqual({ allowed: true, remaining: 1 });
    expect(take("a", t0 + 60_000)).toEqual({ allowed: true, remaining: 1 });
  });
});
