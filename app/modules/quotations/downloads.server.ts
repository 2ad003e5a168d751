import { PdfUnavailableError } from "@server/documents/pdf.server";
import { safeFilename, xlsxResponse } from "@server/documents/xlsx.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { QuotationDocumentData } from "./document";
import { quotationPdf, quotationXlsx } from "./documents.server";
import { MESSAGES } from "./pricing";

/** The quotation PDF (inline: a new tab or window shows it), or the way back with the reason. */
export async function pdfDownload(doc: QuotationDocumentData, name: string, back: string) {
  if (doc.lines.length === 0) return redirectWithToast(back, { title: "Cotización", message: MESSAGES.noLines, variant: "warning" });
  try {
    const pdf = await quotationPdf(doc);
    const filename = safeFilename(name, ".pdf");
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof PdfUnavailableError)) throw error;
    return redirectWithToast(back, { title: "PDF no disponible", message: error.message, variant: "danger", durationMs: 8000 });
  }
}

export async function xlsxDownload(doc: QuotationDocumentData, name: string, back: string) {
  if (doc.lines.length === 0) return redirectWithToast(back, { title: "Cotización", message: MESSAGES.noLines, variant: "warning" });
  return xlsxResponse(await quotationXlsx(doc), name);
}
