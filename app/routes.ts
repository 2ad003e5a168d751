import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

// The routes stay file-based (app/routes/, flat routes).
export default flatRoutes() satisfies RouteConfig;
