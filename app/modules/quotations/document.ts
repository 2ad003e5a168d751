import type { Totals } from "./pricing";

/** What a quotation prints: the same for the draft, a stored quote, the preview, the PDF and the Excel. */
export type QuotationDocumentData = {
  folio: string | null;
  issuedAt: string;
  author: string;
  client: { key: string; name: string; rfc: string; priceList: string };
  email: string;
  phone: string;
  reference: string;
  notes: string;
  orderType: "normal" | "mercadolibre";
  listingType: string | null;
  category: string | null;
  discountPercent: number;
  /** Pesos per dollar the dollar-priced lines were converted at (null: none, or no rate yet). */
  exchangeRate: number | null;
  /** `unpriced`: no price in pesos (shown "—"). */
  lines: Array<{
    sku: string;
    description: string;
    qty: number;
    priceCents: number;
    amountCents: number;
    discount: number;
    unpriced?: boolean;
  }>;
  /** Null while a Mercado Libre quote has no category, or a line has no price in pesos. */
  totals: Totals | null;
  /** Why a line has no price in pesos (decision 0038); the file is refused while it is set. */
  pricingError?: string | null;
};

export const LINES_PER_PDF_PAGE = 8;
export const VALIDITY_TEXT = "5 días hábiles";
export const AMOUNTS_NOTE = "Importes en pesos mexicanos (MXN). Precios sujetos a disponibilidad y a cambio sin previo aviso.";

/** The lines split into printed pages of 8 (at least one page). */
export function paginate<T>(lines: T[], size = LINES_PER_PDF_PAGE): T[][] {
  if (lines.length === 0) return [[]];
  const pages: T[][] = [];
  for (let i = 0; i < lines.length; i += size) pages.push(lines.slice(i, i + size));
  return pages;
}

/**
 * The Excel export's name (spec 2 §9: "file named with YYMMDDHHmmss"): the moment of the export in
 * Mexico City. The extension stays .xlsx, the real format, where the spec's old app said .xls.
 */
export function excelFileName(now: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Mexico_City",
    year: "2-digit",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}.xlsx`;
}

export type CompanyContact = { name: string; address: string; phone: string; email: string; web: string };

/** The quotation dialog's draft: the document being edited and the fields around it. */
export type DialogDraft = {
  version: number;
  doc: QuotationDocumentData;
  clientEmail: string;
  clientPhone: string;
  globalDiscount: number;
  orderType: "normal" | "mercadolibre";
  listingType: "gold_special" | "gold_pro";
  category: string | null;
  shipment: string;
  notes: string;
  reference: string;
  priceList: string;
  sourceFolio: string | null;
};
