import { getEnv } from "@server/env";
import { getIntegrations, isIntegrationError, type CategoryAttribute, type CategoryPrediction } from "@server/integrations";
import { classifyAttributes } from "./attributes";
import type { CategoryPickerView } from "./category-picker.server";
import { DEFAULT_COMMISSION, GALLERY_ALT_MAX } from "./constants";
import { draftSkus, newDraft, pricedLines, storeChoiceFor, type Draft } from "./draft";
import { knownChannels, knownListingType, knownStatus, knownWarehouses } from "./draft-form";
import { computeCost, rateFromCommission, type CostSummary } from "./fees";
import { bySort, cleanAlt } from "./gallery-order";
import type { ProductInfo, PublicationRecord, StoredVariation } from "./publications.server";
import { unpricedOf } from "./live-totals";
import { productsBySku } from "./publications.server";
import { computeStock } from "./stock";

/** What the dialog renders besides the draft: products, category, attributes, costs, stock. */
export type EditorView = {
  draft: Draft;
  brand: string;
  footer: string;
  products: Record<string, ProductInfo>;
  category: { id: string; name: string; path: Array<{ id: string; name: string }> } | null;
  categoryError: string | null;
  attributes: { required: CategoryAttribute[]; optional: CategoryAttribute[]; variation: CategoryAttribute[] };
  commissionRate: number;
  shipmentCost: number;
  shipmentConstant: number;
  iva: number;
  /** In pesos (decision 0038); `unpriced` says which linked product has no price in pesos, and the rows show "—". */
  cost: CostSummary & { unpriced: string | null };
  /** The dollar price the linked dollar products were converted at (null: none is in dollars); kept on save. */
  exchangeRate: number | null;
  stock: { now: number; later: number };
  notices: string[];
  searchResults: ProductInfo[] | null;
  predictions: CategoryPrediction[] | null;
  /** The category picker's open level (a dialog over the editor), or null when it is closed. */
  picker: CategoryPickerView | null;
  meta: { permalink: string | null; soldQuantity: number; visits: number; lastSyncUp: string | null; lastSyncDown: string | null };
};

export const UNKNOWN_CATEGORY = "La categoría no existe en Mercado Libre.";

/** The stored publication as a draft (the dialog's starting state). */
export function draftFromRecord(record: PublicationRecord, variations: StoredVariation[]): Draft {
  const attrs: Record<string, string> = {};
  for (const a of record.categoryAttributes) if (a?.id && a.value != null) attrs[a.id] = String(a.value);
  return {
    ...newDraft(),
    id: record.id,
    version: record.version,
    title: record.title,
    special: record.special,
    categoryId: record.categoryId,
    listingType: knownListingType(record.listingType),
    store: storeChoiceFor(record.mlStore),
    attributes: attrs,
    autosync: record.autosync,
    priceSync: record.priceSync,
    stockSync: record.stockSync,
    warehouses: knownWarehouses(record.syncWarehouses),
    channels: knownChannels(record.channels),
    premium: record.premium,
    status: knownStatus(record.status),
    linked: record.linkedProducts.map((l) => ({
      sku: String(l.sku).toUpperCase(),
      qty: Number(l.qty) || 1,
      discount: Number(l.discount) || 0,
    })),
    variations: variations.map((v) => ({
      id: v.id,
      name: v.name,
      attributes: Object.fromEntries((v.attributes ?? []).map((a) => [a.id, a.value])),
      linked: (v.linkedProducts ?? []).map((l) => ({
        sku: String(l.sku).toUpperCase(),
        qty: Number(l.qty) || 1,
        discount: Number(l.discount) || 0,
      })),
    })),
    gallery: bySort(record.gallery, (g) => g.sort).map((g) => ({
      fileId: g.fileId,
      url: g.url,
      name: g.name ?? "",
      sku: (g.sku ?? "").toUpperCase(),
      origin: g.origin ?? "upload",
      alt: cleanAlt(g.alt, GALLERY_ALT_MAX),
    })),
    description: record.description ?? { intro: "", body: "", closing: "" },
  };
}

type CategoryInfo = Pick<EditorView, "category" | "categoryError" | "attributes" | "notices"> & { known: boolean };

const noAttributes = { required: [], optional: [], variation: [] };

