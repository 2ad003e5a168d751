import { getDb, type Db } from "@server/db/client";
import { productProperties, products, type ComboComponent } from "@server/db/schema";
import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import { cleanRichText } from "~/modules/files/rich-text.server";
import { isUniqueViolation } from "~/modules/files/files.server";
import { saveVersioned, type SaveResult } from "~/lib/save.server";
import { COMBO_DIALOG_TEXTS, COMBO_SEARCH_LIMIT, type ComboDraft } from "./combo-form";
import { galleryDraftOf, insertProperties, listingColumnsOf, listingDraftOf, propertiesOf, storedGallery } from "./listing.server";
import { priceView } from "~/modules/pricing/price";
import { currentDollarRate } from "~/modules/pricing/rate.server";
import { capitaliseWords, newComboId, productSlug, type ComboLine } from "./product-rules";
import { containsPattern } from "~/lib/like-pattern";

/** A component as the dialog shows it: the catalogue's current name, price and stock. */
export type ComponentRow = ComboLine & { thumb: string | null };
export type ComponentMatch = { id: string; name: string; price: number | null; priceNote: string | null; stock: number };

/** The catalogue rows behind component SKUs (combos excluded), keyed by SKU; prices in pesos at the rate read once. */
export async function componentsById(ids: string[]): Promise<Map<string, Omit<ComponentRow, "qty">>> {
  if (!ids.length) return new Map();
  const db = getDb();
  const [rows, rate] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        currency: products.monedaPrecio,
        stock: products.stockTotal,
        firstImage: sql<string | null>`${products.gallery} -> 0 ->> 'fileId'`,
      })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.isCombo, false))),
    currentDollarRate(db),
  ]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        ...priceView({ amount: r.price, currency: r.currency }, rate),
        stock: r.stock,
        thumb: r.firstImage ? `/files/${r.firstImage}?w=150` : null,
      },
    ]),
  );
}

/**
 * The typeahead's statement (the bench times the same one): SKU, key, name or descripcion1 contain
 * the text, upper-cased; the first 40 by SKU. From three characters the trigram index finds every
 * match and the 40 are sorted from them: walking the SKU index with the text as a filter read tens of
 * thousands of rows when the matches sat late in it ("THW", "INTERRUPTOR"). Sorting on `id || ''`
 * (the same order) keeps the planner from walking the index anyway. A shorter text has no trigram;
 * it matches much, so the walk stops early.
 */
export function componentSearchQuery(term: string, db: Pick<Db, "select"> = getDb()) {
  const text = term.trim().toUpperCase();
  const columns = {
    id: products.id,
    name: products.name,
    price: products.price,
    currency: products.monedaPrecio,
    stock: products.stockTotal,
  };
  const filter = and(eq(products.isCombo, false), like(products.searchText, containsPattern(text)));
  const order = text.length < 3 ? asc(products.id) : sql`${products.id} || ''`;
  return db.select(columns).from(products).where(filter).orderBy(order).limit(COMBO_SEARCH_LIMIT);
}

/** Spec 5 typeahead: SKU, key, name or descripcion1 contain the text (uppercased, trigram index); 40 matches. */
export async function searchComponents(term: string): Promise<ComponentMatch[]> {
  if (!term.trim()) return [];
  const [rows, rate] = await Promise.all([componentSearchQuery(term), currentDollarRate()]);
  return rows.map((r) => ({ id: r.id, name: r.name, ...priceView({ amount: r.price, currency: r.currency }, rate), stock: r.stock }));
}

export type StoredCombo = { id: string; updatedAt: Date; components: ComboComponent[] };

/** A stored combo as the dialog's draft; null when the id is unknown or not a combo. */
export async function loadCombo(id: string): Promise<{ draft: ComboDraft; stored: StoredCombo } | null> {
  const db = getDb();
  const [p] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.isCombo, true)))
    .limit(1);
  if (!p) return null;
  return {
    draft: {
      version: p.updatedAt.toISOString(),
      name: p.name,
      description: p.description,
      componentSearch: "",
      ...listingDraftOf(p),
      components: p.comboProducts.map((c) => ({ id: c.id, qty: c.qty })),
      gallery: galleryDraftOf(p.gallery),
      properties: await propertiesOf(id),
    },
    stored: { id: p.id, updatedAt: p.updatedAt, components: p.comboProducts },
  };
}

