/**
 * The first import's collections (docs/live-data.md, "First import"): for each collection of the old
 * content back end, the allow-list schema of its records in the spec's field names (spec 1 §3,
 * spec 2 §3) and how a page of checked records becomes rows here. Orders, questions, conversations
 * and publications go through the live feeds' own schemas and appliers (feeds.server.ts), so a
 * record imported and later fed is handled the same way. Every other applier upserts by the upstream
 * id and writes a row only when something differs, so importing twice changes nothing.
 *
 * A record that fails its schema, or points at something that is not here (a product's category, a
 * sale's session), is refused with its reason and not written at all.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Tx } from "@server/db/client";
import {
  applications,
  bannersHome,
  blogPosts,
  brands,
  catalogs,
  categories,
  conversations,
  files,
  importKeys,
  orders,
  pdvSaleLines,
  pdvSales,
  pdvSessions,
  productProperties,
  products,
  publicationVariations,
  publications,
  questions,
  quotationLines,
  quotations,
  sectors,
  shopSections,
  storeLocations,
  storePromos,
  users,
  type GalleryItem,
  type ImageRef,
} from "@server/db/schema";
import { ordersCollection } from "@server/integrations/content/collections";
import { brandSegmentFrom } from "@server/integrations/marketplace/http";
import { ROLES, type Role } from "@common/roles";
import { sanitizeRichText } from "~/lib/sanitize-html.server";
import { blogSlug } from "@common/blog-slug";
import { productSlug } from "~/modules/catalog/product-rules";
import { taxonomySlug } from "~/modules/catalog/taxonomy-slug";
import { computeTotals } from "~/modules/quotations/pricing";
import { expiryFor } from "~/modules/quotations/stored.server";
import { LEVEL_MAX, LEVEL_MIN, LEVELED_ROLE } from "~/modules/users/user-rules";
import type { FeedName } from "./feed-names";
import { applyConversations, applyOrders, applyPublications, applyQuestions, linkedProductsOf } from "./feeds.server";
import {
  amount,
  count,
  digitsId,
  flag,
  instant,
  upstreamConversation,
  upstreamLinkedProduct,
  upstreamOrder,
  upstreamPublication,
  upstreamQuestion,
  type UpstreamConversation,
  type UpstreamOrder,
  type UpstreamPublication,
  type UpstreamQuestion,
} from "./upstream";

// ------------------------------------------------------------------ the shape of a collection

export type Refusal = { id: string | null; reason: string; raw?: unknown };

/** What one run knows besides the database (a dry run writes nothing, so it remembers what it accepted). */
export type ImportContext = {
  dryRun: boolean;
  brandName: string;
  /** Per collection, the ids this run accepted: in a dry run they stand in for the rows it did not write. */
  accepted: Map<string, Set<string>>;
  /** Pictures and documents of this collection that name a file the library here does not have (left out). */
  missingFiles: number;
  /** Trees (categories, brands): the parent each record of this run asks for. */
  treeParents: Map<number, number | null>;
  /** Trees: rows written without their parent, which had not come yet (child → parent). */
  pendingParents: Map<number, number>;
};

export type Prepared<P> = { rows: P[]; refused: Refusal[] };

export type CollectionSpec<R, P> = {
  /** The upstream collection (items/{key}; "users" is the back end's own users collection). */
  key: string;
  /** Spanish, for the progress bar and the report. */
  label: string;
  /** The names `--only` accepts for it besides its key. */
  aliases: string[];
  /** The live feed that goes on after the import (its cursor is set to where the import began). */
  feed?: FeedName;
  /** Fields to ask for (relations expanded), when not every plain field. */
  fields?: string[];
  schema: z.ZodType<R, z.ZodTypeDef, unknown>;
  /** Resolves what the records point at: the rows that can be written and the records refused. */
  prepare: (reader: Tx, records: R[], ctx: ImportContext) => Promise<Prepared<P>>;
  /** Writes the rows (inserted, or changed where they differ) and returns how many it wrote. */
  apply: (tx: Tx, rows: P[], ctx: ImportContext) => Promise<number>;
  /** How many of the rows are here already (a dry run reports the rest as new). */
  present: (reader: Tx, rows: P[]) => Promise<number>;
  idOf: (row: P) => string;
  /** After a page is written, in its transaction. */
  afterPage?: (tx: Tx, ctx: ImportContext) => Promise<void>;
  /** After the last page: what only the whole collection shows (a parent that never came). */
  finish?: (tx: Tx, ctx: ImportContext) => Promise<{ refused: Refusal[]; removed: number }>;
  /** Tables whose id sequence must continue after the imported ids. */
  sequences?: string[];
};

/** A collection whatever its record and row types (the list holds them all). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCollection = CollectionSpec<any, any>;

const collection = <R, P>(spec: CollectionSpec<R, P>): AnyCollection => spec;

// ------------------------------------------------------------------ field shapes

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
/** A serial id here: a whole number (or its digits) that fits an integer column. */
const serialId = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, "id no numérico"),
  ])
  .transform(Number)
  .pipe(z.number().int("id no entero").min(0).max(2_147_483_647, "id fuera de rango"));
/** A reference to another record: its id, or the record expanded ({ id, … }). */
const refOf = <T extends z.ZodTypeAny>(id: T) =>
  z.preprocess((v) => (v && typeof v === "object" && !Array.isArray(v) && "id" in v ? (v as { id: unknown }).id : v), id.nullish());
const serialRef = refOf(serialId).transform((v) => v ?? null);
/** A user as another record names it: the back end's id (a UUID or a number). */
const userRef = refOf(z.union([z.string().trim().min(1).max(80), z.number().int()]).transform(String)).transform((v) => v ?? null);
const money = amount.pipe(z.number().min(-1e11).max(1e11));
const nonNegative = amount.pipe(z.number().min(0).max(1e8));
/** A list the back end may keep as JSON text. */
const jsonList = <T extends z.ZodTypeAny>(item: T, max: number) =>
  z.preprocess((v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, z.array(item).max(max).nullish());

/** A day as the spec writes it (YYYY/MM/DD) or ISO (YYYY-MM-DD, or a moment) → YYYY-MM-DD. */
const day = z
  .union([z.string().trim(), z.date()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === "") return null;
    const textValue = typeof v === "string" ? v : v.toISOString();
    const m = /^(\d{4})[/-](\d{2})[/-](\d{2})/.exec(textValue);
    if (!m || Number.isNaN(Date.parse(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "fecha no válida (AAAA/MM/DD)" });
      return z.NEVER;
    }
    return `${m[1]}-${m[2]}-${m[3]}`;
  });

// ------------------------------------------------------------------ files (pictures, data sheets)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A file entry (spec 2 §3: id, sort, name, alt, origin, url, file) or the bare file id. */
const fileEntry = z.union([
  z.string().trim().max(2000),
  z
    .object({
      id: z.union([z.string(), z.number()]).nullish(),
      file: z.union([z.string(), z.object({ id: z.string() }).passthrough()]).nullish(),
      sort: z.number().nullish(),
      name: optionalText(300),
      title: optionalText(300),
      alt: optionalText(300),
      origin: optionalText(40),
      url: optionalText(2000),
    })
    .passthrough(),
]);
type FileEntry = z.infer<typeof fileEntry>;
const fileList = jsonList(fileEntry, 60);

/** The library file an entry names (its id, or its file's), when it is a file id at all. */
function fileIdOf(entry: FileEntry | null | undefined): string | null {
  if (!entry) return null;
  if (typeof entry === "string") return UUID.test(entry) ? entry.toLowerCase() : null;
  const candidates = [typeof entry.file === "object" && entry.file ? entry.file.id : entry.file, entry.id];
  for (const c of candidates) if (typeof c === "string" && UUID.test(c)) return c.toLowerCase();
  return null;
}

/** Of these file ids, the ones the library here has. */
async function libraryFiles(reader: Tx, ids: Array<string | null>): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Set();
  const rows = await reader.select({ id: files.id }).from(files).where(inArray(files.id, wanted));
  return new Set(rows.map((r) => r.id.toLowerCase()));
}

