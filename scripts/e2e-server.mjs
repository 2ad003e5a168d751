// The server the end-to-end suite drives: the production build on a fresh embedded database with
// demo data, on its own port and data directory.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";

const port = process.env.PORT || "3100";
const dataDir = process.env.E2E_DATA_DIR || `tests/.tmp/e2e-data-${port}`;
const buildDir = process.env.BUILD_DIR || "build";
fs.rmSync(dataDir, { recursive: true, force: true });
if (!fs.existsSync(`${buildDir}/server/index.js`)) execSync("npm run build", { stdio: "inherit" });
// node itself (tsx as a loader, no npx in between) so a SIGTERM reaches the server, which then closes
// its Chromium: a browser left behind would keep running after the suite.
const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir, PORT: port, DEMO_MODE: "true", DATABASE_URL: "" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
