/** Simulated publication calls: listings, their linked products, publishing and sync. */
import type { SimRuntime } from "../simulator/runtime";
import { mirrorPublicationsSql } from "../simulator/mirror-sql";
import { nextCounter, refusalsOf, requireDay } from "../simulator/store";
import { normalizeText } from "./categories-data";
import { SIM_OFFICIAL_STORES } from "./official-stores";
import type { ListingType, MarketplaceAccount, MarketplacePort } from "./port";

/** The marketplace's own limits on a listing. */
export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 50000;

type PublicationRow = {
  id: string;
  account: MarketplaceAccount;
  official_store_id: string | null;
  title: string;
  price: number;
  original_price: number | null;
  category_id: string | null;
  listing_type: ListingType;
  status: string;
  attributes: Array<{ id: string; name: string; value_name: string | null }>;
  picture_url: string | null;
  seller_sku: string | null;
  linked_products: Array<{ sku: string; qty: number; discount?: number }>;
  variations: Array<{ id: number; name: string; linked_products: Array<{ sku: string; qty: number; discount?: number }> }>;
  last_sync_up: string | null;
};

const COLUMNS = `id, account, official_store_id, title, price::float8 as price, original_price::float8 as original_price, category_id, listing_type,
  status, attributes, picture_url, seller_sku, linked_products, variations, last_sync_up`;

