import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
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
    { name: "http", testMatch: /.*\.http\.ts/ },
    { name: "js-on", testMatch: /.*\.e2e\.ts/, use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", testMatch: /.*\.e2e\.ts/, use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://localhost:${PORT}/login`,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    timeout: 120_000,
    env: { PORT: String(PORT) },
  },
});
