import { redirectWithToast } from "~/lib/toast.server";
import { requireFeature } from "~/modules/auth/guard.server";
import { QuestionIdSchema } from "./schemas";
import { blockBuyer, deleteQuestion } from "./commands.server";
import { getQuestion } from "./questions.server";
import { isPending } from "./rules";

export type ModerationKind = "block" | "delete";

function questionIdFrom(params: { questionId?: string }) {
  const parsed = QuestionIdSchema.safeParse(params.questionId);
  if (!parsed.success) throw new Response("La pregunta no existe.", { status: 404 });
  return parsed.data;
}

/** The confirmation dialog's data: moderators only (Admin, Developer, question_moderation flag). */
export async function moderationLoader(request: Request, params: { questionId?: string }) {
  const listUrl = `/questions${new URL(request.url).search}`;
  await requireFeature(request, "questions.moderate", listUrl);
  const question = await getQuestion(questionIdFrom(params));
  if (!question) throw new Response("La pregunta no existe.", { status: 404 });
  return { question: { id: question.id, message: question.message, clientNickname: question.clientNickname, clientId: question.clientId, pending: isPending(question) } };
}

/** Confirmed: the marketplace call, then back to the pending list from the start (or back with the error). */
export async function moderationAction(request: Request, params: { questionId?: string }, kind: ModerationKind) {
  const listUrl = `/questions${new URL(request.url).search}`;
  const actor = await requireFeature(request, "questions.moderate", listUrl);
  const id = questionIdFrom(params);
  const result = kind === "block" ? await blockBuyer(id, actor) : await deleteQuestion(id, actor);
  if (result.ok) return redirectWithToast("/questions", result.toast);
  if (result.notFound) throw new Response("La pregunta no existe.", { status: 404 });
  return redirectWithToast(listUrl, result.toast ?? { title: "No se pudo completar", variant: "danger" });
}
