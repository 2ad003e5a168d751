import { data } from "react-router";
import { ContentIdSchema } from "~/modules/content/locations";
import { listUrlOf, notFound, paramOr404 } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

/** What one post of a content dialog comes to (catalogue, shop section, promotion). */
export type DialogStep<Answer> =
  | { kind: "saved"; warning?: string | null }
  | { kind: "not-found" }
  | { kind: "bad-form" }
  | { kind: "unknown-intent" }
  | { kind: "form"; answer: Answer; status: 200 | 400 | 503 };

/** Where a dialog's done command goes: its list (with the list's query) and the success toast; its record's 404 text. */
export type DialogDone = { listPath: string; notFoundText: string; toast: { title: string; message: string } };

/** The record a dialog's URL parameter names, or the dialog's 404 (a malformed id too). */
export async function recordOr404<T>(param: string | undefined, get: (id: number) => Promise<T | null>, notFoundText: string): Promise<T> {
  const record = await get(paramOr404(ContentIdSchema, param, notFoundText));
  return record ?? notFound(notFoundText);
}

/**
 * A done save or delete goes back to the list with a success toast (a warning one, saying it, when
 * the save took something out); a record gone meanwhile is the dialog's 404.
 */
export function backToListOr404(url: URL, done: boolean, to: DialogDone, warning?: string | null) {
  if (!done) notFound(to.notFoundText);
  const toast = warning
    ? { ...to.toast, message: `${to.toast.message} ${warning}`, variant: "warning" as const }
    : { ...to.toast, variant: "success" as const };
  return redirectWithToast(listUrlOf(to.listPath, url), toast);
}

/**
 * The one mapping of a dialog's step to HTTP: a post that cannot be read, or a button the dialog
 * does not have → 400 (as every route answers an intent it does not know); the dialog again
 * with its status; otherwise back to the list, or the 404 of a record gone meanwhile.
 */
export async function answerDialogStep<Answer>(url: URL, step: DialogStep<Answer>, to: DialogDone) {
  if (step.kind === "bad-form") throw new Response("No se pudo leer el formulario.", { status: 400 });
  if (step.kind === "unknown-intent") throw new Response("Acción desconocida.", { status: 400 });
  if (step.kind === "form") return data(step.answer, { status: step.status });
  return backToListOr404(url, step.kind === "saved", to, step.kind === "saved" ? step.warning : null);
}
