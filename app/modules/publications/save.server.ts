import { files, publicationVariations, publications, type LinkedProduct } from "@server/db/schema";
import { getEnv } from "@server/env";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import { and, eq, inArray, like, notInArray, sql } from "drizzle-orm";
import { getDb, type Tx } from "@server/db/client";
import { LIBRARY_ORIGINS } from "~/modules/files/rules";
import { refuse, saveVersioned, type SaveResult } from "~/lib/save.server";
import { enqueueOutbound } from "~/modules/sync/outbox.server";
import { TEXTS } from "./constants";
import { draftSkus, storeChoiceFor, storeColumns, type Draft } from "./draft";
import type { EditorView } from "./editor.server";
import { marketplaceTitle } from "./title";
import { hasErrors, validateDraft } from "./validation";

export type PublicationSaveResult = SaveResult<{ id: string; created: boolean }>;

export const NOT_FOUND_MESSAGE = "La publicación no existe.";
export const STALE_MESSAGE = "Otra persona modificó esta publicación mientras la editabas. Vuelve a abrirla para ver los cambios.";

/** The description sent to the marketplace: the three parts and the fixed seller footer, plain text. */
export function fullDescription(parts: Draft["description"], footer: string): string {
  const chunks = [parts.intro, parts.body, parts.closing].map((p) => p.trim()).filter(Boolean);
  if (footer.trim() && !chunks.includes(footer.trim())) chunks.push(footer.trim());
  return chunks.join("\n\n");
}

function linkedFor(list: Draft["linked"], view: EditorView, warehouses: string[]): LinkedProduct[] {
  return list
    .filter((l) => l.sku)
    .map((l) => {
      const p = view.products[l.sku];
      return {
        sku: l.sku,
        name: p?.name ?? l.sku,
        intelisisName: p?.intelisisName ?? null,
        price: p?.price ?? 0,
        stock: p?.stock ?? 0,
        qty: l.qty,
        discount: l.discount,
        warehouses: (p?.stocks ?? [])
          .filter((s) => s.qty > 0 && (warehouses.length === 0 || warehouses.includes(s.name)))
          .map((s) => s.name),
      };
    });
}

// ---------------------------------------------------------------------------------------------------
// What the content back end hears of a save (spec 1 §7), through the outbox, in the save's transaction

/** linked_products as the spec's PATCH sends them: sku, qty, discount. */
export function linkedPatch(list: ReadonlyArray<Pick<LinkedProduct, "sku" | "qty" | "discount">>) {
  return list.map((l) => ({ sku: l.sku, qty: l.qty, discount: l.discount }));
}

/** sync_warehouses as the back end keeps them: each with its warehouse. */
const warehousesPatch = (names: readonly string[]) => names.map((warehouse) => ({ warehouse }));

type SyncFields = {
  autosync: boolean;
  priceSync: boolean;
  stockSync: boolean;
  syncWarehouses: string[];
  channels: string[];
  linkedProducts: LinkedProduct[];
};

const SYNC_FIELD_LABELS: Record<string, string> = {
  autosync: "autosincronizar",
  price_sync: "sincronizar precio",
  stock_sync: "sincronizar stock",
  sync_warehouses: "almacenes",
  channels: "canales",
  linked_products: "productos ligados",
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of PATCH items/mercadolibre_posts/{id} (autosync, price_sync, stock_sync,
 * sync_warehouses, channels, linked_products) that changed from `before` to `after`.
 */
export function publicationPatch(before: SyncFields, after: SyncFields): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (before.autosync !== after.autosync) patch.autosync = after.autosync;
  if (before.priceSync !== after.priceSync) patch.price_sync = after.priceSync;
  if (before.stockSync !== after.stockSync) patch.stock_sync = after.stockSync;
  if (!same(before.syncWarehouses, after.syncWarehouses)) patch.sync_warehouses = warehousesPatch(after.syncWarehouses);
  if (!same(before.channels, after.channels)) patch.channels = after.channels;
  if (!same(linkedPatch(before.linkedProducts), linkedPatch(after.linkedProducts)))
    patch.linked_products = linkedPatch(after.linkedProducts);
  return patch;
}

/** PATCH items/mercadolibre_posts/{id} with the changed sync fields; nothing when none changed. */
export async function enqueuePublicationPatch(tx: Tx, id: string, patch: Record<string, unknown>, userId: number) {
  const fields = Object.keys(patch);
  if (fields.length === 0) return;
  await enqueueOutbound(tx, {
    method: "PATCH",
    collection: "mercadolibre_posts",
    recordId: id,
    body: patch,
    summary: `Publicación ${id}: ${fields.map((f) => SYNC_FIELD_LABELS[f] ?? f).join(", ")}`,
    userId,
  });
}

type StoredVariation = { id: number; name: string; linkedProducts: LinkedProduct[] };

