import http from "node:http";
import net from "node:net";
import { request as pwRequest } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, expect, test } from "./fixtures";

/**
 * Posts `total` bytes to the path, with a declared Content-Length (then only the first piece is sent:
 * the answer must come before the body) or chunked, and resolves as soon as the server answers.
 */
function postRaw(
  baseURL: string,
  path: string,
  opts: { contentType: string; total: number; declared: boolean; headers?: Record<string, string> },
) {
  const url = new URL(path, baseURL);
  return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    let answered = false;
    const req = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "content-type": opts.contentType, ...(opts.declared ? { "content-length": String(opts.total) } : {}), ...opts.headers },
      },
      (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started }));
        res.on("error", () => resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started }));
      },
    );
    // The server closes the connection after refusing: a write failing after its answer is expected.
    req.on("error", (e) => (answered ? undefined : reject(e)));
    const chunk = Buffer.alloc(256 * 1024, "a");
    let sent = 0;
    // With a declared length the answer must come before the body: only its first piece is sent.
    const until = opts.declared ? chunk.byteLength : opts.total;
    const pump = () => {
      while (sent < until && !answered) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!opts.declared) req.end();
    };
    pump();
  });
}

const MB = 1024 * 1024;

test.describe("request bodies are bounded before they are read", () => {
  test("a 100 MB anonymous post to /login is refused with 413 in under a second, and others are not held up", async ({
    baseURL,
    request,
  }) => {
    const big = postRaw(baseURL!, "/login", { contentType: "application/x-www-form-urlencoded", total: 100 * MB, declared: true });
    const other = (async () => {
      const started = Date.now();
      const res = await request.get("/login");
      return { status: res.status(), ms: Date.now() - started };
    })();
    const [refused, page] = await Promise.all([big, other]);
    expect(refused.status).toBe(413);
    expect(refused.body).toContain("supera el tamaño máximo permitido (1 MB)");
    expect(refused.ms).toBeLessThan(1000);
    expect(page.status).toBe(200);
    expect(page.ms).toBeLessThan(1000);
  });

  test("a chunked body without a length is cut at the limit", async ({ baseURL }) => {
    const refused = await postRaw(baseURL!, "/login", { contentType: "application/x-www-form-urlencoded", total: 5 * MB, declared: false });
    expect(refused.status).toBe(413);
    expect(refused.ms).toBeLessThan(1000);
  });

  test("an upload route refuses a multipart body over its limit (images 16 MB, attachments 50 MB)", async ({ baseURL }) => {
    const type = "multipart/form-data; boundary=----limite";
    const image = await postRaw(baseURL!, "/catalogs/new", { contentType: type, total: 40 * MB, declared: true });
    expect(image.status).toBe(413);
    expect(image.body).toContain("(16 MB)");
    expect(image.ms).toBeLessThan(1000);
    const attachment = await postRaw(baseURL!, "/messages/1", { contentType: type, total: 60 * MB, declared: true });
    expect(attachment.status).toBe(413);
    expect(attachment.body).toContain("(50 MB)");
    expect(attachment.ms).toBeLessThan(1000);
  });

  test("a multipart text field over 64 KB on /messages is refused, not a 500", async ({ baseURL, request }) => {
    const ctx = await pwRequest.newContext({ baseURL });
    await ctx.post("/login", { form: { email: DEMO.admin, password: DEMO_PASSWORD } });
    const res = await ctx.post("/messages/1", { multipart: { intent: "reply", text: "x".repeat(70 * 1024) }, maxRedirects: 0 });
    expect(res.status()).toBe(413);
    expect(await res.text()).toContain("Un campo de texto supera el tamaño máximo permitido (64 KB)");
    await ctx.dispose();
    void request;
  });
});

test("a field name with a list index of a thousand or more is refused before any form reads it, url-encoded or multipart", async ({
  baseURL,
}) => {
  const ctx = await pwRequest.newContext({ baseURL });
  await ctx.post("/login", { form: { email: DEMO.admin, password: DEMO_PASSWORD } });
  const started = Date.now();
  const forms: Array<[string, Record<string, string>]> = [
    ["/web-inventory/new", { intent: "save", sku: "X", "properties[99999].name": "a" }],
    ["/publications/new", { intent: "save", title: "x", "linked[123456].sku": "A" }],
    ["/ecommerce/sections/new", { "products[1000].id": "A" }],
    // A list button names its list in the intent.
    ["/publications/new", { __intent__: JSON.stringify({ type: "insert", payload: { name: "linked[99999999]" } }) }],
  ];
  for (const [path, form] of forms) {
    const encoded = await ctx.post(path, { form, maxRedirects: 0 });
    expect(encoded.status(), path).toBe(400);
    expect(await encoded.text()).toContain("El formulario no es válido.");
    const multipart = await ctx.post(path, { multipart: form, maxRedirects: 0 });
    expect(multipart.status(), path).toBe(400);
  }
  // Refused at once: the server never built the list.
  expect(Date.now() - started).toBeLessThan(5_000);
  // An index under a thousand is an ordinary form (the route then answers as it does).
  const ordinary = await ctx.post("/web-inventory/new", {
    form: { intent: "save", sku: "", "properties[999].name": "a" },
    maxRedirects: 0,
  });
  expect(ordinary.status()).not.toBe(500);
  expect(await ordinary.text()).not.toContain("El formulario no es válido.");
  await ctx.dispose();
});

