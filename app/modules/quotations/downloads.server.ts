import { PdfUnavailableError } from "@server/documents/pdf.server";
import { safeFilename } from "@server/documents/xlsx.server";
import type { ToastInput } from "~/lib/toast";
import { excelFileName, type QuotationDocumentData } from "./document";
import { quotationPdf, quotationXlsx } from "~/documents/quotations.server";
import { MESSAGES } from "./pricing";

/** A quotation file, or why there is none (the toast the page that asked for it shows). */
export type QuotationFile = { ok: true; format: "pdf" | "xlsx"; bytes: Uint8Array; filename: string } | { ok: false; toast: ToastInput };

const noLines: QuotationFile = { ok: false, toast: { title: "Cotización", message: MESSAGES.noLines, variant: "warning" } };
/** A line without a price in pesos (decision 0038): no file rather than one with a wrong figure. */
const unpriced = (message: string): QuotationFile => ({
  ok: false,
  toast: { title: "Cotización", message, variant: "danger", durationMs: 8000 },
});

/** The quotation PDF (shown inline: a new tab or window). */
export async function quotationPdfFile(doc: QuotationDocumentData, name: string): Promise<QuotationFile> {
  if (doc.lines.length === 0) return noLines;
  if (doc.pricingError) return unpriced(doc.pricingError);
  try {
    return { ok: true, format: "pdf", bytes: await quotationPdf(doc), filename: safeFilename(name, ".pdf") };
  } catch (error) {
    if (!(error instanceof PdfUnavailableError)) throw error;
    return { ok: false, toast: { title: "PDF no disponible", message: error.message, variant: "danger", durationMs: 8000 } };
  }
}

/** The quotation as a real .xlsx, named by the moment of the export (YYMMDDHHmmss, Mexico City). */
export async function quotationXlsxFile(doc: QuotationDocumentData, now = new Date()): Promise<QuotationFile> {
  if (doc.lines.length === 0) return noLines;
  if (doc.pricingError) return unpriced(doc.pricingError);
  return { ok: true, format: "xlsx", bytes: await quotationXlsx(doc), filename: excelFileName(now) };
}
