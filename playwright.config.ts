import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The hostile suites (fuzz over every action, oversize and cross-origin posts) get a server and an
// embedded database of their own: their posts change records, and the screen tests must not find
// an assistant deleted or a question answered under them.
const HOSTILE_PORT = PORT + 50;
const HOSTILE = /(fuzz|hardening)\.http\.ts/;
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  },
};

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: { baseURL: `http://localhost:${PORT}`, locale: "es-MX", timezoneId: "America/Mexico_City", trace: "retain-on-failure" },
  projects: [
    { name: "http", testMatch: /.*\.http\.ts/, testIgnore: HOSTILE },
    { name: "hostile", testMatch: HOSTILE, use: { baseURL: `http://localhost:${HOSTILE_PORT}` } },
    { name: "js-on", testMatch: /.*\.e2e\.ts/, use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", testMatch: /.*\.e2e\.ts/, use: { ...chromium, javaScriptEnabled: false } },
  ],
  // E2E_ONLY_SCREENS=1 starts only the screens' server (for a run of chosen screen tests).
  webServer: (process.env.E2E_ONLY_SCREENS ? [PORT] : [PORT, HOSTILE_PORT]).map((port) => ({
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${port}/login`,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
    timeout: 120_000,
    env: { PORT: String(port) },
  })),
});