/**
 * A picture as the app keeps it, when its file is in the library here; files are not part of this
 * import, so a picture whose file is not here is left out and counted for the report.
 */
function pictureOf(
  entry: FileEntry | null | undefined,
  known: Set<string>,
  ctx: ImportContext,
  sort = 0,
): (GalleryItem & { alt: string }) | null {
  if (entry === null || entry === undefined || entry === "") return null;
  const id = fileIdOf(entry);
  if (!id || !known.has(id)) {
    ctx.missingFiles += 1;
    return null;
  }
  const meta = typeof entry === "string" ? null : entry;
  return {
    fileId: id,
    url: `/files/${id}`,
    name: meta?.name ?? meta?.title ?? undefined,
    alt: meta?.alt ?? "",
    origin: meta?.origin ?? "upload",
    sort: meta?.sort ?? sort,
  };
}

const imageRef = (picture: (GalleryItem & { alt: string }) | null): ImageRef | null =>
  picture ? { fileId: picture.fileId, url: picture.url, name: picture.name, alt: picture.alt || null, origin: picture.origin } : null;

// ------------------------------------------------------------------ writing

const excludedOf = (column: PgColumn) => sql.raw(`excluded."${column.name}"`);

/**
 * Inserts the rows, or updates the ones whose id is here where any written column differs: the
 * ids it inserted or changed. `touch` is set on a change too, without being compared (updated_at).
 */
async function upsertChanged(
  tx: Tx,
  table: PgTable,
  rows: Array<Record<string, unknown>>,
  key: string,
  touch: Record<string, unknown> = {},
): Promise<string[]> {
  if (!rows.length) return [];
  const columnsOf = table as unknown as Record<string, PgColumn>;
  const compared = Object.keys(rows[0]).filter((k) => k !== key);
  const set: Record<string, unknown> = { ...touch };
  for (const k of compared) set[k] = excludedOf(columnsOf[k]);
  const differs: SQL = sql`(${sql.join(
    compared.map((k) => sql`${columnsOf[k]}`),
    sql`, `,
  )}) is distinct from (${sql.join(
    compared.map((k) => excludedOf(columnsOf[k])),
    sql`, `,
  )})`;
  const changed = (await tx
    .insert(table)
    .values(rows as never)
    .onConflictDoUpdate({ target: columnsOf[key], set: set as never, setWhere: differs })
    .returning({ id: columnsOf[key] })) as Array<{ id: unknown }>;
  return changed.map((r) => String(r.id));
}

/**
 * A collection written row for row into one table by its id: the upsert, the count of those already
 * there (a dry run's "would change") and the id the report names. `touch` as in upsertChanged.
 */
function storedById<Row extends { id: string | number }>(
  table: PgTable & { id: PgColumn },
  touch: () => Record<string, unknown> = () => ({}),
) {
  return {
    apply: async (tx: Tx, rows: Row[]) => (await upsertChanged(tx, table, rows, "id", touch())).length,
    present: (reader: Tx, rows: Row[]) =>
      countPresent(
        reader,
        table.id,
        rows.map((r) => r.id),
      ),
    idOf: (r: Row) => String(r.id),
  };
}

/** How many of these ids a table has. */
async function countPresent(reader: Tx, column: PgColumn, ids: unknown[]): Promise<number> {
  if (!ids.length) return 0;
  const [row] = await reader
    .select({ n: sql<number>`count(*)::int` })
    .from(column.table)
    .where(inArray(column, ids as never[]));
  return Number(row?.n ?? 0);
}

/** Of these ids, the ones a table has, plus (in a dry run) the ones this run accepted for `kind`. */
async function known(reader: Tx, ctx: ImportContext, kind: string, column: PgColumn, ids: Array<string | number>): Promise<Set<string>> {
  const wanted = [...new Set(ids.map(String))];
  const found = new Set<string>();
  if (!wanted.length) return found;
  const rows = (await reader
    .select({ id: column })
    .from(column.table)
    .where(
      inArray(
        column,
        (column.columnType.startsWith("PgInteger") || column.columnType === "PgSerial" ? wanted.map(Number) : wanted) as never[],
      ),
    )) as Array<{ id: unknown }>;
  for (const r of rows) found.add(String(r.id));
  for (const id of wanted) if (ctx.accepted.get(kind)?.has(id)) found.add(id);
  return found;
}

/** Replaces a row's children (lines, properties) when they differ from what is here: the parent ids whose children changed. */
async function replaceChildren<C extends Record<string, unknown>>(
  tx: Tx,
  table: PgTable,
  parentColumn: PgColumn,
  orderColumn: PgColumn,
  wanted: Map<string | number, C[]>,
  fields: Array<keyof C & string>,
): Promise<Set<string>> {
  const changed = new Set<string>();
  const parents = [...wanted.keys()];
  if (!parents.length) return changed;
  const columnsOf = table as unknown as Record<string, PgColumn>;
  const selection = Object.fromEntries([["parent", parentColumn], ...fields.map((f) => [f, columnsOf[f]])]);
  const rows = (await tx
    .select(selection as never)
    .from(table)
    .where(inArray(parentColumn, parents as never[]))
    .orderBy(parentColumn, orderColumn)) as Array<Record<string, unknown>>;
  const here = new Map<string, string[]>();
  const norm = (row: Record<string, unknown>) =>
    JSON.stringify(fields.map((f) => (row[f] === undefined ? null : row[f] instanceof Date ? (row[f] as Date).toISOString() : row[f])));
  for (const r of rows) here.set(String(r.parent), [...(here.get(String(r.parent)) ?? []), norm(r)]);
  const toWrite: C[] = [];
  const stale: Array<string | number> = [];
  for (const [parent, children] of wanted) {
    const now = children.map(norm);
    const before = here.get(String(parent)) ?? [];
    if (now.length === before.length && now.every((c, i) => c === before[i])) continue;
    changed.add(String(parent));
    if (before.length) stale.push(parent);
    toWrite.push(...children);
  }
  if (stale.length) await tx.delete(table).where(inArray(parentColumn, stale as never[]));
  if (toWrite.length) await tx.insert(table).values(toWrite as never);
  return changed;
}

/** Amounts and quantities as their columns keep them, so a line read again compares equal. */
const cents = (value: number) => Math.round(value * 100) / 100;
const thousandths = (value: number) => Math.round(value * 1000) / 1000;
const noneRefused = <P>(rows: P[]): Prepared<P> => ({ rows, refused: [] });

// ------------------------------------------------------------------ users

/**
 * Imported users have no password: this value is no bcrypt hash, so no password matches it and
 * sign-in answers "Correo o contraseña incorrectos." until an Admin sets one (Usuarios → the user →
 * Restablecer contraseña).
 */
export const NO_PASSWORD = "!importado-sin-contraseña";

const foldRole = (value: string) =>
  value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
const ROLE_BY_NAME = new Map<string, Role>(
  (Object.entries(ROLES) as Array<[Role, string]>).flatMap(([key, label]) => [
    [foldRole(key), key],
    [foldRole(label), key],
  ]),
);

export const upstreamUser = z
  .object({
    id: z.union([z.string().trim().min(1).max(80), z.number().int()]).transform(String),
    email: z.string().trim().toLowerCase().email("correo no válido").max(200),
    first_name: optionalText(100),
    last_name: optionalText(100),
    phone: optionalText(30),
    role: z.union([z.string().trim().max(120), z.object({ name: z.string().trim().max(120) }).passthrough()]).nullish(),
    level: z
      .union([z.number(), z.string().regex(/^\d+$/)])
      .transform(Number)
      .pipe(z.number().int().min(LEVEL_MIN).max(LEVEL_MAX))
      .nullish(),
    confirm_code_pdv: optionalText(20),
    intelisis_agent: optionalText(50),
    additional_role: jsonList(
      z.union([z.string().trim().max(50), z.object({ intelisis_user: z.string().trim().max(50).nullish() }).passthrough()]),
      50,
    ),
    status: optionalText(20),
  })
  .transform((u, ctx) => {
    const roleName = typeof u.role === "string" ? u.role : (u.role?.name ?? "");
    const role = ROLE_BY_NAME.get(foldRole(roleName));
    if (!role) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["role"],
        message: roleName ? `rol desconocido: ${roleName}` : "sin rol (se lee con fields=*,role.*)",
      });
      return z.NEVER;
    }
    if (role === LEVELED_ROLE && !u.level) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["level"],
        message: `el rol ${ROLES[role]} necesita un nivel del ${LEVEL_MIN} al ${LEVEL_MAX}`,
      });
      return z.NEVER;
    }
    const erpUsers = [
      ...new Set((u.additional_role ?? []).map((r) => (typeof r === "string" ? r : (r.intelisis_user ?? ""))).filter(Boolean)),
    ];
    return { ...u, role, erpUsers };
  });
