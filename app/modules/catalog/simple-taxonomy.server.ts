import { and, asc, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@server/db/client";
import { applications, products, sectors } from "@server/db/schema";
import { countOf, pageOf, windowTotal } from "~/lib/list.server";
import { foldedContains } from "~/lib/folded-search";
import { audit } from "~/modules/logs/audit.server";
import {
  TAXONOMY_PAGE_SIZE,
  TAXONOMY_TEXTS,
  type SimpleTaxonomy,
  type TaxonomyListQuery,
  type TaxonomyRow,
  type TaxonomySort,
} from "./simple-taxonomy";
import type { TaxonomyInput } from "./simple-taxonomy-form";
import { taxonomySlug } from "./taxonomy-slug";

/** Who runs a command (the audit entry names them). */
export type Actor = { id: number } | null;

export type FieldErrors = Record<string, string[]>;
export type CommandResult<T> =
  { ok: true; value: T } | { ok: false; reason: "invalid"; fieldErrors: FieldErrors } | { ok: false; reason: "missing" };

const notFound = { ok: false, reason: "missing" } as const;

/**
 * Both tables have the same columns (id, name, slug); typing them as one lets every query below be
 * written once. The product column is the reference a delete clears.
 */
const STORE = {
  sectors: { table: sectors, productColumn: products.sectorId },
  applications: { table: applications, productColumn: products.applicationId },
} as const;

function storeOf(kind: SimpleTaxonomy) {
  const { table, productColumn } = STORE[kind];
  return { table: table as typeof sectors, productColumn };
}

// ---------------------------------------------------------------------------------------------------
// Queries

function listWhere(table: typeof sectors, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return foldedContains(table.name, search);
}

function listOrder(table: typeof sectors, sortName: TaxonomySort = "name", sortValue: "asc" | "desc" = "asc"): SQL[] {
  const dir = sortValue === "desc" ? desc : asc;
  if (sortName === "id") return [dir(table.id)];
  return [dir(sql`lower(${table.name})`), dir(table.id)];
}

/** One page of a taxonomy, searched, sorted and paged by the database, its total as a window (the bench times it too). */
export function taxonomyPageQuery(db: Pick<Db, "select">, kind: SimpleTaxonomy, query: TaxonomyListQuery) {
  const { table } = storeOf(kind);
  return db
    .select({ id: table.id, name: table.name, slug: table.slug, total: windowTotal() })
    .from(table)
    .where(listWhere(table, query.search))
    .orderBy(...listOrder(table, query.sortName, query.sortValue))
    .limit(TAXONOMY_PAGE_SIZE)
    .offset((query.page - 1) * TAXONOMY_PAGE_SIZE);
}

export async function listTaxonomy(kind: SimpleTaxonomy, query: TaxonomyListQuery) {
  const { table } = storeOf(kind);
  const found = await taxonomyPageQuery(getDb(), kind, query);
  return pageOf<TaxonomyRow & { total: number }>(found, query.page, TAXONOMY_PAGE_SIZE, countOf(table, listWhere(table, query.search)));
}

export async function getTaxonomyItem(kind: SimpleTaxonomy, id: number): Promise<TaxonomyRow | null> {
  const { table } = storeOf(kind);
  const [row] = await getDb().select({ id: table.id, name: table.name, slug: table.slug }).from(table).where(eq(table.id, id)).limit(1);
  return row ?? null;
}

/** How many products point at the item (what the delete dialog warns about). */
export async function countProductsUsing(kind: SimpleTaxonomy, id: number, tx: Tx = getDb()) {
  const { productColumn } = storeOf(kind);
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(eq(productColumn, id));
  return row?.n ?? 0;
}

/**
 * The name is unique without regard to case; two names that differ only in accents or punctuation
 * would share a slug (the shop's address), so that is refused too, naming the other item.
 */
async function nameConflict(tx: Tx, kind: SimpleTaxonomy, name: string, slug: string, exceptId?: number): Promise<FieldErrors | null> {
  const { table } = storeOf(kind);
  const same = or(sql`lower(${table.name}) = lower(${name})`, eq(table.slug, slug));
  const where = exceptId === undefined ? same : and(same, ne(table.id, exceptId));
  const clashes = await tx.select({ name: table.name }).from(table).where(where).limit(5);
  if (!clashes.length) return null;
  const texts = TAXONOMY_TEXTS[kind];
  const lowered = name.toLocaleLowerCase("es-MX");
  const sameName = clashes.some((c) => c.name.trim().toLocaleLowerCase("es-MX") === lowered);
  return { name: [sameName ? texts.nameTaken : texts.slugTaken(clashes[0].name)] };
}

/** Check and write in one step per table, so two people saving the same name at once cannot both pass. */
async function lockNames(tx: Tx, kind: SimpleTaxonomy) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalog.${kind}.name`}))`);
}

