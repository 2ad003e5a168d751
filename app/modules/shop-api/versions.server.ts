/**
 * What an answer of the shop's API depends on, read without its records: the versions of the
 * tables it reads (content_versions, bumped by a statement trigger on every write to them, in the
 * writer's own transaction — migration 0034), the dollar rate where it shows prices, and the clock
 * where what is visible moves with time (a scheduled post falling due, a promotion's day). One small
 * statement; the router makes the ETag of it, so a conditional request that still matches is a 304
 * without reading a record, and any edit — a new row, a change, an unpublish, a deletion, a new
 * rate — changes it at once.
 *
 * Read it BEFORE the records (with the same `now`): a write in between leaves a newer answer under
 * an older tag, which the next request replaces; never an older answer under a newer tag.
 */
import { getDb } from "@server/db/client";
import { keptReads } from "@server/db/kept-reads";
import { blogPosts, contentVersions, settings } from "@server/db/schema";
import { sql, type SQL } from "drizzle-orm";
import { DateTime } from "luxon";
import { DOLLAR_PRICE_KEY } from "~/modules/pricing/rate.server";
import type { ListName } from "./queries";

/**
 * Bump when an answer changes for the same records (a rounding, a field's meaning, an address):
 * the tags issued before must stop matching. (The allow-list schemas are in the tag already.)
 */
export const ANSWERS_REVISION = 1;

/** The tables the shop's API reads; each has a row in content_versions (and a trigger that bumps it). */
export const CONTENT_TABLES = [
  "banners_home",
  "shop_sections",
  "blog_posts",
  "store_promos",
  "store_locations",
  "catalogs",
  "products",
  "product_properties",
  "categories",
  "brands",
] as const;
export type ContentTable = (typeof CONTENT_TABLES)[number];

export type AnswerName = ListName | "blog" | "product";

type Reads = {
  /** Every table the answer's statements read (content.server.ts). */
  tables: readonly ContentTable[];
  /** Prices in pesos: the dollar rate is part of the answer. */
  priced?: true;
  /** Visibility that moves with the clock: a scheduled post falls due; the day of the promotions. */
  clock?: "scheduled-posts" | "mexico-day";
};

const PRODUCT_TABLES = ["products", "brands", "categories"] as const;

/** What each answer reads (content.server.ts): kept beside the queries' own list of tables. */
export const ANSWER_READS: Record<AnswerName, Reads> = {
  banners: { tables: ["banners_home"] },
  sections: { tables: ["shop_sections", ...PRODUCT_TABLES], priced: true },
  blogs: { tables: ["blog_posts"], clock: "scheduled-posts" },
  blog: { tables: ["blog_posts"], clock: "scheduled-posts" },
  promotions: { tables: ["store_promos"], clock: "mexico-day" },
  locations: { tables: ["store_locations"] },
  catalogs: { tables: ["catalogs", ...PRODUCT_TABLES], priced: true },
  products: { tables: PRODUCT_TABLES, priced: true },
  product: { tables: [...PRODUCT_TABLES, "product_properties"], priced: true },
  categories: { tables: ["categories"] },
  brands: { tables: ["brands"] },
};

/** The statement behind `contentVersion` (the bench times it as the 304's only statement). */
export function contentVersionQuery(name: AnswerName, now: Date): SQL {
  const reads = ANSWER_READS[name];
  const tables = sql.join(
    reads.tables.map((t) => sql`${t}`),
    sql`, `,
  );
  const rate = reads.priced
    ? sql`(select ${settings.value}::text from ${settings} where ${settings.key} = ${DOLLAR_PRICE_KEY})`
    : sql`null`;
  // The latest scheduled post already due: it moves exactly when one more falls due (an index of
  // the scheduled posts alone, blog_posts_scheduled_idx).
  const due =
    reads.clock === "scheduled-posts"
      ? sql`(select max(${blogPosts.publishAt}) from ${blogPosts} where ${blogPosts.status} and ${blogPosts.publishAt} is not null and ${blogPosts.publishAt} <= ${now.toISOString()}::timestamptz)::text`
      : sql`null`;
  return sql`select
    (select string_agg(${contentVersions.tableName} || '.' || ${contentVersions.version}::text, ',' order by ${contentVersions.tableName})
       from ${contentVersions} where ${contentVersions.tableName} in (${tables})) as tables,
    ${rate} as rate,
    ${due} as due`;
}

/**
 * The version of one answer now: what it reads, as one string (the router hashes it, with the
 * endpoint and its parsed query, into the ETag).
 */
export async function contentVersion(name: AnswerName, now: Date): Promise<string> {
  const row = await versionRow(name, now);
  const day = ANSWER_READS[name].clock === "mexico-day" ? DateTime.fromJSDate(now).setZone("America/Mexico_City").toISODate() : null;
  return [ANSWERS_REVISION, name, row?.tables ?? "", row?.rate ?? "", row?.due ?? "", day ?? ""].join("|");
}

type VersionRow = { tables: string | null; rate: string | null; due: string | null };

async function readVersionRow(name: AnswerName, now: Date): Promise<VersionRow | undefined> {
  const result = (await getDb().execute(contentVersionQuery(name, now))) as unknown as { rows: VersionRow[] };
  return result.rows[0];
}

/**
 * The versions this process read, on the embedded database only (server/db/kept-reads.ts): the
 * triggers announce each new version on the channel content_versions (migration 0041), so a 304 or
 * a kept answer there reads no statement at all.
 */
const keptVersions = keptReads<VersionRow | undefined>({ channel: "content_versions" });

async function versionRow(name: AnswerName, now: Date): Promise<VersionRow | undefined> {
  // Visibility that moves with the clock (a scheduled post falling due) is read each time.
  if (ANSWER_READS[name].clock === "scheduled-posts") return readVersionRow(name, now);
  return keptVersions.read(name, () => readVersionRow(name, now));
}
