import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "../../scripts/precompressed-assets";
import { accepts, precompressedStatic } from "../../server/http/precompressed";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assets-"));
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"fila ${i}"`).join(",")}];\n`;
const files: Record<string, string | Buffer> = {
  "list-abc123.js": script,
  "tiny-abc123.js": "export const a = 1;\n",
  "tailwind-abc123.css": `.fila{color:red}\n`.repeat(200),
  "logo-abc123.png": Buffer.alloc(4096, 7),
};
let server: http.Server;
let port: number;

beforeAll(async () => {
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  // The build's step, run on the files as a build would hand them over.
  const plugin = precompressedAssets() as unknown as { writeBundle: (options: { dir: string }, bundle: object) => Promise<void> };
  await plugin.writeBundle({ dir }, Object.fromEntries(Object.keys(files).map((name) => [name, {}])));
  const app = express();
  app.use(compression({ level: 6 }));
  app.use("/assets", precompressedStatic(dir, { immutable: true, maxAge: "1y" }));
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});

/** The raw answer (no decoding by the client), as a browser with this Accept-Encoding gets it. */
function get(file: string, acceptEncoding?: string, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(
      { port, path: `/assets/${file}`, method, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("the build's compressed copies", () => {
  it("are made for scripts and styles above 1 KB, at the strongest settings, and decode to the file", () => {
    const made = fs
      .readdirSync(dir)
      .filter((n) => /\.(br|gz)$/.test(n))
      .sort();
    expect(made).toEqual(["list-abc123.js.br", "list-abc123.js.gz", "tailwind-abc123.css.br", "tailwind-abc123.css.gz"]);
    const read = (name: string) => fs.readFileSync(path.join(dir, name));
    expect(zlib.brotliDecompressSync(read("list-abc123.js.br")).toString()).toBe(script);
    expect(zlib.gunzipSync(read("list-abc123.js.gz")).toString()).toBe(script);
    expect(read("list-abc123.js.br").length).toBeLessThan(read("list-abc123.js.gz").length);
    // gzip's header marks the strongest level (9) with extra flags 2.
    expect(read("list-abc123.js.gz")[8]).toBe(2);
  });
});

describe("serving the assets", () => {
  it("sends the Brotli copy to a browser that accepts it, whatever order it lists its codings in", async () => {
    for (const header of ["gzip, deflate, br, zstd", "br", "*"]) {
      const res = await get("list-abc123.js", header);
      expect(res.status, header).toBe(200);
      expect(res.headers["content-encoding"], header).toBe("br");
      expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.equals(fs.readFileSync(path.join(dir, "list-abc123.js.br")))).toBe(true);
    }
  });

  it("sends the gzip copy as it was built (not compressed again) when Brotli is not accepted", async () => {
    for (const header of ["gzip, deflate", "br;q=0, gzip", "gzip;q=0.5"]) {
      const res = await get("tailwind-abc123.css", header);
      expect(res.headers["content-encoding"], header).toBe("gzip");
      expect(res.headers["content-type"]).toMatch(/^text\/css/);
      expect(res.body.equals(fs.readFileSync(path.join(dir, "tailwind-abc123.css.gz")))).toBe(true);
    }
  });

  it("sends the file itself to a client that accepts no compression", async () => {
    for (const header of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const res = await get("list-abc123.js", header);
      expect(res.headers["content-encoding"], String(header)).toBeUndefined();
      expect(res.body.toString()).toBe(script);
    }
  });

  it("answers HEAD with the copy's headers and no body", async () => {
    const res = await get("list-abc123.js", "br", "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Number(res.headers["content-length"])).toBe(fs.statSync(path.join(dir, "list-abc123.js.br")).size);
    expect(res.body.length).toBe(0);
  });

  it("leaves files without copies as before: small ones and pictures", async () => {
    const tiny = await get("tiny-abc123.js", "br, gzip");
    expect(tiny.status).toBe(200);
    expect(tiny.body.toString()).toBe(files["tiny-abc123.js"]);
    const png = await get("logo-abc123.png", "br, gzip");
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.body.equals(files["logo-abc123.png"] as Buffer)).toBe(true);
  });

  it("does not serve the copies under their own names", async () => {
    expect((await get("list-abc123.js.br", "br")).status).toBe(404);
    expect((await get("list-abc123.js.gz", "gzip")).status).toBe(404);
  });
});

describe("reading Accept-Encoding", () => {
  it.each([
    ["gzip, deflate, br", "br", true],
    ["gzip, deflate", "br", false],
    ["br;q=0", "br", false],
    ["BR;Q=0.2", "br", true],
    ["*", "br", true],
    ["*;q=0", "gzip", false],
    ["*, br;q=0", "br", false],
    ["br;q=0, *", "br", false],
    ["gzip ; q=1.0", "gzip", true],
    ["gzip;q=abc", "gzip", false],
    ["", "gzip", false],
    [undefined, "gzip", false],
    ["x-gzip", "gzip", false],
  ])("%j accepts %s: %s", (header, coding, expected) => {
    expect(accepts(header, coding)).toBe(expected);
  });
});
