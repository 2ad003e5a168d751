import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { Database } from "./db/client";
import type { JobDefinition } from "./jobs/runner";
import type { ShopApiOptions } from "./shop-api/options";

/**
 * What the process takes from the back office app besides its routes. server/ imports nothing of
 * app/ (decision 0048): the app's server entry (app/entry.server.tsx, in the same bundle) exports
 * these as `appParts`, and the process reads them from the build it serves, as it reads the routes.
 */
export type AppParts = {
  /** The periodic work, given to this instance's job runner (app/jobs.server.ts; decision 0041). */
  jobs: (database: Database) => JobDefinition[];
  /** The shop's content API, mounted at SHOP_API_PATH before the back office (app/shop-api-router.server.ts; decision 0042). */
  shopApi: (options: ShopApiOptions) => RequestHandler;
};

/** The app's parts in a build (in development a function that loads it through Vite). */
export async function appPartsOf(build: ServerBuild | (() => Promise<ServerBuild>)): Promise<AppParts> {
  const loaded = typeof build === "function" ? await build() : build;
  const { appParts } = loaded.entry.module as { appParts?: AppParts };
  if (!appParts) throw new Error("El servidor de la app (app/entry.server.tsx) no exporta appParts");
  return appParts;
}
