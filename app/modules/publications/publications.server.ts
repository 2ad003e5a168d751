import { getDatabase, getDb, type Tx } from "@server/db/client";
import { pesoPrice, viewOf } from "~/modules/pricing/price";
import { currentDollarRate } from "~/modules/pricing/rate.server";
import { publications } from "@server/db/schema";
import { and, eq, sql } from "drizzle-orm";
import { audit } from "~/modules/logs/audit.server";
import { enqueueOutbound } from "~/modules/sync/outbox.server";
import { PRODUCT_SEARCH_LIMIT, PUBLICATIONS_PAGE_SIZE } from "./constants";
import { listSql, type PublicationListFilters } from "./list-sql";
import { containsPattern } from "~/lib/like-pattern";

// ---------------------------------------------------------------------------------------------------
// The list

type ListRow = {
  id: string;
  title: string;
  permalink: string | null;
  ml_store: string | null;
  official_store: string | null;
  channels: string[];
  status: string;
  sold_quantity: number;
  visits: number;
  last_sync_down: Date | string | null;
  price_sync: boolean;
  stock_sync: boolean;
  autosync: boolean;
  has_variations: boolean;
  total: number;
};

export type PublicationListRow = {
  id: string;
  title: string;
  permalink: string | null;
  mlStore: string | null;
  officialStore: string | null;
  channels: string[];
  status: string;
  soldQuantity: number;
  visits: number;
  lastSyncDown: string | null;
  priceSync: boolean;
  stockSync: boolean;
  autosync: boolean;
  hasVariations: boolean;
};

const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

/** One page (8) of publications and the total, from the database in one indexed statement. */
export async function listPublications(filters: PublicationListFilters) {
  const page = listSql(filters);
  const found = await getDatabase().query<ListRow>(page.text, page.params);
  const rows = found.filter((r) => r.id != null);
  return {
    rows: rows.map((r): PublicationListRow => ({
      id: r.id,
      title: r.title,
      permalink: r.permalink,
      mlStore: r.ml_store,
      officialStore: r.official_store,
      channels: r.channels ?? [],
      status: r.status,
      soldQuantity: Number(r.sold_quantity),
      visits: Number(r.visits),
      lastSyncDown: iso(r.last_sync_down),
      priceSync: r.price_sync,
      stockSync: r.stock_sync,
      autosync: r.autosync,
      hasVariations: r.has_variations,
    })),
    total: Number(found[0]?.total ?? 0),
    page: filters.page,
    pageSize: PUBLICATIONS_PAGE_SIZE,
  };
}

// ---------------------------------------------------------------------------------------------------
// The list's switches

/**
 * Turns price or stock sync on or off. Turning either on also turns autosync on (spec 1 §4);
 * turning one off leaves autosync as it was. The app's own record, as the old PATCH did.
 */
export async function setSyncSwitch(id: string, field: "priceSync" | "stockSync", value: boolean, userId: number) {
  return getDb().transaction(async (tx) => {
    const column = field === "priceSync" ? publications.priceSync : publications.stockSync;
    const [row] = await tx
      .update(publications)
      .set({
        [field]: value,
        ...(value ? { autosync: true } : {}),
        lastUpdate: new Date(),
        version: sql`${publications.version} + 1`,
      })
      .where(and(eq(publications.id, id)))
      .returning({ id: publications.id, title: publications.title, autosync: publications.autosync, value: column });
    if (!row) return null;
    const label = field === "priceSync" ? "precio" : "stock";
    // PATCH items/mercadolibre_posts/{id} after commit (docs/live-data.md): the switch, and autosync when it turned it on.
    const specField = field === "priceSync" ? "price_sync" : "stock_sync";
    await enqueueOutbound(tx, {
      method: "PATCH",
      collection: "mercadolibre_posts",
      recordId: id,
      body: { [specField]: value, ...(value ? { autosync: true } : {}) },
      summary: `Publicación ${id}: sincronizar ${label} ${value ? "activada" : "desactivada"}`,
      userId,
    });
    await audit(
      {
        message: `Sincronización de ${label} ${value ? "activada" : "desactivada"} en la publicación ${id}`,
        type: "update",
        tags: ["publicaciones", "sincronización"],
        identifier: id,
        detail: { field, value, autosync: row.autosync },
        userId,
      },
      tx,
    );
    return row;
  });
}

