import type { SessionUser } from "~/modules/auth/session-user";
import { blockBuyer, deleteQuestion, type CommandResult } from "./commands.server";
import { getQuestion } from "./questions.server";
import { isPending } from "./rules";

export type ModerationKind = "block" | "delete";

/** What a moderation dialog shows of its question. */
export async function moderationQuestion(id: number) {
  const question = await getQuestion(id);
  if (!question) return null;
  return {
    id: question.id,
    message: question.message,
    clientNickname: question.clientNickname,
    clientId: question.clientId,
    pending: isPending(question),
  };
}

/** Confirmed: the marketplace call, then the local change (commands.server). */
export function moderate(kind: ModerationKind, id: number, actor: SessionUser): Promise<CommandResult> {
  return kind === "block" ? blockBuyer(id, actor) : deleteQuestion(id, actor);
}
