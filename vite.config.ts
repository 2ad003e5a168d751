import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { nativeBabelHelpers } from "./scripts/native-babel-helpers";
import { precompressedAssets } from "./scripts/precompressed-assets";
import { pureSchemas } from "./scripts/pure-schemas";

export default defineConfig({
  server: { port: 3000 },
  build: { target: "es2022", modulePreload: false },
  ssr: {
    // Native/embedded packages stay external to the server bundle.
    external: ["@electric-sql/pglite", "sharp", "puppeteer-core", "exceljs", "pg", "bcryptjs"],
  },
  environments: {
    // The server bundle is the whole server (server/index.ts), React Router's build of the app inside it.
    // Its chunks sit beside the entry, so code that finds files next to its own module (the
    // migrations) finds them in build/server whichever chunk it ends up in.
    ssr: { build: { rollupOptions: { input: "./server/index.ts", output: { chunkFileNames: "[name]-[hash].js" } } } },
  },
  plugins: [reactRouter(), tsconfigPaths(), pureSchemas(), nativeBabelHelpers(), migrationsBesideServer(), precompressedAssets()],
});

/** The migrator reads its folder next to the module that runs it (server/db/migrate.ts): build/server/migrations. */
function migrationsBesideServer(): Plugin {
  return {
    name: "migrations-beside-server",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    writeBundle(options) {
      fs.cpSync("server/db/migrations", path.join(options.dir!, "migrations"), { recursive: true });
    },
  };
}
