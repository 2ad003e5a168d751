import { getDb, type Db, type Tx } from "@server/db/client";
import { brands, categories, products, type ImageRef } from "@server/db/schema";
import { and, asc, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { countOf, pageOf, windowTotal } from "~/lib/list.server";
import { libraryEntry } from "~/modules/files/files.server";
import { audit } from "~/modules/logs/audit.server";
import { refuse, saveVersioned, type SaveResult } from "~/lib/save.server";
import { wouldCreateCycle } from "./product-rules";
import { taxonomySlug } from "./taxonomy-slug";
import {
  TREE_MESSAGES,
  TREE_TEXTS,
  isBlocked,
  nestTree,
  type DeleteBlockers,
  type ImageSlot,
  type TreeListQuery,
  type TreeNode,
  type TreeTaxonomy,
} from "./tree-taxonomy";
import { containsPattern } from "~/lib/like-pattern";

/**
 * Queries and commands of the category and brand trees. Both tables share id, name, slug,
 * parent_id, image, cover and updated_at; brands add img_product. Typing them as one lets every
 * query be written once.
 */
type NodeTable = typeof categories;
const tableOf = (kind: TreeTaxonomy) => (kind === "categories" ? categories : (brands as unknown as NodeTable));
const productColumnOf = (kind: TreeTaxonomy) => (kind === "categories" ? products.categoryId : products.brandId);

export type TreeImages = Partial<Record<ImageSlot, ImageRef | null>>;
export type StoredNode = { id: number; name: string; slug: string; parentId: number | null; updatedAt: Date; images: TreeImages };

const likeTerm = (term: string) => containsPattern(term.toLowerCase());

/** The name search uses the trigram index on lower(name). */
function nameMatches(table: NodeTable, search: string): SQL {
  return sql`lower(${table.name}) like ${likeTerm(search)}`;
}

// ---------------------------------------------------------------------------------------------------
// Lists

/** The tree view's statement without a search: every node, siblings by name (the bench times it too). */
export function treeRowsQuery(db: Pick<Db, "select">, kind: TreeTaxonomy) {
  const table = tableOf(kind);
  return db
    .select({ id: table.id, name: table.name, slug: table.slug, parentId: table.parentId })
    .from(table)
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
}

/** The tree view's statement with a search: the matches and the ancestors that lead to them, the matches marked. */
export function treeSearchSql(kind: TreeTaxonomy, search: string): SQL {
  const table = tableOf(kind);
  return sql`
    with recursive hit as (
      select id, name, slug, parent_id, true as match from ${table} where ${nameMatches(table, search)}
    ), up(id, name, slug, parent_id, match, depth) as (
      select id, name, slug, parent_id, match, 0 from hit
      union
      select t.id, t.name, t.slug, t.parent_id, false, up.depth + 1 from ${table} t join up on t.id = up.parent_id where up.depth < 50
    )
    select id, name, slug, parent_id, bool_or(match) as match from up group by id, name, slug, parent_id
    order by lower(name), id`;
}

/**
 * The tree view: every node nested under its parent, siblings by name. With a search, the matches
 * and the ancestors that lead to them (one recursive query), the matches marked.
 */
export async function listTree(
  kind: TreeTaxonomy,
  search: string | undefined,
): Promise<{ roots: TreeNode[]; rows: Array<Omit<TreeNode, "children">>; total: number }> {
  if (!search) {
    const rows = await treeRowsQuery(getDb(), kind);
    return { roots: nestTree(rows), rows, total: rows.length };
  }
  const result = (await getDb().execute(treeSearchSql(kind, search))) as unknown as {
    rows: Array<{ id: number; name: string; slug: string; parent_id: number | null; match: boolean }>;
  };
  const rows = result.rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    slug: r.slug,
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    match: !!r.match,
  }));
  return { roots: nestTree(rows), rows, total: rows.filter((r) => r.match).length };
}

export type TreeTableRow = { id: number; name: string; slug: string; parentId: number | null; parentName: string | null };

/** The table view's page: searched, sorted (name by default) and paged by the database, its total as a window. */
export function treeTablePageQuery(db: Pick<Db, "select">, kind: TreeTaxonomy, query: TreeListQuery) {
  const table = tableOf(kind);
  const parent = alias(table, "parent");
  const pageSize = TREE_TEXTS[kind].pageSize;
  const dir = query.sortValue === "desc" ? desc : asc;
  const order = query.sortName === "id" ? [dir(table.id)] : [dir(sql`lower(${table.name})`), dir(table.id)];
  return db
    .select({
      id: table.id,
      name: table.name,
      slug: table.slug,
      parentId: table.parentId,
      parentName: parent.name,
      total: windowTotal(),
    })
    .from(table)
    .leftJoin(parent, eq(parent.id, table.parentId))
    .where(query.search ? nameMatches(table, query.search) : undefined)
    .orderBy(...order)
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
}

