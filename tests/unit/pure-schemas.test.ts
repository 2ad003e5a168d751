import { parse } from "acorn";
import { describe, expect, it } from "vitest";
import { markSchemasPure } from "../../scripts/pure-schemas";

const mark = (code: string) => markSchemasPure(code, (c) => parse(c, { ecmaVersion: "latest", sourceType: "module" }))?.toString() ?? null;
const PURE = (expr: string) => `/* @__PURE__ */ (() => (${expr}))()`;

describe("module-level schemas are marked pure for the bundler", () => {
  it.each([
    ["export const A = z.object({ a: z.string().max(3) });", `export const A = ${PURE("z.object({ a: z.string().max(3) })")};`],
    [
      "const Shape = { page: q.page(), kind: z.enum(keysOf(KINDS)).optional() };",
      `const Shape = ${PURE("{ page: q.page(), kind: z.enum(keysOf(KINDS)).optional() }")};`,
    ],
    ["const D = { from: queryDay(), to: queryDay() };", `const D = ${PURE("{ from: queryDay(), to: queryDay() }")};`],
    // A schema built from another schema of the same module.
    [
      "const B = z.object({ id: z.number() });\nexport const C = B.extend({ n: z.string().transform((s) => save(s)) });",
      `const B = ${PURE("z.object({ id: z.number() })")};\nexport const C = ${PURE("B.extend({ n: z.string().transform((s) => save(s)) })")};`,
    ],
    // A helper that returns a schema is a schema root; it is left as it is.
    [
      "const day = (m) => z.string({ required_error: m }).trim();\nconst Range = z.object({ from: day('a'), to: day('b') });",
      `const day = (m) => z.string({ required_error: m }).trim();\nconst Range = ${PURE("z.object({ from: day('a'), to: day('b') })")};`,
    ],
  ])("%s", (code, expected) => {
    expect(mark(code)).toBe(expected);
  });

  it.each([
    // Anything that could do something when the module loads stays as it is.
    "export const A = register(z.object({}));",
    "const A = z.object({ at: new Date() });",
    "const A = { a: z.string(), n: counter++ };",
    "const LIMITS = { max: 5, labels: ['a', 'b'] };",
    "let A = z.string();",
    "const { a } = z.object({});",
    "export const A = other.thing(z.string());",
    "const total = items.map((i) => i.n);",
    "const log = (m) => console.log(m);\nconst A = z.object({ a: log('x') });",
  ])("%s is left alone", (code) => {
    expect(mark(code)).toBeNull();
  });
});