export function publicationCalls(
  sim: SimRuntime,
): Pick<MarketplacePort, "publish" | "updatePublication" | "updateDescription" | "syncPost" | "updatePremium" | "reportPublications"> {
  const db = () => sim.database;
  const refuse = refusalsOf("marketplace");

  /** The listing as the marketplace has it, copying it from the app the first time it is asked for. */
  async function find(id: string): Promise<PublicationRow | null> {
    const key = id.trim().toUpperCase();
    let rows = await db().query<PublicationRow>(`select ${COLUMNS} from sim.mkt_publications where id = $1`, [key]);
    if (rows.length === 0) {
      await db().query(mirrorPublicationsSql("upper(p.id) = $1"), [key]);
      rows = await db().query<PublicationRow>(`select ${COLUMNS} from sim.mkt_publications where id = $1`, [key]);
    }
    return rows[0] ?? null;
  }

  async function require(call: string, id: string): Promise<PublicationRow> {
    const row = await find(id);
    if (!row) throw refuse(call, `La publicación ${id} no existe en Mercado Libre.`, 404);
    return row;
  }

  return {
    publish(input) {
      return sim.run("marketplace", "publish", [input.id, input.title], async () => {
        const title = input.title.trim();
        if (title === "") throw refuse("publish", "El título es obligatorio.");
        if (title.length > TITLE_MAX) throw refuse("publish", `El título excede ${TITLE_MAX} caracteres (${title.length}).`);
        if (!(input.cost > 0)) throw refuse("publish", "El precio debe ser mayor a 0.");
        if (input.linkedProducts.length === 0) throw refuse("publish", "La publicación no tiene productos vinculados.");
        const [category] = await db().query<{
          leaf: boolean;
          attributes: Array<{ id: string; name: string; tags: Record<string, boolean> }>;
        }>(`select leaf, attributes from sim.mkt_categories where id = $1`, [input.categoryId]);
        if (!category) throw refuse("publish", `La categoría ${input.categoryId} no existe en Mercado Libre.`);
        if (!category.leaf) throw refuse("publish", "Elige una categoría final (sin subcategorías).");
        const given = new Set([...input.attributes, ...input.categoryVariations].filter((a) => a.valueName.trim() !== "").map((a) => a.id));
        // SELLER_SKU is filled from the linked products; the rest must come from the form.
        const missing = category.attributes.filter(
          (a) => (a.tags.required || a.tags.catalog_required) && a.id !== "SELLER_SKU" && !given.has(a.id),
        );
        if (missing.length > 0) {
          throw refuse("publish", `Faltan atributos obligatorios de la categoría: ${missing.map((a) => a.name).join(", ")}.`);
        }

        const account = input.account;
        // A listing goes under an official store of its own account, or under none (the account itself).
        const store = input.officialStoreId?.trim() || null;
        if (store !== null && !(store in SIM_OFFICIAL_STORES))
          throw refuse("publish", `La tienda oficial ${store} no existe en Mercado Libre.`);
        if (store !== null && SIM_OFFICIAL_STORES[store] !== account)
          throw refuse("publish", `La tienda oficial ${store} no pertenece a esta cuenta.`);
        let id = input.id?.trim().toUpperCase() || null;
        if (id) await require("publish", id);
        else id = `MLM${3000000000 + (await nextCounter(db(), "publication", 1))}`;
        const permalink = `https://articulo.mercadolibre.com.mx/MLM-${id.slice(3)}-${normalizeText(title).replace(/ /g, "-")}-_JM`;
        const linked = input.linkedProducts.map((p) => ({ sku: p.sku.toUpperCase(), qty: p.qty, discount: p.discount }));
        const attributes = [
          { id: "SELLER_SKU", name: "SKU", value_name: linked[0].sku },
          ...[...input.attributes, ...input.categoryVariations].map((a) => ({
            id: a.id,
            name: category.attributes.find((c) => c.id === a.id)?.name ?? a.id,
            value_name: a.valueName,
          })),
        ];
        await db().query(
          `insert into sim.mkt_publications (id, account, title, price, category_id, listing_type, status, description, attributes,
                                             picture_url, seller_sku, linked_products, channels, official_store_id, updated_at)
           values ($1, $2, $3, $4, $5, $6, 'active', $7, $8::jsonb, $9, $10, $11::jsonb, $12::text[], $13, now())
           on conflict (id) do update set account = excluded.account, official_store_id = excluded.official_store_id,
             title = excluded.title, price = excluded.price,
             category_id = excluded.category_id, listing_type = excluded.listing_type, description = excluded.description,
             attributes = excluded.attributes, picture_url = coalesce(excluded.picture_url, sim.mkt_publications.picture_url),
             seller_sku = excluded.seller_sku, linked_products = excluded.linked_products, channels = excluded.channels,
             updated_at = now()`,
          [
            id,
            account,
            title,
            input.cost,
            input.categoryId,
            input.listingType,
            input.description,
            JSON.stringify(attributes),
            input.pictures[0] ?? null,
            linked[0].sku,
            JSON.stringify(linked),
            input.channels,
            store,
          ],
        );
        return { id, permalink, status: "active", price: input.cost, listingType: input.listingType };
      });
    },

    updatePublication(input) {
      return sim.run("marketplace", "updatePublication", [input.id], async () => {
        await require("updatePublication", input.id);
        await db().query(`update sim.mkt_publications set updated_at = now() where id = $1`, [input.id.trim().toUpperCase()]);
      });
    },

    updateDescription(input) {
      return sim.run("marketplace", "updateDescription", [input.id, input.description], async () => {
        await require("updateDescription", input.id);
        // The marketplace takes plain text only.
        if (/<[a-z!/][^>]*>/i.test(input.description))
          throw refuse("updateDescription", "La descripción no puede contener HTML; usa texto plano.");
        if (input.description.length > DESCRIPTION_MAX)
          throw refuse("updateDescription", `La descripción excede ${DESCRIPTION_MAX} caracteres.`);
        await db().query(`update sim.mkt_publications set description = $2, updated_at = now() where id = $1`, [
          input.id.trim().toUpperCase(),
          input.description,
        ]);
      });
    },

    syncPost(input) {
      return sim.run("marketplace", "syncPost", [input.id], async () => {
        await require("syncPost", input.id);
        const [row] = await db().query<{ last_sync_up: string }>(
          `update sim.mkt_publications set last_sync_up = now() where id = $1 returning last_sync_up`,
          [input.id.trim().toUpperCase()],
        );
        return { id: input.id.trim().toUpperCase(), syncedAt: new Date(row.last_sync_up).toISOString() };
      });
    },

    updatePremium(input) {
      return sim.run("marketplace", "updatePremium", [input.id], async () => {
        const row = await require("updatePremium", input.id);
        if (row.status !== "active") throw refuse("updatePremium", "Solo una publicación activa puede cambiar a Premium.");
        await db().query(`update sim.mkt_publications set listing_type = 'gold_pro', updated_at = now() where id = $1`, [row.id]);
        return { id: row.id, listingType: "gold_pro" };
      });
    },

    reportPublications(input) {
      return sim.run("marketplace", "reportPublications", [input.mlStore], async () => {
        const account: MarketplaceAccount = input.mlStore === "Oficiales" ? "brand" : "main";
        const start = requireDay("marketplace", "reportPublications", input.start);
        const end = requireDay("marketplace", "reportPublications", input.end);
        const rows = await db().query<{ id: string; title: string; sales: number; visits: number }>(
          `with sold as (
             select it->>'id' as id, sum(coalesce((it->>'qty')::numeric, 1)) as sales
               from sim.mkt_orders o cross join lateral jsonb_array_elements(o.items) it
              where o.account = $1 and o.order_status <> 'cancelled'
                and (o.order_date at time zone 'America/Mexico_City')::date between $2::date and $3::date
              group by 1)
           select p.id, p.title, s.sales::int as sales, p.visits
             from sold s join sim.mkt_publications p on p.id = s.id
            order by s.sales desc, p.id`,
          [account, start, end],
        );
        return rows.map((r) => ({ id: r.id, title: r.title, sales: Number(r.sales), visits: Number(r.visits) }));
      });
    },
  };
}
