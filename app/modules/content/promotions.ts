import type { ImageRef } from "@server/db/schema/catalog";
import { parseImagePickIntent, type ImagePickIntent, type ImagePickState, type LibraryChoice } from "~/modules/files/image-pick";
import type { ListPageData } from "~/lib/list-url";
import { keysOf, q } from "~/lib/query";
import { isHttpUrl, isSitePath } from "@common/shop-path";
import { PROMOTION_STATUSES } from "./promotion-texts";
export * from "./promotion-texts";

/**
 * The shop's promotions (spec 2 §2 'Promotions', §3 'Promotion', §4, §5): texts, the list's URL and
 * the dialog's rules (its schema is in promotion-form.ts). Pure: used by the form, the action and the
 * unit tests.
 */

export const parsePromotionListQuery = q.searchList({ promo_status_filter: q.oneOf(keysOf(PROMOTION_STATUSES)) });
export type PromotionListQuery = ReturnType<typeof parsePromotionListQuery>;

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

export type PromotionListData = ListPageData<PromotionRow, PromotionListQuery>;

export type { LibraryChoice };
/** What the dialog's action answers when it does not redirect. */
export type PromotionDialogState = ImagePickState<PromotionImage>;
