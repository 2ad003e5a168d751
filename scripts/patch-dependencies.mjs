#!/usr/bin/env node
/**
 * Run after every install (package.json "postinstall"): small, exact edits to installed dependencies,
 * each with the reason it exists. An edit whose anchor text is missing (the dependency changed) stops
 * the install, so an upgrade cannot silently drop it; an edit already applied is left as it is.
 *
 * @remix-run/router (the server's copy, dist/router.cjs.js) — decision 0031. A signed-in document
 * matches its URL against the route table four times (Remix's server, the data handler, the static
 * router, the route renderer), and each time the router flattens and ranks every route again and
 * compiles a fresh RegExp for every path it tries. The route table of a server build never changes,
 * so the compiled paths are kept by their text and the ranked branches by the routes array.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MARKER = "/* patched: compiled paths and ranked branches kept (decision 0031) */";

export const PATCHES = [
  {
    file: "node_modules/@remix-run/router/dist/router.cjs.js",
    edits: [
      {
        anchor: "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n",
        replacement: "  let branches = rankedBranchesOf(routes);\n",
      },
      {
        anchor: "function compilePath(path, caseSensitive, end) {\n",
        replacement: `${MARKER}
const rankedBranches = new WeakMap();
function rankedBranchesOf(routes) {
  let branches = rankedBranches.get(routes);
  if (branches === undefined) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranches.set(routes, branches);
  }
  return branches;
}
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = (caseSensitive === true ? "1" : "0") + (end === false ? "0" : "1") + path;
  let compiled = compiledPaths.get(key);
  if (compiled === undefined) {
    compiled = compileUncachedPath(path, caseSensitive, end);
    // Route paths are a finite set; the bound only guards against patterns built from input.
    if (compiledPaths.size < 5000) compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compileUncachedPath(path, caseSensitive, end) {
`,
      },
    ],
  },
];

export function patchDependencies(base = root) {
  const applied = [];
  for (const patch of PATCHES) {
    const file = path.join(base, patch.file);
    if (!fs.existsSync(file)) throw new Error(`${patch.file}: no está instalado`);
    let text = fs.readFileSync(file, "utf8");
    if (text.includes(MARKER)) continue;
    for (const edit of patch.edits) {
      if (!text.includes(edit.anchor)) {
        throw new Error(`${patch.file}: cambió la dependencia; revisa scripts/patch-dependencies.mjs (no se encontró:\n${edit.anchor})`);
      }
      text = text.replace(edit.anchor, edit.replacement);
    }
    // A new file, not a rewrite in place: a hard-linked copy of node_modules elsewhere keeps its own.
    fs.writeFileSync(`${file}.patched`, text);
    fs.renameSync(`${file}.patched`, file);
    applied.push(patch.file);
  }
  return applied;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const applied = patchDependencies();
    if (applied.length) console.log(`Dependencias ajustadas: ${applied.join(", ")}`);
  } catch (error) {
    console.error(String(error instanceof Error ? error.message : error));
    process.exit(1);
  }
}
