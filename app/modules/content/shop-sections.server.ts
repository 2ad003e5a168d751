import { parseWithZod } from "@conform-to/zod";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { products, shopSections } from "@server/db/schema";
import { audit } from "~/modules/logs/audit.server";
import { changesBetween, type Actor, type CommandResult } from "./records.server";
import {
  SHOP_SECTION_LIMITS,
  SHOP_SECTION_SEARCH_LIMIT,
  SHOP_SECTION_TEXTS,
  SectionProductsSchema,
  ShopSectionFormSchema,
  applyProductAction,
  dropUnknown,
  productActionFrom,
  readPostedList,
  type ProductHit,
  type SectionFormState,
  type SectionItem,
  type SectionProductRow,
  type ShopSectionInput,
  type ShopSectionRow,
} from "./shop-sections";

const TAGS = ["content", "shop-sections"];

// ---------------------------------------------------------------------------------------------------
// Queries

/** Every section (the spec's list has no paging), by id. */
export async function listShopSections(): Promise<ShopSectionRow[]> {
  return getDb()
    .select({
      id: shopSections.id,
      title: shopSections.title,
      status: shopSections.status,
      productCount: sql<number>`jsonb_array_length(${shopSections.products})`.mapWith(Number),
    })
    .from(shopSections)
    .orderBy(asc(shopSections.id));
}

export async function getShopSection(id: number) {
  const [row] = await getDb()
    .select({ id: shopSections.id, title: shopSections.title, status: shopSections.status, products: shopSections.products })
    .from(shopSections)
    .where(eq(shopSections.id, id))
    .limit(1);
  return row ?? null;
}

/** The catalogue's view of the listed SKUs, in the list's order; SKUs it does not know are dropped. */
export async function resolveProducts(list: SectionItem[]): Promise<SectionProductRow[]> {
  if (list.length === 0) return [];
  const found = await getDb()
    .select({ id: products.id, name: products.name, price: products.price, stockTotal: products.stockTotal, isActive: products.isActive })
    .from(products)
    .where(inArray(products.id, [...new Set(list.map((item) => item.id))]));
  const byId = new Map(found.map((p) => [p.id, p]));
  return dropUnknown(list, new Set(byId.keys())).map((item) => ({ ...item, ...byId.get(item.id)!, id: item.id, qty: item.qty }));
}

/** Active products whose SKU, manufacturer key or name holds the term; an exact SKU comes first. */
export async function searchSectionProducts(term: string): Promise<ProductHit[]> {
  const text = term.trim().toUpperCase().slice(0, SHOP_SECTION_LIMITS.search);
  if (!text) return [];
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return getDb()
    .select({ id: products.id, name: products.name, price: products.price, stockTotal: products.stockTotal })
    .from(products)
    .where(and(eq(products.isActive, true), sql`${products.searchText} like ${pattern}`))
    .orderBy(sql`(${products.id} = ${text}) desc`, asc(products.name), asc(products.id))
    .limit(SHOP_SECTION_SEARCH_LIMIT);
}

// ---------------------------------------------------------------------------------------------------
// Commands

const stored = (list: SectionItem[]) => list.map(({ id, qty }) => ({ id, qty }));

/** Creates (id null: the spec's id 0) or updates a section, with its audit entry, in one transaction. */
export function saveShopSection(
  id: number | null,
  input: ShopSectionInput,
  list: SectionItem[],
  actor: Actor,
): Promise<CommandResult<{ id: number; created: boolean }>> {
  const values = { title: input.title, status: input.status, products: stored(list) };
  return getDb().transaction(async (tx) => {
    const entry = { tags: TAGS, userId: actor?.id ?? null };
    if (id === null) {
      const [created] = await tx.insert(shopSections).values(values).returning({ id: shopSections.id });
      await audit({ ...entry, message: `Sección creada: ${values.title}`, type: "create", identifier: created.id, detail: values }, tx);
      return { ok: true, value: { id: created.id, created: true } };
    }
    const [current] = await tx.select().from(shopSections).where(eq(shopSections.id, id)).for("update").limit(1);
    if (!current) return { ok: false, reason: "not-found" };
    await tx.update(shopSections).set({ ...values, updatedAt: new Date() }).where(eq(shopSections.id, id));
    await audit({ ...entry, message: `Sección actualizada: ${values.title}`, type: "update", identifier: id, detail: { changes: changesBetween(current, values) } }, tx);
    return { ok: true, value: { id, created: false } };
  });
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
    if (!current) return { ok: false, reason: "not-found" };
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

const newRev = () => Math.random().toString(36).slice(2, 10);

export function emptySectionForm(): SectionFormState {
  return { title: "", status: true, products: [], q: "", results: null, errors: {}, rev: newRev() };
}

/** The dialog as a stored section opens it. */
export async function sectionFormOf(section: { title: string; status: boolean; products: SectionItem[] }): Promise<SectionFormState> {
  return { title: section.title, status: section.status, products: await resolveProducts(section.products), q: "", results: null, errors: {}, rev: newRev() };
}

/** What one post of the dialog comes to: saved, the section gone meanwhile, or the dialog drawn again. */
export type SectionFormStep = { kind: "saved" } | { kind: "not-found" } | { kind: "form"; form: SectionFormState; status: 200 | 400 };

/**
 * Every button of the dialog posts here. The list travels in the form; each post rebuilds it from
 * the catalogue and answers with the dialog drawn again, so it all works without JavaScript. Only
 * Guardar (intent save) writes. `id` null creates.
 */
export async function shopSectionFormStep(id: number | null, formData: FormData, actor: Actor): Promise<SectionFormStep> {
  const posted = readPostedList(formData.getAll("product"), formData.getAll("qty"));
  const list = await resolveProducts(applyProductAction(posted.items, productActionFrom(formData)));
  const q = String(formData.get("q") ?? "").trim().slice(0, SHOP_SECTION_LIMITS.search);
  const title = String(formData.get("title") ?? "");
  const status = formData.get("status") === "on";

  if (formData.get("intent") === "save") {
    const submission = parseWithZod(formData, { schema: ShopSectionFormSchema });
    const items = SectionProductsSchema.safeParse(list.map(({ id, qty }) => ({ id, qty })));
    if (submission.status === "success" && items.success && !posted.badQty) {
      const saved = await saveShopSection(id, submission.value, items.data, actor);
      return saved.ok ? { kind: "saved" } : { kind: "not-found" };
    }
    const reply = submission.reply();
    const form: SectionFormState = {
      title,
      status,
      products: list,
      q,
      results: q ? await searchSectionProducts(q) : null,
      errors: { title: reply.error?.title ?? undefined, products: posted.badQty || !items.success ? [SHOP_SECTION_TEXTS.qtyInvalid] : undefined },
      rev: newRev(),
    };
    return { kind: "form", form, status: 400 };
  }

  // The search stays on screen while products are added from it, so several can be picked in a row.
  const form: SectionFormState = { title, status, products: list, q, results: q ? await searchSectionProducts(q) : null, errors: {}, rev: newRev() };
  return { kind: "form", form, status: 200 };
}
