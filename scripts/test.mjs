// Every test suite, in order of speed: types, unit, database-backed (embedded PostgreSQL, then a real
// PostgreSQL when TEST_DATABASE_URL is set), build, end-to-end in Chromium with JavaScript on and off.
import { execSync } from "node:child_process";
import fs from "node:fs";
import { ensureChromium } from "./system-deps.mjs";

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

try {
  step("Tipos (tsc)", "npx tsc --noEmit");
  step("Unitarias", "npx vitest run --project unit");
  step("Base de datos (PGlite)", "npx vitest run --project db --no-isolate", { TEST_DATABASE_URL: "" });
  if (process.env.TEST_DATABASE_URL) {
    step("Base de datos (PostgreSQL)", "npx vitest run --project db --no-isolate");
  } else {
    console.log("\n(TEST_DATABASE_URL no definido: se omite la segunda pasada contra PostgreSQL)");
  }
  step("Compilación", "npm run build");
  step("End-to-end (Playwright)", "npx playwright test");
} finally {
  console.log("\nTiempos:");
  for (const [title, s] of timings) console.log(`  ${title.padEnd(30)} ${s} s`);
  console.log(`  ${"Total".padEnd(30)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
