// React Router's server build, as its Vite plugin serves it to server/index.ts and server/dev.ts.
declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}
