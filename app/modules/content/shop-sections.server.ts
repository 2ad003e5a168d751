import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { priceView } from "~/modules/pricing/price";
import { currentDollarRate } from "~/modules/pricing/rate.server";
import { getDb, type Db } from "@server/db/client";
import { products, shopSections } from "@server/db/schema";
import { audit } from "~/modules/logs/audit.server";
import { changesBetween, saveRecord, type Actor, type CommandResult } from "./records.server";
import {
  SHOP_SECTION_SEARCH_LIMIT,
  dropUnknown,
  searchKey,
  type ProductHit,
  type ProductInfo,
  type SectionItem,
  type SectionLoaded,
  type ShopSectionRow,
} from "./shop-sections";
import type { ShopSectionInput } from "./shop-section-form";
import { containsPattern } from "~/lib/like-pattern";

const TAGS = ["content", "shop-sections"];
const WORDS = { created: "Sección creada", updated: "Sección actualizada", tags: TAGS };

// ---------------------------------------------------------------------------------------------------
// Queries

/** Every section (the spec's list has no paging), by id, the product count read from the jsonb (the bench times this statement). */
export function shopSectionsQuery(db: Pick<Db, "select">) {
  return db
    .select({
      id: shopSections.id,
      title: shopSections.title,
      status: shopSections.status,
      productCount: sql<number>`jsonb_array_length(${shopSections.products})`.mapWith(Number).as("product_count"),
    })
    .from(shopSections)
    .orderBy(asc(shopSections.id));
}

export async function listShopSections(): Promise<ShopSectionRow[]> {
  return shopSectionsQuery(getDb());
}

export async function getShopSection(id: number) {
  const [row] = await getDb()
    .select({ id: shopSections.id, title: shopSections.title, status: shopSections.status, products: shopSections.products })
    .from(shopSections)
    .where(eq(shopSections.id, id))
    .limit(1);
  return row ?? null;
}

/** What the catalogue says today of each listed SKU it knows (a SKU it does not know is left out). */
export async function productInfos(skus: readonly string[]): Promise<Record<string, ProductInfo>> {
  const ids = [...new Set(skus)];
  if (ids.length === 0) return {};
  const [found, rate] = await Promise.all([
    getDb()
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        currency: products.monedaPrecio,
        stockTotal: products.stockTotal,
        isActive: products.isActive,
      })
      .from(products)
      .where(inArray(products.id, ids)),
    currentDollarRate(),
  ]);
  return Object.fromEntries(
    found.map(({ id, price, currency, ...info }) => [id, { ...info, price: priceView({ amount: price, currency }, rate).price }]),
  );
}

/** The list with only the SKUs the catalogue knows, in order. */
export async function knownProducts(list: SectionItem[]): Promise<SectionItem[]> {
  return dropUnknown(list, new Set(Object.keys(await productInfos(list.map((item) => item.id)))));
}

/** Active products whose SKU, manufacturer key or name holds the term; an exact SKU comes first. Null for a blank term. */
export function sectionProductSearchQuery(db: Pick<Db, "select">, term: string) {
  const text = searchKey(term);
  if (!text) return null;
  const pattern = containsPattern(text);
  return db
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      currency: products.monedaPrecio,
      stockTotal: products.stockTotal,
    })
    .from(products)
    .where(and(eq(products.isActive, true), sql`${products.searchText} like ${pattern}`))
    .orderBy(sql`(${products.id} = ${text}) desc`, asc(products.name), asc(products.id))
    .limit(SHOP_SECTION_SEARCH_LIMIT);
}

export async function searchSectionProducts(term: string): Promise<ProductHit[]> {
  const query = sectionProductSearchQuery(getDb(), term);
  if (!query) return [];
  const [rows, rate] = await Promise.all([query, currentDollarRate()]);
  return rows.map(({ price, currency, ...hit }) => ({ ...hit, price: priceView({ amount: price, currency }, rate).price }));
}

// ---------------------------------------------------------------------------------------------------
// Commands

const stored = (list: SectionItem[]) => list.map(({ id, qty }) => ({ id, qty }));

/**
 * Creates (id null: the spec's id 0) or updates a section, with its audit entry, in one transaction.
 * SKUs the catalogue does not know (any more) are left out.
 */
export async function saveShopSection(
  id: number | null,
  input: ShopSectionInput,
  actor: Actor,
): Promise<CommandResult<{ id: number; created: boolean }>> {
  const values = { title: input.title, status: input.status, products: stored(await knownProducts(input.products)) };
  return saveRecord(shopSections, id, values, values.title, WORDS, actor);
}

/** The list's switch: only status (and updated_at) change. */
export function setShopSectionStatus(id: number, status: boolean, actor: Actor): Promise<CommandResult<{ id: number; title: string }>> {
  return getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ title: shopSections.title, status: shopSections.status })
      .from(shopSections)
      .where(eq(shopSections.id, id))
      .for("update")
      .limit(1);
    if (!current) return { ok: false, reason: "missing" };
    await tx.update(shopSections).set({ status, updatedAt: new Date() }).where(eq(shopSections.id, id));
    await audit(
      {
        message: `Sección ${status ? "activada" : "desactivada"}: ${current.title}`,
        type: "update",
        tags: TAGS,
        identifier: id,
        userId: actor?.id ?? null,
        detail: { changes: changesBetween({ status: current.status }, { status }) },
      },
      tx,
    );
    return { ok: true, value: { id, title: current.title } };
  });
}

// ---------------------------------------------------------------------------------------------------
// The edit dialog

export const emptySection = (): SectionLoaded => ({ values: { title: "", status: true, products: [] }, products: {} });

export async function sectionLoaded(section: { title: string; status: boolean; products: SectionItem[] }): Promise<SectionLoaded> {
  const infos = await productInfos(section.products.map((item) => item.id));
  return {
    values: { title: section.title, status: section.status, products: dropUnknown(section.products, new Set(Object.keys(infos))) },
    products: infos,
  };
}
