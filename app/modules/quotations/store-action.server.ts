import { z } from "zod";
import { can } from "~/lib/access";
import type { ToastInput } from "~/lib/toast";
import type { SessionUser } from "~/modules/auth/session.server";
import { loadDraft } from "./draft.server";
import { sendQuoteToErp } from "./erp.server";
import { storeDraft, type StoreResult } from "./stored.server";

/** The store buttons' form: the draft version the page was drawn from (a stale page is refused). */
export const StoreSchema = z.object({ intent: z.literal("store"), version: z.coerce.number().int().min(0).optional().catch(undefined) });

/** A stored quote and the toast that announces it, or why the draft was not stored. */
export type StoreOutcome = { ok: true; folio: string; toast: ToastInput } | Extract<StoreResult, { ok: false }>;

const savedToast = (folio: string): ToastInput => ({ title: "Cotización guardada", message: `Se guardó la cotización ${folio}.`, variant: "success" });

/** Guardar cotización: stores the draft (the stored quote opens next). */
export async function storeQuotation(user: SessionUser, version: number | null): Promise<StoreOutcome> {
  const result = await storeDraft(user, version);
  return result.ok ? { ok: true, folio: result.folio, toast: savedToast(result.folio) } : result;
}

/**
 * Cotizador v4's "Crear cotización": stores the draft and, for the roles that create ERP quotations
 * and with an agent chosen, sends it to Intelisis. The quote is committed before the ERP call, so an
 * ERP failure leaves it saved and the send can be retried from the stored quote.
 */
export async function createQuotation(user: SessionUser, version: number | null): Promise<StoreOutcome> {
  const agent = (await loadDraft(user.id)).data.erpUser;
  const result = await storeDraft(user, version, new Date(), "v4");
  if (!result.ok) return result;
  const folio = result.folio;
  if (!can(user, "quotations.erpCreate") || !agent) return { ok: true, folio, toast: savedToast(folio) };
  const sent = await sendQuoteToErp(user, folio, agent);
  return sent.ok
    ? { ok: true, folio, toast: { title: "Cotización creada", message: `Se guardó la cotización ${folio}. ${sent.message}`, variant: "success" } }
    : { ok: true, folio, toast: { title: sent.title, message: `Se guardó la cotización ${folio}. ${sent.message}`, variant: "danger" } };
}
