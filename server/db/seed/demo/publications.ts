import type { LinkedProduct } from "../../schema";
import { FALLBACK_CATEGORY_ID, pathFromRoot } from "../../../integrations/marketplace/categories-data";
import { listingAttributes } from "./listing-attributes";
import { publicationVariations, publications } from "../../schema";
import type { Catalog, CatalogProduct } from "./catalog";
import { STORE_OFFICIAL, STORE_SE_RESIDENCIAL, STORE_SQUARE_D, VAT, WAREHOUSE_DELAY, slugify } from "./constants";
import { sellerFooter } from "./content";
import { insertChunks, type SeedContext } from "./context";
import { rngFor, round2, type Random } from "./random";
import { js } from "./time";

export type DemoVariation = { id: number; name: string; linked: LinkedProduct[] };
export type DemoPublication = {
  id: string;
  title: string;
  price: number;
  status: string;
  mlStore: string | null;
  officialStore: string;
  commission: number;
  logisticType: string;
  linked: LinkedProduct[];
  variations: DemoVariation[];
  soldQuantity: number;
  mainProduct: CatalogProduct;
};

/** The marketplace category (as the simulator knows it) for each catalogue category. */
const ML_CATEGORY: Record<string, string> = {
  "Cables y conductores": "MLM187773",
  "Protección eléctrica": "MLM187777",
  "Centros de carga": "MLM187776",
  Iluminación: "MLM412348",
  "Apagadores y contactos": "MLM187774",
  "Tubería y canalización": "MLM187778",
  "Control industrial": "MLM187779",
  Herramientas: "MLM187780",
  Accesorios: "MLM187789",
  Kits: "MLM187777",
};

/** Variation groups: one publication per group, one variation per SKU. */
const VARIATION_GROUPS: Array<{ title: string; attribute: [string, string]; skus: Array<[string, string]> }> = [
  {
    title: "Cable Thw-ls Calibre 12 Awg Condumex Caja 100 M",
    attribute: ["COLOR", "Color"],
    skus: [
      ["THW12NE100", "Negro"],
      ["THW12BL100", "Blanco"],
      ["THW12RO100", "Rojo"],
      ["THW12VE100", "Verde"],
      ["THW12AZ100", "Azul"],
      ["THW12AM100", "Amarillo"],
    ],
  },
  {
    title: "Cable Thw-ls Calibre 14 Awg Condumex Caja 100 M",
    attribute: ["COLOR", "Color"],
    skus: [
      ["THW14NE100", "Negro"],
      ["THW14BL100", "Blanco"],
      ["THW14RO100", "Rojo"],
      ["THW14VE100", "Verde"],
      ["THW14GR100", "Gris"],
    ],
  },
  {
    title: "Cable Thw-ls Calibre 10 Awg Condumex 100 Metros",
    attribute: ["COLOR", "Color"],
    skus: [
      ["THW10NE100", "Negro"],
      ["THW10BL100", "Blanco"],
      ["THW10VE100", "Verde"],
    ],
  },
  {
    title: "Cable Thhw-ls Viakon Calibre 12 Awg 100 M",
    attribute: ["COLOR", "Color"],
    skus: [
      ["VTHHW12NE100", "Negro"],
      ["VTHHW12BL100", "Blanco"],
      ["VTHHW12RO100", "Rojo"],
      ["VTHHW12VE100", "Verde"],
    ],
  },
  {
    title: "Cable Thw Iusa Calibre 12 Awg Rollo 100 M",
    attribute: ["COLOR", "Color"],
    skus: [
      ["ITHW12NE100", "Negro"],
      ["ITHW12BL100", "Blanco"],
      ["ITHW12RO100", "Rojo"],
    ],
  },
  {
    title: "Foco Led A19 9w Philips Base E26 Luz Cálida O Fría",
    attribute: ["LIGHT_COLOR", "Temperatura de color"],
    skus: [
      ["PHA19LED9W30", "3000 K"],
      ["PHA19LED9W65", "6500 K"],
    ],
  },
  {
    title: "Foco Led A19 12w Philips E26 Alta Eficiencia",
    attribute: ["LIGHT_COLOR", "Temperatura de color"],
    skus: [
      ["PHA19LED12W30", "3000 K"],
      ["PHA19LED12W65", "6500 K"],
    ],
  },
  {
    title: "Foco Led A19 10w Tecnolite Luz Cálida O Luz De Día",
    attribute: ["LIGHT_COLOR", "Temperatura de color"],
    skus: [
      ["TLA19LED10W30", "3000 K"],
      ["TLA19LED10W65", "6500 K"],
    ],
  },
  {
    title: "Apagador Sencillo Bticino Modus Style 1 Módulo",
    attribute: ["COLOR", "Color"],
    skus: [
      ["BTAM4001B", "Blanco"],
      ["BTAM4001G", "Grafito"],
    ],
  },
  {
    title: "Contacto Dúplex Polarizado Bticino Modus Style",
    attribute: ["COLOR", "Color"],
    skus: [
      ["BTAM4025B", "Blanco"],
      ["BTAM4025G", "Grafito"],
    ],
  },
  {
    title: "Placa Bticino Modus Style 1, 2 O 3 Módulos Blanca",
    attribute: ["MODULES", "Módulos"],
    skus: [
      ["BTAM4801B", "1 módulo"],
      ["BTAM4802B", "2 módulos"],
      ["BTAM4803B", "3 módulos"],
    ],
  },
  {
    title: "Interruptor Termomagnético Square D Qo 1 Polo",
    attribute: ["AMPERAGE", "Amperaje"],
    skus: [
      ["QO115", "15 A"],
      ["QO120", "20 A"],
      ["QO130", "30 A"],
      ["QO140", "40 A"],
    ],
  },
  {
    title: "Pastilla Termomagnética Homeline 1 Polo Enchufable",
    attribute: ["AMPERAGE", "Amperaje"],
    skus: [
      ["HOM115", "15 A"],
      ["HOM120", "20 A"],
      ["HOM130", "30 A"],
    ],
  },
  {
    title: "Reflector Led Tecnolite Ip65 6500 K Exterior",
    attribute: ["POWER", "Potencia"],
    skus: [
      ["TLREF30W65", "30 W"],
      ["TLREF50W65", "50 W"],
      ["TLREF100W65", "100 W"],
    ],
  },
  {
    title: "Contacto Dúplex Polarizado Leviton 15 A",
    attribute: ["COLOR", "Color"],
    skus: [
      ["5320-W", "Blanco"],
      ["5320-I", "Marfil"],
    ],
  },
];

