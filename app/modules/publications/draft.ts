import { z } from "zod";
import {
  CHANNELS, DEFAULT_LISTING_TYPE, GALLERY_ALT_MAX, GALLERY_MAX_PER_PRODUCT, LISTING_TYPES, STATUSES, STORE_OFFICIAL, STORE_SE_RESIDENCIAL,
  STORE_SQUARE_D, WAREHOUSE_NAMES,
} from "./constants";
import { clampDiscount, clampQty } from "./fees";
import { bySort, cleanAlt, moveImage, type Direction } from "./gallery-order";

/**
 * The create/edit dialog's state. The whole dialog is one form: every button (add a row, search a
 * product, predict a category, upload an image, save) posts it, and the server answers with the
 * draft to render again. That keeps unsaved input across round trips without JavaScript; with it,
 * the same form just feels quicker.
 */
export type DraftLinked = { sku: string; qty: number; discount: number };
export type DraftVariation = { id: number | null; name: string; attributes: Record<string, string>; linked: DraftLinked[] };
/** A gallery image; its place in `Draft.gallery` is its order (see gallery-order.ts). */
export type DraftImage = { fileId: string; url: string; name: string; sku: string; origin: string; alt: string };
export type StoreChoice = "" | "meli1" | typeof STORE_OFFICIAL | typeof STORE_SE_RESIDENCIAL | typeof STORE_SQUARE_D;

export type Draft = {
  id: string | null;
  version: number;
  title: string;
  special: boolean;
  categoryId: string;
  listingType: string;
  store: StoreChoice;
  attributes: Record<string, string>;
  autosync: boolean;
  priceSync: boolean;
  stockSync: boolean;
  warehouses: string[];
  channels: string[];
  premium: boolean;
  status: string;
  linked: DraftLinked[];
  variations: DraftVariation[];
  gallery: DraftImage[];
  description: { intro: string; body: string; closing: string };
  productSearch: string;
  searchTarget: string;
};

export const STORE_CHOICES = ["meli1", STORE_OFFICIAL, STORE_SE_RESIDENCIAL, STORE_SQUARE_D] as const;

export const emptyLinked = (): DraftLinked => ({ sku: "", qty: 1, discount: 0 });

/** Section 3 defaults: no sync, own post, Clásica, one empty linked-product row. */
export function newDraft(): Draft {
  return {
    id: null,
    version: 0,
    title: "",
    special: false,
    categoryId: "",
    listingType: DEFAULT_LISTING_TYPE,
    store: "",
    attributes: {},
    autosync: false,
    priceSync: false,
    stockSync: false,
    warehouses: [],
    channels: [],
    premium: false,
    status: "active",
    linked: [emptyLinked()],
    variations: [],
    gallery: [],
    description: { intro: "", body: "", closing: "" },
    productSearch: "",
    searchTarget: "flat",
  };
}

export function storeChoiceFor(mlStore: string | null | undefined): StoreChoice {
  const s = (mlStore ?? "").trim();
  return s === STORE_OFFICIAL || s === STORE_SE_RESIDENCIAL || s === STORE_SQUARE_D ? s : "meli1";
}

/** The stored store id and the account marker for a store choice. */
export function storeColumns(choice: StoreChoice, brand: string): { mlStore: string | null; officialStore: string } {
  if (choice === STORE_OFFICIAL) return { mlStore: STORE_OFFICIAL, officialStore: brand };
  if (choice === STORE_SE_RESIDENCIAL || choice === STORE_SQUARE_D) return { mlStore: choice, officialStore: "" };
  return { mlStore: null, officialStore: "" };
}

// ---------------------------------------------------------------------------------------------------
// Reading the form

type FormLike = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[]; keys(): Iterable<string> };

const text = (max: number) => z.string().max(max * 4).transform((s) => s.slice(0, max)).catch("");
const flag = z.preprocess((v) => v === "on" || v === "true" || v === "1", z.boolean());
const upperSku = z.string().transform((s) => s.trim().toUpperCase().slice(0, 40)).catch("");