/** A variation as the back end keeps it (mercadolibre_variations: id, post_id, name, linked_products, last_update). */
function variationRecord(postId: string, v: StoredVariation, at: Date) {
  return { id: v.id, post_id: postId, name: v.name, linked_products: linkedPatch(v.linkedProducts), last_update: at.toISOString() };
}

/**
 * A publication stored here for the first time, as POST items/mercadolibre_posts carries it (spec 1
 * §7, "then POST items/mercadolibre_posts … to store the result"): its fields by the spec's names, its
 * variations nested. Left out: created_by (the back end's users are not this app's), the gallery
 * (its file ids are this app's library) and the description (sent to the marketplace by its own call).
 */
function publicationRecord(id: string, values: PublicationValues, variations: StoredVariation[], at: Date) {
  return {
    id,
    title: values.title,
    permalink: values.permalink ?? null,
    price: values.price,
    autosync: values.autosync,
    price_sync: values.priceSync,
    stock_sync: values.stockSync,
    own_post: true,
    listing_type: values.listingType,
    linked_products: values.linkedProducts.map((l) => ({
      sku: l.sku,
      name: l.name,
      intelisis_name: l.intelisisName ?? null,
      price: l.price,
      stock: l.stock,
      qty: l.qty,
      discount: l.discount,
      warehouses: l.warehouses ?? [],
    })),
    linked_products_string: values.linkedProductsString,
    sync_warehouses: warehousesPatch(values.syncWarehouses),
    category_id: values.categoryId,
    categoryCommission: values.categoryCommission,
    categoryAttributes: values.categoryAttributes,
    category_variations: values.categoryVariations,
    status: values.status,
    ml_store: values.mlStore,
    officialStore: values.officialStore,
    channels: values.channels,
    stock_now: values.stockNow,
    stock_later: values.stockLater,
    variations: variations.map((v) => variationRecord(id, v, at)),
    last_sync_up: at.toISOString(),
    last_update: at.toISOString(),
    created_at: at.toISOString(),
  };
}

type PublicationValues = {
  title: string;
  permalink?: string | null;
  price: number;
  autosync: boolean;
  priceSync: boolean;
  stockSync: boolean;
  listingType: string;
  linkedProducts: LinkedProduct[];
  linkedProductsString: string;
  syncWarehouses: string[];
  categoryId: string;
  categoryCommission: number | null;
  categoryAttributes: unknown[];
  categoryVariations: unknown[];
  status: string;
  mlStore: string | null;
  officialStore: string;
  channels: string[];
  stockNow: number;
  stockLater: number;
};

/** Spec 1 §5: a gallery takes images of the files library; a conversation's picture is not one. */
export const GALLERY_FOREIGN_MESSAGE = "La imagen no pertenece a la biblioteca.";

/**
 * Whether every image the form added to the gallery is an image of the library. One the publication
 * already had stays as it is; a forged id (a conversation's attachment, an unknown file) is refused.
 */
async function galleryFromLibrary(gallery: Draft["gallery"], kept: ReadonlyArray<{ fileId: string }>): Promise<boolean> {
  const had = new Set(kept.map((g) => g.fileId));
  const added = [...new Set(gallery.map((g) => g.fileId).filter((id) => !had.has(id)))];
  if (added.length === 0) return true;
  const found = await getDb()
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, added), like(files.mimeType, "image/%"), inArray(files.origin, [...LIBRARY_ORIGINS])));
  return found.length === added.length;
}

/**
 * Saves the dialog (spec 1 §5 and §7). Checks everything first; then the marketplace (publish a new
 * listing, or update an existing one, and its description); only when it accepted, the one save path
 * stores the publication and its variations with the audit entry. A refusal leaves nothing saved here.
 */
