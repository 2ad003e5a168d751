// What the production entry loads once NODE_ENV is set: the app's build and the server's start.
import * as build from "virtual:react-router/server-build";

export { build };
export { start, startupFailed } from "./main";
