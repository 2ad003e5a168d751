import path from "node:path";

/** The node arguments that start the server as production runs it: the build's one server bundle. */
export function serverArgs(buildDir = process.env.BUILD_DIR ?? "build") {
  return ["--enable-source-maps", path.resolve(buildDir, "server/index.js")];
}