export async function savePublication(
  view: EditorView,
  stored: {
    version: number;
    title: string;
    categoryId: string;
    description: Draft["description"];
    listingType: string;
    /** The official store the listing is under (spec 1 §1); null for Meli 1. */
    mlStore: string | null;
    gallery: ReadonlyArray<{ fileId: string }>;
  } | null,
  userId: number,
): Promise<PublicationSaveResult> {
  const draft = view.draft;
  const errors = validateDraft(draft, { requiredAttributes: view.attributes.required, variationAttributes: view.attributes.variation });
  if (view.categoryError && draft.categoryId) (errors.categoryId ??= []).push(view.categoryError);
  const unknown = draftSkus(draft).filter((s) => !view.products[s]);
  if (unknown.length) (errors.linked ??= []).push(`No existen en el catálogo: ${unknown.join(", ")}.`);
  if (!(await galleryFromLibrary(draft.gallery, stored?.gallery ?? []))) (errors.gallery ??= []).push(GALLERY_FOREIGN_MESSAGE);
  // No price in pesos for a linked product (decision 0038): nothing is published with a wrong cost.
  if (view.cost.unpriced) (errors.linked ??= []).push(view.cost.unpriced);
  if (hasErrors(errors)) return refuse("invalid", TEXTS.insufficientMessage, errors);
  // A form opened before someone else's save is refused before the marketplace hears of it.
  if (stored && draft.version !== stored.version) return refuse("conflict", STALE_MESSAGE);

  const brand = getEnv().BRAND_NAME;
  const store = storeColumns(draft.store, brand);
  const account = store.officialStore ? "brand" : "main";
  const description = fullDescription(draft.description, view.footer);
  const variationAttrs = view.attributes.variation;
  const variationName = (v: Draft["variations"][number]) =>
    variationAttrs.length
      ? variationAttrs
          .map((a) => v.attributes[a.id] ?? "")
          .filter(Boolean)
          .join(" / ")
      : v.name.trim();
  const flatLinked = linkedFor(draft.linked, view, draft.warehouses);
  const variationLinked = draft.variations.map((v) => linkedFor(v.linked, view, draft.warehouses));
  const allLinked = draft.variations.length ? variationLinked.flat() : flatLinked;
  const listingType = draft.listingType === "gold_pro" ? "gold_pro" : "gold_special";
  const attributes = [...view.attributes.required, ...view.attributes.optional]
    .map((a) => ({ id: a.id, valueName: (draft.attributes[a.id] ?? "").trim() }))
    .filter((a) => a.valueName);
  const categoryVariations = [
    ...new Map(
      draft.variations
        .flatMap((v) => variationAttrs.map((a) => ({ id: a.id, valueName: (v.attributes[a.id] ?? "").trim() })))
        .filter((a) => a.valueName)
        .map((a) => [`${a.id}:${a.valueName}`, a]),
    ).values(),
  ];

  const { marketplace } = getIntegrations();
  let id = draft.id;
  let permalink: string | null = null;
  try {
    // Only publishing carries the official store: a listing moved to another store is published again.
    const republish =
      !stored ||
      stored.title !== draft.title ||
      stored.categoryId !== draft.categoryId ||
      stored.listingType !== draft.listingType ||
      storeColumns(storeChoiceFor(stored.mlStore), brand).mlStore !== store.mlStore;
    if (republish) {
      const published = await marketplace.publish({
        id,
        account,
        officialStoreId: store.mlStore,
        title: marketplaceTitle(draft.title, draft.special, brand),
        description,
        categoryId: draft.categoryId,
        listingType,
        attributes,
        categoryVariations,
        cost: view.cost.total,
        linkedProducts: allLinked.map((l) => ({ sku: l.sku, qty: l.qty, discount: l.discount })),
        channels: draft.channels,
        syncWarehouses: draft.warehouses,
        autosync: draft.autosync,
        priceSync: draft.priceSync,
        stockSync: draft.stockSync,
        pictures: draft.gallery.map((g) => g.url),
        userId,
      });
      id = published.id;
      permalink = published.permalink;
    } else if (id) {
      await marketplace.updatePublication({ id, store: store.officialStore || null });
    }
    if (id && (!stored || fullDescription(stored.description, view.footer) !== description)) {
      await marketplace.updateDescription({ id, description, store: store.officialStore || null });
    }
  } catch (error) {
    if (isIntegrationError(error)) return refuse("integration", error.message);
    throw error;
  }
  if (!id) return refuse("integration", "Mercado Libre no devolvió el identificador de la publicación.");
  const publicationId = id;

  const values = {
    title: draft.title.trim(),
    ...(permalink ? { permalink } : {}),
    price: view.cost.total,
    exchangeRate: view.exchangeRate,
    autosync: draft.autosync,
    priceSync: draft.priceSync,
    stockSync: draft.stockSync,
    special: draft.special,
    premium: draft.premium,
    listingType: draft.listingType,
    linkedProducts: draft.variations.length ? [] : flatLinked,
    linkedProductsString: [...new Set(allLinked.map((l) => l.sku.toUpperCase()))].join(" "),
    syncWarehouses: draft.warehouses,
    categoryId: draft.categoryId,
    categoryPath: view.category?.path ?? [],
    categoryCommission: view.commissionRate,
    categoryAttributes: [...view.attributes.required, ...view.attributes.optional]
      .filter((a) => (draft.attributes[a.id] ?? "").trim())
      .map((a) => ({ id: a.id, name: a.name, value: draft.attributes[a.id].trim(), required: a.required || a.catalogRequired })),
    categoryVariations: variationAttrs.map((a) => ({ id: a.id, name: a.name, allowVariations: true })),
    description: draft.description,
    status: draft.status,
    mlStore: store.mlStore,
    officialStore: store.officialStore,
    channels: draft.channels,
    stockNow: view.stock.now,
    stockLater: view.stock.later,
    gallery: draft.gallery.map((g, sort) => ({
      fileId: g.fileId,
      url: g.url,
      name: g.name,
      sku: g.sku,
      origin: g.origin,
      alt: g.alt || null,
      sort,
    })),
    lastUpdate: new Date(),
  };

  const syncColumns = {
    version: publications.version,
    autosync: publications.autosync,
    priceSync: publications.priceSync,
    stockSync: publications.stockSync,
    syncWarehouses: publications.syncWarehouses,
    channels: publications.channels,
    linkedProducts: publications.linkedProducts,
  };
  return saveVersioned({
    // Something may have changed under us while the marketplace answered: the row lock decides.
    lock: stored
      ? async (tx) => (await tx.select(syncColumns).from(publications).where(eq(publications.id, publicationId)).for("update"))[0] ?? null
      : undefined,
    expected: stored ? String(draft.version) : undefined,
    messages: { notFound: NOT_FOUND_MESSAGE, stale: STALE_MESSAGE },
    write: async (tx, before) => {
      const now = values.lastUpdate;
      if (stored)
        await tx
          .update(publications)
          .set({ ...values, version: sql`${publications.version} + 1` })
          .where(eq(publications.id, publicationId));
      else await tx.insert(publications).values({ id: publicationId, ...values, ownPost: true, createdBy: userId, lastSyncUp: now });
      const keep = draft.variations.map((v) => v.id).filter((v): v is number => v != null);
      const hadVariations = stored
        ? await tx
            .select({ id: publicationVariations.id, linkedProducts: publicationVariations.linkedProducts })
            .from(publicationVariations)
            .where(eq(publicationVariations.postId, publicationId))
        : [];
      await tx
        .delete(publicationVariations)
        .where(
          keep.length
            ? and(eq(publicationVariations.postId, publicationId), notInArray(publicationVariations.id, keep))
            : eq(publicationVariations.postId, publicationId),
        );
      const base = Date.now() * 100;
      const changedVariations: StoredVariation[] = [];
      const newVariations: StoredVariation[] = [];
      for (const [j, v] of draft.variations.entries()) {
        const row = {
          postId: publicationId,
          name: variationName(v) || `Variación ${j + 1}`,
          attributes: variationAttrs.map((a) => ({ id: a.id, name: a.name, value: (v.attributes[a.id] ?? "").trim() })),
          linkedProducts: variationLinked[j],
          lastUpdate: now,
        };
        if (v.id != null) {
          const [existing] = await tx
            .update(publicationVariations)
            .set(row)
            .where(and(eq(publicationVariations.id, v.id), eq(publicationVariations.postId, publicationId)))
            .returning({ id: publicationVariations.id });
          if (existing) {
            const had = hadVariations.find((h) => h.id === existing.id);
            if (!had || !same(linkedPatch(had.linkedProducts), linkedPatch(row.linkedProducts)))
              changedVariations.push({ id: existing.id, name: row.name, linkedProducts: row.linkedProducts });
            continue;
          }
        }
        await tx.insert(publicationVariations).values({ id: base + j, ...row });
        newVariations.push({ id: base + j, name: row.name, linkedProducts: row.linkedProducts });
      }
      // The content back end hears of it after commit, through the outbox written here (docs/live-data.md).
      if (!stored) {
        await enqueueOutbound(tx, {
          method: "POST",
          collection: "mercadolibre_posts",
          recordId: publicationId,
          body: publicationRecord(publicationId, values, newVariations, now),
          summary: `Publicación ${publicationId}: nueva`,
          userId,
        });
      } else {
        if (before) await enqueuePublicationPatch(tx, publicationId, publicationPatch(before, values), userId);
        for (const v of changedVariations) {
          await enqueueOutbound(tx, {
            method: "PATCH",
            collection: "mercadolibre_variations",
            recordId: String(v.id),
            body: { linked_products: linkedPatch(v.linkedProducts) },
            summary: `Variación ${v.id} de la publicación ${publicationId}: productos ligados`,
            userId,
          });
        }
        for (const v of newVariations) {
          await enqueueOutbound(tx, {
            method: "POST",
            collection: "mercadolibre_variations",
            recordId: String(v.id),
            body: variationRecord(publicationId, v, now),
            summary: `Variación ${v.id} de la publicación ${publicationId}: nueva`,
            userId,
          });
        }
      }
      return {
        value: { id: publicationId, created: !stored },
        audit: {
          message: stored ? `Publicación ${publicationId} actualizada` : `Publicación ${publicationId} creada`,
          type: stored ? "update" : "create",
          tags: ["publicaciones"],
          identifier: publicationId,
          detail: {
            title: values.title,
            skus: values.linkedProductsString,
            variations: draft.variations.length,
            priceSync: draft.priceSync,
            stockSync: draft.stockSync,
          },
          userId,
        },
      };
    },
  });
}
