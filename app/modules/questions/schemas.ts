import { z } from "zod";
import { textareaText } from "~/lib/form-text";
import { parseQueryDate } from "~/lib/mexico-time";
import { ANSWER_MAX, EVALUATIONS, QUESTIONS_BATCH, QUESTIONS_MAX_LIMIT } from "./rules";

export const QUESTION_TABS = ["pending", "history"] as const;
export type QuestionTab = (typeof QUESTION_TABS)[number];

/** The list's URL state: tab, how many cards are loaded, the history day and client search. */
export const QuestionsQuery = {
  tab: z.enum(QUESTION_TABS).catch("pending").default("pending"),
  limit: z.coerce.number().int().min(QUESTIONS_BATCH).max(QUESTIONS_MAX_LIMIT).catch(QUESTIONS_BATCH).default(QUESTIONS_BATCH),
  date: z
    .string()
    .optional()
    .transform((v) => (v ? parseQueryDate(v)?.toFormat("yyyy/LL/dd") : undefined))
    .catch(undefined),
  search: z
    .string()
    .trim()
    .regex(/^\d{1,19}$/)
    .optional()
    .catch(undefined),
};

export const QuestionIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const questionId = z.coerce.number({ invalid_type_error: "Pregunta inválida." }).int().positive().max(Number.MAX_SAFE_INTEGER);

const evaluation = z.coerce
  .number()
  .refine((v) => (EVALUATIONS as readonly number[]).includes(v), "Elige 100, 50 o 25.")
  .optional();

export const AnswerSchema = z.object({
  intent: z.literal("answer"),
  questionId,
  answer: textareaText(
    z
      .string({ required_error: "Escribe una respuesta." })
      .trim()
      .min(1, "Escribe una respuesta.")
      .max(ANSWER_MAX, `La respuesta no puede exceder ${ANSWER_MAX} caracteres.`),
  ),
  evaluation,
});

/**
 * The answer form of a question with a suggestion: the suggestion must be rated before sending (spec 1
 * §4). The command enforces it (`needsRating`); this shape gives the rating radios their `required`.
 */
export const RatedAnswerSchema = AnswerSchema.extend({
  evaluation: z.coerce
    .number({ required_error: "Califica la sugerencia antes de enviar la respuesta." })
    .refine((v) => (EVALUATIONS as readonly number[]).includes(v), "Elige 100, 50 o 25."),
});

/** Saving the draft, using the suggestion or inserting a fast answer: the textarea's text is kept. */
/** Fast answers have a 32-bit serial id: a larger number would make the database refuse the query. */
const fastAnswerIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const DraftSchema = z.object({
  intent: z.enum(["save-draft", "use-suggestion", "insert-fast-answer"]),
  questionId,
  answer: z
    .string()
    .max(ANSWER_MAX * 2)
    .optional()
    .default(""),
  // The fast-answer select left on its empty option posts "": that means "none", not a bad request.
  fastAnswerId: z.preprocess((v) => (v === "" ? undefined : v), fastAnswerIdSchema.optional()),
});

export const FastAnswerSchema = z.object({
  name: z.string({ required_error: "Escribe un nombre." }).trim().min(1, "Escribe un nombre.").max(80, "Máximo 80 caracteres."),
  text: textareaText(
    z
      .string({ required_error: "Escribe el texto." })
      .trim()
      .min(1, "Escribe el texto.")
      .max(ANSWER_MAX, `Máximo ${ANSWER_MAX} caracteres.`),
  ),
});

export const FastAnswerIntent = z.discriminatedUnion("intent", [
  FastAnswerSchema.extend({ intent: z.literal("create") }),
  FastAnswerSchema.extend({ intent: z.literal("update"), id: fastAnswerIdSchema }),
  z.object({ intent: z.literal("delete"), id: fastAnswerIdSchema }),
]);
