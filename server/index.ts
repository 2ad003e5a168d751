/**
 * The production server: React Router's build of the app and this server are one bundle
 * (build/server/index.js), so they share one copy of every module. Run with node; importing it (the
 * fuzz test reads the route table) does not start anything.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { start } from "./main";

export { build };

const here = fileURLToPath(import.meta.url);
// build/server/index.js serves the browser's files from build/client.
if (process.argv[1] && path.resolve(process.argv[1]) === here) await start({ build, clientDir: path.resolve(path.dirname(here), "../client") });