type UpstreamUser = z.infer<typeof upstreamUser>;
type UserRow = UpstreamUser & { localId: number | null };

/** Upstream user ids → users.id here (dry run: the users this run accepted count as -1). */
async function localUserIds(reader: Tx, ctx: ImportContext, upstreamIds: Array<string | null>): Promise<Map<string, number>> {
  const wanted = [...new Set(upstreamIds.filter((id): id is string => !!id))];
  const out = new Map<string, number>();
  if (!wanted.length) return out;
  // A link to a user no longer here links nothing.
  const rows = await reader
    .select({ upstreamId: importKeys.upstreamId, localId: importKeys.localId })
    .from(importKeys)
    .innerJoin(users, eq(sql`${importKeys.localId}::int`, users.id))
    .where(and(eq(importKeys.collection, "users"), inArray(importKeys.upstreamId, wanted)));
  for (const r of rows) out.set(r.upstreamId, Number(r.localId));
  for (const id of wanted) if (!out.has(id) && ctx.accepted.get("users")?.has(id)) out.set(id, -1);
  return out;
}

const usersCollection = collection<UpstreamUser, UserRow>({
  key: "users",
  label: "Usuarios",
  aliases: [],
  fields: ["*", "role.*"],
  schema: upstreamUser,
  async prepare(reader, records, ctx) {
    const mapped = await localUserIds(
      reader,
      ctx,
      records.map((r) => r.id),
    );
    const rows: UserRow[] = [];
    const refused: Refusal[] = [];
    const emails = new Set<string>();
    for (const u of records) {
      if (emails.has(u.email)) {
        refused.push({ id: u.id, reason: `email: ${u.email} repetido en otro usuario` });
        continue;
      }
      emails.add(u.email);
      rows.push({ ...u, localId: mapped.get(u.id) ?? null });
    }
    // A second upstream user with an address a user here already has (and no link to it) is not the same account.
    const taken = rows.filter((r) => r.localId === null).map((r) => r.email);
    if (taken.length) {
      const here = await reader
        .select({ id: users.id, email: sql<string>`lower(${users.email})` })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, taken));
      const linked = new Set(
        here.length
          ? (
              await reader
                .select({ localId: importKeys.localId })
                .from(importKeys)
                .where(
                  and(
                    eq(importKeys.collection, "users"),
                    inArray(
                      importKeys.localId,
                      here.map((h) => String(h.id)),
                    ),
                  ),
                )
            ).map((k) => k.localId)
          : [],
      );
      for (const h of here) {
        const row = rows.find((r) => r.email === h.email && r.localId === null)!;
        if (linked.has(String(h.id))) {
          rows.splice(rows.indexOf(row), 1);
          refused.push({ id: row.id, reason: `email: ${row.email} ya es de otro usuario importado` });
        } else row.localId = h.id; // an account made here before the import (user:create): linked, kept as it is
      }
    }
    return { rows, refused };
  },
  async apply(tx, rows) {
    let written = 0;
    const links: Array<typeof importKeys.$inferInsert> = [];
    const fresh = rows.filter((r) => r.localId === null);
    if (fresh.length) {
      const inserted = await tx
        .insert(users)
        .values(
          fresh.map((u) => ({
            email: u.email,
            firstName: u.first_name ?? u.email.split("@")[0],
            lastName: u.last_name ?? "",
            phone: u.phone,
            role: u.role,
            level: u.role === LEVELED_ROLE ? u.level : null,
            passwordHash: NO_PASSWORD,
            confirmCodePdv: u.confirm_code_pdv,
            intelisisAgent: u.intelisis_agent,
            erpUsers: u.erpUsers,
            isActive: !u.status || u.status === "active",
          })),
        )
        .returning({ id: users.id, email: users.email });
      written += inserted.length;
      for (const row of inserted)
        links.push({ collection: "users", upstreamId: fresh.find((f) => f.email === row.email)!.id, localId: String(row.id) });
    }
    // Users already here (imported before, or made here first) are kept as they are: staff manage them here.
    for (const r of rows) if (r.localId !== null) links.push({ collection: "users", upstreamId: r.id, localId: String(r.localId) });
    if (links.length) {
      await tx
        .insert(importKeys)
        .values(links)
        .onConflictDoUpdate({
          target: [importKeys.collection, importKeys.upstreamId],
          set: { localId: sql`excluded.local_id` },
          setWhere: sql`${importKeys.localId} <> excluded.local_id`,
        });
    }
    return written;
  },
  present: async (_reader, rows) => rows.filter((r) => r.localId !== null).length,
  idOf: (r) => r.id,
});

// ------------------------------------------------------------------ taxonomies

const simpleTaxonomy = z.object({
  id: serialId,
  name: text(200).min(1, "nombre vacío"),
  slug: optionalText(200),
});
type SimpleTaxonomy = z.infer<typeof simpleTaxonomy>;

function simpleTaxonomyCollection(key: string, label: string, table: typeof sectors | typeof applications, tableName: string) {
  return collection<SimpleTaxonomy, SimpleTaxonomy>({
    key,
    label,
    aliases: ["taxonomies", "taxonomias"],
    schema: simpleTaxonomy,
    async prepare(_reader, records) {
      // id 0 is the spec's "new" marker, not a record.
      return noneRefused(records.filter((r) => r.id > 0));
    },
    async apply(tx, rows) {
      return (
        await upsertChanged(
          tx,
          table,
          rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug || taxonomySlug(r.name) })),
          "id",
        )
      ).length;
    },
    present: (reader, rows) =>
      countPresent(
        reader,
        table.id,
        rows.map((r) => r.id),
      ),
    idOf: (r) => String(r.id),
    sequences: [tableName],
  });
}

const treeTaxonomy = z.object({
  id: serialId,
  name: text(200).min(1, "nombre vacío"),
  slug: optionalText(200),
  parent_id: serialRef,
  image: fileEntry.nullish(),
  cover: fileEntry.nullish(),
  complete_image: fileList,
  complete_cover: fileList,
  img_product: fileEntry.nullish(),
  complete_img_product: fileList,
  is_featured: flag.nullish(),
});
type TreeTaxonomy = z.infer<typeof treeTaxonomy>;
type TreeRow = Record<string, unknown> & { id: number; parentId: number | null };

