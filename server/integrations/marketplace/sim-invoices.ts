/** Simulated invoice-feedback lists (feedbackInvoice and its fallback dataInvoice answer the same data). */
import type { SimRuntime } from "../simulator/runtime";
import { requireDay } from "../simulator/store";
import { utcInstant } from "./legacy";
import type { InvoiceData, InvoiceFeedbackQuery, InvoiceFeedbackRecord, MarketplacePort } from "./port";

type FeedbackRow = {
  order_id: string;
  permalink: string;
  date_created: string;
  error_info: string;
  invoice_data: Record<string, string>;
  feedbacks: Array<{ id: number; date_created: string; error_info: string }>;
  total: number;
};

function toInvoiceData(d: Record<string, string>): InvoiceData {
  const v = (k: string) => d[k] ?? "";
  return {
    name: v("name"),
    rfc: v("rfc"),
    address: v("address"),
    phone: v("phone"),
    email: v("email"),
    zipCode: v("zip_code"),
    country: v("country"),
    state: v("state"),
    city: v("city"),
    colony: v("colony"),
    wayPayment: v("way_payment"),
    paymentMethod: v("payment_method"),
    taxRegime: v("tax_regime"),
    cfdi: v("cfdi"),
  };
}

/** The list's filter: sale number, buyer name or RFC; creation days in Mexico City (end exclusive). */
const FEEDBACK_WHERE = `($1 = '' or order_id::text like $2 or invoice_data->>'name' ilike $2 or invoice_data->>'rfc' ilike $2)
            and ($3::date is null or (date_created at time zone 'America/Mexico_City')::date >= $3::date)
            and ($4::date is null or (date_created at time zone 'America/Mexico_City')::date < $4::date)`;

/**
 * One page of the list with the total as a window, and the count a page past the end needs, as
 * statements (the simulator runs them, the bench times them). Days are yyyy-mm-dd, already checked.
 */
export function invoiceFeedbackStatements(
  input: Pick<InvoiceFeedbackQuery, "search" | "limit" | "offset">,
  days: { start: string | null; end: string | null },
) {
  const search = (input.search ?? "").trim();
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const limit = Math.max(1, Math.min(input.limit ?? 10, 200));
  const offset = Math.max(0, input.offset ?? 0);
  return {
    page: {
      text: `select order_id::text as order_id, permalink, date_created, error_info, invoice_data, feedbacks, count(*) over ()::int as total
           from sim.mkt_invoice_feedback
          where ${FEEDBACK_WHERE}
          order by date_created desc, order_id desc
          limit $5 offset $6`,
      params: [search, pattern, days.start, days.end, limit, offset] as unknown[],
    },
    count: {
      text: `select count(*)::int as n from sim.mkt_invoice_feedback where ${FEEDBACK_WHERE}`,
      params: [search, pattern, days.start, days.end] as unknown[],
    },
    offset,
  };
}

export function invoiceFeedbackCalls(sim: SimRuntime): Pick<MarketplacePort, "listInvoiceFeedback" | "listInvoiceData"> {
  const db = () => sim.database;

  const list = (call: string) => (input: InvoiceFeedbackQuery) =>
    sim.run("marketplace", call, [input.search], async () => {
      const start = input.startDate ? requireDay("marketplace", call, input.startDate) : null;
      const end = input.endDate ? requireDay("marketplace", call, input.endDate) : null;
      // The screen sends the end date already moved one day forward, so it is exclusive.
      const statements = invoiceFeedbackStatements(input, { start, end });
      const rows = await db().query<FeedbackRow>(statements.page.text, statements.page.params);
      let total = rows[0] ? Number(rows[0].total) : 0;
      if (rows.length === 0 && statements.offset > 0) {
        const [c] = await db().query<{ n: number }>(statements.count.text, statements.count.params);
        total = Number(c.n);
      }
      const data = rows.map((r): InvoiceFeedbackRecord => ({
        id: r.order_id,
        orderId: r.order_id,
        permalink: r.permalink,
        dateCreated: new Date(r.date_created).toISOString(),
        errorInfo: r.error_info,
        invoiceData: toInvoiceData(r.invoice_data),
        feedbacks: r.feedbacks.map((f) => ({ id: Number(f.id), dateCreated: utcInstant(f.date_created), errorInfo: f.error_info })),
      }));
      return { data, total };
    });

  return { listInvoiceFeedback: list("listInvoiceFeedback"), listInvoiceData: list("listInvoiceData") };
}