const DraftSchema = z.object({
  id: z.string().trim().regex(/^[A-Z]{3}\d{1,14}$/).nullable().catch(null),
  version: z.coerce.number().int().min(0).catch(0),
  title: z.string().transform((s) => s.replace(/\s+/g, " ").trimStart().slice(0, 120)).catch(""),
  special: flag,
  categoryId: z.string().transform((s) => s.trim().toUpperCase().slice(0, 30)).catch(""),
  listingType: z.enum(LISTING_TYPES.map(([k]) => k) as [string, ...string[]]).catch(DEFAULT_LISTING_TYPE),
  store: z.enum(STORE_CHOICES).or(z.literal("")).catch(""),
  attributes: z.record(text(200)).catch({}),
  autosync: flag,
  priceSync: flag,
  stockSync: flag,
  warehouses: z.array(z.string()).transform((list) => WAREHOUSE_NAMES.filter((w) => list.includes(w))).catch([]),
  channels: z.array(z.string()).transform((list) => CHANNELS.map(([k]) => k as string).filter((c) => list.includes(c))).catch([]),
  premium: flag,
  status: z.enum(STATUSES.map(([k]) => k) as [string, ...string[]]).catch("active"),
  description: z.object({ intro: text(5000), body: text(20000), closing: text(5000) }),
  productSearch: text(100),
  searchTarget: z.string().regex(/^(flat|v\d{1,2})$/).catch("flat"),
});

const LinkedSchema = z.object({
  sku: upperSku,
  qty: z.unknown().transform(clampQty),
  discount: z.unknown().transform((v) => clampDiscount(v === "" || v == null ? 0 : v)),
});