/** A category or a brand: a tree by parent_id. A parent that comes later waits (pendingParents); one that never comes refuses the record, and those under it. */
function treeCollection(key: string, label: string, table: typeof categories | typeof brands, tableName: string, withBrandFields: boolean) {
  return collection<TreeTaxonomy, TreeRow>({
    key,
    label,
    aliases: ["taxonomies", "taxonomias"],
    schema: treeTaxonomy,
    async prepare(reader, records, ctx) {
      // Category 0 is the virtual "Sin categoría" (spec 2 §3): no category at all here.
      const kept = records.filter((r) => r.id > 0);
      const parents = kept.map((r) => (r.parent_id && r.parent_id !== r.id ? r.parent_id : null));
      const here = await known(
        reader,
        ctx,
        key,
        table.id,
        parents.filter((p): p is number => p !== null),
      );
      const inPage = new Set(kept.map((r) => r.id));
      const fileIds = kept.flatMap((r) =>
        [r.complete_image?.[0] ?? r.image, r.complete_cover?.[0] ?? r.cover, r.complete_img_product?.[0] ?? r.img_product].map(fileIdOf),
      );
      const library = await libraryFiles(reader, fileIds);
      const rows = kept.map((r, i) => {
        const parent = parents[i];
        ctx.treeParents.set(r.id, parent);
        const ready = parent === null || inPage.has(parent) || here.has(String(parent));
        if (ready) ctx.pendingParents.delete(r.id);
        else ctx.pendingParents.set(r.id, parent);
        const row: TreeRow = {
          id: r.id,
          name: r.name,
          slug: r.slug || taxonomySlug(r.name),
          parentId: ready ? parent : null,
          image: imageRef(pictureOf(r.complete_image?.[0] ?? r.image, library, ctx)),
          cover: imageRef(pictureOf(r.complete_cover?.[0] ?? r.cover, library, ctx)),
        };
        if (withBrandFields) {
          row.imgProduct = imageRef(pictureOf(r.complete_img_product?.[0] ?? r.img_product, library, ctx));
          row.isFeatured = r.is_featured ?? false;
        }
        return row;
      });
      // Parents first within the page, so a row never waits for one written after it in the same statement.
      const depth = (row: TreeRow, seen = 0): number =>
        row.parentId !== null && inPage.has(row.parentId) && seen < 50
          ? 1 +
            depth(
              rows.find((x) => x.id === row.parentId)!,
              seen + 1,
            )
          : 0;
      return noneRefused(
        rows
          .map((row) => ({ row, d: depth(row) }))
          .sort((a, b) => a.d - b.d)
          .map((x) => x.row),
      );
    },
    async apply(tx, rows) {
      return (await upsertChanged(tx, table, rows, "id", { updatedAt: new Date() })).length;
    },
    async afterPage(tx, ctx) {
      // Parents that have come by now: set them on the rows that waited.
      if (!ctx.pendingParents.size) return;
      const waiting = [...ctx.pendingParents.entries()];
      const here = await known(
        tx,
        ctx,
        key,
        table.id,
        waiting.map(([, p]) => p),
      );
      for (const [child, parent] of waiting) {
        if (!here.has(String(parent))) continue;
        if (!ctx.dryRun) await tx.update(table).set({ parentId: parent }).where(eq(table.id, child));
        ctx.pendingParents.delete(child);
      }
    },
    async finish(tx, ctx) {
      // Every node's parents must lead to a root: a parent that never came, or a circle, refuses the node and what hangs from it.
      const parentOf = new Map<number, number | null>();
      for (const r of await tx.select({ id: table.id, parentId: table.parentId }).from(table)) parentOf.set(r.id, r.parentId);
      for (const [id, parent] of ctx.treeParents) parentOf.set(id, parent);
      for (const [id, parent] of ctx.pendingParents) parentOf.set(id, parent);
      const verdict = new Map<number, string | null>();
      const judge = (start: number) => {
        const trail: number[] = [];
        let at = start;
        // The reason of the trail's topmost node (null: it reaches a root), then each node below it inherits.
        let top: string | null = null;
        let cycleFrom = -1;
        for (;;) {
          const seen = verdict.get(at);
          if (seen !== undefined) {
            top = seen === null ? null : `su padre ${at} fue rechazado`;
            break;
          }
          cycleFrom = trail.indexOf(at);
          if (cycleFrom >= 0) break;
          trail.push(at);
          const parent = parentOf.get(at) ?? null;
          if (parent === null) break;
          if (!parentOf.has(parent)) {
            top = `el padre ${parent} no existe`;
            break;
          }
          at = parent;
        }
        let below = trail.length - 1;
        if (cycleFrom >= 0) {
          for (let k = cycleFrom; k < trail.length; k++) verdict.set(trail[k], "sus padres forman un ciclo");
          below = cycleFrom - 1;
          top = "x";
        } else if (below >= 0) {
          verdict.set(trail[below], top);
          below -= 1;
        }
        for (let k = below; k >= 0; k--) verdict.set(trail[k], top === null ? null : `su padre ${trail[k + 1]} fue rechazado`);
      };
      const refused: Refusal[] = [];
      for (const id of parentOf.keys()) {
        if (!verdict.has(id)) judge(id);
        const reason = verdict.get(id);
        if (reason) refused.push({ id: String(id), reason: `parent_id: ${reason}` });
      }
      ctx.pendingParents.clear();
      if (!refused.length) return { refused, removed: 0 };
      const ids = refused.map((r) => Number(r.id));
      let removed = ids.filter((id) => ctx.treeParents.has(id)).length;
      if (!ctx.dryRun) {
        await tx.update(table).set({ parentId: null }).where(inArray(table.id, ids));
        removed = (await tx.delete(table).where(inArray(table.id, ids)).returning({ id: table.id })).length;
      }
      return { refused, removed };
    },
    present: (reader, rows) =>
      countPresent(
        reader,
        table.id,
        rows.map((r) => r.id),
      ),
    idOf: (r) => String(r.id),
    sequences: [tableName],
  });
}

// ------------------------------------------------------------------ products

const property = z.object({
  name: text(200).min(1, "propiedad sin nombre"),
  value: z.union([z.string(), z.number()]).transform(String).pipe(text(2000)).nullish(),
  is_selector: flag.nullish(),
});

const comboComponent = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String).pipe(text(80).min(1)),
    name: optionalText(500),
    price: money.nullish(),
    stock: z.number().nullish(),
    qty: count.nullish(),
  })
  .passthrough();

export const upstreamProduct = z.object({
  id: text(80).min(1, "SKU vacío"),
  manufacturer_sku: optionalText(120),
  name: text(500).min(1, "nombre vacío"),
  slug: optionalText(600),
  category: serialRef,
  sector: serialRef,
  application: serialRef,
  brand: serialRef,
  properties: jsonList(property, 200),
  tall: nonNegative.nullish(),
  wide: nonNegative.nullish(),
  long: nonNegative.nullish(),
  weight: nonNegative.nullish(),
  ean_upc: optionalText(40),
  description: z.string().max(200_000).nullish(),
  data_sheet: fileEntry.nullish(),
  gallery: fileList,
  complete_gallery: fileList,
  is_active: flag.nullish(),
  is_combo: flag.nullish(),
  combo_products: jsonList(comboComponent, 100),
  clave_sat: optionalText(20),
  price: nonNegative.nullish(),
  stock_total: z
    .union([z.number(), z.string().regex(/^-?\d+$/)])
    .transform(Number)
    .pipe(z.number().int().min(-1e7).max(1e9))
    .nullish(),
  stocks: jsonList(z.object({ name: text(40), qty: z.number().finite() }), 60),
  intelisis_name: optionalText(500),
  descripcion1: optionalText(2000),
  precio2: nonNegative.nullish(),
  precio3: nonNegative.nullish(),
  monedaprecio: z.enum(["Pesos", "Dolares"]).nullish(),
});
type UpstreamProduct = z.infer<typeof upstreamProduct>;
type ProductRow = { row: Record<string, unknown> & { id: string }; properties: Array<typeof productProperties.$inferInsert> };

