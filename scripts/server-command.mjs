import fs from "node:fs";
import path from "node:path";

/**
 * The node arguments that start the server as production runs it: the compiled entry next to the
 * build (scripts/build-server.mjs), or the TypeScript source through tsx when that entry is missing
 * (a build from before the server was compiled).
 */
export function serverArgs(buildDir = process.env.BUILD_DIR ?? "build") {
  const entry = path.resolve(buildDir, "server-entry.js");
  return fs.existsSync(entry) ? ["--enable-source-maps", entry] : ["--import", "tsx", "server/index.ts"];
}
