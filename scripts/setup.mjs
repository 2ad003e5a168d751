// One command from a fresh clone to a running app: dependencies, Chromium, build, database
// (migrated and seeded with demo data on first start) and the server at http://localhost:3000.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import { ensureChromium } from "./system-deps.mjs";

const [major] = process.versions.node.split(".").map(Number);
if (major < 20) {
  console.error(`Se necesita Node 20 o posterior (tienes ${process.versions.node}).`);
  process.exit(1);
}

function step(title, cmd) {
  console.log(`\n▶ ${title}`);
  execSync(cmd, { stdio: "inherit" });
}

if (!fs.existsSync("node_modules/.package-lock.json") || process.argv.includes("--install")) {
  step("Instalando dependencias", "npm install --no-audit --no-fund");
}
ensureChromium();
step("Compilando la aplicación", "npm run build");

if (process.argv.includes("--no-start")) process.exit(0);
console.log("\n▶ Iniciando (migraciones y datos demo se aplican al arrancar)");
const child = spawn("npm", ["start"], { stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