const productsCollection = collection<UpstreamProduct, ProductRow>({
  key: "products",
  label: "Productos",
  aliases: ["productos"],
  feed: "erp-articles",
  schema: upstreamProduct,
  async prepare(reader, records, ctx) {
    const refs = async (kind: string, column: PgColumn, pick: (p: UpstreamProduct) => number | null) =>
      known(
        reader,
        ctx,
        kind,
        column,
        records.map(pick).filter((v): v is number => !!v),
      );
    const [cats, brandIds, sectorIds, appIds] = await Promise.all([
      refs("products_categories", categories.id, (p) => p.category),
      refs("products_brands", brands.id, (p) => p.brand),
      refs("products_sectors", sectors.id, (p) => p.sector),
      refs("products_applications", applications.id, (p) => p.application),
    ]);
    const library = await libraryFiles(
      reader,
      records.flatMap((p) => [
        fileIdOf(p.data_sheet),
        ...(p.complete_gallery?.length ? p.complete_gallery : (p.gallery ?? [])).map(fileIdOf),
      ]),
    );
    const rows: ProductRow[] = [];
    const refused: Refusal[] = [];
    for (const p of records) {
      const missing = (
        [
          ["category", p.category, cats, "products_categories"],
          ["brand", p.brand, brandIds, "products_brands"],
          ["sector", p.sector, sectorIds, "products_sectors"],
          ["application", p.application, appIds, "products_applications"],
        ] as const
      ).filter(([, id, found]) => id && !found.has(String(id)));
      if (missing.length) {
        refused.push({ id: p.id, reason: missing.map(([field, id, , from]) => `${field}: ${id} no existe en ${from}`).join("; ") });
        continue;
      }
      const sheet = p.data_sheet ? fileIdOf(p.data_sheet) : null;
      if (p.data_sheet && (!sheet || !library.has(sheet))) ctx.missingFiles += 1;
      const gallery = (p.complete_gallery?.length ? p.complete_gallery : (p.gallery ?? []))
        .map((entry, i) => pictureOf(entry, library, ctx, i))
        .filter((g): g is GalleryItem & { alt: string } => g !== null)
        .sort((a, b) => a.sort - b.sort)
        .map((g, sort) => ({ fileId: g.fileId, url: g.url, name: g.name, alt: g.alt || null, origin: g.origin, sort }));
      const ean = p.ean_upc && p.ean_upc !== "0" ? p.ean_upc : null;
      rows.push({
        row: {
          id: p.id,
          manufacturerSku: p.manufacturer_sku ?? "",
          name: p.name,
          slug: p.slug || productSlug(p.id, p.name),
          descripcion1: p.descripcion1,
          intelisisName: p.intelisis_name,
          categoryId: p.category || null,
          brandId: p.brand || null,
          sectorId: p.sector || null,
          applicationId: p.application || null,
          description: sanitizeRichText(p.description ?? ""),
          tall: p.tall ?? 0,
          wide: p.wide ?? 0,
          long: p.long ?? 0,
          weight: p.weight ?? 0,
          eanUpc: ean,
          dataSheetId: sheet && library.has(sheet) ? sheet : null,
          gallery,
          isActive: p.is_active ?? false,
          isCombo: p.is_combo ?? false,
          comboProducts: (p.combo_products ?? []).map((c) => ({
            id: c.id,
            name: c.name ?? "",
            price: c.price ?? 0,
            stock: c.stock ?? 0,
            qty: c.qty ?? 1,
          })),
          claveSat: p.clave_sat ?? "0",
          price: p.price ?? 0,
          precio2: p.precio2 ?? 0,
          precio3: p.precio3 ?? 0,
          monedaPrecio: p.monedaprecio ?? "Pesos",
          stockTotal: p.stock_total ?? (p.stocks ?? []).reduce((sum, s) => sum + s.qty, 0),
          stocks: p.stocks ?? [],
        },
        properties: (p.properties ?? []).map((prop, sort) => ({
          productId: p.id,
          name: prop.name,
          value: prop.value ?? "",
          isSelector: prop.is_selector ?? false,
          sort,
        })),
      });
    }
    return { rows, refused };
  },
  async apply(tx, rows) {
    const changed = new Set(
      await upsertChanged(
        tx,
        products,
        rows.map((r) => r.row),
        "id",
        { updatedAt: new Date() },
      ),
    );
    const props = await replaceChildren(
      tx,
      productProperties,
      productProperties.productId,
      productProperties.sort,
      new Map(rows.map((r) => [r.row.id, r.properties])),
      ["productId", "name", "value", "isSelector", "sort"],
    );
    for (const id of props) changed.add(id);
    return changed.size;
  },
  present: (reader, rows) =>
    countPresent(
      reader,
      products.id,
      rows.map((r) => r.row.id),
    ),
  idOf: (r) => r.row.id,
});

// ------------------------------------------------------------------ publications and variations

export const upstreamVariation = z.object({
  id: digitsId,
  post_id: refOf(
    z
      .string()
      .trim()
      .regex(/^[A-Z]{3}\d{1,15}$/, "publicación no válida"),
  ).transform((v) => v ?? null),
  name: text(500).nullish(),
  attributes: jsonList(
    z
      .object({
        id: z.union([z.string(), z.number()]).transform(String),
        name: text(200),
        value: z.union([z.string(), z.number()]).transform(String).nullish(),
      })
      .passthrough(),
    50,
  ),
  linked_products: jsonList(upstreamLinkedProduct, 100),
  last_update: instant.nullish(),
  last_sync_down: instant.nullish(),
});
type UpstreamVariation = z.infer<typeof upstreamVariation>;

const variationsCollection = collection<UpstreamVariation, Record<string, unknown> & { id: number }>({
  key: "mercadolibre_variations",
  label: "Variaciones de publicaciones",
  aliases: ["publications", "publicaciones", "variations", "variaciones"],
  schema: upstreamVariation,
  async prepare(reader, records, ctx) {
    const posts = await known(
      reader,
      ctx,
      "mercadolibre_posts",
      publications.id,
      records.map((v) => v.post_id).filter((p): p is string => !!p),
    );
    const rows: Array<Record<string, unknown> & { id: number }> = [];
    const refused: Refusal[] = [];
    for (const v of records) {
      const id = Number(v.id);
      if (!Number.isSafeInteger(id)) refused.push({ id: v.id, reason: "id: fuera de rango" });
      else if (!v.post_id) refused.push({ id: v.id, reason: "post_id: sin publicación" });
      else if (!posts.has(v.post_id)) refused.push({ id: v.id, reason: `post_id: ${v.post_id} no existe en mercadolibre_posts` });
      else
        rows.push({
          id,
          postId: v.post_id,
          name: v.name ?? "",
          attributes: (v.attributes ?? []).map((a) => ({ id: a.id, name: a.name, value: a.value ?? "" })),
          linkedProducts: linkedProductsOf(v.linked_products).filter((lp) => lp.sku),
          lastUpdate: v.last_update ?? null,
          lastSyncDown: v.last_sync_down ?? null,
        });
    }
    return { rows, refused };
  },
  ...storedById(publicationVariations),
});

// ------------------------------------------------------------------ the feeds' own collections

function feedCollection<R extends { id: string }>(spec: {
  key: string;
  label: string;
  aliases: string[];
  feed: FeedName;
  schema: z.ZodType<R, z.ZodTypeDef, unknown>;
  apply: (tx: Tx, records: R[]) => Promise<number>;
  present: (reader: Tx, records: R[]) => Promise<number>;
}) {
  return collection<R, R>({
    ...spec,
    prepare: async (_reader, records) => noneRefused(records),
    apply: (tx, rows) => (rows.length ? spec.apply(tx, rows) : Promise.resolve(0)),
    idOf: (r) => r.id,
  });
}

function ordersCollectionSpec(account: "main" | "brand", brandName: string) {
  const key = ordersCollection(account, brandSegmentFrom(brandName));
  return feedCollection<UpstreamOrder>({
    key,
    label: account === "main" ? "Pedidos (Meli 1)" : `Pedidos (${brandName})`,
    aliases: ["orders", "pedidos"],
    feed: account === "main" ? "orders-main" : "orders-brand",
    schema: upstreamOrder,
    apply: (tx, records) => applyOrders(tx, records, account),
    present: (reader, records) =>
      countPresent(
        reader,
        orders.id,
        records.map((o) => BigInt(o.id)),
      ),
  });
}

// ------------------------------------------------------------------ shop content

const bannerRecord = z.object({
  id: serialId,
  name: optionalText(255),
  image: fileEntry.nullish(),
  cover_title: optionalText(255),
  cover_subtitle: optionalText(255),
  cover_content: optionalText(255),
});
type BannerRecord = z.infer<typeof bannerRecord>;

const shopSectionRecord = z.object({
  id: serialId,
  title: text(150).min(1, "título vacío"),
  status: z
    .union([flag, z.enum(["published", "draft", "active", "inactive"]).transform((s) => s === "published" || s === "active")])
    .nullish(),
  products: jsonList(
    z
      .object({
        id: z.union([z.string(), z.number()]).transform(String).pipe(text(80).min(1)),
        qty: count.pipe(z.number().int().min(1).max(9999)).nullish(),
      })
      .passthrough(),
    200,
  ),
});
type ShopSectionRecord = z.infer<typeof shopSectionRecord>;

