import { eq } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { settings } from "@server/db/schema";
import { getIntegrations, isIntegrationError, type InvoiceFeedbackQuery, type InvoiceFeedbackRecord } from "@server/integrations";
import type { SessionUser } from "~/modules/auth/session-user";
import { audit } from "~/modules/logs/audit.server";
import { listInvoiceCopy } from "./invoice-copy.server";
import { FEEDBACK_PAGE_SIZE, RESEND_TEXTS, defaultRecipients, firstFeedbackSuccessful, resendRefused, type Recipient } from "./rules";
import type { FeedbackQueryValue } from "./schemas";

/** The settings row holding the internal mailbox that always gets a copy of a resent invoice. */
export const INTERNAL_EMAIL_SETTING = "invoice_copy_email";

type Listed = { data: InvoiceFeedbackRecord[]; total: number };
/** `copy`: the back end did not answer, and the list is the local copy as of `syncedAt` (ISO). */
export type ListAnswer = ({ ok: true; copy?: { syncedAt: string; message: string } } & Listed) | { ok: false; message: string };

/**
 * The marketplace back end's invoice records. feedbackInvoice first; when it fails, its fallback
 * dataInvoice (spec 2 §7); when both fail, the local copy the feed keeps, said as such; with no copy
 * either, the screen shows the error instead of the list.
 */
async function fetchRecords(query: InvoiceFeedbackQuery): Promise<ListAnswer> {
  const { marketplace } = getIntegrations();
  try {
    return { ok: true, ...(await marketplace.listInvoiceFeedback(query)) };
  } catch (first) {
    if (!isIntegrationError(first)) throw first;
    try {
      return { ok: true, ...(await marketplace.listInvoiceData(query)) };
    } catch (second) {
      if (!isIntegrationError(second)) throw second;
      const copy = await listInvoiceCopy(query);
      if (!copy) return { ok: false, message: second.message };
      return { ok: true, data: copy.data, total: copy.total, copy: { syncedAt: copy.syncedAt.toISOString(), message: second.message } };
    }
  }
}

/**
 * What the marketplace back end is asked for a page of the list: the URL's days as the spec writes
 * them (YYYY/MM/DD, the end already the chosen end plus one day), one page of records.
 */
export function feedbackRequest(query: FeedbackQueryValue): InvoiceFeedbackQuery {
  return {
    search: query.search,
    startDate: query.start_date,
    endDate: query.end_date,
    limit: FEEDBACK_PAGE_SIZE,
    offset: (query.page - 1) * FEEDBACK_PAGE_SIZE,
  };
}

export async function listFeedbackInvoices(query: FeedbackQueryValue) {
  const answer = await fetchRecords(feedbackRequest(query));
  return { answer, page: query.page, pageSize: FEEDBACK_PAGE_SIZE };
}

/** One sale's record: the back end only lists, so it is searched by its id and matched exactly. */
export async function getFeedbackInvoice(
  saleId: string,
): Promise<{ ok: true; record: InvoiceFeedbackRecord | null } | { ok: false; message: string }> {
  const answer = await fetchRecords({ search: saleId, limit: 50, offset: 0 });
  if (!answer.ok) return answer;
  return { ok: true, record: answer.data.find((r) => r.id === saleId) ?? null };
}

export async function internalEmail(): Promise<string | null> {
  const [row] = await getDb().select({ value: settings.value }).from(settings).where(eq(settings.key, INTERNAL_EMAIL_SETTING)).limit(1);
  return typeof row?.value === "string" ? row.value : null;
}

/** The recipients a resend starts with (the customer's and the internal mailbox). */
export async function startingRecipients(record: InvoiceFeedbackRecord): Promise<Recipient[]> {
  return defaultRecipients(record.invoiceData.email, await internalEmail());
}

export type ResendOutcome =
  { ok: true; variant: "success" | "warning"; title: string; message: string } | { ok: false; title: string; message: string };

/**
 * Sends the invoice again through the invoicing service (outside any transaction), then records the
 * attempt in the audit log. Refused unless the latest feedback is successful.
 */
export async function resendInvoice(record: InvoiceFeedbackRecord, extra: Recipient[], actor: SessionUser): Promise<ResendOutcome> {
  if (!firstFeedbackSuccessful(record)) {
    return { ok: false, title: "Factura pendiente", message: "Solo se puede reenviar una factura timbrada correctamente." };
  }
  const defaults = await startingRecipients(record);
  const recipients = [
    ...defaults,
    ...extra.filter((r) => !defaults.some((d) => d.email === r.email)).map((r) => ({ ...r, isDefault: false, role: "adicional" as const })),
  ];
  if (recipients.length === 0) return { ok: false, title: RESEND_TEXTS.invalidTitle, message: RESEND_TEXTS.invalid };
  let answer: { accepted: boolean; message: string };
  try {
    answer = await getIntegrations().invoicing.resendInvoice({ saleId: record.id, recipients });
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { ok: false, title: "No se pudo reenviar la factura", message: error.message };
  }
  const refused = !answer.accepted || resendRefused(answer.message);
  // One insert: atomic on its own, no transaction needed.
  await audit({
    userId: actor.id,
    type: "integration",
    message: `${refused ? "Reenvío de factura rechazado" : "Factura reenviada"} · venta ${record.id}`,
    tags: ["invoices", "resend"],
    identifier: record.id,
    detail: { recipients: recipients.map((r) => r.email), answer: answer.message },
  });
  return refused
    ? { ok: true, variant: "warning", title: "Reenvío no realizado", message: answer.message }
    : { ok: true, variant: "success", title: "Factura reenviada", message: RESEND_TEXTS.sent };
}
