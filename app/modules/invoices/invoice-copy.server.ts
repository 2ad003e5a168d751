/**
 * The local copy of the invoice feedback (table invoice_feedback, kept by the feed
 * "invoice-feedback"): what Facturación v2 shows when the marketplace back end answers neither
 * feedbackInvoice nor dataInvoice. Same filter as the back end's list: the sale number, the buyer's
 * name or RFC; creation days in Mexico City, the end day exclusive; newest first.
 */
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { feedState, invoiceFeedback } from "@server/db/schema";
import type { InvoiceFeedbackQuery, InvoiceFeedbackRecord } from "@server/integrations";

/** YYYY/MM/DD (the days as the screen sends them) → YYYY-MM-DD; anything else is no bound. */
function isoDay(day: string | undefined): string | null {
  const m = /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(day?.trim() ?? "");
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(query: InvoiceFeedbackQuery): SQL | undefined {
  const search = (query.search ?? "").trim();
  const start = isoDay(query.startDate);
  const end = isoDay(query.endDate);
  const localDay = sql`(${invoiceFeedback.dateCreated} at time zone 'America/Mexico_City')::date`;
  return and(
    search
      ? or(
          ilike(invoiceFeedback.id, likeEscaped(search)),
          ilike(sql`${invoiceFeedback.invoiceData}->>'name'`, likeEscaped(search)),
          ilike(sql`${invoiceFeedback.invoiceData}->>'rfc'`, likeEscaped(search)),
        )
      : undefined,
    start ? gte(localDay, sql`${start}::date`) : undefined,
    end ? lt(localDay, sql`${end}::date`) : undefined,
  );
}

type Row = typeof invoiceFeedback.$inferSelect;

function recordOf(row: Row): InvoiceFeedbackRecord {
  const d = (k: string) => row.invoiceData[k] ?? "";
  return {
    id: row.id,
    orderId: row.id,
    permalink: row.permalink,
    dateCreated: row.dateCreated.toISOString(),
    errorInfo: row.errorInfo,
    invoiceData: {
      name: d("name"),
      rfc: d("rfc"),
      address: d("address"),
      phone: d("phone"),
      email: d("email"),
      zipCode: d("zip_code"),
      country: d("country"),
      state: d("state"),
      city: d("city"),
      colony: d("colony"),
      wayPayment: d("way_payment"),
      paymentMethod: d("payment_method"),
      taxRegime: d("tax_regime"),
      cfdi: d("cfdi"),
    },
    feedbacks: row.feedbacks.map((f) => ({ id: f.id, dateCreated: f.dateCreated, errorInfo: f.errorInfo })),
  };
}

/** When the copy was last brought up to date: the feed's last success (null: it never ran). */
export async function copySyncedAt(): Promise<Date | null> {
  const [row] = await getDb()
    .select({ at: feedState.lastSuccessAt })
    .from(feedState)
    .where(eq(feedState.name, "invoice-feedback"))
    .limit(1);
  return row?.at ?? null;
}

/** One page of the copy with the total; null when the feed never brought anything (no copy to show). */
export async function listInvoiceCopy(
  query: InvoiceFeedbackQuery,
): Promise<{ data: InvoiceFeedbackRecord[]; total: number; syncedAt: Date } | null> {
  const syncedAt = await copySyncedAt();
  if (!syncedAt) return null;
  const where = whereOf(query);
  const limit = Math.max(1, Math.min(query.limit ?? 10, 200));
  const rows = await getDb()
    .select({ row: invoiceFeedback, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(invoiceFeedback)
    .where(where)
    .orderBy(desc(invoiceFeedback.dateCreated), desc(invoiceFeedback.id))
    .limit(limit)
    .offset(Math.max(0, query.offset ?? 0));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && (query.offset ?? 0) > 0) {
    const [c] = await getDb()
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(invoiceFeedback)
      .where(where);
    total = c.n;
  }
  return { data: rows.map((r) => recordOf(r.row)), total, syncedAt };
}
