import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const ENV_KEYS = ["DATABASE_URL", "SESSION_SECRET", "DATA_DIR", "NODE_ENV", "DEMO_MODE"] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

/** A fresh copy of server/env.ts, as the server entry and the bundled app each load their own. */
async function envModule(values: Partial<Record<(typeof ENV_KEYS)[number], string>>) {
  for (const key of ENV_KEYS) delete process.env[key];
  Object.assign(process.env, { NODE_ENV: "development" }, values);
  vi.resetModules();
  const copy = await import("../../server/env");
  copy.resetEnvCache();
  return copy;
}

afterEach(async () => {
  (await import("../../server/env")).resetEnvCache();
  for (const key of ENV_KEYS) delete process.env[key];
  Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, value]) => value !== undefined)));
});

describe("the session secret without SESSION_SECRET", () => {
  it("on DATABASE_URL is the one start-up read from the database", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bo-secret-"));
    const values = { DATABASE_URL: "postgres://postgres:postgres@127.0.0.1:5432/bo", DATA_DIR: dataDir, DEMO_MODE: "true" };
    const app = await envModule(values);
    expect(app.sessionSecretIsStored()).toBe(true);
    // Signing before start-up has read it is refused, never done with no secret.
    expect(() => app.getEnv().SESSION_SECRET).toThrow(/aún no se ha leído/);
    app.useStoredSessionSecret("secreto-de-la-base-secreto-de-la-base-0");
    expect(app.getEnv().SESSION_SECRET).toBe("secreto-de-la-base-secreto-de-la-base-0");
    expect(fs.existsSync(path.join(dataDir, "session-secret"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("on the embedded database is kept in DATA_DIR, as before", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bo-secret-"));
    const env = await envModule({ DATA_DIR: dataDir });
    expect(env.sessionSecretIsStored()).toBe(false);
    const secret = env.getEnv().SESSION_SECRET;
    expect(fs.readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(secret);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("in production outside demo mode is still refused", async () => {
    const env = await envModule({ NODE_ENV: "production", DATABASE_URL: "postgres://postgres:postgres@127.0.0.1:5432/bo" });
    expect(() => env.getEnv()).toThrow(/SESSION_SECRET: obligatorio en producción/);
  });
});
