import { describe, expect, it } from "vitest";
import { createHttpMarketplace } from "../../server/integrations/marketplace/http";
import { canonicalDayRange } from "~/lib/day-range";
import { parseQuery } from "~/lib/query";
import { feedbackRequest } from "~/modules/invoices/invoices.server";
import { FeedbackQuery } from "~/modules/invoices/schemas";
import { parseMonth } from "~/modules/orders/filters";
import { salesReportRange } from "~/modules/orders/reports.server";
import { quickRange, validateRange } from "~/modules/reports/date-range";
import { answer, startServer } from "./contract";

/**
 * Every date that crosses a port, from what the screen posts to what goes on the wire, against the
 * format the spec fixes (spec 1 §9 "Dates YYYY/MM/DD in queries", months YYYY/MM; spec 2 §9 "dates
 * YYYY/MM/DD", Invoice feedback "start_date and end_date (YYYY/MM/DD; end date sent as chosen end
 * plus one day)"). The expected strings are written by hand from the spec, never computed.
 */
const ORIGIN = "http://meli.test";
const server = startServer();
const marketplace = () => createHttpMarketplace({ baseUrl: `${ORIGIN}/cms`, token: "t", timeoutMs: 2000, brandSegment: "electrica" });
const EMPTY_LIST = { json: { data: [], meta: { filter_count: 0 } } };
/** Noon in Mexico City on 2024-06-15 (UTC−6). */
const NOW = new Date("2024-06-15T18:00:00Z");

/** The invoice list's URL after its filter form (start_day/end_day, as `<input type="date">` posts them) was sent. */
function feedbackUrl(startDay: string, endDay: string) {
  const canonical = canonicalDayRange(new URL(`http://x/feedback-invoices?start_day=${startDay}&end_day=${endDay}`));
  return new URL(`http://x${canonical}`);
}

describe("dates on the wire", () => {
  it.each([
    ["a month", "2024-05-01", "2024-05-31", "2024/05/01", "2024/06/01"],
    ["the end of a year", "2024-12-01", "2024-12-31", "2024/12/01", "2025/01/01"],
    ["a leap day", "2024-02-29", "2024-02-29", "2024/02/29", "2024/03/01"],
  ])(
    "invoice feedback (%s): start_date and end_date YYYY/MM/DD, the end the chosen end plus one day",
    async (_label, startDay, endDay, start, end) => {
      const url = feedbackUrl(startDay, endDay);
      expect(url.searchParams.get("start_date")).toBe(start);
      expect(url.searchParams.get("end_date")).toBe(end);
      const request = feedbackRequest(parseQuery(url, FeedbackQuery));
      expect({ startDate: request.startDate, endDate: request.endDate }).toEqual({ startDate: start, endDate: end });
      const captured = answer(server, ORIGIN, EMPTY_LIST);
      await marketplace().listInvoiceFeedback(request);
      expect(captured[0].url.pathname).toBe("/cms/custom/legacy-mercadolibre/feedbackInvoice");
      expect(captured[0].url.searchParams.get("start_date")).toBe(start);
      expect(captured[0].url.searchParams.get("end_date")).toBe(end);
      expect(captured[0].url.search).toContain(`start_date=${encodeURIComponent(start)}&end_date=${encodeURIComponent(end)}`);
    },
  );

  it("invoice data (the fallback list) sends the same days", async () => {
    const captured = answer(server, ORIGIN, { json: { data: [], total: 0 } });
    await marketplace().listInvoiceData(feedbackRequest(parseQuery(feedbackUrl("2024-05-01", "2024-05-31"), FeedbackQuery)));
    expect(captured[0].url.pathname).toBe("/cms/custom/legacy-mercadolibre/dataInvoice");
    expect(captured[0].url.searchParams.get("start_date")).toBe("2024/05/01");
    expect(captured[0].url.searchParams.get("end_date")).toBe("2024/06/01");
  });

  it("monthly customer summary: month YYYY/MM, from the month picker's YYYY-MM", async () => {
    const captured = answer(server, ORIGIN, { json: { data: [] } });
    await marketplace().monthlyCustomerSummary(parseMonth("2024-05", NOW)!.month);
    expect(captured[0].url.pathname).toBe("/cms/custom/legacy-mercadolibre/reports/customers");
    expect(captured[0].url.searchParams.get("month")).toBe("2024/05");
  });

  it("monthly order summary: month YYYY/MM", async () => {
    const captured = answer(server, ORIGIN, { json: { data: [] } });
    await marketplace().monthlyOrderSummary("2024-05");
    expect(captured[0].url.searchParams.get("month")).toBe("2024/05");
  });

  it.each([
    ["a custom range from date inputs", { start: "2024-05-01", end: "2024-05-31" }, "2024/05/01", "2024/05/31"],
    ["yesterday", { pick: "yesterday" }, "2024/06/14", "2024/06/14"],
    ["this month", { pick: "thisMonth" }, "2024/06/01", "2024/06/15"],
  ])("orders' sales report (%s): start and end YYYY/MM/DD", async (_label, input, start, end) => {
    const { range } = salesReportRange(input, NOW);
    const captured = answer(server, ORIGIN, { json: { data: [] } });
    await marketplace().salesReport({ start: range!.start, end: range!.end });
    expect(captured[0].url.pathname).toBe("/cms/custom/legacy-mercadolibre/reports/sales");
    expect(captured[0].url.searchParams.get("start")).toBe(start);
    expect(captured[0].url.searchParams.get("end")).toBe(end);
  });

  it("publications' sales report: start and end YYYY/MM/DD in its body", async () => {
    const custom = validateRange("2024-05-01", "2024-05-31", NOW).range!;
    const last7 = quickRange("last7", NOW);
    for (const [range, start, end] of [
      [custom, "2024/05/01", "2024/05/31"],
      [last7, "2024/06/09", "2024/06/15"],
    ] as const) {
      const captured = answer(server, ORIGIN, { json: { data: [] } });
      await marketplace().reportPublications({ start: range.start, end: range.end, mlStore: "Meli1" });
      expect(captured[0].url.pathname).toBe("/cms/custom/legacy-mercadolibre/reportPublications");
      expect(captured[0].json).toEqual({ start, end, ml_store: "Meli1" });
    }
  });

  it("a day given as YYYY-MM-DD to the port still goes out as YYYY/MM/DD", async () => {
    const captured = answer(server, ORIGIN, EMPTY_LIST);
    await marketplace().listInvoiceFeedback({ startDate: "2024-05-01", endDate: "2024-06-01" });
    expect(captured[0].url.searchParams.get("start_date")).toBe("2024/05/01");
    expect(captured[0].url.searchParams.get("end_date")).toBe("2024/06/01");
  });
});
