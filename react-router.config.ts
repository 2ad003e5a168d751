import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // A separate BUILD_DIR lets two builds (e.g. parallel test runs) coexist.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  // Every route's code is in the manifest from the start: no discovery request before a navigation.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