/** Kits: several different products in one publication. */
const KITS: Array<{ title: string; parts: Array<[string, number, number]> }> = [
  {
    title: "Centro De Carga Qo4 Square D + 4 Pastillas Qo120",
    parts: [
      ["QO4", 1, 0],
      ["QO120", 4, 5],
    ],
  },
  {
    title: "Centro De Carga Hom2l + 2 Interruptores Hom120",
    parts: [
      ["HOM2L", 1, 0],
      ["HOM120", 2, 3],
    ],
  },
  {
    title: "Kit Cable Thw Calibre 12 Negro Blanco Verde 300 M",
    parts: [
      ["THW12NE100", 1, 4],
      ["THW12BL100", 1, 4],
      ["THW12VE100", 1, 4],
    ],
  },
  {
    title: "Kit Contactor Lc1d09 + Relevador Térmico Lrd08",
    parts: [
      ["LC1D09M7", 1, 0],
      ["LRD08", 1, 0],
    ],
  },
  {
    title: "Kit Apagador Y Placa Bticino Modus Style Blanco",
    parts: [
      ["BTAM4001B", 1, 0],
      ["BTAM4801B", 1, 0],
    ],
  },
  {
    title: "Kit Electricista Pinza Truper + Probador Volteck",
    parts: [
      ["PEL-8", 1, 0],
      ["PRV-12", 1, 0],
    ],
  },
  {
    title: "Tubo Conduit Pared Delgada 1/2 + 10 Coples Y 10 Conectores",
    parts: [
      ["CPD12", 10, 5],
      ["CPL12", 10, 5],
      ["CNT12", 10, 5],
    ],
  },
  {
    title: "Kit Multímetro Volteck + Cinta Temflex 1700 3m",
    parts: [
      ["MUT-830", 1, 0],
      ["TEMFLEX1700", 2, 0],
    ],
  },
  { title: "Combo Centro De Carga Qo4 Con 4 Interruptores", parts: [["KQO4X20", 1, 0]] },
  { title: "Combo 6 Focos Led Philips 9w Luz De Día", parts: [["KFOCO6L", 1, 0]] },
];

export const PUBLICATION_COUNT = 120;

export function linkedFrom(p: CatalogProduct, qty: number, discount: number): LinkedProduct {
  return {
    sku: p.sku,
    name: p.name,
    intelisisName: p.intelisisName,
    price: p.priceMxn,
    stock: p.stockTotal,
    qty,
    discount,
    warehouses: p.stocks.filter((s) => s.qty > 0).map((s) => s.name),
  };
}

/** Publication price: linked cost with VAT, grossed up by the marketplace fee, rounded to a price ending in 9. */
export function publicationPrice(linked: LinkedProduct[], commission: number) {
  const base = linked.reduce((s, l) => s + l.price * (1 - l.discount / 100) * l.qty, 0) * (1 + VAT);
  const gross = base / (1 - commission);
  return gross < 100 ? round2(Math.ceil(gross) - 0.01) : Math.ceil(gross / 10) * 10 - 1;
}

