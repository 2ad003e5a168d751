import { and, desc, eq, type SQL } from "drizzle-orm";
import { countOf, pageOf, windowTotal, type PageOfRows } from "~/lib/list.server";
import { getDb, type Db } from "@server/db/client";
import { storePromos } from "@server/db/schema";
import { nowInMexico } from "~/lib/mexico-time";
import { foldedContains } from "~/lib/folded-search";
import { pickedLibraryImage, uploadRecordImage } from "~/modules/files/record-image.server";
import type { UploadRefusal } from "~/modules/files/images.server";
import { PROMOTIONS_PAGE_SIZE, type Promotion, type PromotionImage, type PromotionListQuery, type PromotionRow } from "./promotions";
import type { PromotionInput } from "./promotion-form";
import { promotionPermalink } from "@common/shop-path";

import { deleteRecord, saveRecord, type Actor, type CommandResult } from "./records.server";

export type { Actor, CommandResult };
const TAGS = ["content", "promotions"];

// ---------------------------------------------------------------------------------------------------
// Queries

/** Title contains the term (case and accents ignored); the status filter reads `visible`. */
export function promotionListWhere(query: Pick<PromotionListQuery, "search" | "promo_status_filter">): SQL | undefined {
  // `and` leaves out the filters not given (none given: no condition at all).
  return and(
    query.search ? foldedContains(storePromos.title, query.search) : undefined,
    query.promo_status_filter ? eq(storePromos.visible, query.promo_status_filter === "active") : undefined,
  );
}

/** One page, newest first; the total rides along as a window count (the bench times this statement). */
export function promotionsPageQuery(db: Pick<Db, "select">, query: PromotionListQuery) {
  return db
    .select({
      id: storePromos.id,
      title: storePromos.title,
      visible: storePromos.visible,
      startDate: storePromos.startDate,
      endDate: storePromos.endDate,
      total: windowTotal(),
    })
    .from(storePromos)
    .where(promotionListWhere(query))
    .orderBy(desc(storePromos.id))
    .limit(PROMOTIONS_PAGE_SIZE)
    .offset((query.page - 1) * PROMOTIONS_PAGE_SIZE);
}

export async function listPromotions(query: PromotionListQuery): Promise<PageOfRows<PromotionRow>> {
  const found = await promotionsPageQuery(getDb(), query);
  return pageOf(found, query.page, PROMOTIONS_PAGE_SIZE, countOf(storePromos, promotionListWhere(query)));
}

export async function getPromotion(id: number): Promise<Promotion | null> {
  const [row] = await getDb()
    .select({
      id: storePromos.id,
      title: storePromos.title,
      description: storePromos.description,
      link: storePromos.link,
      image: storePromos.image,
      startDate: storePromos.startDate,
      endDate: storePromos.endDate,
      visible: storePromos.visible,
      status: storePromos.status,
      permalink: storePromos.permalink,
    })
    .from(storePromos)
    .where(eq(storePromos.id, id))
    .limit(1);
  return row ? { ...row, image: row.image ?? null } : null;
}

// ---------------------------------------------------------------------------------------------------
// Commands

function valuesOf(input: PromotionInput, image: PromotionImage | null) {
  return {
    title: input.title,
    description: input.description,
    link: input.link,
    visible: input.visible,
    startDate: input.startDate,
    endDate: input.endDate,
    image,
    permalink: promotionPermalink(input.title),
  };
}

const WORDS = { created: "Promoción creada", updated: "Promoción actualizada", deleted: "Promoción eliminada", tags: TAGS };

/**
 * Creates (id null: the spec's id 0) or updates a promotion with its image, in one transaction with
 * its audit entry. The permalink follows the title on every save.
 */
export function savePromotion(
  id: number | null,
  input: PromotionInput,
  image: PromotionImage | null,
  actor: Actor,
): Promise<CommandResult<{ id: number; created: boolean }>> {
  const values = valuesOf(input, image);
  return saveRecord(storePromos, id, values, values.title, WORDS, actor);
}

/** Deletes the promotion; its image stays in the files library (other records may use it). */
export async function deletePromotion(id: number, actor: Actor): Promise<CommandResult<{ id: number; title: string }>> {
  const deleted = await deleteRecord(storePromos, id, (row) => String(row.title), WORDS, actor);
  return deleted.ok ? { ok: true, value: { id, title: deleted.value.label } } : deleted;
}

// ---------------------------------------------------------------------------------------------------
// The edit dialog

/** Today in Mexico City, yyyy-mm-dd: the start a new promotion is offered. */
export function todayInMexico() {
  return nowInMexico().toFormat("yyyy-LL-dd");
}

/** An image of the files library, as a promotion holds it (null: no such image any more). */
export async function libraryPromotionImage(fileId: string): Promise<PromotionImage | null> {
  return pickedLibraryImage(fileId);
}

/** Uploads a chosen file to the library (audited) and gives it as the promotion's image, or the refusal. */
export async function uploadPromotionImage(
  file: File,
  actor: { id: number },
): Promise<{ ok: true; image: PromotionImage } | UploadRefusal> {
  return uploadRecordImage(file, actor, TAGS);
}