const blogRecord = z.object({
  id: serialId,
  title: text(200).min(1, "título vacío"),
  content: z.string().max(500_000).nullish(),
  slug: optionalText(250),
  status: z.union([flag, z.enum(["published", "draft"]).transform((s) => s === "published")]).nullish(),
  featured_image: fileEntry.nullish(),
  created_at: instant.nullish(),
  date_created: instant.nullish(),
});
type BlogRecord = z.infer<typeof blogRecord>;

const promoRecord = z.object({
  id: serialId,
  title: text(200).min(1, "título vacío"),
  description: optionalText(5000),
  link: optionalText(2000),
  image: fileEntry.nullish(),
  start_date: day,
  end_date: day,
  visible: flag.nullish(),
  status: optionalText(40),
  permalink: optionalText(2000),
});
type PromoRecord = z.infer<typeof promoRecord>;

const geolocation = z
  .union([
    z.object({ lat: z.coerce.number(), lng: z.coerce.number() }).passthrough(),
    z
      .object({ type: z.literal("Point"), coordinates: z.tuple([z.number(), z.number()]) })
      .transform((p) => ({ lat: p.coordinates[1], lng: p.coordinates[0] })),
    z
      .string()
      .regex(/^\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*$/)
      .transform((s) => {
        const [lat, lng] = s.split(",").map(Number);
        return { lat, lng };
      }),
  ])
  .nullish()
  .transform((g) => (g ? { lat: g.lat, lng: g.lng } : null))
  .refine((g) => !g || (Math.abs(g.lat) <= 90 && Math.abs(g.lng) <= 180), "coordenadas fuera de rango");

const locationRecord = z.object({
  id: serialId,
  name: text(200).min(1, "nombre vacío"),
  schedule: optionalText(1000),
  phone: optionalText(60),
  whatsapp: optionalText(60),
  address: optionalText(1000),
  url: optionalText(2000),
  geolocation,
});
type LocationRecord = z.infer<typeof locationRecord>;

const catalogProduct = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String).pipe(text(80).min(1)),
    qty: count.pipe(z.number().int().min(1).max(9999)).nullish(),
  })
  .passthrough();
const catalogRecord = z.object({
  id: serialId,
  title: text(150).min(1, "título vacío"),
  subtitle: jsonList(
    z.union([
      z
        .string()
        .trim()
        .max(150)
        .transform((title) => ({ title, products: [] as Array<z.infer<typeof catalogProduct>> })),
      z
        .object({
          subtitle: optionalText(150),
          text: optionalText(150),
          title: optionalText(150),
          products: z.array(catalogProduct).max(500).nullish(),
        })
        .passthrough()
        .transform((s) => ({ title: s.subtitle ?? s.text ?? s.title ?? "", products: s.products ?? [] })),
    ]),
    50,
  ),
  image: fileList,
  complete_gallery: fileList,
  products: jsonList(catalogProduct, 500),
});
type CatalogRecord = z.infer<typeof catalogRecord>;

/** A shop-content collection: one row per record, pictures resolved against the library. */
function contentCollection<R extends { id: number }>(spec: {
  key: string;
  label: string;
  table: PgTable & { id: PgColumn };
  tableName: string;
  schema: z.ZodType<R, z.ZodTypeDef, unknown>;
  files?: (r: R) => Array<FileEntry | null | undefined>;
  row: (
    r: R,
    picture: (entry: FileEntry | null | undefined, sort?: number) => (GalleryItem & { alt: string }) | null,
  ) => Record<string, unknown> | string;
  touch?: boolean;
}) {
  type Row = Record<string, unknown> & { id: number };
  return collection<R, Row>({
    key: spec.key,
    label: spec.label,
    aliases: ["content", "contenido", "shop", "tienda"],
    schema: spec.schema,
    async prepare(reader, records, ctx) {
      const library = await libraryFiles(
        reader,
        records.flatMap((r) => (spec.files?.(r) ?? []).map(fileIdOf)),
      );
      const rows: Row[] = [];
      const refused: Refusal[] = [];
      for (const r of records) {
        const row = spec.row(r, (entry, sort) => pictureOf(entry, library, ctx, sort));
        if (typeof row === "string") refused.push({ id: String(r.id), reason: row });
        else rows.push({ id: r.id, ...row });
      }
      return { rows, refused };
    },
    ...storedById<Row>(spec.table, () => (spec.touch === false ? {} : { updatedAt: new Date() })),
    sequences: [spec.tableName],
  });
}

const shopContent = [
  contentCollection<BannerRecord>({
    key: "banners_home_ecommerce",
    label: "Banner de inicio",
    table: bannersHome,
    tableName: "banners_home",
    schema: bannerRecord,
    files: (r) => [r.image],
    row: (r, picture) => ({
      name: r.name ?? "",
      image: imageRef(picture(r.image)),
      coverTitle: r.cover_title ?? "",
      coverSubtitle: r.cover_subtitle ?? "",
      coverContent: r.cover_content ?? "",
    }),
  }),
  contentCollection<ShopSectionRecord>({
    key: "ecommerce",
    label: "Secciones de la tienda",
    table: shopSections,
    tableName: "shop_sections",
    schema: shopSectionRecord,
    row: (r) => ({ title: r.title, status: r.status ?? false, products: (r.products ?? []).map((p) => ({ id: p.id, qty: p.qty ?? 1 })) }),
  }),
  contentCollection<BlogRecord>({
    key: "blog_posts",
    label: "Blog",
    table: blogPosts,
    tableName: "blog_posts",
    schema: blogRecord,
    files: (r) => [r.featured_image],
    row: (r, picture) => {
      const createdAt = r.created_at ?? r.date_created;
      if (!createdAt) return "created_at: sin fecha de creación";
      const image = picture(r.featured_image);
      return {
        title: r.title,
        content: sanitizeRichText(r.content ?? ""),
        slug: r.slug || blogSlug(r.title) || `entrada-${r.id}`,
        status: r.status ?? false,
        featuredImage: image ? { ...imageRef(image)!, alt: image.alt } : null,
        createdAt,
      };
    },
  }),
  contentCollection<PromoRecord>({
    key: "store_promos",
    label: "Promociones",
    table: storePromos,
    tableName: "store_promos",
    schema: promoRecord,
    files: (r) => [r.image],
    row: (r, picture) =>
      r.start_date && r.end_date && r.end_date < r.start_date
        ? `end_date: ${r.end_date} es anterior a start_date ${r.start_date}`
        : {
            title: r.title,
            description: r.description ?? "",
            link: r.link ?? "",
            image: imageRef(picture(r.image)),
            startDate: r.start_date,
            endDate: r.end_date,
            visible: r.visible ?? false,
            status: r.status ?? "published",
            permalink: r.permalink ?? "",
          },
  }),
  contentCollection<LocationRecord>({
    key: "store_locations",
    label: "Sucursales",
    table: storeLocations,
    tableName: "store_locations",
    schema: locationRecord,
    row: (r) => ({
      name: r.name,
      schedule: r.schedule ?? "",
      phone: r.phone ?? "",
      whatsapp: r.whatsapp ?? "",
      address: r.address ?? "",
      url: r.url ?? "",
      geolocation: r.geolocation,
    }),
  }),
  contentCollection<CatalogRecord>({
    key: "catalogs",
    label: "Catálogos",
    table: catalogs,
    tableName: "catalogs",
    schema: catalogRecord,
    files: (r) => [...(r.image ?? []), ...(r.complete_gallery ?? [])],
    row: (r, picture) => {
      // The pictures: the image list when its entries name their files, else the complete gallery.
      const entries = (r.image ?? []).some((e) => fileIdOf(e)) ? (r.image ?? []) : (r.complete_gallery ?? []);
      const images = entries
        .map((e, i) => picture(e, i))
        .filter((g): g is GalleryItem & { alt: string } => g !== null)
        .map((g) => ({ ...imageRef(g)!, alt: g.alt }));
      const qtyOf = (p: z.infer<typeof catalogProduct>) => ({ id: p.id, qty: p.qty ?? 1 });
      // Products listed only at the top level (no subtitles) go under one subtitle named as the catalogue.
      const subtitles = (r.subtitle ?? []).length
        ? (r.subtitle ?? []).map((s) => ({ title: s.title, products: s.products.map(qtyOf) }))
        : (r.products ?? []).length
          ? [{ title: r.title, products: (r.products ?? []).map(qtyOf) }]
          : [];
      return { title: r.title, images, subtitles };
    },
  }),
];

