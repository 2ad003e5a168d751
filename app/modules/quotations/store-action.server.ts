import { data } from "@remix-run/node";
import { z } from "zod";
import { redirectWithToast } from "~/lib/toast.server";
import type { SessionUser } from "~/modules/auth/session.server";
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
