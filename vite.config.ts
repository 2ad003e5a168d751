import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { nativeBabelHelpers } from "./scripts/native-babel-helpers";
import { pureSchemas } from "./scripts/pure-schemas";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
    v3_routeConfig: true;
  }
}

export default defineConfig({
  server: { port: 3000 },
  build: { target: "es2022", modulePreload: false },
  ssr: {
    // Native/embedded packages stay external to the server bundle.
    external: ["@electric-sql/pglite", "sharp", "puppeteer-core", "exceljs", "pg", "bcryptjs"],
  },
  plugins: [
    remix({
      // A separate BUILD_DIR lets two builds (e.g. parallel test runs) coexist.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: false,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
    pureSchemas(),
    nativeBabelHelpers(),
  ],
});