/** `removedFileLinks`: the description pointed at stored files that are not the library's, and they were taken out. */
export type ComboSaveResult = SaveResult<{ id: string; created: boolean; removedFileLinks: boolean }>;

/**
 * Creates (existing null) or updates a combo with its properties through the one save path. A new combo gets a 7-character A–Z/0–9 id, drawn again while taken (spec 4, 9); the lines,
 * price and minimum stock come from the caller, computed from the catalogue. An update keeps the
 * stored components (spec 4: read-only once saved) and refuses a stale version.
 */
export async function saveCombo(
  existing: { id: string; version: string } | null,
  draft: ComboDraft,
  /** `price` in pesos: the combo is kept in pesos (moneda_precio "Pesos"), its components' prices converted (decision 0038). */
  computed: { lines: ComboLine[]; price: number; stock: number },
  actor: { id: number },
  drawId: () => string = () => newComboId(),
): Promise<ComboSaveResult> {
  const gallery = await storedGallery(draft.gallery);
  const name = capitaliseWords(draft.name);
  const { html: description, removedFileLinks } = await cleanRichText(draft.description);
  const row = {
    name,
    description,
    ...listingColumnsOf(draft),
    gallery,
    price: computed.price,
    monedaPrecio: "Pesos",
    stockTotal: computed.stock,
  };
  const properties = draft.properties
    .filter((p) => p.name.trim())
    .map((p) => ({ name: p.name.trim(), value: p.value.trim(), isSelector: p.isSelector }));
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      return await saveVersioned({
        lock: existing
          ? async (tx) =>
              (
                await tx
                  .select({ updatedAt: products.updatedAt })
                  .from(products)
                  .where(and(eq(products.id, existing.id), eq(products.isCombo, true)))
                  .for("update")
              )[0] ?? null
          : undefined,
        expected: existing?.version,
        messages: { notFound: COMBO_DIALOG_TEXTS.notFound, stale: COMBO_DIALOG_TEXTS.stale },
        write: async (tx) => {
          let id: string;
          if (existing) {
            id = existing.id;
            await tx
              .update(products)
              .set({
                ...row,
                slug: productSlug(id, name),
                updatedAt: sql`greatest(now(), ${products.updatedAt} + interval '1 millisecond')`,
              })
              .where(eq(products.id, id));
            await tx.delete(productProperties).where(eq(productProperties.productId, id));
          } else {
            id = drawId();
            // Ids compare without case, as SKUs do on creation.
            for (
              let k = 0;
              (
                await tx
                  .select({ id: products.id })
                  .from(products)
                  .where(sql`upper(${products.id}) = ${id}`)
                  .limit(1)
              ).length;
              k++
            ) {
              if (k >= 8) throw new Error("No se pudo generar un id único para la publicación.");
              id = drawId();
            }
            const comboProducts: ComboComponent[] = computed.lines.map((l) => ({
              id: l.id,
              name: l.name,
              price: l.price ?? 0,
              stock: l.stock,
              qty: l.qty,
            }));
            await tx
              .insert(products)
              .values({ id, ...row, slug: productSlug(id, name), manufacturerSku: id, isCombo: true, comboProducts, claveSat: "0" });
          }
          await insertProperties(tx, id, properties);
          return {
            value: { id, created: !existing, removedFileLinks },
            audit: {
              message: existing ? `Publicación actualizada: ${id}` : `Publicación creada: ${id}`,
              type: existing ? "update" : "create",
              tags: ["catalog", "products", "combos"],
              identifier: id,
              userId: actor.id,
              detail: {
                name,
                price: computed.price,
                stock: computed.stock,
                components: computed.lines.map((l) => ({ id: l.id, qty: l.qty })),
              },
            },
          };
        },
      });
    } catch (error) {
      // Only a new id drawn twice can clash: draw again.
      if (existing || !isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("No se pudo generar un id único para la publicación.");
}
