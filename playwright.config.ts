import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { TEST_BROWSER } from "./scripts/system-deps.mjs";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Each project has a server and an embedded database of its own, so no test finds rows changed
// under it by the other mode: JavaScript on, JavaScript off, the HTTP suites (access matrix, and
// the hostile ones: oversize and cross-origin posts, whose answers are timed), and the fuzz over
// every action, whose thousands of posts change records and load its server.
const SERVERS = { "js-on": PORT, "js-off": PORT + 1, http: PORT + 2, fuzz: PORT + 3 } as const;
const url = (port: number) => `http://localhost:${port}`;
const HOSTILE = /(fuzz|hardening)\.http\.ts/;
// One demo seed per run, copied by each server (scripts/e2e-server.mjs). The config is evaluated
// again in every worker: the run's id travels in the environment so they all agree on it.
process.env.E2E_RUN_ID ??= String(Date.now());
const TEMPLATE_DIR = `tests/.tmp/e2e-template-${process.env.E2E_RUN_ID}`;
// Debian's chromium-headless-shell, Chromium's headless build (scripts/system-deps.mjs installs it for
// the tests): the same engine without the full browser's windowing, a third less CPU a test on two
// cores (docs/decisions/0051). The full browser when it is missing.
const browserPath =
  process.env.E2E_BROWSER_PATH ?? (fs.existsSync(TEST_BROWSER) ? TEST_BROWSER : (process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"));
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: browserPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

// A failed test keeps a trace of its DOM at each step (`npx playwright show-trace`), without the
// screencast, whose frames took a third of the machine's CPU over a run (measured: 160 core-seconds
// against 109 for the same tests). In CI, where no one opens a trace, none is recorded (100);
// E2E_TRACE=1 records them there too (docs/decisions/0053).
const TRACE =
  process.env.CI && !process.env.E2E_TRACE
    ? "off"
    : ({ mode: "retain-on-failure", screenshots: false, snapshots: true, sources: false } as const);

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: 2,
  // No retries, in CI either: a test that passes only on its second try hides a defect or a race.
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  // A two-core machine runs two browsers and three servers at once: an answer can take longer than
  // Playwright's default 5 s to show without anything being wrong.
  expect: { timeout: 10_000 },
  use: { locale: "es-MX", timezoneId: "America/Mexico_City", trace: TRACE },
  projects: [
    // First: its one long test (three quarters of a minute) then runs beside the browser tests
    // instead of alone at the end of the run, on a server of its own.
    { name: "fuzz", testMatch: /fuzz\.http\.ts/, use: { baseURL: url(SERVERS.fuzz) } },
    { name: "http", testMatch: /.*\.http\.ts/, testIgnore: HOSTILE, use: { baseURL: url(SERVERS.http) } },
    { name: "hostile", testMatch: /hardening\.http\.ts/, use: { baseURL: url(SERVERS.http) } },
    { name: "js-on", testMatch: /.*\.e2e\.ts/, use: { ...chromium, baseURL: url(SERVERS["js-on"]), javaScriptEnabled: true } },
    { name: "js-off", testMatch: /.*\.e2e\.ts/, use: { ...chromium, baseURL: url(SERVERS["js-off"]), javaScriptEnabled: false } },
  ],
  // E2E_ONLY_SCREENS=1 leaves out the HTTP suites' server (for a run of chosen screen tests).
  webServer: (process.env.E2E_ONLY_SCREENS ? [SERVERS["js-on"], SERVERS["js-off"]] : Object.values(SERVERS)).map((port) => ({
    command: "node scripts/e2e-server.mjs",
    url: `${url(port)}/login`,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
    timeout: 180_000,
    // SIM_ACTIVITY=0: the simulators make no orders, questions or messages of their own during a run.
    env: { PORT: String(port), E2E_TEMPLATE_DIR: TEMPLATE_DIR, SIM_ACTIVITY: "0" },
  })),
});
