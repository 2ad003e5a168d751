import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Database } from "../server/db/client";

/**
 * The floor: a bare Node handler that runs one list's SQL on the same database and writes the rows as
 * a small HTML table — what any server must at least pay for that page. No session, no router, no React.
 */
export async function startFloor(db: Database, sql: string, params: unknown[]): Promise<{ base: string; stop: () => Promise<void> }> {
  const server = http.createServer(async (_req, res) => {
    try {
      const rows = await db.query<Record<string, unknown>>(sql, params);
      const body = `<!doctype html><table>${rows
        .map(
          (r) =>
            `<tr>${Object.values(r)
              .map((v) => `<td>${String(v)}</td>`)
              .join("")}</tr>`,
        )
        .join("")}</table>`;
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(body);
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
