import { DateTime } from "luxon";
import { ZONE } from "@common/format";

/**
 * Post-sale message rules (spec 1 §4, §5, §9). Pure: shared by the lists' SQL parameters, the
 * cards and the reply action.
 */

/** A conversation is urgent when the buyer wrote last and nobody answered for 24 hours. */
export const PRIORITY_HOURS = 24;

/** Last messages at or before this instant are overdue; the SQL filters and the badges use the same cutoff. */
export function priorityCutoff(now: Date = new Date()): Date {
  return DateTime.fromJSDate(now).setZone(ZONE).minus({ hours: PRIORITY_HOURS }).toJSDate();
}

export function isPriority(c: { lastMessageFromSeller: boolean; lastMessageDate: Date | string | null }, now: Date = new Date()): boolean {
  if (c.lastMessageFromSeller || !c.lastMessageDate) return false;
  const last = c.lastMessageDate instanceof Date ? c.lastMessageDate : new Date(c.lastMessageDate);
  return last.getTime() <= priorityCutoff(now).getTime();
}

/** 'factura' anywhere in the text, whatever the case and accents ("FACTURA", "fáctura"). */
export function mentionsInvoice(text: string | null | undefined): boolean {
  return (
    !!text &&
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .includes("factura")
  );
}

/** Replies and attachments only while the conversation is 'active'. */
export function canReply(status: string | null | undefined) {
  return status === "active";
}

export const ATTACHMENT_MAX_MB = 25;
export const ATTACHMENT_MAX_BYTES = ATTACHMENT_MAX_MB * 1024 * 1024;
/** The marketplace refuses longer replies. */
export const MESSAGE_MAX = 350;

export type ReplyFile = { name: string; size: number } | { name: string; tooBig: true };

export type ReplyProblem = { title: string; message: string };

/** Why a reply cannot be sent as it is, with the spec's warning texts; null when it can. */
export function replyProblem(text: string, file: ReplyFile | null): ReplyProblem | null {
  const fileProblem = attachmentProblem(file);
  if (fileProblem) return fileProblem;
  if (!text.trim() && !file) return { title: "Mensaje no enviado", message: "No se ha ingresado mensaje o archivo." };
  if (text.trim().length > MESSAGE_MAX)
    return { title: "Mensaje no enviado", message: `El mensaje no puede exceder ${MESSAGE_MAX} caracteres.` };
  return null;
}

/** The 25 MB rule alone: the page asks it before it uploads, the server again after. */
export function attachmentProblem(file: ReplyFile | null | undefined): ReplyProblem | null {
  if (file && ("tooBig" in file || file.size > ATTACHMENT_MAX_BYTES))
    return { title: "Tamaño máximo 25M", message: `Error al cargar el archivo ${file.name}.` };
  return null;
}

/** Empty store is the main account; the brand's store value marks the second account. */
export function accountOf(store: string | null | undefined): "main" | "brand" {
  return store && store.trim() ? "brand" : "main";
}

/** The marketplace's sale page of an order. */
export function saleUrl(orderId: string | bigint) {
  return `https://www.mercadolibre.com.mx/ventas/${orderId}/detalle`;
}

/** Attachments we did not store ourselves open on the marketplace, built from pack id, seller id and file name. */
export function marketplaceAttachmentUrl(packId: string | bigint, sellerId: number, filename: string) {
  return `https://www.mercadolibre.com.mx/mensajes/adjuntos/${packId}/${sellerId}/${encodeURIComponent(filename)}`;
}

export { endDateParam } from "~/lib/day-range";