/** The category as the marketplace knows it: detail, path and attributes (null category: nothing to ask). */
export async function categoryInfo(categoryId: string, storedPath: Array<{ id: string; name: string }> = []): Promise<CategoryInfo> {
  if (!categoryId) return { category: null, categoryError: null, attributes: noAttributes, notices: [], known: false };
  const { marketplace } = getIntegrations();
  try {
    const [detail, attributes] = await Promise.all([
      marketplace.getCategoryDetail(categoryId),
      marketplace.getCategoryAttributes(categoryId),
    ]);
    if (!detail) {
      return {
        category: storedPath.length ? { id: categoryId, name: storedPath.at(-1)?.name ?? categoryId, path: storedPath } : null,
        categoryError: UNKNOWN_CATEGORY,
        attributes: noAttributes,
        notices: [],
        known: false,
      };
    }
    return {
      category: { id: detail.id, name: detail.name, path: detail.pathFromRoot },
      categoryError: null,
      attributes: classifyAttributes(attributes ?? []),
      notices: [],
      known: true,
    };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return {
      category: storedPath.length ? { id: categoryId, name: storedPath.at(-1)?.name ?? categoryId, path: storedPath } : null,
      categoryError: null,
      attributes: noAttributes,
      notices: [error.message],
      known: false,
    };
  }
}

/** The commission rate the marketplace charges this category and listing type; the default when unknown. */
export async function commissionFor(
  categoryId: string,
  listingType: string,
  price: number,
  stored: number | null,
): Promise<{ rate: number; notice: string | null }> {
  if (!categoryId) return { rate: stored && stored > 0 ? stored : DEFAULT_COMMISSION, notice: null };
  try {
    const answer = await getIntegrations().marketplace.getCommissionCost({
      categoryId,
      price: price > 0 ? price : 1,
      listingType: listingType === "gold_pro" ? "gold_pro" : "gold_special",
    });
    const rate = rateFromCommission(answer, price > 0 ? price : 1);
    return { rate: rate && rate > 0 ? rate : stored && stored > 0 ? stored : DEFAULT_COMMISSION, notice: null };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { rate: stored && stored > 0 ? stored : DEFAULT_COMMISSION, notice: error.message };
  }
}

export type ViewExtras = {
  footer: string;
  record?: PublicationRecord | null;
  products?: Map<string, ProductInfo>;
  searchResults?: ProductInfo[] | null;
  predictions?: CategoryPrediction[] | null;
  picker?: CategoryPickerView | null;
  notices?: string[];
};

/** Builds the dialog's view of a draft: server-side cost maths, stock, category and attributes. */
export async function buildView(draft: Draft, extras: ViewExtras): Promise<EditorView> {
  const record = extras.record ?? null;
  const skus = draftSkus(draft);
  const known = extras.products ?? new Map();
  const missing = skus.filter((s) => !known.has(s));
  const products = missing.length ? new Map([...known, ...(await productsBySku(missing))]) : known;
  const storedPath = record && record.categoryId === draft.categoryId ? record.categoryPath : [];
  const category = await categoryInfo(draft.categoryId, storedPath);
  if (category.categoryError && record && record.categoryId === draft.categoryId) {
    // The listing already exists with this category: its sync settings and links can still be saved.
    category.categoryError = null;
    category.notices.push(
      `Mercado Libre no reconoce la categoría guardada (${draft.categoryId}); para cambiar título o categoría elige una categoría vigente.`,
    );
  }
  const lines = pricedLines(draft).map((l) => ({
    ...l,
    price: products.get(l.sku)?.price ?? 0,
    stocks: products.get(l.sku)?.stocks ?? [],
  }));
  const shipmentCost = record?.shipmentCost ?? 25;
  const shipmentConstant = record?.shipmentConstant ?? 298.5;
  const iva = record?.iva ?? 0.16;
  const firstPass = computeCost({ lines, commission: null, shipmentCost, shipmentConstant, iva });
  const commission = category.known
    ? await commissionFor(draft.categoryId, draft.listingType, firstPass.subtotal, record?.categoryCommission ?? null)
    : { rate: record?.categoryCommission && record.categoryCommission > 0 ? record.categoryCommission : DEFAULT_COMMISSION, notice: null };
  const cost = {
    ...computeCost({ lines, commission: commission.rate, shipmentCost, shipmentConstant, iva }),
    unpriced: unpricedOf(skus, Object.fromEntries(products)),
  };
  const rates = skus.map((s) => products.get(s)?.rate).filter((r): r is number => typeof r === "number");
  return {
    draft,
    brand: getEnv().BRAND_NAME,
    footer: extras.footer,
    products: Object.fromEntries(products),
    category: category.category,
    categoryError: category.categoryError,
    attributes: category.attributes,
    commissionRate: commission.rate,
    shipmentCost,
    shipmentConstant,
    iva,
    cost,
    exchangeRate: rates.length ? rates[0] : null,
    stock: computeStock(lines, draft.warehouses),
    notices: [...category.notices, ...(commission.notice ? [commission.notice] : []), ...(extras.notices ?? [])],
    searchResults: extras.searchResults ?? null,
    predictions: extras.predictions ?? null,
    picker: extras.picker ?? null,
    meta: {
      permalink: record?.permalink ?? null,
      soldQuantity: record?.soldQuantity ?? 0,
      visits: record?.visits ?? 0,
      lastSyncUp: record?.lastSyncUp ?? null,
      lastSyncDown: record?.lastSyncDown ?? null,
    },
  };
}
