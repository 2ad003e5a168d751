import { eq, sql } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { orders } from "@server/db/schema";
import { getIntegrations, isIntegrationError, type BuyerInfo, type MarketplaceAccount } from "@server/integrations";
import type { SaveResult } from "~/lib/save.server";
import type { ToastInput } from "~/lib/toast";
import type { SessionUser } from "~/modules/auth/session-user";
import { audit } from "~/modules/logs/audit.server";
import { accountOf, canSendPackage, collectionPickup, isMarketplaceOrder } from "./rules";

/**
 * What the order dialog asks the marketplace when it opens (spec 1 §7 "Orders": GET …/schedule,
 * POST …/dataClients) and the package dispatch (sendPackage). Called outside any transaction; a
 * failed call never fails the dialog: it shows what the app has, with a note saying why.
 */

export const LOOKUP_NOTES = {
  schedule: "No se pudo consultar el horario de recolección en Mercado Libre; se muestra el horario habitual.",
  buyer: "No se pudo consultar el comprador en Mercado Libre; se muestran los datos de envío de la orden.",
} as const;

export type MarketplaceBuyer = { name: string; nickname: string; buyerId: number | null };
type Collection = ReturnType<typeof collectionPickup>;

export type OrderLookups = {
  /** The buyer as the marketplace has them (dataClients), or null when not asked, unknown or failed. */
  buyer: MarketplaceBuyer | null;
  /** The collection window from the marketplace's schedule; null when the order is not collected. */
  collection: Collection | null;
  /** Why something shown is the app's own data and not the marketplace's (a failed call). */
  notes: string[];
};

type LookupOrder = { id: string; logisticType: string | null; orderDate: string; account: MarketplaceAccount };

/** The collection window for a cross-docking order: the marketplace's schedule, or the spec's window when it has none. */
async function collectionOf(order: LookupOrder): Promise<{ collection: Collection; note: string | null }> {
  try {
    const schedule = await getIntegrations().marketplace.getSchedule();
    const entry = schedule.find((s) => s.logisticType === "cross_docking");
    const window = entry ? { cutoff: entry.cutoff, from: entry.windowFrom, to: entry.windowTo, weekdays: entry.weekdays } : undefined;
    return { collection: collectionPickup(order.orderDate, window), note: null };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { collection: collectionPickup(order.orderDate), note: LOOKUP_NOTES.schedule };
  }
}

/** The order's buyer from dataClients (ids upper-cased, spec 1 §5), preferring the order's own account. */
async function buyerOf(order: LookupOrder): Promise<{ buyer: MarketplaceBuyer | null; note: string | null }> {
  const id = order.id.toUpperCase();
  try {
    const found = await getIntegrations().marketplace.lookupClients([id]);
    const own = order.account === "brand" ? found.brand : found.main;
    const match = (list: BuyerInfo[]) => list.find((b) => b.orderId === id);
    const info = match(own) ?? match([...found.main, ...found.brand]);
    if (!info) return { buyer: null, note: null };
    const name = [info.firstName, info.lastName]
      .map((s) => s.trim())
      .filter(Boolean)
      .join(" ");
    if (!name && !info.nickname) return { buyer: null, note: null };
    return { buyer: { name, nickname: info.nickname, buyerId: info.buyerId }, note: null };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { buyer: null, note: LOOKUP_NOTES.buyer };
  }
}

/** The two marketplace look-ups of the order dialog, side by side; marketplace orders only. */
export async function orderLookups(order: LookupOrder): Promise<OrderLookups> {
  // Not the marketplace's order: nothing to ask; a collection still shows the usual window.
  if (!isMarketplaceOrder(order))
    return { buyer: null, collection: order.logisticType === "cross_docking" ? collectionPickup(order.orderDate) : null, notes: [] };
  const [buyer, collection] = await Promise.all([
    buyerOf(order),
    order.logisticType === "cross_docking" ? collectionOf(order) : Promise.resolve(null),
  ]);
  return {
    buyer: buyer.buyer,
    collection: collection?.collection ?? null,
    notes: [collection?.note, buyer.note].filter((n): n is string => !!n),
  };
}

export const SEND_PACKAGE_MESSAGES = {
  sent: { title: "Paquete despachado", message: "Mercado Libre registró el envío del paquete.", variant: "success" },
  notAllowed:
    "Este paquete no se puede despachar: la etiqueta debe estar impresa y la orden no puede ser de Full, a acordar ni estar cancelada.",
  stale: "Otra persona modificó esta orden mientras la tenías abierta. Se recargaron sus datos: revisa y vuelve a intentarlo.",
} as const;

/**
 * "Despachar paquete": tells the marketplace the package left (sendPackage), then records the new
 * shipment stage on the order. The marketplace is asked first, outside the transaction that saves.
 */
export async function sendOrderPackage(id: bigint, version: number, actor: SessionUser): Promise<SaveResult<{ toast: ToastInput }>> {
  const db = getDb();
  const [order] = await db
    .select({
      store: orders.store,
      logisticType: orders.logisticType,
      status: orders.status,
      orderStatus: orders.orderStatus,
      printedLabel: orders.printedLabel,
      version: orders.version,
    })
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1);
  if (!order) return { ok: false, reason: "missing", message: "La orden no existe." };
  if (order.version !== version) return { ok: false, reason: "conflict", message: SEND_PACKAGE_MESSAGES.stale };
  if (!canSendPackage(order)) return { ok: false, reason: "invalid", message: SEND_PACKAGE_MESSAGES.notAllowed };

  let sent;
  try {
    sent = await getIntegrations().marketplace.sendPackage({ orderId: id.toString(), account: accountOf(order.store) });
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    await audit({
      message: `Orden ${id}: no se pudo despachar el paquete`,
      type: "integration",
      tags: ["orders", "send-package", "error"],
      identifier: id,
      userId: actor.id,
      detail: { kind: error.kind, detail: error.detail },
    });
    return { ok: false, reason: "integration", message: error.message };
  }
  // The marketplace already has the package as sent: it is recorded even if the order changed meanwhile.
  await db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({
        status: sql`case when ${orders.status} = '' then 'shipped' else ${orders.status} || ',shipped' end`,
        shipmentStatus: sent.shipmentStatus,
        updatedAt: new Date(),
        version: sql`${orders.version} + 1`,
      })
      .where(eq(orders.id, id));
    await audit(
      {
        message: `Orden ${id}: paquete despachado`,
        type: "update",
        tags: ["orders", "send-package"],
        identifier: id,
        userId: actor.id,
        detail: sent,
      },
      tx,
    );
  });
  return { ok: true, value: { toast: SEND_PACKAGE_MESSAGES.sent } };
}
