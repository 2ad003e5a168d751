import { getDb } from "@server/db/client";
import { files, productProperties, products } from "@server/db/schema";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import { and, eq, ne, sql } from "drizzle-orm";
import { audit } from "~/modules/logs/audit.server";
import { refuse, saveVersioned, type SaveResult } from "~/lib/save.server";
import { isUniqueViolation } from "~/modules/files/files.server";
import { libraryPdf } from "~/modules/files/library.server";
import { cleanRichText } from "~/modules/files/rich-text.server";
import type { ProductDraft, ProductValues } from "./product-form";
import { PRODUCT_TEXTS } from "./product-texts";
import { galleryDraftOf, insertProperties, listingColumnsOf, listingDraftOf, propertiesOf, storedGallery } from "./listing.server";
import { productSlug } from "./product-rules";
import { priceView, type PriceView } from "~/modules/pricing/price";
import { currentDollarRate } from "~/modules/pricing/rate.server";

const TAGS = ["catalog", "products"];

export type StoredProduct = {
  id: string;
  manufacturerSku: string;
  intelisisName: string | null;
  intelisisCategory: string | null;
  isCombo: boolean;
  stockTotal: number;
  stocks: Array<{ name: string; qty: number }>;
  slug: string;
  updatedAt: Date;
  /** The currency `price` is kept in (Pesos, Dolares), and that price in pesos at the current dollar price (decision 0038). */
  currency: string;
  pesos: PriceView;
};

/** The stored product as the dialog's draft, plus what it shows read-only. */
export async function loadProduct(sku: string): Promise<{ draft: ProductDraft; stored: StoredProduct } | null> {
  const db = getDb();
  const [[row], rate] = await Promise.all([
    db
      .select({ p: products, sheetName: files.filenameDownload })
      .from(products)
      .leftJoin(files, eq(files.id, products.dataSheetId))
      .where(eq(products.id, sku))
      .limit(1),
    currentDollarRate(db),
  ]);
  if (!row) return null;
  const p = row.p;
  return {
    draft: {
      version: p.updatedAt.toISOString(),
      sku: p.id,
      manufacturerSku: p.manufacturerSku,
      name: p.name,
      description: p.description,
      price: p.price,
      eanUpc: p.eanUpc ?? "",
      ...listingDraftOf(p),
      globalDescription: p.globalDescription,
      dataSheetId: p.dataSheetId ?? undefined,
      dataSheetName: row.sheetName ?? "",
      gallery: galleryDraftOf(p.gallery),
      properties: await propertiesOf(sku),
    },
    stored: {
      id: p.id,
      manufacturerSku: p.manufacturerSku,
      intelisisName: p.intelisisName,
      intelisisCategory: p.intelisisCategory,
      isCombo: p.isCombo,
      stockTotal: p.stockTotal,
      stocks: p.stocks,
      slug: p.slug,
      updatedAt: p.updatedAt,
      currency: p.monedaPrecio,
      pesos: priceView({ amount: p.price, currency: p.monedaPrecio }, rate),
    },
  };
}

export type StockView = { total: number; warehouses: Array<{ name: string; qty: number }>; source: "erp" | "catalogue" };

/** Spec 2 stock widget: the ERP's stock per warehouse; the catalogue's copy when the ERP does not answer. */
export async function stockFor(stored: StoredProduct): Promise<StockView> {
  try {
    const article = await getIntegrations().erp.getArticle(stored.id);
    if (article)
      return { total: article.stockTotal, warehouses: article.stocks.map((s) => ({ name: s.warehouse, qty: s.qty })), source: "erp" };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
  }
  return { total: stored.stockTotal, warehouses: stored.stocks, source: "catalogue" };
}

/** `removedFileLinks`: the description pointed at stored files that are not the library's, and they were taken out. */
export type ProductSaveResult = SaveResult<{ sku: string; created: boolean; removedFileLinks: boolean }>;

const NOT_FOUND = "El producto no existe o fue eliminado.";

async function sheetExists(fileId: string | undefined) {
  return !fileId || (await libraryPdf(fileId)) !== null;
}

/**
 * Creates (existing null) or updates a product with its properties through the one save path
 * (lock, version, write, audit entry). The SKU (on creation) and the EAN/UPC must be free; the description is sanitised here, on
 * every save, whatever the browser sent, and keeps links to stored files only when they are the library's.
 */
