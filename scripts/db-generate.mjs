// Generates a SQL migration from the Drizzle schema. Runs under a file lock so two generations on
// one machine never interleave their journal entries.
import { execSync } from "node:child_process";
import fs from "node:fs";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("Uso: npm run db:generate -- <nombre_en_snake_case>");
  process.exit(1);
}
fs.mkdirSync(".cache", { recursive: true });
execSync(`flock .cache/drizzle-generate.lock npx drizzle-kit generate --name ${name}`, { stdio: "inherit" });
