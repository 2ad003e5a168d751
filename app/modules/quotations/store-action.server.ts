import { z } from "zod";
import { can } from "~/lib/access";
import type { ToastInput } from "~/lib/toast";
import type { SessionUser } from "~/modules/auth/session-user";
import { loadDraft } from "./draft.server";
import { sendQuoteToErp } from "./erp.server";
import { storeDraft, type StoreResult } from "./stored.server";
import { CREATED_TOASTS } from "./status";
import { MESSAGES } from "./pricing";

/** The store buttons' form: the draft version the page was drawn from (a stale page is refused). */
export const StoreSchema = z.object({ intent: z.literal("store"), version: z.coerce.number().int().min(0).optional().catch(undefined) });

/** A stored quote and the toast that announces it, or why the draft was not stored. */
export type StoreOutcome = { ok: true; folio: string; toast: ToastInput } | Extract<StoreResult, { ok: false }>;

// The folio shows on the stored quote the answer opens; the toast keeps the spec's words.
const savedToast = (_folio: string): ToastInput => ({ ...CREATED_TOASTS.quotation, variant: "success" });

/** Guardar cotización: stores the draft (the stored quote opens next). */
export async function storeQuotation(user: SessionUser, version: number | null): Promise<StoreOutcome> {
  const result = await storeDraft(user, version);
  return result.ok ? { ok: true, folio: result.folio, toast: savedToast(result.folio) } : result;
}

/**
 * Cotizador v4's "Crear cotización": stores the draft and, for the roles that create ERP quotations,
 * sends it to Intelisis. Those roles need a chosen agent (spec 2 §5: "Datos insuficientes"); without
 * one nothing is stored or sent. A user with no ERP users at all (the page asks to contact support)
 * still stores the quote. The quote is committed before the ERP call, so an ERP failure leaves it
 * saved and the send can be retried from the stored quote.
 */
export async function createQuotation(user: SessionUser, version: number | null): Promise<StoreOutcome> {
  const draft = (await loadDraft(user.id)).data;
  const agent = draft.erpUser;
  const needsAgent = can(user, "quotations.erpCreate") && user.erpUsers.length > 0 && draft.lines.length > 0;
  if (needsAgent && (!agent || !user.erpUsers.includes(agent))) {
    return { ok: false, reason: "refused", message: `${MESSAGES.erpUserMissingTitle}: ${MESSAGES.erpUserMissing}` };
  }
  const result = await storeDraft(user, version, new Date(), "v4");
  if (!result.ok) return result;
  const folio = result.folio;
  if (!can(user, "quotations.erpCreate") || !agent) return { ok: true, folio, toast: savedToast(folio) };
  const sent = await sendQuoteToErp(user, folio, agent);
  return sent.ok
    ? { ok: true, folio, toast: savedToast(folio) }
    : { ok: true, folio, toast: { title: sent.title, message: `Se guardó la cotización ${folio}. ${sent.message}`, variant: "danger" } };
}