export async function saveProduct(
  existing: { sku: string; version: string } | null,
  values: ProductValues,
  actor: { id: number },
): Promise<ProductSaveResult> {
  if (!(await sheetExists(values.dataSheetId)))
    return refuse("invalid", PRODUCT_TEXTS.sheetMissing, { dataSheetId: [PRODUCT_TEXTS.sheetMissing] });
  const gallery = await storedGallery(values.gallery);
  const { html: description, removedFileLinks } = await cleanRichText(values.description);
  const row = {
    manufacturerSku: values.manufacturerSku,
    name: values.name,
    slug: productSlug(values.sku, values.name),
    description,
    price: values.price,
    eanUpc: values.eanUpc,
    ...listingColumnsOf(values),
    globalDescription: values.globalDescription,
    dataSheetId: values.dataSheetId ?? null,
    gallery,
  };
  const sku = existing?.sku ?? values.sku;
  try {
    return await saveVersioned({
      lock: existing
        ? async (tx) =>
            (await tx.select({ updatedAt: products.updatedAt }).from(products).where(eq(products.id, sku)).for("update"))[0] ?? null
        : undefined,
      expected: existing?.version,
      messages: { notFound: NOT_FOUND, stale: PRODUCT_TEXTS.stale },
      write: async (tx) => {
        if (!existing) {
          const [taken] = await tx
            .select({ id: products.id })
            .from(products)
            .where(sql`upper(${products.id}) = ${sku}`)
            .limit(1);
          if (taken) return refuse("invalid", PRODUCT_TEXTS.skuTaken, { sku: [PRODUCT_TEXTS.skuTaken] });
        }
        if (values.eanUpc) {
          const [other] = await tx
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.eanUpc, values.eanUpc), ne(products.id, sku)))
            .limit(1);
          if (other) return refuse("invalid", PRODUCT_TEXTS.eanTaken(other.id), { eanUpc: [PRODUCT_TEXTS.eanTaken(other.id)] });
        }
        if (existing) {
          await tx
            .update(products)
            .set({ ...row, updatedAt: sql`greatest(now(), ${products.updatedAt} + interval '1 millisecond')` })
            .where(eq(products.id, sku));
          await tx.delete(productProperties).where(eq(productProperties.productId, sku));
        } else {
          await tx.insert(products).values({ id: sku, ...row });
        }
        await insertProperties(tx, sku, values.properties);
        return {
          value: { sku, created: !existing, removedFileLinks },
          audit: {
            message: existing ? `Producto actualizado: ${sku}` : `Producto creado: ${sku}`,
            type: existing ? "update" : "create",
            tags: TAGS,
            identifier: sku,
            detail: { name: values.name, images: gallery.length, properties: values.properties.length, eanUpc: values.eanUpc },
            userId: actor.id,
          },
        };
      },
    });
  } catch (error) {
    // Two saves racing past the checks: the unique indexes decide, with the same messages.
    if (!isUniqueViolation(error)) throw error;
    const text = String(
      (error as { cause?: { constraint?: string }; constraint?: string }).constraint ??
        (error as { cause?: { constraint?: string } }).cause?.constraint ??
        error,
    );
    if (text.includes("ean")) return refuse("invalid", PRODUCT_TEXTS.eanTaken("otro"), { eanUpc: [PRODUCT_TEXTS.eanTaken("otro")] });
    return refuse("invalid", PRODUCT_TEXTS.skuTaken, { sku: [PRODUCT_TEXTS.skuTaken] });
  }
}

/** Spec 7: GET custom/legacy-intelisis/syncSku/{sku}, never inside a transaction. */
export async function syncProduct(sku: string, actor: { id: number }): Promise<{ ok: boolean; message: string }> {
  try {
    await getIntegrations().erp.syncSku(sku);
    await audit({
      message: `Producto sincronizado con Intelisis: ${sku}`,
      type: "integration",
      tags: TAGS,
      identifier: sku,
      userId: actor.id,
    });
    return { ok: true, message: PRODUCT_TEXTS.syncOk };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    await audit({
      message: `No se sincronizó ${sku} con Intelisis: ${error.message}`,
      type: "error",
      tags: TAGS,
      identifier: sku,
      userId: actor.id,
    });
    return { ok: false, message: PRODUCT_TEXTS.syncFailed };
  }
}
