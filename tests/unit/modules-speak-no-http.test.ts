import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Modules take typed input and return typed results; only routes read the Request and shape the
 * Response (DESIGN.md, "Modules do not speak HTTP"). This reads every file under app/modules and
 * names each place that speaks HTTP. A refused command says why with a `reason`
 * (app/modules/results.ts); the route turns it into the status (REASON_STATUS, app/lib/http.server.ts).
 */
const MODULES = path.resolve(__dirname, "../../app/modules");

/** None: the session cookie, the guard and the sign-in strategy read the Request, so they live in app/web/auth/. */
const EXEMPT: string[] = [];
/** Every area is guarded: route bodies shared by several route files live in app/web/<area>/. */
const KNOWN_EXCEPTIONS: string[] = [];

const FORBIDDEN: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /\brequest\.formData\b/, why: "reads the request body" },
  // A module reads a URL or its search parameters; the route takes them from the Request.
  { pattern: /:\s*(?:[\w.]+\s*\|\s*)*Request\b(?!\w)/, why: "takes the Request" },
  { pattern: /\bnew Response\(/, why: "builds a Response" },
  // A screen typed by a route's loader or action is the route's own UI: it lives in app/web/<area>/.
  { pattern: /from\s+["']~\/routes\//, why: "is typed by a route's loader or action" },
  { pattern: /(?<![\w.])redirect\(/, why: "answers with a redirect" },
  { pattern: /\bredirectWithToast\(/, why: "answers with a redirect" },
  { pattern: /\bredirectPastLastPage\(/, why: "throws a redirect" },
  // Conform's reply is the form's answer to a post, which the route sends with its status.
  { pattern: /\.reply\(/, why: "answers a post with Conform's reply" },
  // A result that carries an HTTP status: `status: 404`, `status: 403 | 404`, `status: 409 as const`,
  // `status: rejected ? 409 : 502`. Domain statuses are words (`status: "paid"`) or expressions
  // (`status: orders.status`), never a bare three-digit code.
  { pattern: /\bstatus\??\s*:\s*(?:[^,;{}\n]*?[?:|]\s*)?[1-5]\d\d\b/, why: "carries an HTTP status (give the result a reason)" },
  // …or a field typed as any number: no domain status of ours is numeric.
  { pattern: /\bstatus\??\s*:\s*number\b/, why: "carries an HTTP status (give the result a reason)" },
  { pattern: /\b(?:httpStatus|statusCode)\??\s*:/, why: "carries an HTTP status (give the result a reason)" },
];

const REMIX_SERVER = /^@remix-run\/(node|server-runtime)$/;
/** React Router is one package for the UI and the server: of it, only the answers and the cookies speak HTTP. */
const ROUTER_SERVER_VALUES = new Set(["data", "redirect", "redirectDocument", "replace", "json", "createCookie", "createCookieSessionStorage", "createSessionStorage", "createRequestHandler", "unstable_parseMultipartFormData"]);

/** Comments may mention what they like; only code counts. Block comments keep their line breaks, so lines are named right. */
function withoutComments(source: string) {
  return source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, "")).replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** `import type {…}` and `import { type A, type B }` are fine; any value import is not. */
function valueImportsFromRemixServer(source: string): string[] {
  const found: string[] = [];
  const statement = /\b(import|export)\s+([\s\S]*?)\s+from\s+["']([^"']+)["']/g;
  for (const match of source.matchAll(statement)) {
    const [, , clause, from] = match;
    const router = from === "react-router";
    if (!REMIX_SERVER.test(from) && !router) continue;
    if (/^type\s/.test(clause)) continue;
    const braces = /\{([\s\S]*)\}/.exec(clause);
    const outside = braces ? clause.replace(braces[0], "").replace(/,/g, "").trim() : clause.trim();
    const names = braces ? braces[1].split(",").map((s) => s.trim()).filter(Boolean) : [];
    const values = names.filter((n) => !/^type\s/.test(n) && (!router || ROUTER_SERVER_VALUES.has(n.split(/\s+as\s+/)[0])));
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
    expect(httpSpeech(`import { data } from "react-router";`)).toHaveLength(1);
    expect(httpSpeech(`import { Form, Link, useLoaderData } from "react-router";`)).toEqual([]);
    expect(httpSpeech(`import { Link, redirect as go } from "react-router";`)).toHaveLength(1);
    expect(httpSpeech(`import { type LoaderFunctionArgs, json } from "@remix-run/server-runtime";`)).toEqual(["imports json from @remix-run/server-runtime"]);
    expect(httpSpeech(`import {\n  unstable_parseMultipartFormData,\n  type UploadHandler,\n} from "react-router";`)).toHaveLength(1);
    expect(httpSpeech(`const form = await request.formData();`)).toHaveLength(1);
    expect(httpSpeech(`export function parseQ(source: Request | URL | URLSearchParams) {`)).toEqual([expect.stringContaining("takes the Request")]);
    expect(httpSpeech(`export function parseQ(source: URL | URLSearchParams | Request) {`)).toEqual([expect.stringContaining("takes the Request")]);
    expect(httpSpeech(`export function parseQ(source: URL | URLSearchParams) {`)).toEqual([]);
    expect(httpSpeech(`function toRequest(input: Input): EditRequest {`)).toEqual([]);
    expect(httpSpeech(`throw new Response("No encontrado", { status: 404 });`)).toEqual([
      expect.stringContaining("builds a Response"),
      expect.stringContaining("carries an HTTP status"),
    ]);
    expect(httpSpeech(`throw redirect("/x");`)).toHaveLength(1);
    expect(httpSpeech(`return redirectWithToast("/x", toast);`)).toHaveLength(1);
    expect(httpSpeech(`redirectPastLastPage(request, page, query.page);`)).toHaveLength(1);
    expect(httpSpeech(`return { result: submission.reply() };`)).toHaveLength(1);
    expect(httpSpeech(`const answer = submission.reply({ fieldErrors });`)).toHaveLength(1);
  });

  it("flags a result that carries an HTTP status", () => {
    expect(httpSpeech(`export type R = { ok: true } | { ok: false; status: 404; message: string };`)).toHaveLength(1);
    expect(httpSpeech(`  | { ok: false; status: number; message: string };`)).toHaveLength(1);
    expect(httpSpeech(`type Refusal = { status?: number; message: string };`)).toHaveLength(1);
    expect(httpSpeech(`export type E = { ok: false; status: 403 | 404 | 409 | 422 | 502; title: string };`)).toHaveLength(1);
    expect(httpSpeech(`if (!row) return { ok: false, status: 422, message: MESSAGES.noLines };`)).toHaveLength(1);
    expect(httpSpeech(`return { ok: false as const, status: 409 as const, message: STALE_MESSAGE };`)).toHaveLength(1);
    expect(httpSpeech(`return { error: \`El artículo \${sku} ya no está.\`, status: 404 };`)).toHaveLength(1);
    expect(httpSpeech(`return { ok: false, status: error.kind === "rejected" ? 409 : 502, message: error.message };`)).toHaveLength(1);
    expect(httpSpeech(`const denied = (status: 403 | 404, message: string) => ({ ok: false, status, message });`)).toHaveLength(1);
    expect(httpSpeech(`return {\n  ok: false,\n  status: 502,\n  title: "Intelisis",\n};`)).toHaveLength(1);
    expect(httpSpeech(`return { ok: false, statusCode: 500 };`)).toHaveLength(1);
    expect(httpSpeech(`const r = { httpStatus: 502 };`)).toHaveLength(1);
  });

  it("lets domain statuses through: words, columns, expressions", () => {
    expect(httpSpeech(`return { ok: false, reason: "missing", message: "La orden no existe." };`)).toEqual([]);
    expect(httpSpeech(`await tx.insert(orders).values({ id, status: "paid", orderStatus: "paid" });`)).toEqual([]);
    expect(httpSpeech(`const labelColumns = { id: orders.id, status: orders.status };`)).toEqual([]);
    expect(httpSpeech(`.set({ status: sql\`\${orders.status} || ',printed'\`, shipmentStatus: "printed" })`)).toEqual([]);
    expect(httpSpeech(`status: sql\`case when \${quotations.status} = 'borrador' then 'enviada' else \${quotations.status} end\`,`)).toEqual([]);
    expect(httpSpeech(`type LabelOrder = { id: bigint; status: string; orderStatus: string };`)).toEqual([]);
    expect(httpSpeech(`export type BlogRow = { id: number; status: boolean; publishAt: string | null };`)).toEqual([]);
    expect(httpSpeech(`  status?: UserStatus;`)).toEqual([]);
    expect(httpSpeech(`query: { page: number; status?: (typeof STORED_STATUSES)[number]; mine?: boolean },`)).toEqual([]);
    expect(httpSpeech(`status: z.boolean().optional().default(false),`)).toEqual([]);
    expect(httpSpeech(`return { status: displayStatus(q.row), total: 1200 };`)).toEqual([]);
    // A legacy system's own answer code is a fact about the call, read, not carried in a result.
    expect(httpSpeech(`return isIntegrationError(error) && error.kind === "rejected" && error.status === 404;`)).toEqual([]);
    expect(httpSpeech(`<p role="status" className="text-sm">Listo</p>`)).toEqual([]);
  });

  it("lets types, UI imports and comments through", () => {
    expect(httpSpeech(`import type { SerializeFrom } from "react-router";`)).toEqual([]);
    expect(httpSpeech(`import { type UploadHandler } from "react-router";`)).toEqual([]);
    expect(httpSpeech(`import { Form, useFetcher } from "react-router";`)).toEqual([]);
    expect(httpSpeech(`// the route answers with redirect(…) or new Response(…)\nconst x = 1;`)).toEqual([]);
    expect(httpSpeech(`/** request.formData() is read by the route */`)).toEqual([]);
    expect(httpSpeech(`const to = { kind: "redirect", href: "https://example.com" };`)).toEqual([]);
    expect(httpSpeech(`const reply = answerOf(question);`)).toEqual([]);
  });
});

describe("app/modules", () => {
  const areas = fs.readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

  it("the shared files at its root do not speak HTTP", () => {
    const shared = fs.readdirSync(MODULES, { withFileTypes: true }).filter((d) => d.isFile() && /\.(ts|tsx)$/.test(d.name));
    expect(shared.map((d) => d.name)).toContain("results.ts");
    const problems = shared.flatMap((d) => httpSpeech(fs.readFileSync(path.join(MODULES, d.name), "utf8")).map((p) => `${d.name}: ${p}`));
    expect(problems).toEqual([]);
  });

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
