// Compiles the server entry (server/index.ts and what it imports from server/ and app/) into one ES
// module next to the Remix build, so production runs plain JavaScript with node instead of a
// TypeScript loader. Dependencies stay external (node_modules); the migrations travel with it.
import fs from "node:fs";
import path from "node:path";
import { build } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

await build({
  configFile: false,
  logLevel: "warn",
  plugins: [tsconfigPaths()],
  build: {
    ssr: "server/index.ts",
    outDir: buildDir,
    emptyOutDir: false,
    target: "node20",
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: "server-entry.js", chunkFileNames: "server-entry-[name]-[hash].js" } },
  },
});
// The migrator reads its folder next to the module that runs it (server/db/migrate.ts).
fs.cpSync("server/db/migrations", path.join(buildDir, "migrations"), { recursive: true });
console.log(`Servidor compilado: ${path.relative(process.cwd(), path.join(buildDir, "server-entry.js"))}`);
