import path from "node:path";
import { request as pwRequest, type APIRequestContext } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, expect, test } from "./fixtures";

/**
 * Every action in the route table, found in the server build (so a screen added later is covered
 * without touching this file), receives the classes of bad bodies a hostile or clumsy client sends.
 * None may answer 5xx: each is refused with a 4xx or shown again with its errors.
 */
type BuildRoute = { id: string; parentId?: string; path?: string; module: { action?: unknown } };

async function actionPaths() {
  const { build } = (await import(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js"))) as {
    build: { routes: Record<string, BuildRoute> };
  };
  const full = (id: string): string => {
    const route = build.routes[id];
    const parent = route.parentId ? full(route.parentId) : "";
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  return Object.values(build.routes)
    .filter((r) => r.module.action && !r.path?.includes("*"))
    .map((r) => full(r.id) || "/")
    .sort();
}

const HUGE_ID = "99999999999999999999999999";

/** Fills each :param with an id the list one level up links to (so the action's own checks run). */
async function samplePath(ctx: APIRequestContext, pattern: string, ids: Map<string, string>) {
  let resolved = "";
  for (const segment of pattern.split("/").filter(Boolean)) {
    if (!segment.startsWith(":")) {
      resolved += `/${segment}`;
      continue;
    }
    const key = `${resolved}/${segment}`;
    if (!ids.has(key)) {
      const html = await (await ctx.get(resolved || "/").catch(() => ctx.get(resolved || "/"))).text();
      const escaped = resolved.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const found = [...html.matchAll(new RegExp(`href="${escaped}/([^/?"#]+)`, "g"))]
        .map((m) => m[1])
        .find((id) => id !== "new" && /\d/.test(id));
      ids.set(key, found ?? "1");
    }
    resolved += `/${ids.get(key)}`;
  }
  return resolved;
}

/** The field names and intents of the forms the page shows, to repeat them and send them empty. */
async function formShape(ctx: APIRequestContext, url: string) {
  const res = await ctx.get(url, { maxRedirects: 0 }).catch(() => ctx.get(url, { maxRedirects: 0 }));
  const html = res.status() === 200 ? await res.text() : "";
  const names = new Set([...html.matchAll(/\sname="([^"]+)"/g)].map((m) => m[1]).filter((n) => n !== "viewport"));
  // A button carrying data writes its intent as JSON in the attribute (`{&quot;type&quot;:…}`): read as the browser posts it.
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const intents = new Set(
    [...html.matchAll(/name="intent"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="intent"/g)].map((m) => unescape(m[1] ?? m[2])),
  );
  const hasFile = /type="file"/.test(html);
  return { names: [...names], intents: [...intents, ""], hasFile };
}

const enc = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
const PNG_HEAD = Buffer.from("89504e470d0a1a0a0000000d49484452000007080000025808060000", "hex"); // a 1800×600 header, then nothing

function badBodies(names: string[], intent: string, hasFile: boolean) {
  const withIntent = (pairs: Array<[string, string]>): Array<[string, string]> => (intent ? [["intent", intent], ...pairs] : pairs);
  const fields = names.filter((n) => n !== "intent");
  const B = "----fuzz";
  const multipart = (parts: string) => `${parts}--${B}--\r\n`;
  const textPart = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const repeated = fields
    .filter((n) => n !== "__intent__")
    .flatMap((n): Array<[string, string]> => [
      [n, "a"],
      [n, "2"],
    ]);
  const bodies: Array<{ label: string; type: string; body: string | Buffer }> = [
    {
      label: "NUL byte in every field",
      type: "application/x-www-form-urlencoded",
      body: enc(withIntent(fields.map((n) => [n, "a\u0000b"]))),
    },
    {
      label: "every field repeated",
      type: "application/x-www-form-urlencoded",
      body: enc([
        ...(intent
          ? ([
              ["intent", intent],
              ["intent", "otro"],
            ] as Array<[string, string]>)
          : []),
        ...fields.flatMap((n): Array<[string, string]> => [
          [n, "a"],
          [n, "2"],
        ]),
      ]),
    },
    { label: "every field empty", type: "application/x-www-form-urlencoded", body: enc(withIntent(fields.map((n) => [n, ""]))) },
    {
      label: "every field a long huge number",
      type: "application/x-www-form-urlencoded",
      body: enc(withIntent(fields.map((n) => [n, HUGE_ID.repeat(40)]))),
    },
    {
      label: "every field a huge number",
      type: "application/x-www-form-urlencoded",
      body: enc(withIntent(fields.map((n) => [n, HUGE_ID]))),
    },
    { label: "JSON", type: "application/json", body: JSON.stringify({ intent, ...Object.fromEntries(fields.map((n) => [n, "a"])) }) },
    { label: "text/plain", type: "text/plain", body: `intent=${intent}\r\n` },
    // Each field twice, the button once: what a form sends when a field is written twice by hand (as
    // the dialog's own multipart too); the case above also doubles the button and Conform's list intent.
    { label: "every field but the button repeated", type: "application/x-www-form-urlencoded", body: enc(withIntent(repeated)) },
    {
      label: "every field but the button repeated, multipart",
      type: `multipart/form-data; boundary=${B}`,
      body: multipart(
        withIntent(repeated)
          .map(([n, v]) => textPart(n, v))
          .join(""),
      ),
    },
    { label: "multipart without boundary", type: "multipart/form-data", body: "x" },
    {
      label: "multipart with its boundary in the header but not in the body",
      type: `multipart/form-data; boundary=${B}`,
      body: enc(withIntent(fields.map((n) => [n, "a"]))),
    },
    {
      label: "multipart with another boundary in the body",
      type: `multipart/form-data; boundary=${B}`,
      body: multipart(textPart("intent", intent)).replaceAll(B, "----otro"),
    },
    {
      label: "multipart with a part header out of form",
      type: `multipart/form-data; boundary=${B}`,
      body: multipart(textPart("intent", intent).replace('form-data; name="intent"', "form-data;name=intent")),
    },
    {
      label: "multipart without its closing boundary",
      type: `multipart/form-data; boundary=${B}`,
      body: withIntent(fields.map((n) => [n, "a"]))
        .map(([n, v]) => textPart(n, v))
        .join(""),
    },
    {
      label: "truncated multipart",
      type: `multipart/form-data; boundary=${B}`,
      body: `--${B}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${intent}`,
    },
    {
      label: "multipart with a 70 KB field",
      type: `multipart/form-data; boundary=${B}`,
      body: multipart(textPart("intent", intent) + fields.map((n) => textPart(n, "x".repeat(70 * 1024))).join("")),
    },
  ];
  if (hasFile) {
    const file = Buffer.concat([
      Buffer.from(
        textPart("intent", intent) +
          fields
            .filter((n) => !/file|image/i.test(n))
            .map((n) => textPart(n, "a"))
            .join(""),
      ),
      ...fields
        .filter((n) => /file|image/i.test(n))
        .map((n) =>
          Buffer.concat([
            Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="${n}"; filename="rota.png"\r\nContent-Type: image/png\r\n\r\n`),
            PNG_HEAD,
            Buffer.from("\r\n"),
          ]),
        ),
      Buffer.from(`--${B}--\r\n`),
    ]);
    bodies.push({ label: "truncated PNG", type: `multipart/form-data; boundary=${B}`, body: file });
  }
  return bodies;
}

test.describe.configure({ mode: "serial" });
test.setTimeout(600_000);

let ctx: APIRequestContext;
const signIn = async () => {
  const res = await ctx.post("/login", { form: { email: DEMO.admin, password: DEMO_PASSWORD }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
};
/** Whether the fuzz still posts as a signed-in admin (an action after /logout would only see the way to /login). */
const signedIn = async () => (await ctx.get("/users", { maxRedirects: 0 })).status() === 200;
test.beforeAll(async ({ baseURL }) => {
  ctx = await pwRequest.newContext({ baseURL });
  await signIn();
});
test.afterAll(async () => ctx.dispose());

test("no action answers 5xx to a bad body (broken multipart among them), a repeated field or a huge id", async () => {
  const paths = await actionPaths();
  expect(paths.length).toBeGreaterThan(30);
  const ids = new Map<string, string>();
  const failures: string[] = [];
  const record = (label: string, status: number) => {
    if (status >= 500) failures.push(`${status} ${label}`);
  };
  // A connection the server closed after refusing a body is not an answer: the request is sent again.
  const send = (fn: () => Promise<{ status(): number }>) =>
    fn()
      .catch(() => fn())
      .then(
        (r) => r.status(),
        () => 599,
      );
  let signedOut = 0;
  for (const pattern of paths) {
    // /logout (its bodiless or broken posts sign out too) would leave every later action fuzzed
    // without a session, each answering only a redirect to /login: the session is checked before each.
    if (!(await signedIn())) {
      signedOut += 1;
      await signIn();
    }
    const url = await samplePath(ctx, pattern, ids);
    const { names, intents, hasFile } = await formShape(ctx, url);
    for (const intent of intents) {
      for (const bad of badBodies(names, intent, hasFile)) {
        const status = await send(() => ctx.post(url, { data: bad.body, headers: { "content-type": bad.type }, maxRedirects: 0 }));
        record(`POST ${url} [${intent || "sin intent"}] ${bad.label}`, status);
      }
    }
    if (pattern.includes(":")) {
      const huge = pattern.replace(/:[^/]+/g, HUGE_ID);
      record(`GET ${huge}`, await send(() => ctx.get(huge, { maxRedirects: 0 })));
      record(`POST ${huge}`, await send(() => ctx.post(huge, { form: { intent: intents[0] ?? "" }, maxRedirects: 0 })));
    }
  }
  expect(failures, failures.join("\n")).toEqual([]);
  // Signed out once, by /logout itself; any other would mean some action was fuzzed without a session.
  expect(signedOut).toBeLessThanOrEqual(1);
});
