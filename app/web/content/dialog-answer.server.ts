import { data } from "@remix-run/node";
import { listUrlOf, notFound } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

/** What one post of a content dialog comes to (catalogue, shop section, promotion). */
export type DialogStep<Answer> =
  | { kind: "saved" }
  | { kind: "not-found" }
  | { kind: "bad-form" }
  | { kind: "form"; answer: Answer; status: 200 | 400 };

/**
 * The one mapping of a dialog's step to HTTP: saved → back to the list (with its query) and a
 * success toast; the record gone meanwhile → the dialog's 404; a post that cannot be read → 400;
 * otherwise the dialog again with its status.
 */
export async function answerDialogStep<Answer>(
  request: Request,
  step: DialogStep<Answer>,
  to: { listPath: string; notFoundText: string; saved: { title: string; message: string } },
) {
  if (step.kind === "bad-form") throw new Response("No se pudo leer el formulario.", { status: 400 });
  if (step.kind === "form") return data(step.answer, { status: step.status });
  if (step.kind === "not-found") notFound(to.notFoundText);
  return redirectWithToast(listUrlOf(to.listPath, request), { ...to.saved, variant: "success" });
}
