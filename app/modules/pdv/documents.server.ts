import { and, eq } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { pdvSales, pdvSessions } from "@server/db/schema";
import { PdfUnavailableError, renderPdf } from "@server/documents/pdf.server";
import { can, type AccessUser } from "~/lib/access";
import { boxCutHtml, saleTicketHtml, TICKET_ROLL } from "./ticket.server";

type Viewer = AccessUser & { id: number };

/** A cashier prints only their own sales and box cuts; managers print any. */
async function allowedSale(user: Viewer, saleId: number) {
  if (can(user, "pdv.history")) return true;
  const [row] = await getDb().select({ id: pdvSales.id }).from(pdvSales).where(and(eq(pdvSales.id, saleId), eq(pdvSales.userId, user.id))).limit(1);
  return Boolean(row);
}
async function allowedSession(user: Viewer, sessionId: number) {
  if (can(user, "pdv.history")) return true;
  const [row] = await getDb().select({ id: pdvSessions.id }).from(pdvSessions).where(and(eq(pdvSessions.id, sessionId), eq(pdvSessions.userId, user.id))).limit(1);
  return Boolean(row);
}

const htmlHeaders = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };

export async function ticketResponse(user: Viewer, saleId: number, opts: { reprint: boolean; pdf: boolean; nonce?: string }) {
  if (!(await allowedSale(user, saleId))) throw new Response("Venta no encontrada", { status: 404 });
  const html = await saleTicketHtml(saleId, { reprint: opts.reprint, autoPrintNonce: opts.pdf ? undefined : (opts.nonce ?? "") });
  if (!html) throw new Response("Venta no encontrada", { status: 404 });
  if (!opts.pdf) return new Response(html, { headers: htmlHeaders });
  return pdfResponse(html, `ticket-${saleId}.pdf`, "Ocurrió un error al imprimir ticket de venta");
}

export async function slipResponse(user: Viewer, sessionId: number, opts: { kind: "X" | "Z"; reprint: boolean; pdf: boolean; nonce?: string }) {
  if (!(await allowedSession(user, sessionId))) throw new Response("Sesión no encontrada", { status: 404 });
  if (opts.kind === "X" && !can(user, "pdv.history")) throw new Response("Sin acceso", { status: 403 });
  const html = await boxCutHtml(sessionId, { kind: opts.kind, reprint: opts.reprint, autoPrintNonce: opts.pdf ? undefined : (opts.nonce ?? "") });
  if (!html) throw new Response("Sesión no encontrada", { status: 404 });
  if (!opts.pdf) return new Response(html, { headers: htmlHeaders });
  return pdfResponse(html, `corte-${opts.kind}-${sessionId}.pdf`, "Ocurrió un error al imprimir el ticket de corte de caja");
}

/** A printer fault never touches the sale: the answer is a message and the sale stays saved. */
async function pdfResponse(html: string, filename: string, failure: string) {
  try {
    const pdf = await renderPdf(html, { roll: TICKET_ROLL });
    return new Response(new Uint8Array(pdf), { headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${filename}"`, "Cache-Control": "no-store" } });
  } catch (error) {
    const detail = error instanceof PdfUnavailableError ? ` ${error.message}` : "";
    return new Response(`${failure}.${detail}`, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
