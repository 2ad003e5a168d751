import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { z } from "zod";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ModerationDialog } from "~/routes/questions/moderation-dialog";
import { listUrlOf, notFound, paramOr404 } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireFeature } from "~/lib/auth/guard.server";
import { moderate, moderationQuestion } from "~/modules/questions/moderation.server";
import { QuestionIdSchema } from "~/modules/questions/schemas";

/** /questions/:id/block and /questions/:id/delete: the same dialog and command, two kinds. */
const KindSchema = z.enum(["block", "delete"]);
const MISSING = "La pregunta no existe.";
const TITLES = { block: "Bloquear comprador", delete: "Eliminar pregunta" } as const;

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [{ title: data ? TITLES[data.kind] : "Pregunta" }];

/** Moderators only (Admin, Developer, question_moderation flag). */
export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireFeature(request, url, "questions.moderate", listUrlOf("/questions", url));
  const kind = paramOr404(KindSchema, params.moderation, "La página no existe.");
  const question = await moderationQuestion(paramOr404(QuestionIdSchema, params.questionId, MISSING));
  return { kind, question: question ?? notFound(MISSING) };
}

/** Back to the pending list from the start, or back to the same list with the error. */
export async function action({ request, url, params }: ActionFunctionArgs) {
  const listUrl = listUrlOf("/questions", url);
  const actor = await requireFeature(request, url, "questions.moderate", listUrl);
  const kind = paramOr404(KindSchema, params.moderation, "La página no existe.");
  const result = await moderate(kind, paramOr404(QuestionIdSchema, params.questionId, MISSING), actor);
  if (result.ok) return redirectWithToast("/questions", result.toast);
  if (result.notFound) notFound(MISSING);
  return redirectWithToast(listUrl, result.toast ?? { title: "No se pudo completar", variant: "danger" });
}

export default function QuestionModerationDialog() {
  const { kind, question } = useLoaderData<typeof loader>();
  return <ModerationDialog kind={kind} question={question} />;
}

export function ErrorBoundary() {
  return (
    <DialogErrorBoundary
      listPath="/questions"
      notFoundTitle="Pregunta no encontrada"
      notFoundText="La pregunta no existe o fue eliminada."
    />
  );
}