// ------------------------------------------------------------------ quotations

const quotationLine = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String).nullish(),
    sku: z.union([z.string(), z.number()]).transform(String).nullish(),
    type: optionalText(20),
    descripcion1: optionalText(1000),
    name: optionalText(1000),
    note: optionalText(1000),
    price: nonNegative,
    original_price: nonNegative.nullish(),
    qty: amount.pipe(z.number().positive("cantidad no positiva").max(1e6)),
    discount: amount.pipe(z.number().min(0).max(100)).nullish(),
  })
  .passthrough();

const upstreamQuotation = z.object({
  id: serialId,
  clientName: optionalText(300),
  clientEmail: optionalText(200),
  clientPhone: optionalText(60),
  client: z
    .union([
      z.string().trim().max(40),
      z
        .object({ cliente: z.string().trim().max(40) })
        .passthrough()
        .transform((c) => c.cliente),
    ])
    .nullish(),
  products: jsonList(quotationLine, 500),
  globalDiscount: amount.pipe(z.number().min(0).max(100)).nullish(),
  note: optionalText(5000),
  notes: optionalText(5000),
  intelisis: flag.nullish(),
  agente: optionalText(50),
  departamento: optionalText(100),
  almacen: optionalText(40),
  user_created: userRef,
  date_created: instant.nullish(),
  created_at: instant.nullish(),
});
type UpstreamQuotation = z.infer<typeof upstreamQuotation>;
type QuotationRow = { row: Record<string, unknown> & { id: number }; lines: Array<typeof quotationLines.$inferInsert> };

/** The folio of a quotation brought from the old system (its own numbering, COT-…, is for quotations made here). */
export const importedQuotationFolio = (id: number) => `IMP-${id}`;

const quotationsCollection = collection<UpstreamQuotation, QuotationRow>({
  key: "quotations",
  label: "Cotizaciones",
  aliases: ["cotizaciones"],
  schema: upstreamQuotation,
  async prepare(reader, records, ctx) {
    const authors = await localUserIds(
      reader,
      ctx,
      records.map((q) => q.user_created),
    );
    const rows: QuotationRow[] = [];
    const refused: Refusal[] = [];
    for (const q of records) {
      const createdAt = q.date_created ?? q.created_at;
      if (!createdAt) {
        refused.push({ id: String(q.id), reason: "date_created: sin fecha de creación" });
        continue;
      }
      const lines = (q.products ?? []).map((l, position) => {
        const custom = l.type === "custom";
        return {
          quotationId: q.id,
          position,
          sku: custom ? null : (l.sku ?? l.id ?? null),
          type: custom ? "custom" : "product",
          description: l.descripcion1 ?? l.name ?? l.sku ?? l.id ?? "",
          note: l.note,
          price: cents(l.price),
          originalPrice: l.original_price == null ? null : cents(l.original_price),
          qty: thousandths(l.qty),
          discount: cents(l.discount ?? 0),
        };
      });
      const discount = q.globalDiscount ?? 0;
      const totals = computeTotals(
        lines.map((l) => ({ priceCents: Math.round(l.price * 100), qty: l.qty })),
        discount,
      );
      const folio = importedQuotationFolio(q.id);
      rows.push({
        row: {
          id: q.id,
          folio,
          baseFolio: folio,
          revision: 1,
          status: "enviada",
          clientKey: q.client ?? null,
          clientName: q.clientName ?? "",
          clientEmail: q.clientEmail,
          clientPhone: q.clientPhone,
          agent: q.agente,
          department: q.departamento,
          warehouse: q.almacen,
          globalDiscount: discount,
          notes: q.notes ?? q.note,
          intelisis: q.intelisis ?? false,
          discountAmount: totals.discountCents / 100,
          subtotal: totals.subtotalCents / 100,
          iva: totals.ivaCents / 100,
          total: totals.totalCents / 100,
          createdBy: q.user_created && (authors.get(q.user_created) ?? -1) > 0 ? authors.get(q.user_created)! : null,
          createdAt,
          issuedAt: createdAt,
          expiresAt: expiryFor(createdAt),
        },
        lines,
      });
    }
    return { rows, refused };
  },
  async apply(tx, rows) {
    const changed = new Set(
      await upsertChanged(
        tx,
        quotations,
        rows.map((r) => r.row),
        "id",
        { updatedAt: new Date() },
      ),
    );
    const lines = await replaceChildren(
      tx,
      quotationLines,
      quotationLines.quotationId,
      quotationLines.position,
      new Map(rows.map((r) => [r.row.id, r.lines])),
      ["quotationId", "position", "sku", "type", "description", "note", "price", "originalPrice", "qty", "discount"],
    );
    for (const id of lines) changed.add(id);
    return changed.size;
  },
  present: (reader, rows) =>
    countPresent(
      reader,
      quotations.id,
      rows.map((r) => r.row.id),
    ),
  idOf: (r) => String(r.row.id),
  sequences: ["quotations"],
});

// ------------------------------------------------------------------ point of sale history

const upstreamSession = z.object({
  id: serialId,
  user_id: userRef,
  amount_open: money,
  date_open: instant.nullish(),
  date_created: instant.nullish(),
  date_close: instant.nullish(),
  amount_cash: money.nullish(),
  amount_box_cut: money.nullish(),
  amount_card_debit: money.nullish(),
  amount_card_credit: money.nullish(),
  amount_close: money.nullish(),
  amount_detail: z.preprocess(
    (v) =>
      typeof v === "string"
        ? (() => {
            try {
              return JSON.parse(v);
            } catch {
              return v;
            }
          })()
        : v,
    z.record(z.coerce.number().int().min(0).max(1e6)).nullish(),
  ),
});
type UpstreamSession = z.infer<typeof upstreamSession>;

const saleLine = z
  .object({
    product_id: z.union([z.string(), z.number()]).transform(String).nullish(),
    id_product: z.union([z.string(), z.number()]).transform(String).nullish(),
    sku: z.union([z.string(), z.number()]).transform(String).pipe(text(80)).nullish(),
    description: optionalText(1000),
    price_sale: money.nullish(),
    price: money.nullish(),
    qty: count.nullish(),
    quantity: count.nullish(),
    amount: money.nullish(),
    barcode: optionalText(80),
    is_active: flag.nullish(),
  })
  .passthrough();

const upstreamSale = z.object({
  id: serialId,
  session_id: serialRef,
  user_id: userRef,
  box_id: serialId.nullish(),
  total: money,
  subtotal: money,
  total_discount: money.nullish(),
  iva_total: money,
  is_active: flag.nullish(),
  amount_cash: money.nullish(),
  amount_card_debit: money.nullish(),
  amount_card_credit: money.nullish(),
  change_money: money.nullish(),
  date_created: instant,
  last_updated: instant.nullish(),
  discount_applied: z
    .union([z.number(), z.string().regex(/^\d+$/)])
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .refine((d) => [0, 2, 4, 8, 10].includes(d), "descuento distinto de 0, 2, 4, 8 o 10"),
    )
    .nullish(),
  invoice_code: optionalText(80),
  payment_way: optionalText(80),
  payment_condition: optionalText(80),
  sale_code: text(80).min(1, "sin folio de venta"),
  intelisis_agent: optionalText(50),
  intelisis_status: flag.nullish(),
  intelisis_movs: jsonList(
    z
      .object({
        mov: z.string().max(80),
        movid: z.union([z.string(), z.number()]).transform(String),
        ultimocambio: z.string().max(40).nullish(),
      })
      .passthrough(),
    50,
  ),
  cancel_detail: optionalText(2000),
  detail: jsonList(saleLine, 500),
});
type UpstreamSale = z.infer<typeof upstreamSale>;
type SaleRow = { row: Record<string, unknown> & { id: number }; lines: Array<typeof pdvSaleLines.$inferInsert> };

