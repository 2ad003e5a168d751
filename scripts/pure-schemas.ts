import MagicString from "magic-string";
import type { Plugin } from "vite";

/*
 * Modules in app/ and common/ build their zod schemas at module level (`export const X = z.object(…)`, list
 * shapes of `q.page()` calls). To a bundler each such call is a possible side effect, so a screen that
 * imports only an option table from the same module still downloads zod (and luxon, through
 * `queryDay`). Building a schema has no side effect; this plugin says so by wrapping each such
 * initializer in an IIFE marked pure, so an unused schema is dropped with its module-level cost and a
 * used one is built exactly where and when it was before (docs/decisions/0028-lighter-browser-bundles.md).
 */

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Calls rooted at these names build schemas (zod, the list query helpers, the day parameter). */
const SCHEMA_ROOTS = new Set(["z", "q", "keysOf", "queryDay"]);

function rootName(callee: Node): string | null {
  let node: Node = callee;
  while (node.type === "MemberExpression" || node.type === "CallExpression") {
    node = (node.type === "MemberExpression" ? node.object : node.callee) as Node;
  }
  return node.type === "Identifier" ? (node.name as string) : null;
}

/** True when evaluating `node` only builds schemas: every call is rooted at a schema name, and nothing is constructed or assigned. */
function buildsOnlySchemas(node: Node, schemas: Set<string>): boolean {
  let calls = 0;
  let ok = true;
  const visit = (n: unknown) => {
    if (!ok || !n || typeof n !== "object") return;
    if (Array.isArray(n)) return n.forEach(visit);
    const node = n as Node;
    if (typeof node.type !== "string") return;
    // Function bodies do not run when the schema is built.
    if (node.type === "ArrowFunctionExpression" || node.type === "FunctionExpression") return;
    if (
      [
        "NewExpression",
        "AssignmentExpression",
        "UpdateExpression",
        "TaggedTemplateExpression",
        "AwaitExpression",
        "YieldExpression",
        "ImportExpression",
      ].includes(node.type)
    ) {
      ok = false;
      return;
    }
    if (node.type === "CallExpression") {
      const root = rootName(node.callee as Node);
      if (!root || !(SCHEMA_ROOTS.has(root) || schemas.has(root))) {
        ok = false;
        return;
      }
      calls += 1;
    }
    for (const [key, value] of Object.entries(node)) if (key !== "type" && key !== "start" && key !== "end") visit(value);
  };
  visit(node);
  return ok && calls > 0;
}

/** The code with every module-level schema initializer marked pure; null when nothing changed. */
export function markSchemasPure(code: string, parse: (code: string) => unknown): MagicString | null {
  if (!/\b(z|q)\.|\bkeysOf\(|\bqueryDay\(/.test(code)) return null;
  const program = parse(code) as { body: Node[] };
  const out = new MagicString(code);
  const schemas = new Set<string>();
  let marked = 0;
  for (const statement of program.body) {
    const declaration = statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : statement;
    if (!declaration || declaration.type !== "VariableDeclaration" || declaration.kind !== "const") continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      const id = declarator.id as Node;
      if (!init || id.type !== "Identifier") continue;
      // A helper that returns a schema (`const day = (message) => z.string()…`) counts as a schema root.
      if (init.type === "ArrowFunctionExpression" && init.expression === true && buildsOnlySchemas(init.body as Node, schemas)) {
        schemas.add(id.name as string);
        continue;
      }
      if (!["CallExpression", "ObjectExpression", "ArrayExpression"].includes(init.type)) continue;
      if (!buildsOnlySchemas(init, schemas)) continue;
      schemas.add(id.name as string);
      marked += 1;
      out.prependLeft(init.start, "/* @__PURE__ */ (() => (");
      out.appendRight(init.end, "))()");
    }
  }
  return marked ? out : null;
}

export function pureSchemas(): Plugin {
  return {
    name: "pure-schemas",
    enforce: "post",
    apply: "build",
    transform(code, id) {
      const file = id.split("?")[0];
      if (file.includes("/node_modules/") || !/\/(app|common)\/.*\.[jt]sx?$/.test(file)) return null;
      const changed = markSchemasPure(code, (c) => this.parse(c));
      return changed === null ? null : { code: changed.toString(), map: changed.generateMap({ hires: true }) };
    },
  };
}