/** The table view; a page past the end is counted on its own. */
export async function listTreeTable(kind: TreeTaxonomy, query: TreeListQuery) {
  const table = tableOf(kind);
  const pageSize = TREE_TEXTS[kind].pageSize;
  const found = await treeTablePageQuery(getDb(), kind, query);
  const where = query.search ? nameMatches(table, query.search) : undefined;
  return pageOf<TreeTableRow & { total: number }>(found, query.page, pageSize, countOf(table, where));
}

/** Products without a category or brand: what the virtual node 0 stands for (every list load counts them). */
export function countWithoutQuery(db: Pick<Db, "select">, kind: TreeTaxonomy) {
  return db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(sql`${productColumnOf(kind)} is null`);
}

export async function countWithout(kind: TreeTaxonomy) {
  const [row] = await countWithoutQuery(getDb(), kind);
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------
// One node

export async function getNode(kind: TreeTaxonomy, id: number, tx: Tx = getDb()): Promise<StoredNode | null> {
  if (kind === "brands") {
    const [b] = await tx.select().from(brands).where(eq(brands.id, id)).limit(1);
    return b
      ? {
          id: b.id,
          name: b.name,
          slug: b.slug,
          parentId: b.parentId,
          updatedAt: b.updatedAt,
          images: { cover: b.cover, image: b.image, imgProduct: b.imgProduct },
        }
      : null;
  }
  const [c] = await tx.select().from(categories).where(eq(categories.id, id)).limit(1);
  return c
    ? { id: c.id, name: c.name, slug: c.slug, parentId: c.parentId, updatedAt: c.updatedAt, images: { cover: c.cover, image: c.image } }
    : null;
}

/** What stands in the way of deleting a node: protection, its children, its products (a few named). */
export async function deleteBlockers(kind: TreeTaxonomy, id: number, tx: Tx = getDb()): Promise<DeleteBlockers> {
  const table = tableOf(kind);
  const column = productColumnOf(kind);
  const [kids, kidCount, skus, skuCount] = await Promise.all([
    tx
      .select({ name: table.name })
      .from(table)
      .where(eq(table.parentId, id))
      .orderBy(asc(sql`lower(${table.name})`))
      .limit(5),
    tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
      .where(eq(table.parentId, id)),
    tx.select({ id: products.id }).from(products).where(eq(column, id)).orderBy(asc(products.id)).limit(5),
    tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(eq(column, id)),
  ]);
  return {
    protected: TREE_TEXTS[kind].protectedIds.includes(id),
    children: { total: kidCount[0]?.n ?? 0, names: kids.map((k) => k.name) },
    products: { total: skuCount[0]?.n ?? 0, skus: skus.map((s) => s.id) },
  };
}

/** An image of the dialog, checked against the library: only images that exist are stored. */
export async function imageRefOf(draft: { fileId?: string; alt?: string; origin?: string }): Promise<ImageRef | null> {
  if (!draft.fileId) return null;
  const entry = await libraryEntry(draft.fileId, "image");
  if (!entry) return null;
  return { fileId: entry.fileId, url: entry.url, name: entry.name, alt: draft.alt?.trim() || null, origin: draft.origin || "upload" };
}

// ---------------------------------------------------------------------------------------------------
// Commands

export type TreeSaveInput = { version: string; name: string; parentId: number | null; images: TreeImages };
export type TreeSaveResult = SaveResult<{ node: { id: number; name: string; slug: string }; created: boolean }>;

/** Names and the tree's shape change under one lock per table, so two saves cannot both pass a check. */
async function lockTree(tx: Tx, kind: TreeTaxonomy) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalog.${kind}.tree`}))`);
}

async function nameConflict(tx: Tx, kind: TreeTaxonomy, name: string, slug: string, exceptId: number | null): Promise<string | null> {
  const table = tableOf(kind);
  const same = or(sql`lower(${table.name}) = lower(${name})`, eq(table.slug, slug));
  const clashes = await tx
    .select({ name: table.name })
    .from(table)
    .where(exceptId === null ? same : and(same, ne(table.id, exceptId)))
    .limit(5);
  if (!clashes.length) return null;
  const lowered = name.toLocaleLowerCase("es-MX");
  const t = TREE_TEXTS[kind];
  return clashes.some((c) => c.name.trim().toLocaleLowerCase("es-MX") === lowered) ? t.nameTaken : t.slugTaken(clashes[0].name);
}

