import ExcelJS from "exceljs";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { buildWorkbook } from "../../server/documents/xlsx.server";

/**
 * Spreadsheet dates show Mexico City wall-clock time, including the years it still changed its clocks
 * (until 2022). Expected values come from Luxon's zone rules, not from the writer under test.
 */
describe("workbook dates in Mexico City time", () => {
  it("writes every instant with the wall-clock time of its day, across the DST years", async () => {
    const instants = Array.from(
      { length: 400 },
      (_, i) => new Date(Date.UTC(2016, 2, 1) + i * 7 * 86_400_000 + (i % 24) * 3_600_000 + 7_000),
    );
    const buffer = await buildWorkbook({
      sheetName: "Fechas",
      columns: [
        { header: "Fecha y hora", key: "at", style: "datetime" },
        { header: "Día", key: "at", style: "date" },
        { header: "Texto", key: "at" },
      ],
      rows: instants.map((at) => ({ at })),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(buffer).buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe("Fecha y hora");
    instants.forEach((at, i) => {
      const mx = DateTime.fromJSDate(at).setZone("America/Mexico_City");
      const row = sheet.getRow(i + 2);
      expect((row.getCell(1).value as Date).toISOString()).toBe(mx.toFormat("yyyy-LL-dd'T'HH:mm:ss.000'Z'"));
      expect((row.getCell(2).value as Date).toISOString()).toBe(mx.toFormat("yyyy-LL-dd'T'00:00:00.000'Z'"));
      expect(row.getCell(3).value).toBe(mx.toFormat("dd/LL/yyyy HH:mm:ss"));
    });
  }, 30_000);

  it("reads a date without an offset as Mexico City's own day", async () => {
    const buffer = await buildWorkbook({
      sheetName: "x",
      columns: [{ header: "Día", key: "d", style: "date" }],
      rows: [{ d: "2026-01-15" }],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(buffer).buffer as ArrayBuffer);
    expect((workbook.worksheets[0].getRow(2).getCell(1).value as Date).toISOString()).toBe("2026-01-15T00:00:00.000Z");
  });
});
