import { z } from "zod";

/** The longest comment the sidebar form takes (the spec gives none; see docs/conformance.md). */
export const FEEDBACK_MAX_LENGTH = 1000;

/** The sidebar comment form's texts; the empty-field warning is the spec's (first document §5). */
export const FEEDBACK_TEXTS = {
  label: "Comentario",
  emptyTitle: "Datos insuficientes",
  empty: "Por favor completa el campo",
  tooLongTitle: "Comentario demasiado largo",
  tooLong: `El campo Comentario admite como máximo ${FEEDBACK_MAX_LENGTH} caracteres.`,
  sentTitle: "Comentario enviado",
  sent: "Gracias, lo revisaremos.",
} as const;

/**
 * The comment the sidebar form posts (the page it was sent from, `returnTo`, is read apart by the
 * route with the same-origin check of every redirect). A textarea posts its line breaks as CRLF while the browser counts them
 * as one character each: they are read as one before the limit is checked, so a comment that fitted
 * in the box is never refused for its line breaks.
 */
export const FeedbackSchema = z.object({
  text: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value),
    z
      .string({ required_error: FEEDBACK_TEXTS.empty, invalid_type_error: FEEDBACK_TEXTS.empty })
      .trim()
      .min(1, FEEDBACK_TEXTS.empty)
      .max(FEEDBACK_MAX_LENGTH, FEEDBACK_TEXTS.tooLong),
  ),
});

export type FeedbackInput = z.infer<typeof FeedbackSchema>;

/**
 * Why a comment was refused, as the form shows it: the field's message, and the warning toast — the
 * spec's 'Datos insuficientes' for an empty comment, our own title for one over the limit.
 */
export function feedbackRefusal(issues: ReadonlyArray<{ message: string }>): {
  error: string;
  toast: { title: string; message: string; variant: "warning" };
} {
  const error = issues[0]?.message ?? FEEDBACK_TEXTS.empty;
  const title = error === FEEDBACK_TEXTS.empty ? FEEDBACK_TEXTS.emptyTitle : FEEDBACK_TEXTS.tooLongTitle;
  return { error, toast: { title, message: error, variant: "warning" } };
}
