import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

// The routes stay file-based (app/routes/, flat routes); this file is what v3_routeConfig reads.
export default flatRoutes() satisfies RouteConfig;