test.describe("cross-site posts are refused on every route, resource routes included", () => {
  for (const path of ["/logout", "/orders/2000000000000001/label", "/login", "/orders", "/messages/1"]) {
    test(`POST ${path} from another site → 403`, async ({ request }) => {
      const byOrigin = await request.post(path, { form: { intent: "x" }, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
      expect(byOrigin.status()).toBe(403);
      expect(await byOrigin.text()).toContain("El formulario no se envió desde este sitio.");
      const byFetchSite = await request.post(path, { form: { intent: "x" }, headers: { "Sec-Fetch-Site": "cross-site" }, maxRedirects: 0 });
      expect(byFetchSite.status()).toBe(403);
    });
  }

  test("a same-origin logout still works", async ({ baseURL }) => {
    const ctx = await pwRequest.newContext({ baseURL });
    await ctx.post("/login", { form: { email: DEMO.admin, password: DEMO_PASSWORD } });
    const res = await ctx.post("/logout", {
      headers: { Origin: new URL(baseURL!).origin, "Sec-Fetch-Site": "same-origin" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(res.headers()["location"]).toBe("/login");
    await ctx.dispose();
  });
});

test.describe("redirectTo never leaves the site", () => {
  /** Same origin, and no protocol-relative "//host" that a browser would read as another site. */
  const expectStaysOnSite = (location: string, redirectTo: string) => {
    expect(new URL(location, "https://app.example").origin, `${redirectTo} → ${location}`).toBe("https://app.example");
    expect(location.startsWith("//"), location).toBe(false);
  };
  const bypasses = ["/.//evil.example", "//evil.example", "/\\evil.example", "/%2f%2fevil.example", "https://evil.example/x"];

  test("after signing in (POST)", async ({ baseURL }) => {
    for (const redirectTo of bypasses) {
      const ctx = await pwRequest.newContext({ baseURL });
      const res = await ctx.post("/login", { form: { email: DEMO.admin, password: DEMO_PASSWORD, redirectTo }, maxRedirects: 0 });
      expect(res.status(), redirectTo).toBe(302);
      expectStaysOnSite(res.headers()["location"], redirectTo);
      await ctx.dispose();
    }
  });

  test("on a signed-in GET of /login", async ({ baseURL }) => {
    const ctx = await pwRequest.newContext({ baseURL });
    await ctx.post("/login", { form: { email: DEMO.admin, password: DEMO_PASSWORD } });
    for (const redirectTo of bypasses) {
      const res = await ctx.get(`/login?redirectTo=${encodeURIComponent(redirectTo)}`, { maxRedirects: 0 });
      expectStaysOnSite(res.headers()["location"], redirectTo);
    }
    await ctx.dispose();
  });
});

test("signed-in pages and downloads are never stored (Cache-Control: no-store)", async ({ baseURL }) => {
  const ctx = await pwRequest.newContext({ baseURL });
  await ctx.post("/login", { form: { email: DEMO.admin, password: DEMO_PASSWORD } });
  for (const path of ["/orders", "/publications/stock-report.xlsx"]) {
    const res = await ctx.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    expect(res.headers()["cache-control"], path).toBe("no-store");
  }
  await ctx.dispose();
});

/** Sends one GET on an open socket and resolves with the status line of its answer. */
function getOn(socket: net.Socket, host: string, path: string) {
  return new Promise<string>((resolve, reject) => {
    if (!socket.writable) return reject(new Error("el servidor cerró la conexión inactiva"));
    let head = "";
    const onData = (chunk: Buffer) => {
      head += chunk.toString("latin1");
      if (head.includes("\r\n")) {
        socket.off("data", onData);
        resolve(head.slice(0, head.indexOf("\r\n")));
      }
    };
    socket.on("data", onData);
    socket.once("close", () => reject(new Error("la conexión se cerró sin respuesta")));
    socket.once("error", reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

// A client reusing an idle connection at the moment the server drops it gets a reset, not an answer
// (seen on a PDF download from a keep-alive client). Node drops idle connections after 5 s by default.
test("an idle connection is still answered after 6 s, so a client reusing it never meets a reset", async ({ baseURL }) => {
  const url = new URL(baseURL!);
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  expect(await getOn(socket, url.host, "/favicon.ico")).toMatch(/^HTTP\/1\.1 200/);
  await new Promise((r) => setTimeout(r, 6_000));
  expect(await getOn(socket, url.host, "/favicon.ico")).toMatch(/^HTTP\/1\.1 200/);
  socket.destroy();
});

test("the files beside the assets are served by their names, with an hour of cache", async ({ request }) => {
  for (const [file, type] of [
    ["/favicon.ico", "image/"],
    ["/favicon.svg", "image/svg+xml"],
    ["/brand/galeria-predeterminada-1.webp", "image/webp"],
  ]) {
    const res = await request.get(file, { maxRedirects: 0 });
    expect(res.status(), file).toBe(200);
    expect(res.headers()["content-type"], file).toContain(type);
    expect(res.headers()["cache-control"], file).toBe("public, max-age=3600");
  }
});

/** One raw request, as a browser never sends it (a method, a path Playwright would tidy up). */
function rawRequest(baseURL: string, method: string, path: string) {
  const url = new URL(baseURL);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ hostname: url.hostname, port: url.port, path, method }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("requests no page makes get a Spanish 4xx page, never a 500 or an English one", async ({ baseURL }) => {
  const trace = await rawRequest(baseURL!, "TRACE", "/login");
  expect(trace.status).toBe(405);
  expect(trace.body).toContain("Este método no está permitido.");
  const badPath = await rawRequest(baseURL!, "GET", "/orders/%FF");
  expect(badPath.status).toBe(400);
  expect(badPath.body).toContain("La dirección no es válida.");
  const legacyData = await rawRequest(baseURL!, "GET", "/login?_data=routes%2Flogin");
  expect(legacyData.status).toBe(400);

  const ctx = await pwRequest.newContext({ baseURL });
  // A sign-in carrying an over-long return address (a long search in a bookmarked URL) still signs in.
  const signIn = await ctx.post("/login", {
    form: { email: DEMO.developer, password: DEMO_PASSWORD, redirectTo: `/orders?search=${"a".repeat(2100)}` },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  // A post to a download (a route without an action): the Spanish page, not the router's JSON.
  const download = await ctx.post("/web-inventory/11055/qr", { form: { x: "1" }, maxRedirects: 0 });
  expect(download.status()).toBe(405);
  expect(download.headers()["content-type"]).toContain("text/html");
  expect(await download.text()).toContain("Este método no está permitido.");
  // A post to a page without an action: the app's own Spanish words, not the router's English ones.
  const page = await ctx.post("/logs", { form: { x: "1" }, maxRedirects: 0 });
  expect(page.status()).toBe(405);
  const html = await page.text();
  const shown = html.split("<script")[0];
  expect(shown).toContain("Acción no disponible");
  expect(shown).not.toContain("You made a POST");

  // A field posted twice where the dialog has one: 400, not a dialog that cannot be drawn.
  const twice: Array<[string, string]> = [
    ["/promotions/1", "intent=save&title=a&title=b"],
    ["/catalogs/1", "intent=refresh&title=a&title=b"],
    ["/catalogs/new", "intent=refresh&title=a&subtitles%5B0%5D.q=x&subtitles%5B0%5D.q=y"],
    ["/product-sectors/new", "name=a&name=b"],
    ["/product-applications/1", "name=a&name=b"],
    ["/web-inventory/combos/KQO4X20", "intent=save&name=Kit&components%5B0%5D.sku=QO120&components%5B0%5D.qty=1&components%5B0%5D.qty=2"],
  ];
  for (const [path, body] of twice) {
    const res = await ctx.post(path, { data: body, headers: { "content-type": "application/x-www-form-urlencoded" }, maxRedirects: 0 });
    expect(res.status(), path).toBe(400);
  }
  // Years the database cannot hold read as no date: never a 500.
  for (const path of [
    "/orders?start_date=0000-01-01&end_date=0000-02-01",
    "/questions?tab=history&date=9999-12-31",
    "/messages?section=history&start_date=0000-01-01",
    "/pdv?tab=historial&start_date=0000-01-01&end_date=0000-02-01",
    "/orders/reports/download?report=customers&month=0000-01",
  ]) {
    const res = await ctx.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBeLessThan(500);
  }
  // A template id beyond the database's integers names no template.
  const template = await ctx.post("/messages/templates", { form: { id: "2147483648", name: "x", text: "y" }, maxRedirects: 0 });
  expect(template.status()).toBe(404);
  const inserted = await ctx.post("/messages", {
    form: { intent: "insert-template", conversationId: "100", templateId: "2147483648" },
    maxRedirects: 0,
  });
  expect(inserted.status()).toBeLessThan(500);
  await ctx.dispose();
});
