import { and, eq, inArray, sql } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { getDb } from "@server/db/client";
import { orders } from "@server/db/schema";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import type { SessionUser } from "~/modules/auth/session-user";
import { audit } from "~/modules/logs/audit.server";
import type { Refused } from "~/modules/results";
import { displayStatus } from "./display-status";
import { accountOf, labelAction } from "./rules";
import { mapLimit } from "~/lib/map-limit";

/** At most this many labels in one bulk PDF (one page of the list is 20). */
export const BULK_LABEL_LIMIT = 50;

/**
 * A label, or why not: no such order (missing), none of the orders may print or the marketplace
 * refused it (conflict), nothing was asked for (invalid), the marketplace failed (integration).
 */
export type LabelResult = { ok: true; pdf: Uint8Array; filename: string } | Refused<"invalid" | "missing" | "conflict" | "integration">;

const labelColumns = {
  id: orders.id,
  store: orders.store,
  status: orders.status,
  orderStatus: orders.orderStatus,
  logisticType: orders.logisticType,
  printedLabel: orders.printedLabel,
};

type LabelOrder = {
  id: bigint;
  store: string | null;
  status: string;
  orderStatus: string;
  logisticType: string | null;
  printedLabel: boolean;
};

/**
 * After the marketplace handed out the label: printed, and a fresh label moves to "printed" as it does
 * there — once, however many times it is asked at the same moment (a double click). The order's
 * version stays: printing edits none of the dialog's fields, so a dialog open while its label is
 * printed still saves.
 */
async function recordPrinted(order: LabelOrder, actor: SessionUser) {
  const key = displayStatus(order).key;
  const moves = key === "ready_to_print" || key === "regenerating";
  await getDb().transaction(async (tx) => {
    await tx.update(orders).set({ printedLabel: true, updatedAt: new Date() }).where(eq(orders.id, order.id));
    if (moves) {
      // Re-read under the row lock: a second print of the same moment finds it printed already.
      await tx
        .update(orders)
        .set({ status: sql`${orders.status} || ',printed'`, shipmentStatus: "printed" })
        .where(and(eq(orders.id, order.id), sql`${orders.shipmentStatus} is distinct from 'printed'`));
    }
    await audit(
      {
        message: `Etiqueta ${order.printedLabel ? "reimpresa" : "impresa"}: orden ${order.id}`,
        type: "info",
        tags: ["orders", "label"],
        identifier: order.id,
        userId: actor.id,
      },
      tx,
    );
  });
}

/** A page that stands for a label the marketplace only gave as a link. */
async function linkPage(doc: PDFDocument, orderId: string, url: string) {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([288, 432]);
  page.drawText(`Orden ${orderId}`, { x: 18, y: 390, size: 14, font });
  page.drawText("Etiqueta disponible en Mercado Libre:", { x: 18, y: 360, size: 10, font });
  const chunks = url.match(/.{1,48}/g) ?? [url];
  chunks.forEach((c, k) => page.drawText(c, { x: 18, y: 340 - k * 12, size: 8, font }));
}

/** Asks the marketplace for one label; the caller has checked the order may print. */
async function fetchLabel(order: LabelOrder): Promise<{ kind: "pdf"; data: Uint8Array } | { kind: "url"; url: string }> {
  const label = await getIntegrations().marketplace.getShipmentLabel({ orderId: order.id.toString(), account: accountOf(order.store) });
  return label.kind === "pdf" ? { kind: "pdf", data: new Uint8Array(label.data) } : label;
}

function refusal(error: unknown): LabelResult {
  if (isIntegrationError(error))
    return { ok: false, reason: error.kind === "rejected" ? "conflict" : "integration", message: error.message };
  throw error;
}

/** The label of one order (print or reprint), as a PDF. */
export async function getOrderLabel(id: bigint, actor: SessionUser): Promise<LabelResult> {
  const [order] = await getDb().select(labelColumns).from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) return { ok: false, reason: "missing", message: "La orden no existe." };
  if (!labelAction(order).allowed)
    return { ok: false, reason: "conflict", message: "La etiqueta de esta orden no está disponible para imprimir." };
  let label;
  try {
    label = await fetchLabel(order);
  } catch (error) {
    return refusal(error);
  }
  await recordPrinted(order, actor);
  if (label.kind === "pdf") return { ok: true, pdf: label.data, filename: `etiqueta-${id}.pdf` };
  const doc = await PDFDocument.create();
  await linkPage(doc, id.toString(), label.url);
  return { ok: true, pdf: await doc.save(), filename: `etiqueta-${id}.pdf` };
}

/**
 * Several labels in one PDF, in the order asked. Orders that may not print are skipped; a label the
 * marketplace refuses is listed on a last page instead of failing the whole batch.
 */
/** Labels asked of the marketplace at once in a bulk print. */
const LABEL_FETCH_CONCURRENCY = 4;

export async function getBulkLabels(ids: bigint[], actor: SessionUser): Promise<LabelResult & { skipped?: string[] }> {
  const unique = [...new Set(ids.map(String))].slice(0, BULK_LABEL_LIMIT).map((s) => BigInt(s));
  if (unique.length === 0) return { ok: false, reason: "invalid", message: "Selecciona al menos una orden con etiqueta disponible." };
  const rows = await getDb().select(labelColumns).from(orders).where(inArray(orders.id, unique));
  const byId = new Map(rows.map((r) => [r.id.toString(), r]));
  const printable = unique.map((id) => byId.get(id.toString())).filter((o): o is LabelOrder => !!o && labelAction(o).allowed);
  if (printable.length === 0)
    return { ok: false, reason: "conflict", message: "Ninguna de las órdenes seleccionadas tiene etiqueta disponible." };

  // The marketplace answers one label at a time: ask for several at once, then merge in the order asked.
  const fetched = await mapLimit(printable, LABEL_FETCH_CONCURRENCY, async (order) => {
    try {
      return { order, label: await fetchLabel(order) };
    } catch (error) {
      if (!isIntegrationError(error)) throw error;
      return { order, error: `${order.id}: ${error.message}` };
    }
  });
  const doc = await PDFDocument.create();
  const failed: string[] = [];
  for (const item of fetched) {
    if (item.error !== undefined) {
      failed.push(item.error);
      continue;
    }
    if (item.label.kind === "pdf") {
      const part = await PDFDocument.load(item.label.data);
      for (const page of await doc.copyPages(part, part.getPageIndices())) doc.addPage(page);
    } else {
      await linkPage(doc, item.order.id.toString(), item.label.url);
    }
    await recordPrinted(item.order, actor);
  }
  if (doc.getPageCount() === 0) return { ok: false, reason: "integration", message: failed[0] ?? "No fue posible obtener las etiquetas." };
  if (failed.length) {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([288, 432]);
    page.drawText("Etiquetas no incluidas:", { x: 18, y: 400, size: 11, font });
    failed.slice(0, 25).forEach((line, k) => page.drawText(line.slice(0, 70), { x: 18, y: 380 - k * 14, size: 7, font }));
  }
  const skipped = unique.filter((id) => !printable.some((o) => o.id === id)).map(String);
  return { ok: true, pdf: await doc.save(), filename: `etiquetas-${printable.length}.pdf`, skipped };
}
