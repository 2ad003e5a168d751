import { z } from "zod";
import type { ListPageData } from "~/lib/list-url";
import { q } from "~/lib/query";
export * from "./simple-taxonomy-texts";
export { TAXONOMY_MESSAGES } from "./taxonomy-texts";

/** Spec 9 and 7: sectors and applications are read "limit 200". */
export const TAXONOMY_PAGE_SIZE = 200;
export const TAXONOMY_NAME_MAX = 100;
export const TAXONOMY_SORTS = ["id", "name"] as const;
export type TaxonomySort = (typeof TAXONOMY_SORTS)[number];

/** The list's URL: search on the name, sort by id or name, page. */
export const parseTaxonomyListQuery = q.searchList(q.sort(TAXONOMY_SORTS));
export type TaxonomyListQuery = ReturnType<typeof parseTaxonomyListQuery>;

/** A record id from the URL: anything else (letters, 0, out of range) is a 404. */
export const TaxonomyIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export type TaxonomyRow = { id: number; name: string; slug: string };

export type TaxonomyListData = ListPageData<TaxonomyRow, TaxonomyListQuery> & { canDelete: boolean };
