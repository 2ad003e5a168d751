import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMoney, formatQueryDate, formatRelative, parseQueryDate } from "~/lib/format";

describe("formatting in es-MX and Mexico City time", () => {
  it("formats money as MXN", () => {
    expect(formatMoney(1234.5)).toBe("$1,234.50");
    expect(formatMoney("99.999")).toBe("$100.00");
    expect(formatMoney(null)).toBe("$0.00");
  });

  it("shows timestamps as DD/MM/YYYY HH:mm:ss in America/Mexico_City", () => {
    expect(formatDateTime("2026-03-10T18:05:09Z")).toBe("10/03/2026 12:05:09");
    expect(formatDate(new Date("2026-01-01T05:00:00Z"))).toBe("31/12/2025");
  });

  it("reads and writes query dates as YYYY/MM/DD", () => {
    expect(formatQueryDate("2026-03-10T05:30:00Z")).toBe("2026/03/09");
    expect(parseQueryDate("2026/02/30")).toBeNull();
    expect(parseQueryDate("2026-02-03")?.toFormat("yyyy/LL/dd")).toBe("2026/02/03");
    expect(parseQueryDate("ayer")).toBeNull();
  });

  it("says 'hace 3 horas'", () => {
    const now = new Date("2026-05-01T15:00:00Z");
    expect(formatRelative(new Date("2026-05-01T12:00:00Z"), now)).toBe("hace 3 horas");
  });
});