function titleCase(text: string) {
  return text
    .split(" ")
    .map((w) => (w.length > 2 && /^[a-záéíóúñ]/.test(w) ? w[0].toUpperCase() + w.slice(1) : w))
    .join(" ");
}

function cut(text: string, max: number) {
  if (text.length <= max) return text;
  const slice = text.slice(0, max + 1);
  return slice.slice(0, slice.lastIndexOf(" ")).trim();
}

function storeFor(r: Random, product: CatalogProduct): string | null {
  if (product.brand === "Square D" && r.chance(0.6)) return STORE_SQUARE_D;
  if (product.brand === "SE Residencial" && r.chance(0.8)) return STORE_SE_RESIDENCIAL;
  return r.chance(0.25) ? STORE_OFFICIAL : null;
}

/** Immediate and later stock of a publication: the fewest sets its linked products can make. */
function stockOf(linked: LinkedProduct[], catalog: Catalog, warehouses: string[]) {
  let now = Infinity;
  let later = Infinity;
  for (const l of linked) {
    const p = catalog.bySku.get(l.sku)!;
    const usable = p.isCombo
      ? [{ name: "1ML", qty: p.stockTotal }]
      : p.stocks.filter((s) => warehouses.length === 0 || warehouses.includes(s.name));
    const immediate = usable.filter((s) => (WAREHOUSE_DELAY.get(s.name) ?? 0) === 0).reduce((s, w) => s + w.qty, 0);
    const delayed = usable.filter((s) => (WAREHOUSE_DELAY.get(s.name) ?? 0) > 0).reduce((s, w) => s + w.qty, 0);
    now = Math.min(now, Math.floor(immediate / l.qty));
    later = Math.min(later, Math.floor(delayed / l.qty));
  }
  return { now: Number.isFinite(now) ? now : 0, later: Number.isFinite(later) ? later : 0 };
}

