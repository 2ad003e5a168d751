// Installs the Debian packages the app needs when they are missing (Chromium for PDFs and browser
// tests; optionally Chromium's headless build for the browser tests, and PostgreSQL and its client tools for the second database-backed test run). Never fails the caller:
// without Chromium the app still runs and PDF screens explain what is missing.
import { execSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
/** Chromium's headless build, the browser tests' Chromium (playwright.config.ts). */
export const TEST_BROWSER = "/usr/bin/chromium-headless-shell";

function run(cmd) {
  execSync(cmd, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}

function sudoPrefix() {
  if (process.getuid && process.getuid() === 0) return "";
  try {
    execSync("sudo -n true", { stdio: "ignore" });
    return "sudo -n ";
  } catch {
    return null;
  }
}

let updated = false;
export function aptInstall(packages) {
  const sudo = sudoPrefix();
  if (sudo === null) {
    console.warn(`No se pueden instalar ${packages.join(", ")}: se necesita root o sudo sin contraseña.`);
    return false;
  }
  try {
    if (!updated) {
      run(`${sudo}apt-get update -qq`);
      updated = true;
    }
    run(`${sudo}apt-get install -y -qq --no-install-recommends ${packages.join(" ")}`);
    return true;
  } catch (error) {
    console.warn(`Falló la instalación de ${packages.join(", ")}: ${error.message}`);
    return false;
  }
}

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  console.log("Instalando Chromium (Debian) para PDFs y pruebas de navegador…");
  return aptInstall(["chromium", "fonts-dejavu-core"]) && fs.existsSync(CHROMIUM);
}

/**
 * Chromium's headless build for the browser tests (playwright.config.ts): lighter than the full
 * browser on a two-core machine. The tests fall back to the full browser without it.
 */
export function ensureTestBrowser() {
  if (fs.existsSync(TEST_BROWSER)) return true;
  console.log("Instalando chromium-headless-shell (Debian) para las pruebas de navegador…");
  return aptInstall(["chromium-headless-shell"]) && fs.existsSync(TEST_BROWSER);
}

/**
 * The server for the second database-backed run, and its client tools: pg_dump and pg_restore for the
 * backup and restore test (postgresql-15 depends on them; named so a machine with the server alone gets them).
 */
export function ensurePostgres() {
  if (fs.existsSync("/usr/lib/postgresql/15/bin/postgres") && fs.existsSync("/usr/lib/postgresql/15/bin/pg_dump")) return true;
  console.log("Instalando PostgreSQL 15 (Debian) y su cliente (pg_dump, pg_restore)…");
  return aptInstall(["postgresql-15", "postgresql-client-15", "postgresql-contrib"]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureChromium();
  if (process.argv.includes("--test-browser")) ensureTestBrowser();
  if (process.argv.includes("--postgres")) ensurePostgres();
}
