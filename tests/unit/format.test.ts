import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMoney, formatTime, formatQueryDate, formatRelative } from "@common/format";
import { parseQueryDate } from "~/lib/mexico-time";

describe("formatting in es-MX and Mexico City time", () => {
  it("formats money as MXN", () => {
    expect(formatMoney(1234.5)).toBe("$1,234.50");
    expect(formatMoney("99.999")).toBe("$100.00");
    expect(formatMoney(null)).toBe("$0.00");
    // A zero discount is shown negated: −0 must read as zero, not "-$0.00".
    expect(formatMoney(-0)).toBe("$0.00");
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
    // Years the database cannot hold (no year 0; the day after 9999-12-31 is year 10 000): no filter, never a 500.
    expect(parseQueryDate("0000-01-01")).toBeNull();
    expect(parseQueryDate("9999-12-31")).toBeNull();
    expect(parseQueryDate("1899/12/31")).toBeNull();
    expect(parseQueryDate("1900/01/01")?.toFormat("yyyy/LL/dd")).toBe("1900/01/01");
  });

  it("says 'hace 3 horas'", () => {
    const now = new Date("2026-05-01T15:00:00Z");
    expect(formatRelative(new Date("2026-05-01T12:00:00Z"), now)).toBe("hace 3 horas");
  });

  it("leaves unparseable values empty", () => {
    expect(formatDateTime("no es fecha")).toBe("");
    expect(formatRelative(undefined)).toBe("");
    expect(formatTime(null)).toBe("");
  });
});

// Luxon in America/Mexico_City is the reference the fast formatters must agree with, including the
// daylight-saving years before 2023 and the transitions themselves.
const ZONE = "America/Mexico_City";
const INSTANTS = [
  "2020-04-05T07:59:59Z",
  "2020-04-05T08:00:00Z",
  "2020-10-25T06:59:59Z",
  "2020-10-25T07:00:00Z",
  "2022-10-30T06:30:00Z",
  "2022-10-30T07:30:00Z",
  "2024-02-29T23:59:59.999Z",
  "2025-12-31T06:00:00Z",
  "2026-01-01T05:59:59Z",
  "2026-01-01T06:00:00Z",
  "2026-11-22T18:05:09Z",
  "1999-12-31T23:00:00Z",
];

describe("fast Mexico City formatting agrees with the zone database", () => {
  it.each(INSTANTS)("%s", (iso) => {
    const ref = DateTime.fromISO(iso, { zone: ZONE });
    expect(formatDateTime(iso)).toBe(ref.toFormat("dd/LL/yyyy HH:mm:ss"));
    expect(formatDate(new Date(iso))).toBe(ref.toFormat("dd/LL/yyyy"));
    expect(formatTime(Date.parse(iso))).toBe(ref.toFormat("HH:mm"));
  });

  it("reads offset-less strings as Mexico City wall-clock time", () => {
    expect(formatDateTime("2026-03-10T08:00:00")).toBe("10/03/2026 08:00:00");
  });

  it.each(INSTANTS)("the day in the query string of %s", (iso) => {
    expect(formatQueryDate(iso)).toBe(DateTime.fromISO(iso, { zone: ZONE }).toFormat("yyyy/LL/dd"));
  });

  // Wall-clock readings, around the old daylight-saving changes too (2022 was the last year).
  const LOCAL = [
    "2026-03-10T08:00:00",
    "2026-03-10",
    "2026-03-10T08:00",
    "2024-02-29T23:59:59.999",
    "2020-04-05T01:59:59",
    "2020-04-05T03:00:00",
    "2020-10-25T00:30:00",
    "2022-10-30T01:30:00",
    "2022-10-30T03:00:00",
    "1999-12-31 17:00:00",
  ];
  it.each(LOCAL)("offset-less %s is read as the zone database reads it", (text) => {
    const ref = DateTime.fromISO(text.replace(" ", "T"), { zone: ZONE });
    expect(formatDateTime(text)).toBe(ref.toFormat("dd/LL/yyyy HH:mm:ss"));
    expect(formatRelative(text, ref.plus({ hours: 3 }).toJSDate())).toBe("hace 3 horas");
  });

  it.each(["2026-02-30", "2026-13-01", "2026-01-01T24:00", "10/03/2026", "ayer", ""])("'%s' is not a date: nothing is shown", (text) => {
    expect(formatDateTime(text)).toBe("");
  });

  const base = new Date("2026-11-22T18:00:00Z");
  const AGO: Array<[string, string]> = [
    ["2026-11-22T18:00:00Z", "hace 0 segundos"],
    ["2026-11-22T17:59:15Z", "hace 45 segundos"],
    ["2026-11-22T17:01:00Z", "hace 59 minutos"],
    ["2026-11-22T15:00:00Z", "hace 3 horas"],
    ["2026-11-21T18:00:01Z", "hace 23 horas"],
    ["2026-11-21T18:00:00Z", "hace 1 día"],
    ["2026-10-23T18:00:00Z", "hace 30 días"],
    ["2026-10-22T18:00:00Z", "hace 1 mes"],
    ["2026-01-31T18:00:00Z", "hace 9 meses"],
    ["2025-11-22T18:00:00Z", "hace 1 año"],
    ["2023-05-01T00:00:00Z", "hace 3 años"],
    ["2026-11-23T21:00:00Z", "dentro de 1 día"],
    ["2027-02-28T18:00:00Z", "en 3 meses"],
  ];
  it.each(AGO)("%s is '%s' and matches Luxon", (iso, text) => {
    expect(formatRelative(iso, base)).toBe(text);
    // Just now reads as the past ('hace 0 segundos'), where Luxon says 'dentro de 0 segundos'.
    if (Date.parse(iso) === base.getTime()) return;
    const luxon = DateTime.fromISO(iso, { zone: ZONE })
      .setLocale("es-MX")
      .toRelative({ base: DateTime.fromJSDate(base, { zone: ZONE }) });
    expect(formatRelative(iso, base)).toBe(luxon);
  });

  it("counts calendar months with days clamped to the month's end", () => {
    const endOfFeb = new Date("2026-03-01T05:00:00Z"); // 28/02/2026 23:00 in Mexico City
    expect(formatRelative("2026-01-31T06:00:00Z", endOfFeb)).toBe(
      DateTime.fromISO("2026-01-31T06:00:00Z", { zone: ZONE })
        .setLocale("es-MX")
        .toRelative({ base: DateTime.fromJSDate(endOfFeb, { zone: ZONE }) }),
    );
  });
});
