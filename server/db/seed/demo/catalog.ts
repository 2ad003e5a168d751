import { applications, brands, categories, productProperties, products, sectors } from "../../schema";
import type { WarehouseStock } from "../../schema";
import { APPLICATIONS, BRANDS, CATEGORY_TREE, SECTORS, productSeeds, type ProductSeed } from "./catalog-data";
import { DOLLAR_PRICE, WAREHOUSE_NAMES, slugify } from "./constants";
import { insertChunks, type SeedContext } from "./context";
import { rngFor, round2 } from "./random";
import { js } from "./time";

export type CatalogProduct = {
  sku: string;
  name: string;
  intelisisName: string;
  brand: string;
  category: string;
  manufacturerSku: string;
  /** precio2 in pesos (converted when the product is priced in dollars), before VAT. */
  priceMxn: number;
  precio3Mxn: number;
  currency: "Pesos" | "Dolares";
  stockTotal: number;
  stocks: WarehouseStock[];
  isActive: boolean;
  isCombo: boolean;
  weight: number;
  dims: [number, number, number];
  properties: Array<[string, string, boolean?]>;
};

export type Catalog = {
  products: CatalogProduct[];
  bySku: Map<string, CatalogProduct>;
  categoryIds: Map<string, number>;
  brandIds: Map<string, number>;
};

/** Category rows in a fixed order: each parent followed by its children. */
export function categoryRows() {
  const rows: Array<{ id: number; name: string; slug: string; parentId: number | null }> = [];
  let id = 1;
  for (const [parent, children] of CATEGORY_TREE) {
    const parentId = id++;
    rows.push({ id: parentId, name: parent, slug: slugify(parent), parentId: null });
    for (const child of children) rows.push({ id: id++, name: child, slug: slugify(child), parentId });
  }
  return rows;
}

function warehouseStocks(seed: ProductSeed): WarehouseStock[] {
  const r = rngFor("stock", hashSku(seed.sku));
  if (r.chance(0.07)) return [];
  const others = WAREHOUSE_NAMES.filter((w) => w !== "1ML");
  const chosen = r.sample(others, r.int(1, 5));
  if (r.chance(0.78)) chosen.unshift("1ML");
  const order = new Map(WAREHOUSE_NAMES.map((w, i) => [w, i]));
  chosen.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  return chosen.map((name) => ({
    name,
    qty: r.chance(0.12) ? 0 : r.int(1, Math.max(2, Math.round(seed.stockScale * (name === "1ML" ? 0.8 : 0.5)))),
  }));
}

function hashSku(sku: string) {
  let h = 0;
  for (const c of sku) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}

function description(seed: ProductSeed) {
  const props = seed.properties.map(([n, v]) => `<li><strong>${n}:</strong> ${v}</li>`).join("");
  return `<p>${seed.name}. Producto nuevo y original de la marca ${seed.brand}, ideal para ${seed.application.toLowerCase()}.</p>${props ? `<ul>${props}</ul>` : ""}`;
}

