import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // A separate BUILD_DIR lets two builds (e.g. parallel test runs) coexist.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  // Every route's code is in the manifest from the start: no discovery request before a navigation.
  routeDiscovery: { mode: "initial" },
  // React Router 8's behaviour, adopted ahead (decision 0044). Not yet `v8_passThroughRequests`: the
  // loaders read their query from `request.url`, which that flag leaves with `.data` and `_routes`.
  future: {
    v8_middleware: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
