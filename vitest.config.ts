import { defineConfig, type Plugin } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

const LEFT_OUT = "\0server-module-left-out";

/**
 * The browser's build never holds an app module's `.server` imports (the framework's plugin takes
 * them out with the loaders and actions that use them). The ui tests render what the browser runs,
 * with stubbed loaders and actions: there those imports are an empty module, and the database, the
 * session and the integrations are never loaded.
 */
function serverModulesLeftOut(): Plugin {
  return {
    name: "server-modules-left-out",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer?.includes("/app/") && /\.server(\.[jt]sx?)?$/.test(source)) return LEFT_OUT;
      return null;
    },
    load(id) {
      return id === LEFT_OUT ? "export {};" : null;
    },
  };
}

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["tests/unit/**/*.test.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
        },
      },
      {
        // Forms, dialogs, filters and toasts rendered by React in a simulated document, routed by
        // createRoutesStub: the behaviour that needs no real browser (docs/conventions.md, "Tests").
        extends: true,
        plugins: [serverModulesLeftOut()],
        test: {
          name: "ui",
          environment: "happy-dom",
          include: ["tests/ui/**/*.test.tsx"],
          setupFiles: ["tests/ui/setup.ts"],
          // Each test takes well under a second alone; the margin is for a machine busy with other suites.
          testTimeout: 15000,
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          environment: "node",
          include: ["tests/db/**/*.test.{ts,tsx}", "tests/routes/**/*.test.{ts,tsx}", "tests/integrations/**/*.test.{ts,tsx}"],
          globalSetup: ["tests/helpers/global-setup.ts"],
          setupFiles: ["tests/helpers/setup-env.ts"],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: "forks",
        },
      },
    ],
  },
});
