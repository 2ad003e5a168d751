import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { seedDemo } from "../../server/db/seed/demo";
import { buildWorkbook } from "../../server/documents/xlsx.server";
import { loader as ordersLoader } from "~/routes/_app.orders";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";

// One user's large export must not hold everyone else's requests (on PGlite the server is one process).
const database = await useTestDatabase();
await seedDemo(database, { now: new Date(), brand: "Electrica" });

const ROWS = 40_000;
const rows = Array.from({ length: ROWS }, (_, i) => ({
  id: `MLM${1_000_000 + i}`,
  title: `Apagador sencillo ${i} color blanco, placa de 3 módulos`,
  stock: i % 7,
  price: 120.5 + (i % 50),
  date: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
}));

describe("a heavy export", () => {
  it(
    `a ${ROWS.toLocaleString("en")}-row .xlsx is written while /orders keeps answering in under 200 ms`,
    // A retry absorbs a scheduling hiccup of the shared test machine; a stall of the request thread fails every time.
    { timeout: 180_000, retry: 2 },
    async () => {
      const { cookie } = await loginAs("admin");
      let inOrders = false;
      const orders = async () => {
        inOrders = true;
        const started = performance.now();
        const res = await settle(() => ordersLoader({ request: makeRequest("/orders?page=2", { cookie }), params: {}, context: {} }));
        inOrders = false;
        expect(res).not.toBeInstanceOf(Response);
        return performance.now() - started;
      };
      await orders(); // warm

      // A stall of the request thread is what any request arriving then would wait. Ticks that overlap an
      // /orders call are left out: PGlite runs that call's own statements on this thread.
      let worstStall = 0;
      let tick = performance.now();
      let overlapped = false;
      const monitor = setInterval(() => {
        const now = performance.now();
        if (!overlapped && !inOrders) worstStall = Math.max(worstStall, now - tick - 10);
        overlapped = inOrders;
        tick = now;
      }, 10);
      let finished = false;
      const exportDone = buildWorkbook({
        sheetName: "Publicaciones",
        columns: [
          { header: "Publicación", key: "id" },
          { header: "Título", key: "title", width: 50 },
          { header: "Stock", key: "stock", style: "integer" },
          { header: "Precio", key: "price", style: "money" },
          { header: "Fecha", key: "date", style: "datetime" },
        ],
        rows,
      }).finally(() => (finished = true));

      const timings: number[] = [];
      await new Promise((r) => setTimeout(r, 50));
      while (!finished) {
        timings.push(await orders());
        await new Promise((r) => setTimeout(r, 20));
      }
      const file = await exportDone;
      clearInterval(monitor);
      expect(timings.length).toBeGreaterThanOrEqual(3);
      const report = `stall ${Math.round(worstStall)} ms; /orders took ${timings.map(Math.round).join(", ")} ms`;
      expect(Math.max(...timings), report).toBeLessThan(200);
      // Written on the request thread the workbook froze it for 0.76 s and more; with the worker the
      // remaining stalls on a loaded two-core machine (0.2–0.45 s) are the scheduler's, not the export's.
      expect(Math.round(worstStall), report).toBeLessThan(500);

      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer);
      const sheet = book.worksheets[0];
      expect(sheet.rowCount).toBe(ROWS + 1);
      expect(sheet.getCell("A2").value).toBe("MLM1000000");
      expect(sheet.getCell("D2").value).toBe(120.5);
      // 2026-01-01 00:00 UTC is 2025-12-31 18:00 in Mexico City.
      expect((sheet.getCell("E2").value as Date).toISOString()).toBe("2025-12-31T18:00:00.000Z");
    },
  );
});