// ---------------------------------------------------------------------------------------------------
// Products (linked-product search and details)

/**
 * `price` is pesos, through the one pricing function at the dollar price read once for the request
 * (decision 0038); null when it cannot be worked out, `priceNote` saying why — or, for a dollar
 * article, its dollar figure and rate. `rate` is the rate a dollar price was converted at.
 */
export type ProductInfo = {
  sku: string;
  name: string;
  intelisisName: string | null;
  price: number | null;
  priceNote: string | null;
  rate: number | null;
  stock: number;
  stocks: Array<{ name: string; qty: number }>;
};

type ProductRow = {
  id: string;
  name: string;
  intelisis_name: string | null;
  price: number | string;
  moneda_precio: string;
  stock_total: number;
  stocks: Array<{ name: string; qty: number }>;
};

function toProduct(r: ProductRow, rate: number | null): ProductInfo {
  const priced = pesoPrice({ amount: Number(r.price), currency: r.moneda_precio }, rate);
  return {
    sku: r.id,
    name: r.name,
    intelisisName: r.intelisis_name,
    ...viewOf(priced),
    rate: priced.ok ? priced.rate : null,
    stock: Number(r.stock_total),
    stocks: r.stocks ?? [],
  };
}

/** The products a draft links, in one statement whatever their number. */
export async function productsBySku(skus: string[]): Promise<Map<string, ProductInfo>> {
  if (skus.length === 0) return new Map();
  const [rows, rate] = await Promise.all([
    getDatabase().query<ProductRow>(
      `select id, name, intelisis_name, price, moneda_precio, stock_total, stocks from products where upper(id) = any($1::text[])`,
      [skus.map((s) => s.toUpperCase())],
    ),
    currentDollarRate(),
  ]);
  return new Map(rows.map((r) => [r.id.toUpperCase(), toProduct(r, rate)]));
}

/**
 * Product search inside the dialog: more than one non-blank character, upper-cased, every word
 * contained, an exact SKU first, at most 40. Null when the term is too short to search.
 */
export function productSearchStatement(term: string): { text: string; params: string[] } | null {
  const clean = term.trim().toUpperCase();
  if (clean.length <= 1) return null;
  const words = clean.split(/\s+/).slice(0, 5);
  const params = words.map((word) => containsPattern(word));
  const where = params.map((_, i) => `search_text like $${i + 1}`).join(" and ");
  return {
    text: `select id, name, intelisis_name, price, moneda_precio, stock_total, stocks from products where ${where}
      order by (id = $${params.length + 1}) desc, stock_total desc, id limit ${PRODUCT_SEARCH_LIMIT}`,
    params: [...params, clean],
  };
}

export async function searchProducts(term: string): Promise<ProductInfo[]> {
  const statement = productSearchStatement(term);
  if (!statement) return [];
  const [rows, rate] = await Promise.all([getDatabase().query<ProductRow>(statement.text, statement.params), currentDollarRate()]);
  return rows.map((r) => toProduct(r, rate));
}

// ---------------------------------------------------------------------------------------------------
// The dialog's record

export type StoredPublication = typeof publications.$inferSelect;
export type StoredVariation = {
  id: number;
  name: string;
  attributes: Array<{ id: string; name: string; value: string }>;
  linkedProducts: Array<{ sku: string; qty: number; discount: number }>;
};

type EditorRow = {
  pub: Record<string, unknown> | null;
  variations: StoredVariation[] | null;
  products: ProductRow[] | null;
  footer: unknown;
};

/**
 * Everything the dialog shows, in one statement: the publication, its variations, the products of
 * every linked SKU (flat and per variation) and the seller footer.
 */
