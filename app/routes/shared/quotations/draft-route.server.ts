import { data } from "react-router";
import { refusedWith, readForm } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import type { SessionUser } from "~/modules/auth/session-user";
import { runDraftIntent } from "~/modules/quotations/draft-action.server";
import { StoreSchema, type StoreOutcome } from "~/modules/quotations/store-action.server";

/**
 * The answers to the quotation draft's posts, shared by the v3 list (/products), its quotation dialog
 * and the v4 screen (/quotations): a refusal stays in the page with its message and the status of its
 * reason, a change returns to where it was posted from with a toast.
 */

/** A change of the draft (add, quantity, client, options…): back to `back` with a toast, or the refusal. */
export async function answerDraftChange(user: SessionUser, form: FormData, back: string) {
  const outcome = await runDraftIntent(user, form);
  if (!outcome.ok) return refusedWith(outcome);
  return redirectWithToast(back, { title: "Cotización", message: outcome.message, variant: "success", durationMs: 3000 });
}

/** The store button: `store` saves the draft the page showed; the saved quotation opens next. */
export async function answerStore(form: FormData, store: (version: number | null) => Promise<StoreOutcome>) {
  const parsed = StoreSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: "La solicitud no es válida." }, { status: 400 });
  const stored = await store(parsed.data.version ?? null);
  if (!stored.ok) return refusedWith(stored);
  return redirectWithToast(`/products/quotes/${stored.folio}`, stored.toast);
}

/**
 * The post of a screen that shows the draft with its store button (the v3 dialog, the v4 screen):
 * the store button saves it with `store`, any other button changes it and goes back to `back`.
 */
export async function answerDraftPost(
  request: Request,
  url: URL,
  store: (user: SessionUser, version: number | null) => Promise<StoreOutcome>,
  back: string,
) {
  const user = await requireAccess(request, url);
  const form = await readForm(request);
  if (form.get("intent") === "store") return answerStore(form, (version) => store(user, version));
  return answerDraftChange(user, form, back);
}
