/**
 * The document floor's own process (forked by bench/document-floor.ts with NODE_ENV=production, as the
 * app runs: React picks its development or production build when first imported, and the development
 * one would inflate the floor). For each page it turns the served HTML into React elements once, then
 * times what any React server pays for that page: the list's statements, renderToString and gzip.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";
import parse from "html-react-parser";
import { renderToString } from "react-dom/server";
import { openDatabase } from "../server/db/client";
import type { FloorAnswer, FloorRequest } from "./document-floor";
import { measure } from "./http";
import { median } from "./stats";

// The level server/app.ts compresses every answer with.
const GZIP_LEVEL = 6;
const gzip = promisify(zlib.gzip);

let warm = false;

const send = (answer: FloorAnswer) => new Promise<void>((resolve) => process.send!(answer, () => resolve()));

process.once("message", async (request: FloorRequest) => {
  const database = await openDatabase({ databaseUrl: request.databaseUrl || undefined, dataDir: request.dataDir });
  try {
    for (const page of request.pages) {
      try {
        // Parsed once: the floor times rendering elements, not building them from HTML.
        const elements = parse(page.html);
        let htmlBytes = 0;
        let gzipBytes = 0;
        // The three parts of each call at 1 client, to say where a floor's time goes.
        let parts: { sql: number[]; render: number[]; gzip: number[] } | null = null;
        // One answer as the app builds it: its statements one after the other, the render, the gzip.
        const iteration = async () => {
          const t0 = performance.now();
          for (const s of page.statements) await database.query(s.sql, s.params);
          const t1 = performance.now();
          const html = renderToString(elements);
          const t2 = performance.now();
          const body = await gzip(html, { level: GZIP_LEVEL });
          if (parts) {
            parts.sql.push(t1 - t0);
            parts.render.push(t2 - t1);
            parts.gzip.push(performance.now() - t2);
          }
          htmlBytes = Buffer.byteLength(html);
          gzipBytes = body.length;
        };
        // The same counts as the document's line: a cold call and four warm ones, then 1 and 10 clients.
        // The first page warms longer: this process's first calls compile React, zlib and the
        // database's code, which the app had done long before its lines were timed.
        await measure(warm ? 5 : 50, 1, iteration);
        warm = true;
        parts = { sql: [], render: [], gzip: [] };
        const one = await measure(request.rounds, 1, iteration);
        const split = { sql: median(parts.sql), render: median(parts.render), gzip: median(parts.gzip) };
        parts = null;
        const ten = await measure(request.rounds * 2, request.clients, iteration);
        await send({ key: page.key, one, ten, split, htmlBytes, gzipBytes });
      } catch (error) {
        await send({ key: page.key, error: (error as Error).message });
      }
    }
  } finally {
    await database.close();
  }
  process.disconnect?.();
});
