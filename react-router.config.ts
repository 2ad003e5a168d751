import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // A separate BUILD_DIR lets two builds (e.g. parallel test runs) coexist.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  // Every route's code is in the manifest from the start: no discovery request before a navigation.
  routeDiscovery: { mode: "initial" },
  // React Router 8's behaviour, adopted ahead (decision 0044). With `v8_passThroughRequests` loaders and
  // actions get the request as sent (a data request keeps `.data` and `_routes`): they read the page from
  // their `url` argument, never from `request.url`.
  future: {
    v8_middleware: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_passThroughRequests: true,
  },
} satisfies Config;
