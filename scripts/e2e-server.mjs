// The server the end-to-end suite drives: the production build on a fresh embedded database with
// demo data, on its own port and data directory.
import { execFileSync, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { serverArgs } from "./server-command.mjs";

const port = process.env.PORT || "3100";
const dataDir = process.env.E2E_DATA_DIR || `tests/.tmp/e2e-data-${port}`;
const buildDir = process.env.BUILD_DIR || "build";
fs.rmSync(dataDir, { recursive: true, force: true });
if (!fs.existsSync(`${buildDir}/server/index.js`)) execSync("npm run build", { stdio: "inherit" });

// The suite's servers start together: one of them seeds a template data directory, the others wait
// for it, and each starts on a copy (one demo seed per run instead of one per server).
const template = process.env.E2E_TEMPLATE_DIR;
if (template && (await templateReady(template))) fs.cpSync(template, dataDir, { recursive: true });

// node itself (no npm or npx in between) so a SIGTERM reaches the server, which then closes its
// Chromium: a browser left behind would keep running after the suite.
const child = spawn(process.execPath, serverArgs(buildDir), {
  stdio: "inherit",
  // SIM_ACTIVITY=0: no simulated orders, questions or messages appear under a test (docs/live-data.md).
  env: { ...process.env, DATA_DIR: dataDir, PORT: port, DEMO_MODE: "true", DATABASE_URL: "", SIM_ACTIVITY: "0" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));

/** True once the template holds a seeded database; false if it could not be made (then each server seeds its own). */
async function templateReady(dir) {
  const ready = path.join(dir, ".ready");
  const failed = `${dir}.failed`;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  try {
    fs.mkdirSync(`${dir}.lock`, { recursive: false });
  } catch {
    // Another server of this run is seeding it.
    for (let waited = 0; waited < 180_000; waited += 500) {
      if (fs.existsSync(ready)) return true;
      if (fs.existsSync(failed)) return false;
      await new Promise((r) => setTimeout(r, 500));
    }
    return false;
  }
  try {
    removeOldTemplates(dir);
    execFileSync(process.execPath, ["--import", "tsx", "server/db/seed/cli.ts", `--data-dir=${dir}`], {
      stdio: "ignore",
      env: { ...process.env, DATABASE_URL: "", DEMO_MODE: "true" },
    });
    fs.writeFileSync(ready, new Date().toISOString());
    return true;
  } catch (error) {
    fs.writeFileSync(failed, String(error.message));
    console.error(`No se pudo preparar la plantilla de datos demo (${error.message}); cada servidor carga la suya.`);
    return false;
  }
}

/** Templates of earlier runs (a day old or more) are removed; a concurrent run's is left alone. */
function removeOldTemplates(current) {
  const parent = path.dirname(current);
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of fs.readdirSync(parent)) {
    const full = path.join(parent, name);
    if (!name.startsWith("e2e-template-") || full === current || full === `${current}.lock`) continue;
    if (fs.statSync(full).mtimeMs < dayAgo) fs.rmSync(full, { recursive: true, force: true });
  }
}