export async function loadPublication(id: string | null) {
  const rate = currentDollarRate();
  const [row] = await getDatabase().query<EditorRow>(
    `with p as (select * from publications where id = $1),
          v as (select id, name, attributes, linked_products from publication_variations where post_id = $1),
          s as (select distinct upper(x->>'sku') as sku
                  from (select jsonb_array_elements(linked_products) as x from p
                        union all select jsonb_array_elements(linked_products) from v) l)
     select (select to_jsonb(p) from p) as pub,
            (select jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'attributes', v.attributes,
                                                 'linkedProducts', v.linked_products) order by v.id) from v) as variations,
            (select jsonb_agg(jsonb_build_object('id', pr.id, 'name', pr.name, 'intelisis_name', pr.intelisis_name,
                                                 'price', pr.price, 'moneda_precio', pr.moneda_precio,
                                                 'stock_total', pr.stock_total, 'stocks', pr.stocks))
               from products pr where upper(pr.id) in (select sku from s)) as products,
            (select value from settings where key = 'seller_footer') as footer`,
    [id ?? ""],
  );
  const pub = row?.pub ?? null;
  const dollarRate = await rate;
  return {
    publication: pub ? fromJsonRow(pub) : null,
    variations: (row?.variations ?? []).map((v) => ({ ...v, id: Number(v.id) })),
    products: new Map((row?.products ?? []).map((p) => [p.id.toUpperCase(), toProduct(p, dollarRate)])),
    footer: typeof row?.footer === "string" ? row.footer : "",
  };
}

/** The seller footer alone (new publications). */
export async function sellerFooter(): Promise<string> {
  const [row] = await getDatabase().query<{ value: unknown }>(`select value from settings where key = 'seller_footer'`);
  return typeof row?.value === "string" ? row.value : "";
}

export type PublicationRecord = ReturnType<typeof fromJsonRow>;

function fromJsonRow(p: Record<string, unknown>) {
  const num = (v: unknown, d = 0) => (v == null || v === "" ? d : Number(v));
  return {
    id: String(p.id),
    title: String(p.title ?? ""),
    permalink: (p.permalink as string | null) ?? null,
    price: num(p.price),
    /** The dollar price its cost was worked out at (decision 0038); null when no linked product was in dollars. */
    exchangeRate: p.exchange_rate == null ? null : num(p.exchange_rate),
    autosync: !!p.autosync,
    priceSync: !!p.price_sync,
    stockSync: !!p.stock_sync,
    ownPost: p.own_post !== false,
    special: !!p.special,
    premium: !!p.premium,
    listingType: String(p.listing_type ?? "gold_special"),
    linkedProducts: (p.linked_products as Array<{ sku: string; qty: number; discount: number }>) ?? [],
    syncWarehouses: (p.sync_warehouses as string[]) ?? [],
    categoryId: (p.category_id as string | null) ?? "",
    categoryPath: (p.category_path as Array<{ id: string; name: string }>) ?? [],
    categoryCommission: p.category_commission == null ? null : num(p.category_commission),
    categoryAttributes: (p.category_attributes as Array<{ id: string; name?: string; value?: string | null }>) ?? [],
    description: (p.description as { intro: string; body: string; closing: string }) ?? { intro: "", body: "", closing: "" },
    status: String(p.status ?? "active"),
    mlStore: (p.ml_store as string | null) ?? null,
    officialStore: (p.official_store as string | null) ?? "",
    channels: (p.channels as string[]) ?? [],
    soldQuantity: num(p.sold_quantity),
    visits: num(p.visits),
    stockNow: num(p.stock_now),
    stockLater: num(p.stock_later),
    shipmentCost: num(p.shipment_cost, 25),
    shipmentConstant: num(p.shipment_constant, 298.5),
    iva: num(p.iva, 0.16),
    gallery:
      (p.gallery as Array<{
        fileId: string;
        url: string;
        name?: string;
        sku?: string | null;
        origin?: string;
        alt?: string | null;
        sort: number;
      }>) ?? [],
    lastSyncUp: (p.last_sync_up as string | null) ?? null,
    lastSyncDown: (p.last_sync_down as string | null) ?? null,
    version: num(p.version, 1),
  };
}

export async function touchSync(id: string, syncedAt: Date, userId: number, tx?: Tx) {
  const run = async (t: Tx) => {
    await t.update(publications).set({ lastSyncUp: syncedAt }).where(eq(publications.id, id));
    await audit(
      {
        message: `Precio sincronizado con Mercado Libre en la publicación ${id}`,
        type: "integration",
        tags: ["publicaciones", "sincronización"],
        identifier: id,
        userId,
      },
      t,
    );
  };
  return tx ? run(tx) : getDb().transaction(run);
}
