import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ModerationDialog } from "~/modules/questions/moderation-dialog";
import { listUrlOf, notFound, paramOr404 } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireFeature } from "~/modules/auth/guard.server";
import { moderate, moderationQuestion } from "~/modules/questions/moderation.server";
import { QuestionIdSchema } from "~/modules/questions/schemas";

const MISSING = "La pregunta no existe.";

export const meta: MetaFunction = () => [{ title: "Eliminar pregunta" }];

/** Moderators only (Admin, Developer, question_moderation flag). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireFeature(request, "questions.moderate", listUrlOf("/questions", request));
  const question = await moderationQuestion(paramOr404(QuestionIdSchema, params.questionId, MISSING));
  return { question: question ?? notFound(MISSING) };
}

/** Back to the pending list from the start, or back to the same list with the error. */
export async function action({ request, params }: ActionFunctionArgs) {
  const listUrl = listUrlOf("/questions", request);
  const actor = await requireFeature(request, "questions.moderate", listUrl);
  const result = await moderate("delete", paramOr404(QuestionIdSchema, params.questionId, MISSING), actor);
  if (result.ok) return redirectWithToast("/questions", result.toast);
  if (result.notFound) notFound(MISSING);
  return redirectWithToast(listUrl, result.toast ?? { title: "No se pudo completar", variant: "danger" });
}

export default function DeleteQuestionDialog() {
  const { question } = useLoaderData<typeof loader>();
  return <ModerationDialog kind="delete" question={question} />;
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/questions" notFoundTitle="Pregunta no encontrada" notFoundText="La pregunta no existe o fue eliminada." />;
}
