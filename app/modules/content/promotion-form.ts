import { z } from "zod";
import {
  DATE_MESSAGES,
  LINK_MESSAGE,
  PROMOTION_LIMITS,
  dateRangeProblem,
  isCalendarDay,
  isPromotionLink,
  parsePromotionIntent,
} from "./promotions";
import { shopSlug } from "@common/shop-path";

/*
 * The promotion dialog's form, apart from the list's module: the browser fetches it only when the
 * dialog checks its fields (app/lib/lazy-validation.ts), so the page loads no Zod to draw the form.
 */

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

const day = (missing: string) =>
  z
    .string({ required_error: missing })
    .trim()
    .regex(DAY_FORMAT, DATE_MESSAGES.format)
    // A malformed day already has its message; only a well-formed one is checked against the calendar.
    .refine((v) => !DAY_FORMAT.test(v) || isCalendarDay(v), DATE_MESSAGES.invalid);

/**
 * The dialog's fields but the dates. The image is not here: it is a file, a library choice or a
 * removal, handled by the dialog's post around this schema (see app/routes/shop/promotion-form.server.ts).
 */
const PromotionFieldsSchema = z.object({
  title: z
    .string({ required_error: "Ingresa el título" })
    .trim()
    .min(1, "Ingresa el título")
    .max(PROMOTION_LIMITS.title, `Título: máximo ${PROMOTION_LIMITS.title} caracteres`)
    .refine((v) => v === "" || shopSlug(v) !== "", "El título debe tener al menos una letra o un número"),
  description: z
    .string()
    .trim()
    .max(PROMOTION_LIMITS.description, `Descripción: máximo ${PROMOTION_LIMITS.description} caracteres`)
    .optional()
    .default(""),
  link: z
    .string()
    .trim()
    .max(PROMOTION_LIMITS.link, `Link: máximo ${PROMOTION_LIMITS.link} caracteres`)
    .optional()
    .default("")
    .refine((v) => v === "" || isPromotionLink(v), LINK_MESSAGE),
  visible: z.boolean().optional().default(false),
});

/**
 * The validity range, judged apart: zod skips an object's refinement once a field is missing, and
 * an end before the start should show together with a missing title.
 */
const PromotionValiditySchema = z
  .object({ startDate: day(DATE_MESSAGES.startMissing), endDate: day(DATE_MESSAGES.endMissing) })
  .superRefine((value, ctx) => {
    const problem = dateRangeProblem(value.startDate, value.endDate);
    if (problem) ctx.addIssue({ code: "custom", path: ["endDate"], message: problem });
  });

export const PromotionFormSchema = PromotionFieldsSchema.and(PromotionValiditySchema);
export type PromotionInput = z.output<typeof PromotionFormSchema>;

/**
 * The dialog's other buttons (search the library, choose an image, remove it) post the same form:
 * they must come back with what was typed, without judging it yet.
 */
export const PromotionDraftSchema = z.object({}).passthrough();

/**
 * The schema a posted intent is judged by. Typed as the form's schema because Conform types the
 * form's fields from it; the draft schema only ever answers "success" with the payload as typed.
 */
export function promotionSchemaFor(intent: FormDataEntryValue | null | undefined): typeof PromotionFormSchema {
  return parsePromotionIntent(intent)?.kind === "save"
    ? PromotionFormSchema
    : (PromotionDraftSchema as unknown as typeof PromotionFormSchema);
}
