import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { getDb } from "@server/db/client";
import { settings } from "@server/db/schema";
import { renderPdf } from "@server/documents/pdf.server";
import { buildWorkbook } from "@server/documents/xlsx.server";
import { getEnv } from "@server/env";
import { priceDraft, type DraftData } from "~/modules/quotations/draft";
import type { CompanyContact, QuotationDocumentData } from "~/modules/quotations/document";
import { MARKETPLACE_ADJUSTMENT_LABEL, priceListOf, type QuoteScreen } from "~/modules/quotations/pricing";
import { QUOTATION_CSS, QuotationDocument } from "./quotation-document";

/** The company block of the quotation (settings.company_contact; the brand name from BRAND_NAME). */
export async function companyContact(): Promise<CompanyContact> {
  const [row] = await getDb().select({ value: settings.value }).from(settings).where(eq(settings.key, "company_contact")).limit(1);
  const v = (row?.value ?? {}) as Partial<CompanyContact>;
  return { name: getEnv().BRAND_NAME, address: v.address ?? "", phone: v.phone ?? "", email: v.email ?? "", web: v.web ?? "" };
}

export function draftDocument(
  data: DraftData,
  exchangeRate: number | null,
  author: string,
  now = new Date(),
  screen: QuoteScreen = "v3",
): QuotationDocumentData {
  const priced = priceDraft(data, exchangeRate, screen);
  return {
    folio: data.sourceFolio ? `${data.sourceFolio} (revisión en edición)` : null,
    issuedAt: now.toISOString(),
    author,
    client: { key: data.client.key, name: data.client.name, rfc: data.client.rfc, priceList: priceListOf(data.client.priceList) },
    email: data.clientEmail,
    phone: data.clientPhone,
    reference: data.reference,
    notes: data.notes,
    orderType: data.orderType,
    listingType: data.orderType === "mercadolibre" ? data.listingType : null,
    category: data.category?.title ?? null,
    discountPercent: priced.priceList === "Precio 3" ? 0 : data.globalDiscount,
    exchangeRate,
    lines: priced.lines.map((l) => ({
      sku: l.sku,
      description: l.description,
      qty: l.qty,
      priceCents: l.priceCents,
      amountCents: l.amountCents,
      discount: l.discount,
      unpriced: l.unpriced,
    })),
    totals: priced.totals,
    pricingError: priced.pricingError,
  };
}

export function quotationHtml(doc: QuotationDocumentData, company: CompanyContact): string {
  const body = renderToStaticMarkup(<QuotationDocument doc={doc} company={company} paged />);
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>Cotización</title><style>${QUOTATION_CSS}</style></head><body>${body}</body></html>`;
}

export async function quotationPdf(doc: QuotationDocumentData): Promise<Buffer> {
  return renderPdf(quotationHtml(doc, await companyContact()), {
    pdf: { format: "Letter", printBackground: true, margin: { top: "10mm", bottom: "10mm", left: "10mm", right: "10mm" } },
  });
}

/** The same lines and totals as a real .xlsx (one sheet: lines, then the totals rows). */
export async function quotationXlsx(doc: QuotationDocumentData): Promise<Buffer> {
  type Row = { sku: string; description: string; qty: number | null; price: number | null; amount: number | null };
  const rows: Row[] = doc.lines.map((l) => ({
    sku: l.sku,
    description: l.description,
    qty: l.qty,
    price: l.priceCents / 100,
    amount: l.amountCents / 100,
  }));
  if (doc.totals) {
    const t = doc.totals;
    const total = (description: string, cents: number): Row => ({ sku: "", description, qty: null, price: null, amount: cents / 100 });
    rows.push(
      total("Importe", t.linesCents),
      total(`Descuento (${doc.discountPercent} %)`, -t.discountCents),
      total("Envío", t.shipmentCents),
      ...(t.marketplaceCents ? [total(MARKETPLACE_ADJUSTMENT_LABEL, t.marketplaceCents)] : []),
      total("Subtotal", t.subtotalCents),
      total("IVA 16 %", t.ivaCents),
      total("Total", t.totalCents),
    );
  }
  return buildWorkbook<Row>({
    sheetName: doc.folio ?? "Cotización",
    columns: [
      { header: "SKU", key: "sku", width: 18 },
      { header: "Descripción", key: "description", width: 60 },
      { header: "Cantidad", key: "qty", style: "number" },
      { header: "Precio", key: "price", style: "money" },
      { header: "Importe", key: "amount", style: "money" },
    ],
    rows,
  });
}