export async function seedCatalog(ctx: SeedContext): Promise<Catalog> {
  const { tx } = ctx;
  const brandIds = new Map(BRANDS.map((b) => [b.name, b.id]));
  await insertChunks(
    tx,
    brands,
    BRANDS.map((b) => ({
      id: b.id,
      name: b.name,
      slug: slugify(b.name),
      parentId: b.parent ?? null,
      isFeatured: b.featured ?? false,
    })),
  );

  const cats = categoryRows();
  await insertChunks(tx, categories, cats);
  const categoryIds = new Map(cats.map((c) => [c.name, c.id]));

  await insertChunks(
    tx,
    sectors,
    SECTORS.map((name, i) => ({ id: i + 1, name, slug: slugify(name) })),
  );
  await insertChunks(
    tx,
    applications,
    APPLICATIONS.map((name, i) => ({ id: i + 1, name, slug: slugify(name) })),
  );
  const sectorIds = new Map(SECTORS.map((n, i) => [n, i + 1]));
  const applicationIds = new Map(APPLICATIONS.map((n, i) => [n, i + 1]));

  const seeds = productSeeds();
  const bySku = new Map<string, CatalogProduct>();
  const list: CatalogProduct[] = [];
  const rows: Array<typeof products.$inferInsert> = [];
  const props: Array<typeof productProperties.$inferInsert> = [];

  // Plain products first, then combos (their price and stock come from the components).
  seeds.forEach((seed, index) => {
    const r = rngFor("product", index);
    let stocks = seed.combo ? [] : warehouseStocks(seed);
    let stockTotal = stocks.reduce((s, w) => s + w.qty, 0);
    let price = seed.price;
    if (seed.combo) {
      const parts = seed.combo.map(([sku, qty]) => {
        const p = bySku.get(sku);
        if (!p) throw new Error(`Combo ${seed.sku}: componente ${sku} inexistente`);
        return { p, qty };
      });
      price = Math.round(parts.reduce((s, { p, qty }) => s + p.priceMxn * qty, 0) * 0.95);
      stockTotal = Math.min(...parts.map(({ p, qty }) => Math.floor(p.stockTotal / qty)));
      stocks = [];
    }
    const priceMxn = seed.currency === "Dolares" ? round2(price * DOLLAR_PRICE) : price;
    const precio3 = round2(price * 0.92);
    const product: CatalogProduct = {
      sku: seed.sku,
      name: seed.name,
      intelisisName: seed.descripcion1,
      brand: seed.brand,
      category: seed.category,
      manufacturerSku: seed.manufacturerSku,
      priceMxn,
      precio3Mxn: seed.currency === "Dolares" ? round2(precio3 * DOLLAR_PRICE) : precio3,
      currency: seed.currency,
      stockTotal,
      stocks,
      isActive: seed.combo ? true : !r.chance(0.08),
      isCombo: Boolean(seed.combo),
      weight: seed.weight,
      dims: seed.dims,
      properties: seed.properties,
    };
    bySku.set(seed.sku, product);
    list.push(product);
    const hasEan = !seed.combo && r.chance(0.65);
    rows.push({
      id: seed.sku,
      manufacturerSku: seed.manufacturerSku,
      name: seed.name,
      slug: `${slugify(seed.name)}-${slugify(seed.sku)}`,
      descripcion1: seed.descripcion1,
      intelisisName: seed.descripcion1,
      intelisisCategory: seed.category.toUpperCase(),
      categoryId: categoryIds.get(seed.category) ?? null,
      brandId: brandIds.get(seed.brand) ?? null,
      sectorId: sectorIds.get(seed.sector) ?? null,
      applicationId: applicationIds.get(seed.application) ?? null,
      description: seed.combo ? `<p>${seed.name}.</p>` : description(seed),
      tall: seed.dims[2],
      wide: seed.dims[1],
      long: seed.dims[0],
      weight: seed.weight,
      eanUpc: hasEan ? ean13(`7502${String(1_000_000 + index * 131).padStart(8, "0")}`) : null,
      isActive: product.isActive,
      isCombo: Boolean(seed.combo),
      comboProducts: seed.combo
        ? seed.combo.map(([sku, qty]) => {
            const p = bySku.get(sku)!;
            return { id: sku, name: p.name, price: p.priceMxn, stock: p.stockTotal, qty };
          })
        : [],
      claveSat: seed.claveSat,
      price,
      precio2: price,
      precio3,
      monedaPrecio: seed.currency,
      stockTotal,
      stocks,
      createdAt: js(ctx.clock.at(r.int(120, 900), r.int(9, 18), r.int(0, 59))),
      updatedAt: js(ctx.clock.at(r.int(0, 60), r.int(9, 18), r.int(0, 59))),
    });
    seed.properties.forEach(([name, value, selector], sort) => {
      props.push({ productId: seed.sku, name, value, isSelector: selector ?? false, sort });
    });
  });

  await insertChunks(tx, products, rows, 150);
  await insertChunks(tx, productProperties, props, 500);
  return { products: list, bySku, categoryIds, brandIds };
}

/** Appends the EAN-13 check digit to 12 digits. */
export function ean13(twelve: string): string {
  const sum = twelve.split("").reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}
