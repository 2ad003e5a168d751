/**
 * Question rules (spec 1 §4): ratings of the suggestion, who may answer, which account a question
 * belongs to. Pure, shared by the cards and the action.
 */
export const PENDING_STATUS = "UNANSWERED";
export const ANSWERED_STATUS = "ANSWERED";
export const DELETED_STATUS = "DELETED";

export const EVALUATIONS = [100, 50, 25] as const;
export type Evaluation = (typeof EVALUATIONS)[number];
export const EVALUATION_LABELS: Record<Evaluation, string> = { 100: "Buena (100)", 50: "Regular (50)", 25: "Mala (25)" };

export function isEvaluation(value: unknown): value is Evaluation {
  return EVALUATIONS.includes(value as Evaluation);
}

/** Pending questions and their history load in batches of three (spec 1 §9). */
export const QUESTIONS_BATCH = 3;
/** A hand-edited `limit` never loads more than this many cards at once. */
export const QUESTIONS_MAX_LIMIT = 300;
/** The marketplace's answer limit. */
export const ANSWER_MAX = 2000;

type QuestionState = { status: string; suggestion: string | null; evaluation?: number | null; publicationStatus: string | null };

export function isPending(q: { status: string }) {
  return q.status === PENDING_STATUS;
}

/** Greyed: the publication is not active (paused, closed or gone). */
export function isInactivePublication(q: Pick<QuestionState, "publicationStatus">) {
  return q.publicationStatus !== "active";
}

/** Questions of inactive publications cannot be answered unless a suggestion exists. */
export function canAnswer(q: QuestionState) {
  return isPending(q) && (!isInactivePublication(q) || !!q.suggestion?.trim());
}

/** A pending question with a suggestion must have the suggestion rated before sending. */
export function needsRating(q: QuestionState, evaluation: number | null | undefined) {
  return isPending(q) && !!q.suggestion?.trim() && !isEvaluation(evaluation);
}

/** Empty store is the main account (Meli 1); the brand's store value marks the second account. */
export function accountOf(store: string | null | undefined): "main" | "brand" {
  return store && store.trim() ? "brand" : "main";
}

export function storeLabel(store: string | null | undefined): string {
  return store && store.trim() ? store : "Meli 1";
}

/** Appends a fast answer or template to what is already written, one blank line apart. */
export function appendText(current: string | null | undefined, addition: string) {
  const base = (current ?? "").trimEnd();
  return base ? `${base}\n\n${addition}` : addition;
}
