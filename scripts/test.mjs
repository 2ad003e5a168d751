// Every test suite, in order of speed: types, lint, format, unit and interface (tests/ui, happy-dom), database-backed
// (embedded PostgreSQL, then a real PostgreSQL when TEST_DATABASE_URL is set), build, end-to-end in Chromium with
// JavaScript on and off.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import { ensureChromium, ensureTestBrowser } from "./system-deps.mjs";

const started = Date.now();
const timings = [];

function step(title, cmd, env = {}) {
  const t = Date.now();
  console.log(`\n━━ ${title}`);
  execSync(cmd, { stdio: "inherit", env: { ...process.env, ...env } });
  timings.push([title, ((Date.now() - t) / 1000).toFixed(1)]);
}

if (!fs.existsSync("node_modules/.package-lock.json")) step("Dependencias", "npm install --no-audit --no-fund");
if (!ensureChromium()) {
  console.error("Chromium es necesario para las pruebas de PDF y de navegador.");
  process.exit(1);
}
// The browser tests' lighter Chromium (playwright.config.ts uses the full one without it).
ensureTestBrowser();

/**
 * Steps that share nothing run side by side (each database pass has its own databases and data directory; vitest gives
 * each pass one worker on a two-core machine, so two passes use both cores). The first step's output
 * streams; the others' is printed when it ends, so the log reads one step at a time.
 */
async function together(steps) {
  const t = Date.now();
  const runs = steps.map(([title, cmd, env = {}], i) => {
    const child = spawn(cmd, { shell: true, env: { ...process.env, ...env }, stdio: i === 0 ? "inherit" : ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout?.on("data", (d) => (out += d));
    child.stderr?.on("data", (d) => (out += d));
    return new Promise((resolve) =>
      child.on("close", (code) => resolve({ title, code, out, seconds: ((Date.now() - t) / 1000).toFixed(1) })),
    );
  });
  console.log(`\n━━ ${steps.map(([title]) => title).join(" ‖ ")}`);
  const results = await Promise.all(runs);
  for (const r of results.slice(1)) {
    console.log(`\n━━ ${r.title}\n${r.out}`);
  }
  for (const r of results) timings.push([r.title, r.seconds]);
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length) throw new Error(`Falló: ${failed.map((r) => r.title).join(", ")}`);
}

try {
  // The build needs neither: it fills the cores while tsc and the lint (one thread each) finish after the unit tests.
  await together([
    ["Tipos (tsc)", "npx tsc --noEmit"],
    ["Lint (ESLint)", "npx eslint . --max-warnings 0"],
    ["Formato (Prettier)", "npx prettier --check . --log-level warn"],
    // Declared dependencies match the imports: nothing unused or undeclared, nothing production runs in devDependencies.
    [
      "Dependencias (knip)",
      "npx knip --dependencies --no-progress --no-config-hints && npx knip --dependencies --production --no-progress",
    ],
    ["Unitarias e interfaz", "npx vitest run --project unit --project ui"],
    ["Compilación", "npm run build"],
  ]);
  const databases = [
    ["Base de datos (PGlite)", "npx vitest run --project db --no-isolate", { TEST_DATABASE_URL: "", DATA_DIR: "tests/.tmp/data-pglite" }],
  ];
  if (process.env.TEST_DATABASE_URL) {
    databases.push(["Base de datos (PostgreSQL)", "npx vitest run --project db --no-isolate", { DATA_DIR: "tests/.tmp/data-postgres" }]);
  } else {
    console.log("\n(TEST_DATABASE_URL no definido: se omite la segunda pasada contra PostgreSQL)");
  }
  await together(databases);
  step("End-to-end (Playwright)", "npx playwright test");
} catch (error) {
  process.exitCode = 1;
  if (!(error instanceof Error && "status" in error)) console.error(error instanceof Error ? error.message : error);
} finally {
  console.log("\nTiempos:");
  for (const [title, s] of timings) console.log(`  ${title.padEnd(30)} ${s} s`);
  console.log(`  ${"Total".padEnd(30)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