/**
 * Creates (id null) or updates a node through the one save path, under the tree lock. The parent must exist
 * and may never be the node itself or one of its descendants (the cycle check walks up from the new
 * parent over the table's current shape, read under the lock). An update refuses a version other
 * than the one the dialog was opened with.
 */
export async function saveTreeNode(
  kind: TreeTaxonomy,
  id: number | null,
  input: TreeSaveInput,
  actor: { id: number },
): Promise<TreeSaveResult> {
  const table = tableOf(kind);
  const t = TREE_TEXTS[kind];
  const name = input.name;
  const slug = taxonomySlug(name);
  const imagesOf = (images: TreeImages) => Object.fromEntries(t.slots.map((s) => [s.slot, images[s.slot]?.name ?? null]));
  return saveVersioned<StoredNode, { node: { id: number; name: string; slug: string }; created: boolean }>({
    before: (tx) => lockTree(tx, kind),
    lock:
      id === null
        ? undefined
        : async (tx) =>
            (await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for("update")).length ? getNode(kind, id, tx) : null,
    expected: input.version,
    messages: { notFound: t.notFoundText, stale: TREE_MESSAGES.stale },
    write: async (tx, current) => {
      if (input.parentId !== null) {
        const shape = await tx.select({ id: table.id, parentId: table.parentId }).from(table);
        const parentOf = new Map(shape.map((r) => [r.id, r.parentId]));
        if (!parentOf.has(input.parentId)) return refuse("invalid", t.parentMissing, { parentId: [t.parentMissing] });
        if (id !== null && wouldCreateCycle(id, input.parentId, (n) => parentOf.get(n)))
          return refuse("invalid", t.cycle, { parentId: [t.cycle] });
      }
      const conflict = await nameConflict(tx, kind, name, slug, id);
      if (conflict) return refuse("invalid", conflict, { name: [conflict] });

      const values = {
        name,
        slug,
        parentId: input.parentId,
        cover: input.images.cover ?? null,
        image: input.images.image ?? null,
        ...(kind === "brands" ? { imgProduct: input.images.imgProduct ?? null } : {}),
      };
      if (current === null) {
        const [row] = await tx.insert(table).values(values).returning({ id: table.id });
        return {
          value: { node: { id: row.id, name, slug }, created: true },
          audit: {
            message: `${t.created}: ${name}`,
            type: "create",
            tags: ["catalog", kind],
            identifier: row.id,
            userId: actor.id,
            detail: { name, slug, parentId: input.parentId, images: imagesOf(input.images) },
          },
        };
      }
      await tx
        .update(table)
        .set({ ...values, updatedAt: sql`greatest(now(), ${table.updatedAt} + interval '1 millisecond')` })
        .where(eq(table.id, current.id));
      return {
        value: { node: { id: current.id, name, slug }, created: false },
        audit: {
          message: `${t.updated}: ${name}`,
          type: "update",
          tags: ["catalog", kind],
          identifier: current.id,
          userId: actor.id,
          detail: {
            changes: {
              name: { from: current.name, to: name },
              slug: { from: current.slug, to: slug },
              parentId: { from: current.parentId, to: input.parentId },
              images: { from: imagesOf(current.images), to: imagesOf(input.images) },
            },
          },
        },
      };
    },
  });
}

export type TreeDeleteResult =
  | { ok: true; node: { id: number; name: string } }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "blocked"; node: { id: number; name: string }; blockers: DeleteBlockers };

/**
 * Deletes a node that is not protected and has neither children nor products; checked under the
 * tree lock so a child or product added meanwhile is seen.
 */
export async function deleteTreeNode(kind: TreeTaxonomy, id: number, actor: { id: number }): Promise<TreeDeleteResult> {
  const table = tableOf(kind);
  const t = TREE_TEXTS[kind];
  return getDb().transaction(async (tx) => {
    await lockTree(tx, kind);
    const [current] = await tx
      .select({ id: table.id, name: table.name, slug: table.slug })
      .from(table)
      .where(eq(table.id, id))
      .for("update");
    if (!current) return { ok: false, reason: "missing" } as const;
    const blockers = await deleteBlockers(kind, id, tx);
    if (isBlocked(blockers)) return { ok: false, reason: "blocked", node: current, blockers } as const;
    await tx.delete(table).where(eq(table.id, id));
    await audit(
      {
        message: `${t.deleted}: ${current.name}`,
        type: "delete",
        tags: ["catalog", kind],
        identifier: id,
        userId: actor.id,
        detail: { name: current.name, slug: current.slug },
      },
      tx,
    );
    return { ok: true, node: current } as const;
  });
}
