import { data } from "@remix-run/node";
import { z } from "zod";
import { redirectWithToast } from "~/lib/toast.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { can } from "~/lib/access";
import { loadDraft } from "./draft.server";
import { sendQuoteToErp } from "./erp.server";
import { storeDraft } from "./stored.server";

const StoreSchema = z.object({ intent: z.literal("store"), version: z.coerce.number().int().min(0).optional().catch(undefined) });

/** Guardar cotización: stores the draft and opens the stored quote. */
export async function storeDraftAction(user: SessionUser, form: FormData) {
  const parsed = StoreSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: "La solicitud no es válida." }, { status: 400 });
  const result = await storeDraft(user, parsed.data.version ?? null);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  return redirectWithToast(`/products/quotes/${result.folio}`, { title: "Cotización guardada", message: `Se guardó la cotización ${result.folio}.`, variant: "success" });
}

/**
 * Cotizador v4's "Crear cotización": stores the draft and, for the roles that create ERP quotations
 * and with an agent chosen, sends it to Intelisis. The quote is committed before the ERP call, so an
 * ERP failure leaves it saved and the send can be retried from the stored quote.
 */
export async function createQuotationAction(user: SessionUser, form: FormData) {
  const parsed = StoreSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: "La solicitud no es válida." }, { status: 400 });
  const agent = (await loadDraft(user.id)).data.erpUser;
  const result = await storeDraft(user, parsed.data.version ?? null);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  const to = `/products/quotes/${result.folio}`;
  if (!can(user, "quotations.erpCreate") || !agent) {
    return redirectWithToast(to, { title: "Cotización guardada", message: `Se guardó la cotización ${result.folio}.`, variant: "success" });
  }
  const sent = await sendQuoteToErp(user, result.folio, agent);
  return sent.ok
    ? redirectWithToast(to, { title: "Cotización creada", message: `Se guardó la cotización ${result.folio}. ${sent.message}`, variant: "success" })
    : redirectWithToast(to, { title: sent.title, message: `Se guardó la cotización ${result.folio}. ${sent.message}`, variant: "danger" });
}
