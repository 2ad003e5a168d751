/**
 * The production server: React Router's build of the app and this server are one bundle
 * (build/server/index.js), so they share one copy of every module. Run with node; importing it (the
 * fuzz test reads the route table) does not start anything.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

// Before React loads: it picks its development or production build from NODE_ENV when first imported
// (the development one renders a list document about 1.6 times slower), and the bundle's own imports
// of React would run before any statement of this file. So the rest comes in by a dynamic import.
process.env.NODE_ENV ??= "production";
const app = await import("./production");

export const build = app.build;

const here = fileURLToPath(import.meta.url);
// build/server/index.js serves the browser's files from build/client.
// (With WEB_CONCURRENCY > 1 the cluster's workers run this same file.) A refused start is one line, exit 1.
if (process.argv[1] && path.resolve(process.argv[1]) === here) {
  await app.start({ build: app.build, clientDir: path.resolve(path.dirname(here), "../client") }).catch(app.startupFailed);
}
