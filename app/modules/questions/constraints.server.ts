import { constraintsOf } from "~/lib/constraints";
import { AnswerSchema, FastAnswerSchema, QuestionsQuery, RatedAnswerSchema } from "./schemas";

/** The questions screen's native constraints, from its schemas (the screen loads no Zod in the browser). */
export const QUESTION_CONSTRAINTS = {
  answer: constraintsOf(AnswerSchema),
  /** A card with a suggestion: its rating is required too. */
  rated: constraintsOf(RatedAnswerSchema),
  fastAnswer: constraintsOf(FastAnswerSchema),
  history: constraintsOf(QuestionsQuery),
};
