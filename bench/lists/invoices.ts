import { feedbackRequest } from "../../app/modules/invoices/invoices.server";
import { FeedbackQuery } from "../../app/modules/invoices/schemas";
import { parseQuery } from "../../app/lib/query";
import { invoiceFeedbackStatements } from "../../server/integrations/marketplace/sim-invoices";
import { requireDay } from "../../server/integrations/simulator/store";
import { builtLine } from "./built";
import { queryOf, type BenchList } from "./types";

/**
 * /feedback-invoices reads the marketplace back end's invoice records through the port; with the
 * default simulator that is the `sim` schema of the same database. The URL goes through the loader's
 * parser and the module's request, then the simulator's own page statement (one statement, the total
 * as a window; the count apart runs only past the end).
 */
function line(shape: Record<string, string | number | undefined>): BenchList {
  const query = queryOf(shape);
  const request = feedbackRequest(parseQuery(new URLSearchParams(query), FeedbackQuery));
  const day = (value: string | undefined) => (value ? requireDay("marketplace", "listInvoiceFeedback", value) : null);
  const { page } = invoiceFeedbackStatements(request, { start: day(request.startDate), end: day(request.endDate) });
  return builtLine("/feedback-invoices", query, { sql: page.text, params: page.params });
}

export const INVOICE_LISTS: BenchList[] = [
  line({}),
  line({ page: 50 }),
  // A buyer's surname of the simulated records ("GARCIA" matched none of them).
  line({ search: "MORALES" }),
];