const sessionsCollection = collection<UpstreamSession, Record<string, unknown> & { id: number }>({
  key: "sessions_pdv",
  label: "Cajas del punto de venta",
  aliases: ["pdv"],
  schema: upstreamSession,
  async prepare(reader, records, ctx) {
    const people = await localUserIds(
      reader,
      ctx,
      records.map((s) => s.user_id),
    );
    const rows: Array<Record<string, unknown> & { id: number }> = [];
    const refused: Refusal[] = [];
    for (const s of records) {
      const userId = s.user_id ? people.get(s.user_id) : undefined;
      const opened = s.date_open ?? s.date_created;
      if (!s.user_id || userId === undefined)
        refused.push({ id: String(s.id), reason: `user_id: ${s.user_id ?? "vacío"} no es un usuario importado` });
      else if (!opened) refused.push({ id: String(s.id), reason: "date_open: sin fecha de apertura" });
      else
        rows.push({
          id: s.id,
          userId,
          amountOpen: s.amount_open,
          dateOpen: opened,
          dateClose: s.date_close ?? null,
          amountCash: s.amount_cash ?? null,
          amountBoxCut: s.amount_box_cut ?? null,
          amountCardDebit: s.amount_card_debit ?? null,
          amountCardCredit: s.amount_card_credit ?? null,
          amountClose: s.amount_close ?? null,
          amountDetail: s.amount_detail ?? null,
        });
    }
    return { rows, refused };
  },
  ...storedById(pdvSessions),
  sequences: ["pdv_sessions"],
});

const salesCollection = collection<UpstreamSale, SaleRow>({
  key: "sales_pdv",
  label: "Ventas del punto de venta",
  aliases: ["pdv"],
  schema: upstreamSale,
  async prepare(reader, records, ctx) {
    const [people, sessionIds] = await Promise.all([
      localUserIds(
        reader,
        ctx,
        records.map((s) => s.user_id),
      ),
      known(
        reader,
        ctx,
        "sessions_pdv",
        pdvSessions.id,
        records.map((s) => s.session_id).filter((v): v is number => v !== null),
      ),
    ]);
    const rows: SaleRow[] = [];
    const refused: Refusal[] = [];
    for (const s of records) {
      const userId = s.user_id ? people.get(s.user_id) : undefined;
      if (!s.session_id || !sessionIds.has(String(s.session_id))) {
        refused.push({ id: String(s.id), reason: `session_id: ${s.session_id ?? "vacío"} no existe en sessions_pdv` });
        continue;
      }
      if (!s.user_id || userId === undefined) {
        refused.push({ id: String(s.id), reason: `user_id: ${s.user_id ?? "vacío"} no es un usuario importado` });
        continue;
      }
      const lines = (s.detail ?? []).map((l) => {
        const qty = l.qty ?? l.quantity ?? 1;
        const price = cents(l.price_sale ?? l.price ?? 0);
        const productId = l.product_id ?? l.id_product ?? l.sku ?? "";
        return {
          saleId: s.id,
          productId,
          sku: l.sku ?? productId,
          description: l.description ?? "",
          price,
          qty,
          barcode: l.barcode,
          amount: cents(l.amount ?? price * qty),
          isActive: l.is_active ?? true,
        };
      });
      const unnamed = lines.findIndex((l) => !l.productId);
      if (unnamed >= 0) {
        refused.push({ id: String(s.id), reason: `detail.${unnamed}: línea sin producto` });
        continue;
      }
      rows.push({
        row: {
          id: s.id,
          sessionId: s.session_id,
          userId,
          boxId: s.box_id ?? 1,
          total: s.total,
          subtotal: s.subtotal,
          totalDiscount: s.total_discount ?? 0,
          ivaTotal: s.iva_total,
          isActive: s.is_active ?? true,
          amountCash: s.amount_cash ?? 0,
          amountCardDebit: s.amount_card_debit ?? 0,
          amountCardCredit: s.amount_card_credit ?? 0,
          changeMoney: s.change_money ?? 0,
          discountApplied: s.discount_applied ?? 0,
          invoiceCode: s.invoice_code ?? "",
          paymentWay: s.payment_way ?? "",
          paymentCondition: s.payment_condition ?? "",
          saleCode: s.sale_code,
          intelisisAgent: s.intelisis_agent,
          intelisisStatus: s.intelisis_status ?? false,
          intelisisMovs: (s.intelisis_movs ?? []).map((m) => ({ mov: m.mov, movid: m.movid, ultimocambio: m.ultimocambio ?? "" })),
          cancelDetail: s.cancel_detail,
          dateCreated: s.date_created,
          lastUpdated: s.last_updated ?? s.date_created,
        },
        lines,
      });
    }
    return { rows, refused };
  },
  async apply(tx, rows) {
    const changed = new Set(
      await upsertChanged(
        tx,
        pdvSales,
        rows.map((r) => r.row),
        "id",
      ),
    );
    const lines = await replaceChildren(
      tx,
      pdvSaleLines,
      pdvSaleLines.saleId,
      pdvSaleLines.id,
      new Map(rows.map((r) => [r.row.id, r.lines])),
      ["saleId", "productId", "sku", "description", "price", "qty", "barcode", "amount", "isActive"],
    );
    for (const id of lines) changed.add(id);
    return changed.size;
  },
  present: (reader, rows) =>
    countPresent(
      reader,
      pdvSales.id,
      rows.map((r) => r.row.id),
    ),
  idOf: (r) => String(r.row.id),
  sequences: ["pdv_sales"],
});

// ------------------------------------------------------------------ the list

/**
 * Every collection the first import copies, in the order it copies them: what a record points at
 * comes before it (users before the till's sessions, taxonomies before products, publications
 * before their variations and questions, orders before their conversations).
 */
export function importCollections(brandName: string): AnyCollection[] {
  return [
    usersCollection,
    treeCollection("products_categories", "Categorías", categories, "categories", false),
    treeCollection("products_brands", "Marcas", brands, "brands", true),
    simpleTaxonomyCollection("products_sectors", "Sectores", sectors, "sectors"),
    simpleTaxonomyCollection("products_applications", "Aplicaciones", applications, "applications"),
    productsCollection,
    feedCollection<UpstreamPublication>({
      key: "mercadolibre_posts",
      label: "Publicaciones",
      aliases: ["publications", "publicaciones"],
      feed: "publications",
      schema: upstreamPublication,
      apply: applyPublications,
      present: (reader, records) =>
        countPresent(
          reader,
          publications.id,
          records.map((p) => p.id),
        ),
    }),
    variationsCollection,
    ordersCollectionSpec("main", brandName),
    ordersCollectionSpec("brand", brandName),
    feedCollection<UpstreamQuestion>({
      key: "questions",
      label: "Preguntas",
      aliases: ["preguntas"],
      feed: "questions",
      schema: upstreamQuestion,
      apply: (tx, records) => applyQuestions(tx, records),
      present: (reader, records) =>
        countPresent(
          reader,
          questions.id,
          records.map((q) => Number(q.id)),
        ),
    }),
    feedCollection<UpstreamConversation>({
      key: "messages",
      label: "Mensajes",
      aliases: ["mensajes", "conversations"],
      feed: "messages",
      schema: upstreamConversation,
      apply: applyConversations,
      present: (reader, records) =>
        countPresent(
          reader,
          conversations.orderId,
          records.map((c) => BigInt(c.order_id)),
        ),
    }),
    ...shopContent,
    quotationsCollection,
    sessionsCollection,
    salesCollection,
  ];
}

/** Tables the app's business data lives in: the first import writes only where these are all empty. */
export const BUSINESS_TABLES = [
  ["orders", "pedidos"],
  ["publications", "publicaciones"],
  ["publication_variations", "variaciones"],
  ["questions", "preguntas"],
  ["conversations", "conversaciones"],
  ["products", "productos"],
  ["categories", "categorías"],
  ["brands", "marcas"],
  ["sectors", "sectores"],
  ["applications", "aplicaciones"],
  ["banners_home", "banner de inicio"],
  ["shop_sections", "secciones de la tienda"],
  ["blog_posts", "blog"],
  ["store_promos", "promociones"],
  ["store_locations", "sucursales"],
  ["catalogs", "catálogos"],
  ["quotations", "cotizaciones"],
  ["pdv_sessions", "cajas del punto de venta"],
  ["pdv_sales", "ventas del punto de venta"],
] as const;
