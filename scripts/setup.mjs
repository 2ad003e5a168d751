// One command from a fresh clone to a running app: dependencies, Chromium, build, database
// (migrated and seeded with demo data on first start) and the server at http://localhost:3000.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import { ensureChromium } from "./system-deps.mjs";
import { ensureNode22 } from "./node22.mjs";

function step(title, cmd) {
  console.log(`\n▶ ${title}`);
  execSync(cmd, { stdio: "inherit" });
}

/** Runs a child to its end, passing Ctrl-C and SIGTERM on, and exits with its code. */
function handOver(child) {
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
  child.on("exit", (code) => process.exit(code ?? 0));
}

// Node 22 LTS (README): on an older Node, this same script runs again under a Node 22 from the npm
// registry, first on PATH so npm, the build and the server use it too.
const node22 = ensureNode22();
if (node22) {
  const env = { ...process.env, PATH: `${node22}:${process.env.PATH ?? ""}` };
  handOver(spawn(`${node22}/node`, process.argv.slice(1), { stdio: "inherit", env }));
} else {
  if (!fs.existsSync("node_modules/.package-lock.json") || process.argv.includes("--install")) {
    step("Instalando dependencias", "npm install --no-audit --no-fund");
  }
  ensureChromium();
  step("Compilando la aplicación", "npm run build");

  if (process.argv.includes("--no-start")) process.exit(0);
  console.log("\n▶ Iniciando (migraciones y datos demo se aplican al arrancar)");
  handOver(spawn("npm", ["start"], { stdio: "inherit" }));
}