// ---------------------------------------------------------------------------------------------------
// Commands

/** Creates (id null; the spec's id 0) or renames an item; the slug always follows the name. */
export async function saveTaxonomyItem(
  kind: SimpleTaxonomy,
  id: number | null,
  input: TaxonomyInput,
  actor: Actor,
): Promise<CommandResult<TaxonomyRow>> {
  const { table } = storeOf(kind);
  const name = input.name.trim();
  const slug = taxonomySlug(name);
  const tags = ["catalog", kind];
  return getDb().transaction(async (tx) => {
    await lockNames(tx, kind);
    if (id === null) {
      const conflict = await nameConflict(tx, kind, name, slug);
      if (conflict) return { ok: false, reason: "invalid", fieldErrors: conflict };
      const [row] = await tx.insert(table).values({ name, slug }).returning({ id: table.id, name: table.name, slug: table.slug });
      await audit(
        {
          message: `${TAXONOMY_TEXTS[kind].created}: ${name}`,
          type: "create",
          tags,
          identifier: row.id,
          userId: actor?.id ?? null,
          detail: { name, slug },
        },
        tx,
      );
      return { ok: true, value: row };
    }
    const [current] = await tx.select().from(table).where(eq(table.id, id)).for("update").limit(1);
    if (!current) return notFound;
    const conflict = await nameConflict(tx, kind, name, slug, id);
    if (conflict) return { ok: false, reason: "invalid", fieldErrors: conflict };
    await tx.update(table).set({ name, slug }).where(eq(table.id, id));
    await audit(
      {
        message: `${TAXONOMY_TEXTS[kind].updated}: ${name}`,
        type: "update",
        tags,
        identifier: id,
        userId: actor?.id ?? null,
        detail: { changes: { name: { from: current.name, to: name }, slug: { from: current.slug, to: slug } } },
      },
      tx,
    );
    return { ok: true, value: { id, name, slug } };
  });
}

/**
 * Deletes an item. Its products stay and lose the reference; they are cleared here rather than left to
 * the foreign key so that their `updated_at` records the change and the audit entry can count them.
 */
export async function deleteTaxonomyItem(
  kind: SimpleTaxonomy,
  id: number,
  actor: Actor,
): Promise<CommandResult<TaxonomyRow & { clearedProducts: number }>> {
  const { table, productColumn } = storeOf(kind);
  return getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(table).where(eq(table.id, id)).for("update").limit(1);
    if (!current) return notFound;
    const cleared = await tx
      .update(products)
      .set({ ...(kind === "sectors" ? { sectorId: null } : { applicationId: null }), updatedAt: new Date() })
      .where(eq(productColumn, id))
      .returning({ id: products.id });
    await tx.delete(table).where(eq(table.id, id));
    await audit(
      {
        message: `${TAXONOMY_TEXTS[kind].deleted}: ${current.name}`,
        type: "delete",
        tags: ["catalog", kind],
        identifier: id,
        userId: actor?.id ?? null,
        detail: { name: current.name, slug: current.slug, clearedProducts: cleared.length },
      },
      tx,
    );
    return { ok: true, value: { ...current, clearedProducts: cleared.length } };
  });
}

// ---------------------------------------------------------------------------------------------------
// Route handlers: the two route sets (/product-sectors, /product-applications) call these with their kind.
