import { and, eq } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { pdvSales, pdvSessions } from "@server/db/schema";
import { PdfUnavailableError, renderPdf } from "@server/documents/pdf.server";
import { can, type AccessUser } from "~/lib/access";
import type { Refused } from "~/modules/results";
import { boxCutHtml, saleTicketHtml, TICKET_ROLL } from "~/documents/ticket.server";
import { PDV_TEXTS } from "./texts";

type Viewer = AccessUser & { id: number };

/** A cashier prints only their own sales and box cuts; managers print any. */
async function allowedSale(user: Viewer, saleId: number) {
  if (can(user, "pdv.history")) return true;
  const [row] = await getDb()
    .select({ id: pdvSales.id })
    .from(pdvSales)
    .where(and(eq(pdvSales.id, saleId), eq(pdvSales.userId, user.id)))
    .limit(1);
  return Boolean(row);
}
/** The session the user may print, or null. */
async function allowedSession(user: Viewer, sessionId: number) {
  const mine = can(user, "pdv.history") ? undefined : eq(pdvSessions.userId, user.id);
  const [row] = await getDb()
    .select({ id: pdvSessions.id, dateClose: pdvSessions.dateClose })
    .from(pdvSessions)
    .where(and(eq(pdvSessions.id, sessionId), mine))
    .limit(1);
  return row ?? null;
}

/**
 * A printable document: its HTML for the print window, or the PDF. A record that is not there or
 * not this user's is `missing`, a cut the user may not print `forbidden`; a printer fault is
 * `unavailable` and never touches the sale.
 */
export type PrintResult =
  | { ok: true; kind: "html"; html: string }
  | { ok: true; kind: "pdf"; bytes: Uint8Array; filename: string }
  | Refused<"forbidden" | "missing" | "unavailable">;

const denied = (reason: "forbidden" | "missing", message: string): PrintResult => ({ ok: false, reason, message });

export async function saleTicket(
  user: Viewer,
  saleId: number,
  opts: { reprint: boolean; pdf: boolean; nonce?: string },
): Promise<PrintResult> {
  if (!(await allowedSale(user, saleId))) return denied("missing", "Venta no encontrada");
  const html = await saleTicketHtml(saleId, { reprint: opts.reprint, autoPrintNonce: opts.pdf ? undefined : (opts.nonce ?? "") });
  if (!html) return denied("missing", "Venta no encontrada");
  if (!opts.pdf) return { ok: true, kind: "html", html };
  // Spec 8: "Error al imprimir ticket." heads the sale ticket's failure (the answer is plain text, no title).
  return printPdf(html, `ticket-${saleId}.pdf`, `${PDV_TEXTS.ticketFailed} Ocurrió un error al imprimir ticket de venta`);
}

export async function boxCutSlip(
  user: Viewer,
  sessionId: number,
  opts: { kind: "X" | "Z"; reprint: boolean; pdf: boolean; nonce?: string },
): Promise<PrintResult> {
  const session = await allowedSession(user, sessionId);
  if (!session) return denied("missing", "Sesión no encontrada");
  if (opts.kind === "X" && !can(user, "pdv.history")) return denied("forbidden", "Sin acceso");
  // A Z cut closes the day; on an open box it would show a cashier the expected amounts a manager's code guards.
  if (opts.kind === "Z" && !session.dateClose) return denied("forbidden", "El corte Z se imprime al cerrar la caja.");
  const html = await boxCutHtml(sessionId, {
    kind: opts.kind,
    reprint: opts.reprint,
    autoPrintNonce: opts.pdf ? undefined : (opts.nonce ?? ""),
  });
  if (!html) return denied("missing", "Sesión no encontrada");
  if (!opts.pdf) return { ok: true, kind: "html", html };
  return printPdf(html, `corte-${opts.kind}-${sessionId}.pdf`, "Ocurrió un error al imprimir el ticket de corte de caja");
}

async function printPdf(html: string, filename: string, failure: string): Promise<PrintResult> {
  try {
    const pdf = await renderPdf(html, { roll: TICKET_ROLL });
    return { ok: true, kind: "pdf", bytes: pdf, filename };
  } catch (error) {
    const detail = error instanceof PdfUnavailableError ? ` ${error.message}` : "";
    return { ok: false, reason: "unavailable", message: `${failure}.${detail}` };
  }
}
