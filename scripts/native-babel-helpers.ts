import path from "node:path";
import type { Plugin } from "vite";

/*
 * Conform's packages each bundle Babel's helpers for object spread and rest (≈ 0.5 KB gzipped, twice,
 * on every page with a form). The browser bundle targets ES2022, which has both natively, so the
 * production build resolves those helper modules to one small native version
 * (scripts/babel-helpers.mjs; docs/decisions/0036). Development keeps the packages as published.
 */
const HELPERS = /_virtual\/_rollupPluginBabelHelpers\.mjs$/;

export function nativeBabelHelpers(): Plugin {
  const replacement = path.resolve(import.meta.dirname, "babel-helpers.mjs");
  return {
    name: "native-babel-helpers",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !importer.includes(`${path.sep}@conform-to${path.sep}`) || !HELPERS.test(source)) return null;
      return replacement;
    },
  };
}
