import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

type ServeStaticOptions = Parameters<typeof express.static>[1];

/**
 * The built browser assets under `dir`, each sent as its `.br` or `.gz` copy when the build made one
 * (scripts/precompressed-assets.ts) and the browser accepts it: Brotli first, as it is the smaller.
 * Otherwise the file itself, which the compression middleware then compresses as before (a build
 * made without the copies still works). The copies are read from the directory once: a build does
 * not change while it is served.
 */
export function precompressedStatic(dir: string, options: ServeStaticOptions): RequestHandler {
  const copies = new Map<string, { br: boolean; gzip: boolean }>();
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: "utf8" }) : []) {
    const copy = /^(.+)\.(br|gz)$/.exec(name.split(path.sep).join("/"));
    if (!copy || !fs.existsSync(path.join(dir, copy[1]))) continue;
    const found = copies.get(`/${copy[1]}`) ?? { br: false, gzip: false };
    found[copy[2] === "br" ? "br" : "gzip"] = true;
    copies.set(`/${copy[1]}`, found);
  }
  const serve = express.static(dir, options);
  return (req, res, next) => {
    // The copies are how a file is sent, not files of their own.
    if (/\.(?:br|gz)$/.test(req.path) && copies.has(req.path.slice(0, -3))) return next();
    const found = copies.get(req.path);
    if (found && (req.method === "GET" || req.method === "HEAD")) {
      res.vary("Accept-Encoding");
      const header = req.headers["accept-encoding"];
      const encoding = found.br && accepts(header, "br") ? "br" : found.gzip && accepts(header, "gzip") ? "gzip" : null;
      if (encoding) {
        res.setHeader("Content-Encoding", encoding);
        res.type(path.extname(req.path));
        req.url = `${req.path}.${encoding === "br" ? "br" : "gz"}${req.url.slice(req.path.length)}`;
      }
    }
    serve(req, res, next);
  };
}

/** Whether an Accept-Encoding header accepts `coding` (named, or through `*`), with a weight above 0. */
export function accepts(header: string | undefined, coding: string): boolean {
  let viaStar = false;
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim());
    const q = params.find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    const acceptable = Number.isFinite(weight) && weight > 0;
    if (name === coding) return acceptable;
    if (name === "*") viaStar = acceptable;
  }
  return viaStar;
}