function str(form: FormLike, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

function strings(form: FormLike, name: string): string[] {
  return form.getAll(name).filter((v): v is string => typeof v === "string");
}

/** Indexes present under a prefix (`lp.3.sku` → 3), in order, at most `max`. */
function indexes(keys: string[], pattern: RegExp, max = 60): number[] {
  const found = new Set<number>();
  for (const k of keys) {
    const m = pattern.exec(k);
    if (m) found.add(Number(m[1]));
  }
  return [...found].sort((a, b) => a - b).slice(0, max);
}

function readLinked(form: FormLike, keys: string[], prefix: string): DraftLinked[] {
  const escaped = prefix.replace(/\./g, "\\.");
  return indexes(keys, new RegExp(`^${escaped}lp\\.(\\d+)\\.sku$`)).map((i) =>
    LinkedSchema.parse({ sku: str(form, `${prefix}lp.${i}.sku`), qty: str(form, `${prefix}lp.${i}.qty`), discount: str(form, `${prefix}lp.${i}.discount`) }),
  );
}

function readAttributes(form: FormLike, keys: string[], prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  const escaped = prefix.replace(/\./g, "\\.");
  const pattern = new RegExp(`^${escaped}attr\\.([A-Z0-9_]{1,60})$`);
  for (const k of keys) {
    const m = pattern.exec(k);
    if (m) out[m[1]] = str(form, k).trim().slice(0, 200);
  }
  return out;
}

/** Reads the dialog form into a draft. Never fails: bad values fall back (discount clamped, qty ≥ 1). */
export function readDraft(form: FormLike): Draft {
  const keys = [...new Set(form.keys())];
  const base = DraftSchema.parse({
    id: str(form, "id") || null,
    version: str(form, "version"),
    title: str(form, "title"),
    special: str(form, "special"),
    categoryId: str(form, "categoryId"),
    listingType: str(form, "listingType"),
    store: str(form, "store"),
    attributes: readAttributes(form, keys, ""),
    autosync: str(form, "autosync"),
    priceSync: str(form, "priceSync"),
    stockSync: str(form, "stockSync"),
    warehouses: strings(form, "warehouses"),
    channels: strings(form, "channels"),
    premium: str(form, "premium"),
    status: str(form, "status"),
    description: { intro: str(form, "descIntro"), body: str(form, "descBody"), closing: str(form, "descClosing") },
    productSearch: str(form, "productSearch"),
    searchTarget: str(form, "searchTarget"),
  });
  const variations = indexes(keys, /^v\.(\d+)\.name$/, 30).map((j): DraftVariation => {
    const id = Number(str(form, `v.${j}.id`));
    return {
      id: Number.isSafeInteger(id) && id > 0 ? id : null,
      name: str(form, `v.${j}.name`).trim().slice(0, 120),
      attributes: readAttributes(form, keys, `v.${j}.`),
      linked: readLinked(form, keys, `v.${j}.`),
    };
  });
  // `g.<k>.sort` is the image's place (drag and drop rewrites it); without it the field order counts.
  const gallery = bySort(indexes(keys, /^g\.(\d+)\.fileId$/, 200), (k) => str(form, `g.${k}.sort`))
    .map((k) => ({
      fileId: str(form, `g.${k}.fileId`),
      url: str(form, `g.${k}.url`),
      name: str(form, `g.${k}.name`).slice(0, 200),
      sku: upperSku.parse(str(form, `g.${k}.sku`)),
      origin: str(form, `g.${k}.origin`) || "upload",
      alt: cleanAlt(str(form, `g.${k}.alt`), GALLERY_ALT_MAX),
    }))
    .filter((g) => /^[0-9a-f-]{36}$/i.test(g.fileId) && /^\/files\/[0-9a-f-]{36}$/i.test(g.url));
  const draft: Draft = {
    ...base,
    store: base.store as StoreChoice,
    linked: readLinked(form, keys, ""),
    variations,
    gallery,
  };
  return normalizeDraft(draft);
}

/** autosync is on whenever price or stock sync is (spec 1 §4); at most 8 images per linked product. */
export function normalizeDraft(draft: Draft): Draft {
  const perSku = new Map<string, number>();
  const gallery = draft.gallery.filter((g) => {
    const n = (perSku.get(g.sku) ?? 0) + 1;
    perSku.set(g.sku, n);
    return n <= GALLERY_MAX_PER_PRODUCT;
  });
  return { ...draft, autosync: draft.autosync || draft.priceSync || draft.stockSync, gallery };
}

// ---------------------------------------------------------------------------------------------------
// Editing the draft (the dialog's buttons)

/** The linked-product list a target names: "flat" or "v<j>" (a variation). */
export function linkedOf(draft: Draft, target: string): DraftLinked[] | null {
  if (target === "flat") return draft.linked;
  const m = /^v(\d+)$/.exec(target);
  return m ? draft.variations[Number(m[1])]?.linked ?? null : null;
}

function withLinked(draft: Draft, target: string, update: (list: DraftLinked[]) => DraftLinked[]): Draft {
  if (target === "flat") return { ...draft, linked: update(draft.linked) };
  const m = /^v(\d+)$/.exec(target);
  if (!m) return draft;
  const j = Number(m[1]);
  if (!draft.variations[j]) return draft;
  return { ...draft, variations: draft.variations.map((v, k) => (k === j ? { ...v, linked: update(v.linked) } : v)) };
}

export function addRow(draft: Draft, target: string): Draft {
  return withLinked(draft, target, (list) => [...list, emptyLinked()]);
}

export function removeRow(draft: Draft, target: string, index: number): Draft {
  return withLinked(draft, target, (list) => list.filter((_, i) => i !== index));
}

/** Puts a product found by the search in the first empty row of the target, or a new row. */
export function addProduct(draft: Draft, target: string, sku: string): Draft {
  const clean = sku.trim().toUpperCase();
  if (!clean) return draft;
  return withLinked(draft, target, (list) => {
    if (list.some((l) => l.sku === clean)) return list;
    const blank = list.findIndex((l) => l.sku === "");
    if (blank >= 0) return list.map((l, i) => (i === blank ? { ...l, sku: clean } : l));
    return [...list, { sku: clean, qty: 1, discount: 0 }];
  });
}

export function addVariation(draft: Draft): Draft {
  // A publication with variations sells through them: its flat rows move into the first variation.
  const first = draft.variations.length === 0;
  const linked = first ? draft.linked.filter((l) => l.sku) : [];
  return {
    ...draft,
    linked: first ? [] : draft.linked,
    variations: [...draft.variations, { id: null, name: "", attributes: {}, linked: linked.length ? linked : [emptyLinked()] }],
  };
}

export function removeVariation(draft: Draft, index: number): Draft {
  const variations = draft.variations.filter((_, i) => i !== index);
  return { ...draft, variations, linked: variations.length === 0 && draft.linked.length === 0 ? [emptyLinked()] : draft.linked };
}

export function setAllWarehouses(draft: Draft, all: boolean): Draft {
  return { ...draft, warehouses: all ? [...WAREHOUSE_NAMES] : [] };
}

export function removeImage(draft: Draft, index: number): Draft {
  return { ...draft, gallery: draft.gallery.filter((_, i) => i !== index) };
}

/** "Subir"/"Bajar" on an image: one place among the images of the same linked product. */
export function moveDraftImage(draft: Draft, index: number, direction: Direction): Draft {
  return { ...draft, gallery: moveImage(draft.gallery, index, direction) };
}

/** Every SKU the draft links (flat and per variation), upper-case, without repeats. */
export function draftSkus(draft: Draft): string[] {
  const all = [...draft.linked, ...draft.variations.flatMap((v) => v.linked)].map((l) => l.sku).filter(Boolean);
  return [...new Set(all)];
}

/** The rows that count for cost and stock: the flat rows, or the first variation's. */
export function pricedLines(draft: Draft): DraftLinked[] {
  const list = draft.variations.length ? draft.variations[0].linked : draft.linked;
  return list.filter((l) => l.sku);
}
