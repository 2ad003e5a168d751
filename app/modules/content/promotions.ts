import { z } from "zod";
import type { ImageRef } from "@server/db/schema/catalog";
import { parseImagePickIntent, type ImagePickIntent, type ImagePickState, type LibraryChoice } from "~/modules/files/image-pick";
import { keysOf, parseQuery, q } from "~/lib/query";
import { isHttpUrl, isSitePath, shopSlug } from "./shop-path";
import { PROMOTION_STATUSES } from "./promotion-texts";
export * from "./promotion-texts";

/**
 * The shop's promotions (spec 2 §2 'Promotions', §3 'Promotion', §4, §5): texts, the list's URL, the
 * dialog's schema and its rules. Pure: used by the form, the action and the unit tests.
 */

const ListQueryShape = {
  search: q.search(),
  promo_status_filter: q.oneOf(keysOf(PROMOTION_STATUSES)),
  page: q.page(),
};
export type PromotionListQuery = ReturnType<typeof parsePromotionListQuery>;

export function parsePromotionListQuery(source: Request | URL | URLSearchParams) {
  return parseQuery(source, ListQueryShape);
}

export const PROMOTION_LIMITS = { title: 150, description: 1000, link: 2000 } as const;

export const LINK_MESSAGE = "Ingresa una dirección http(s):// o una ruta de la tienda que empiece con /";
export const DATE_MESSAGES = {
  startMissing: "Ingresa la fecha inicial",
  endMissing: "Ingresa la fecha final",
  format: "Usa el formato aaaa-mm-dd",
  invalid: "La fecha no existe",
  order: "La fecha final debe ser igual o posterior a la inicial",
} as const;

/** An absolute URL, or a page of the shop itself. */
export function isPromotionLink(value: string): boolean {
  return isHttpUrl(value) || isSitePath(value);
}

/** A real day written yyyy-mm-dd (what `<input type="date">` posts). */
export function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The range's problem, if any (the same day twice is a one-day promotion). */
export function dateRangeProblem(start: string, end: string): string | null {
  if (!isCalendarDay(start) || !isCalendarDay(end)) return null;
  return end < start ? DATE_MESSAGES.order : null;
}

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
 * removal, handled by the dialog's post around this schema (see app/web/content/promotion-form.server.ts).
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
  return parsePromotionIntent(intent).kind === "save" ? PromotionFormSchema : (PromotionDraftSchema as unknown as typeof PromotionFormSchema);
}

export type PromotionIntent = ImagePickIntent;
export const parsePromotionIntent = parseImagePickIntent;

export type PromotionImage = ImageRef;

export type PromotionRow = { id: number; title: string; visible: boolean; startDate: string | null; endDate: string | null };

export type Promotion = PromotionRow & {
  description: string;
  link: string;
  image: PromotionImage | null;
  status: string;
  permalink: string;
};

export type PromotionListData = {
  rows: PromotionRow[];
  total: number;
  page: number;
  pageSize: number;
  query: PromotionListQuery;
};

export type { LibraryChoice };
/** What the dialog's action answers when it does not redirect. */
export type PromotionDialogState = ImagePickState<PromotionImage>;

