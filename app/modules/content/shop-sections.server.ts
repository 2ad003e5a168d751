import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { products, shopSections } from "@server/db/schema";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { audit } from "~/modules/logs/audit.server";
import { changesBetween, type Actor, type CommandResult } from "./records.server";
import { ContentIdSchema } from "./locations";
import {
  SHOP_SECTIONS_PATH,
  SHOP_SECTION_LIMITS,
  SHOP_SECTION_SEARCH_LIMIT,
  SHOP_SECTION_TEXTS,
  SectionProductsSchema,
  SectionToggleSchema,
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
// Route handlers

function missing() {
  return new Response(SHOP_SECTION_TEXTS.notFoundText, { status: 404 });
}

function sectionIdFrom(params: Record<string, string | undefined>) {
  const parsed = ContentIdSchema.safeParse(params.sectionId);
  if (!parsed.success) throw missing();
  return parsed.data;
}

function listUrlOf(request: Request) {
  return `${SHOP_SECTIONS_PATH}${new URL(request.url).search}`;
}

const newRev = () => Math.random().toString(36).slice(2, 10);

export async function shopSectionListLoader(request: Request) {
  await requireAccess(request);
  const rows = await listShopSections();
  return { rows, total: rows.length };
}

/**
 * The switch of a row. Bad input or a missing section come back to the list with a warning toast
 * (never a 400 page): without JavaScript that is where the user is, and with it the redirect
 * reloads the list, undoing the optimistic switch.
 */
export async function shopSectionListAction(request: Request) {
  const actor = await requireAccess(request);
  const parsed = SectionToggleSchema.safeParse(Object.fromEntries(await request.formData()));
  const to = listUrlOf(request);
  if (!parsed.success) return redirectWithToast(to, { title: SHOP_SECTION_TEXTS.toggleFailed, message: SHOP_SECTION_TEXTS.toggleInvalid, variant: "danger" });
  const changed = await setShopSectionStatus(parsed.data.id, parsed.data.status, actor);
  if (!changed.ok) return redirectWithToast(to, { title: SHOP_SECTION_TEXTS.toggleFailed, message: SHOP_SECTION_TEXTS.notFoundText, variant: "danger" });
  return redirectWithToast(to, {
    title: parsed.data.status ? SHOP_SECTION_TEXTS.activated : SHOP_SECTION_TEXTS.deactivated,
    message: `${changed.value.title} · ${SHOP_SECTION_TEXTS.savedMessage}`,
    variant: "success",
  });
}

export async function shopSectionNewLoader(request: Request) {
  await requireAccess(request);
  const form: SectionFormState = { title: "", status: true, products: [], q: "", results: null, errors: {}, rev: newRev() };
  return { section: null, form };
}

export async function shopSectionItemLoader(request: Request, params: Record<string, string | undefined>) {
  await requireAccess(request);
  const section = await getShopSection(sectionIdFrom(params));
  if (!section) throw missing();
  const form: SectionFormState = {
    title: section.title,
    status: section.status,
    products: await resolveProducts(section.products),
    q: "",
    results: null,
    errors: {},
    rev: newRev(),
  };
  return { section: { id: section.id }, form };
}

/**
 * Every button of the dialog posts here. The list travels in the form; each post rebuilds it from
 * the catalogue and answers with the dialog drawn again, so it all works without JavaScript. Only
 * Guardar (intent save) writes.
 */
export async function shopSectionFormAction(request: Request, params: Record<string, string | undefined>, mode: "create" | "update") {
  const actor = await requireAccess(request);
  const id = mode === "update" ? sectionIdFrom(params) : null;
  if (id !== null && !(await getShopSection(id))) throw missing();
  const formData = await request.formData();
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
      if (!saved.ok) throw missing();
      return redirectWithToast(listUrlOf(request), { title: SHOP_SECTION_TEXTS.saved, message: SHOP_SECTION_TEXTS.savedMessage, variant: "success" });
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
    return data({ form }, { status: 400 });
  }

  // The search stays on screen while products are added from it, so several can be picked in a row.
  const form: SectionFormState = { title, status, products: list, q, results: q ? await searchSectionProducts(q) : null, errors: {}, rev: newRev() };
  return data({ form }, { status: 200 });
}
