// Node 22 LTS for the project's commands on a machine whose Node is older (Node 20 reached its end
// of life in April 2026). The runtime comes from the npm registry's `node` package (its binary ships
// inside a platform package), installed once under .tools/node; nothing is installed system-wide.
//   node scripts/node22.mjs --path   prints `export PATH=…` for a shell (nothing when Node ≥ 22)
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REQUIRED_MAJOR = 22;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const prefix = path.join(root, ".tools", "node");
const binDir = path.join(prefix, "node_modules", "node", "bin");
const binary = path.join(binDir, "node");

const majorOf = (version) => Number(String(version).replace(/^v/, "").split(".")[0]);

/** The bin folder of a Node 22 to put first on PATH, or null when the running Node is already one. */
export function ensureNode22() {
  if (majorOf(process.versions.node) >= REQUIRED_MAJOR) return null;
  let installed = null;
  try {
    installed = execFileSync(binary, ["-v"], { encoding: "utf8" }).trim();
  } catch {
    installed = null;
  }
  if (!installed || majorOf(installed) !== REQUIRED_MAJOR) {
    console.error(
      `Node ${process.versions.node} es anterior a ${REQUIRED_MAJOR}: instalando Node ${REQUIRED_MAJOR} del registro npm en .tools/node…`,
    );
    fs.mkdirSync(prefix, { recursive: true });
    if (!fs.existsSync(path.join(prefix, "package.json"))) fs.writeFileSync(path.join(prefix, "package.json"), '{ "private": true }\n');
    execSync(`npm install --prefix "${prefix}" --no-audit --no-fund --no-package-lock node@${REQUIRED_MAJOR}`, { stdio: ["ignore", 2, 2] });
    installed = execFileSync(binary, ["-v"], { encoding: "utf8" }).trim();
    if (majorOf(installed) !== REQUIRED_MAJOR) throw new Error(`Se esperaba Node ${REQUIRED_MAJOR} en ${binary}, se obtuvo ${installed}.`);
  }
  return binDir;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv.includes("--path")) {
  const dir = ensureNode22();
  if (dir) process.stdout.write(`export PATH="${dir}:$PATH"\n`);
}