export async function seedPublications(ctx: SeedContext, catalog: Catalog): Promise<DemoPublication[]> {
  const { tx, clock, brand, users } = ctx;
  const footer = sellerFooter(brand);
  const singles = rngFor("publications", 0).sample(
    catalog.products.filter((p) => !p.isCombo && p.isActive),
    400,
  );
  const usedIds = new Set<string>();
  const out: DemoPublication[] = [];
  const rows: Array<typeof publications.$inferInsert> = [];
  const variationRows: Array<typeof publicationVariations.$inferInsert> = [];
  let singleCursor = 0;

  for (let i = 0; i < PUBLICATION_COUNT; i++) {
    const r = rngFor("publication", i);
    let title: string;
    let linked: LinkedProduct[] = [];
    let variations: DemoVariation[] = [];
    let attribute: [string, string] | null = null;

    if (i < VARIATION_GROUPS.length) {
      const g = VARIATION_GROUPS[i];
      title = g.title;
      attribute = g.attribute;
      variations = g.skus.map(([sku, value], k) => ({
        id: 174_000_000_000 + i * 1000 + k * 7 + r.int(0, 6),
        name: value,
        linked: [linkedFrom(catalog.bySku.get(sku)!, 1, 0)],
      }));
    } else if (i < VARIATION_GROUPS.length + KITS.length) {
      const k = KITS[i - VARIATION_GROUPS.length];
      title = k.title;
      linked = k.parts.map(([sku, qty, discount]) => linkedFrom(catalog.bySku.get(sku)!, qty, discount));
    } else if (i < 45) {
      const p = singles[singleCursor++];
      const qty = r.pick([2, 3, 4, 5, 6, 10, 12, 20]);
      const discount = r.pick([0, 0, 2, 3, 5, 8, 10]);
      title = cut(titleCase(`Paquete ${qty} Pz ${p.name}`), 55);
      linked = [linkedFrom(p, qty, discount)];
    } else {
      const p = singles[singleCursor++];
      title = cut(titleCase(p.name), 55);
      linked = [linkedFrom(p, 1, r.chance(0.15) ? r.pick([2, 5]) : 0)];
    }

    const allLinked = variations.length ? variations.flatMap((v) => v.linked) : linked;
    const mainProduct = catalog.bySku.get(allLinked[0].sku)!;
    const special = r.chance(0.08);
    if (special) title = cut(title, 40);

    let id: string;
    do {
      id = `MLM${r.chance(0.2) ? r.digits(9) : `${r.int(1, 3)}${r.digits(9)}`}`;
    } while (usedIds.has(id));
    usedIds.add(id);

    const mlStore = storeFor(r, mainProduct);
    const officialStore = mlStore === STORE_OFFICIAL ? brand : "";
    const listingType = r.weighted([
      ["gold_special", 68],
      ["gold_pro", 30],
      ["undefined", 2],
    ] as const);
    const commission = round2((listingType === "gold_pro" ? 0.175 : 0.13) + r.int(0, 3) / 100 / 2);
    const logisticType = r.weighted([
      ["drop_off", 40],
      ["fulfillment", 25],
      ["cross_docking", 25],
      ["xd_drop_off", 10],
    ] as const);
    const status = i >= 40 && r.chance(0.15) ? "paused" : "active";
    const priceSync = r.chance(0.72);
    const stockSync = r.chance(0.66);
    const syncWarehouses = stockSync ? (r.chance(0.6) ? ["1ML"] : ["1ML", ...r.sample(["M", "O4", "A1", "S", "T6"], r.int(1, 3))]) : [];
    const stock = stockOf(allLinked, catalog, syncWarehouses);
    const popularity = r.next();
    const soldQuantity = Math.floor(popularity ** 3 * 1800) + (status === "active" ? r.int(0, 40) : 0);
    const price = publicationPrice(variations.length ? variations[0].linked : linked, commission);
    const mlCategoryId = ML_CATEGORY[topCategory(catalog, mainProduct)] ?? FALLBACK_CATEGORY_ID;
    const createdAt = clock.at(r.int(40, 720), r.int(8, 19), r.int(0, 59));
    const synced = priceSync || stockSync;
    const lastSyncDown = synced ? clock.minutesAgo(r.int(3, 900)) : clock.at(r.int(3, 60), r.int(8, 20), r.int(0, 59));
    const channels = r.weighted([
      [["marketplace"], 65],
      [["marketplace", "mshops"], 30],
      [["mshops"], 5],
    ] as const);

    rows.push({
      id,
      title,
      permalink: `https://articulo.mercadolibre.com.mx/${id.slice(0, 3)}-${id.slice(3)}-${slugify(title)}-_JM`,
      price,
      autosync: priceSync || stockSync,
      priceSync,
      stockSync,
      ownPost: true,
      special,
      premium: listingType === "gold_pro",
      listingType,
      logisticType,
      linkedProducts: linked,
      linkedProductsString: [...new Set(allLinked.map((l) => l.sku.toUpperCase()))].join(" "),
      syncWarehouses,
      categoryId: mlCategoryId,
      categoryPath: pathFromRoot(mlCategoryId),
      categoryCommission: commission,
      categoryAttributes: listingAttributes(
        mlCategoryId,
        { brand: mainProduct.brand, model: mainProduct.manufacturerSku || mainProduct.sku, name: mainProduct.name, gtin: null },
        title,
        allLinked.map((l) => l.sku),
      ),
      categoryVariations: attribute ? [{ id: attribute[0], name: attribute[1], allowVariations: true }] : [],
      description: {
        intro: `${title}. Producto nuevo y original ${mainProduct.brand}.`,
        body: mainProduct.properties.map(([n, v]) => `- ${n}: ${v}`).join("\n"),
        closing: footer,
      },
      status,
      mlStore,
      officialStore,
      channels: [...channels],
      soldQuantity,
      visits: soldQuantity * r.int(9, 38) + r.int(40, 900),
      stockNow: stock.now,
      stockLater: stock.later,
      gallery: [],
      lastSyncUp: js(synced ? clock.minutesAgo(r.int(5, 2000)) : createdAt),
      lastSyncDown: js(lastSyncDown),
      lastUpdate: js(clock.at(r.int(0, 30), r.int(8, 19), r.int(0, 59))),
      createdAt: js(createdAt),
      createdBy: users.mlManager,
    });

    for (const v of variations) {
      variationRows.push({
        id: v.id,
        postId: id,
        name: v.name,
        attributes: attribute ? [{ id: attribute[0], name: attribute[1], value: v.name }] : [],
        linkedProducts: v.linked,
        lastUpdate: js(createdAt),
        lastSyncDown: js(lastSyncDown),
      });
    }
    out.push({ id, title, price, status, mlStore, officialStore, commission, logisticType, linked, variations, soldQuantity, mainProduct });
  }

  await insertChunks(tx, publications, rows, 100);
  await insertChunks(tx, publicationVariations, variationRows);
  return out;
}

function topCategory(catalog: Catalog, p: CatalogProduct): string {
  const id = catalog.categoryIds.get(p.category);
  // Children follow their parent in categoryIds order: the parent is the nearest top-level name before it.
  let top = p.category;
  for (const [name, cid] of catalog.categoryIds) {
    if (cid > (id ?? 0)) break;
    if (name in ML_CATEGORY) top = name;
  }
  return top;
}
