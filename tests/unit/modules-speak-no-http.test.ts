import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Modules take typed input and return typed results; only routes read the Request and shape the
 * Response (DESIGN.md, "Modules do not speak HTTP"). This reads every file under app/modules and
 * names each place that speaks HTTP.
 */
const MODULES = path.resolve(__dirname, "../../app/modules");

/** The guard necessarily reads the request (session cookie) and answers with redirects. */
const EXEMPT = ["auth"];
/** Every area is guarded: route bodies shared by several route files live in app/web/<area>/. */
const KNOWN_EXCEPTIONS: string[] = [];

const FORBIDDEN: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /\brequest\.formData\b/, why: "reads the request body" },
  { pattern: /\bnew Response\(/, why: "builds a Response" },
  { pattern: /(?<![\w.])redirect\(/, why: "answers with a redirect" },
  { pattern: /\bredirectWithToast\(/, why: "answers with a redirect" },
  { pattern: /\bredirectPastLastPage\(/, why: "throws a redirect" },
  // Conform's reply is the form's answer to a post, which the route sends with its status.
  { pattern: /\.reply\(/, why: "answers a post with Conform's reply" },
];

const REMIX_SERVER = /^@remix-run\/(node|server-runtime)$/;

/** Comments may mention what they like; only code counts. */
function withoutComments(source: string) {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** `import type {…}` and `import { type A, type B }` are fine; any value import is not. */
function valueImportsFromRemixServer(source: string): string[] {
  const found: string[] = [];
  const statement = /\b(import|export)\s+([\s\S]*?)\s+from\s+["']([^"']+)["']/g;
  for (const match of source.matchAll(statement)) {
    const [, , clause, from] = match;
    if (!REMIX_SERVER.test(from)) continue;
    if (/^type\s/.test(clause)) continue;
    const braces = /\{([\s\S]*)\}/.exec(clause);
    const outside = braces ? clause.replace(braces[0], "").replace(/,/g, "").trim() : clause.trim();
    const names = braces ? braces[1].split(",").map((s) => s.trim()).filter(Boolean) : [];
    const values = names.filter((n) => !/^type\s/.test(n));
    if (outside) values.unshift(outside);
    for (const v of values) found.push(`${v} from ${from}`);
  }
  for (const match of source.matchAll(/\b(?:require|import)\(\s*["'](@remix-run\/(?:node|server-runtime))["']\s*\)/g)) {
    found.push(`dynamic import of ${match[1]}`);
  }
  return found;
}

function httpSpeech(source: string): string[] {
  const code = withoutComments(source);
  const problems = valueImportsFromRemixServer(code).map((what) => `imports ${what}`);
  for (const { pattern, why } of FORBIDDEN) {
    code.split("\n").forEach((line, i) => {
      if (pattern.test(line)) problems.push(`line ${i + 1} ${why}: ${line.trim()}`);
    });
  }
  return problems;
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("the detector", () => {
  it("flags each way of speaking HTTP", () => {
    expect(httpSpeech(`import { data } from "@remix-run/node";`)).toHaveLength(1);
    expect(httpSpeech(`import { type LoaderFunctionArgs, json } from "@remix-run/server-runtime";`)).toEqual(["imports json from @remix-run/server-runtime"]);
    expect(httpSpeech(`import {\n  unstable_parseMultipartFormData,\n  type UploadHandler,\n} from "@remix-run/node";`)).toHaveLength(1);
    expect(httpSpeech(`const form = await request.formData();`)).toHaveLength(1);
    expect(httpSpeech(`throw new Response("No encontrado", { status: 404 });`)).toHaveLength(1);
    expect(httpSpeech(`throw redirect("/x");`)).toHaveLength(1);
    expect(httpSpeech(`return redirectWithToast("/x", toast);`)).toHaveLength(1);
    expect(httpSpeech(`redirectPastLastPage(request, page, query.page);`)).toHaveLength(1);
    expect(httpSpeech(`return { result: submission.reply() };`)).toHaveLength(1);
    expect(httpSpeech(`const answer = submission.reply({ fieldErrors });`)).toHaveLength(1);
  });

  it("lets types, UI imports and comments through", () => {
    expect(httpSpeech(`import type { SerializeFrom } from "@remix-run/node";`)).toEqual([]);
    expect(httpSpeech(`import { type UploadHandler } from "@remix-run/node";`)).toEqual([]);
    expect(httpSpeech(`import { Form, useFetcher } from "@remix-run/react";`)).toEqual([]);
    expect(httpSpeech(`// the route answers with redirect(…) or new Response(…)\nconst x = 1;`)).toEqual([]);
    expect(httpSpeech(`/** request.formData() is read by the route */`)).toEqual([]);
    expect(httpSpeech(`const to = { kind: "redirect", href: "https://example.com" };`)).toEqual([]);
    expect(httpSpeech(`const reply = answerOf(question);`)).toEqual([]);
  });
});

describe("app/modules", () => {
  const areas = fs.readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

  it("still has the folders this test names", () => {
    for (const name of [...EXEMPT, ...KNOWN_EXCEPTIONS]) expect(areas).toContain(name);
  });

  for (const area of areas.filter((a) => !EXEMPT.includes(a) && !KNOWN_EXCEPTIONS.includes(a))) {
    it(`${area} does not speak HTTP`, () => {
      const problems = filesUnder(path.join(MODULES, area)).flatMap((file) =>
        httpSpeech(fs.readFileSync(file, "utf8")).map((p) => `${path.relative(MODULES, file)}: ${p}`),
      );
      expect(problems).toEqual([]);
    });
  }
});
