// Completes package-lock.json with the platform builds of rollup that this registry does not serve
// for other machines: npm cannot write their entries here, and `npm ci` refuses a lockfile without
// them. Each entry carries its os/cpu/libc, so npm skips it on every machine it does not fit.
// Run after any `npm install` that changes the lockfile.
import fs from "node:fs";

const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const pkgs = lock.packages;
const CPU = {
  arm: "arm",
  "arm-eabi": "arm",
  arm64: "arm64",
  x64: "x64",
  ia32: "ia32",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
};
let added = 0;
for (const [where, meta] of Object.entries(pkgs)) {
  if (!where.endsWith("node_modules/rollup")) continue;
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (pkgs[key]) continue;
    const m = /^@rollup\/rollup-([a-z0-9]+)-([a-z0-9]+)(?:-([a-z]+))?(?:-([a-z]+))?$/.exec(name);
    if (!m) continue;
    const [, os, cpuName, a, b] = m;
    const cpu = CPU[a === "eabi" ? `${cpuName}-eabi` : cpuName] ?? cpuName;
    const libcTag = [a, b].find((t) => t === "gnu" || t === "gnueabihf" || t === "musl" || t === "musleabihf");
    const entry = { version, cpu: [cpu], dev: meta.dev || undefined, optional: true, os: [os] };
    if (os === "linux" && libcTag) entry.libc = [libcTag.startsWith("musl") ? "musl" : "glibc"];
    pkgs[key] = JSON.parse(JSON.stringify(entry));
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
fs.writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
console.log(`lock-platforms: ${added} entradas añadidas`);
