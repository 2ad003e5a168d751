import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { orders, quotations } from "@server/db/schema";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import { can } from "~/lib/access";
import type { SessionUser } from "~/modules/auth/session-user";
import { audit } from "~/modules/logs/audit.server";
import type { Refused } from "~/modules/results";
import { erpQuotationId, MESSAGES, priceListOf } from "./pricing";
import { getEnv } from "@server/env";
import { processingStatusOf } from "@common/processing-status";
import { CREATED_TOASTS, NO_ERP_USERS } from "./status";
import { expiryFor, getStoredQuote } from "./stored.server";

export type ErpOutcome =
  { ok: true; message: string } | (Refused<"forbidden" | "missing" | "conflict" | "refused" | "integration"> & { title: string });

/** A "sending" claim older than this is taken as abandoned (the process died mid-call) and may be retried. */
const STALE_CLAIM = sql`interval '2 minutes'`;

/**
 * Cotizar a intelisis: the stored quote is sent once. A conditional update claims it (a second click
 * or tab gets "ya se está enviando"/"ya fue enviada"), the ERP is called outside any transaction, and
 * the outcome is recorded; a failure leaves the quote saved and the action retryable.
 */
export async function sendQuoteToErp(user: SessionUser, folio: string, erpUser: string | null): Promise<ErpOutcome> {
  if (!can(user, "quotations.erpCreate"))
    return { ok: false, reason: "forbidden", title: "Sin permiso", message: "Tu usuario no puede crear cotizaciones en Intelisis." };
  if (user.erpUsers.length === 0) return { ok: false, reason: "refused", title: "Intelisis", message: NO_ERP_USERS };
  if (!erpUser || !user.erpUsers.includes(erpUser))
    return { ok: false, reason: "refused", title: MESSAGES.erpUserMissingTitle, message: MESSAGES.erpUserMissing };
  const quote = await getStoredQuote(folio);
  if (!quote) return { ok: false, reason: "missing", title: "Intelisis", message: "La cotización no existe." };
  const items = quote.lines
    .filter((l) => l.sku)
    .map((l) => ({
      sku: l.sku!,
      price: Number(l.price),
      qty: Number(l.qty),
      subtotal: Math.round(Number(l.price) * Number(l.qty) * 100) / 100,
    }));
  if (items.length === 0) return { ok: false, reason: "refused", title: "Intelisis", message: MESSAGES.noLines };

  const claimed = await getDb()
    .update(quotations)
    .set({ erpState: "sending", erpUser, updatedAt: new Date() })
    .where(
      and(
        eq(quotations.id, quote.row.id),
        sql`coalesce(${quotations.erpState}, '') <> 'sent'`,
        sql`(coalesce(${quotations.erpState}, '') <> 'sending' or ${quotations.updatedAt} < now() - ${STALE_CLAIM})`,
      ),
    )
    .returning({ id: quotations.id });
  if (claimed.length === 0) {
    const state = quote.row.erpState;
    return state === "sent"
      ? {
          ok: false,
          reason: "conflict",
          title: "Intelisis",
          message: `La cotización ya fue creada en Intelisis (${quote.row.intelisisId}).`,
        }
      : { ok: false, reason: "conflict", title: "Intelisis", message: "La cotización ya se está enviando a Intelisis. Espera un momento." };
  }

  try {
    // A previous attempt whose answer never came (time-out, dropped connection) may have created the
    // quotation anyway: look for it by our number before creating it again.
    const earlier = quote.row.erpState ? await findCreated(folio) : null;
    const info =
      earlier ??
      (await getIntegrations().erp.createQuotation({
        user: erpUser,
        warehouse: quote.row.warehouse ?? "M",
        client: quote.row.clientKey ?? "V",
        priceList: priceListOf(quote.row.priceList),
        items,
        quotationId: erpQuotationId(quote.row.createdAt),
        reference: folio,
      }));
    const now = new Date();
    await getDb().transaction(async (tx) => {
      await tx
        .update(quotations)
        .set({
          erpState: "sent",
          erpMessage: null,
          intelisis: true,
          intelisisId: info.movId,
          erpSentAt: now,
          updatedAt: now,
          status: sql`case when ${quotations.status} = 'borrador' then 'enviada' else ${quotations.status} end`,
          issuedAt: sql`coalesce(${quotations.issuedAt}, ${now})`,
          expiresAt: sql`coalesce(${quotations.expiresAt}, ${expiryFor(now)})`,
        })
        .where(eq(quotations.id, quote.row.id));
      await audit(
        {
          message: `Cotización ${folio} creada en Intelisis: ${info.movId}`,
          type: "integration",
          tags: ["quotations", "erp"],
          identifier: folio,
          userId: user.id,
        },
        tx,
      );
    });
    return { ok: true, message: `Cotización creada en Intelisis: ${info.mov} ${info.movId}.` };
  } catch (error) {
    if (!isIntegrationError(error)) {
      await getDb().update(quotations).set({ erpState: "failed", erpMessage: "Error inesperado" }).where(eq(quotations.id, quote.row.id));
      throw error;
    }
    await getDb().transaction(async (tx) => {
      await tx.update(quotations).set({ erpState: "failed", erpMessage: error.message }).where(eq(quotations.id, quote.row.id));
      await audit(
        {
          message: `Intelisis rechazó la cotización ${folio}`,
          type: "error",
          tags: ["quotations", "erp"],
          identifier: folio,
          userId: user.id,
          detail: { error: error.message },
        },
        tx,
      );
    });
    return {
      ok: false,
      reason: "integration",
      title: "Intelisis",
      message: `No se pudo crear la cotización en Intelisis: ${error.message} La cotización sigue guardada; puedes reintentar.`,
    };
  }
}

async function findCreated(folio: string) {
  const movements = await getIntegrations().erp.getMovementsInfo(folio);
  return movements.find((m) => m.mov.toLowerCase().startsWith("cotiza")) ?? null;
}

/** Quoter orders take ids in their own 16-digit range, derived from the quotation's id. */
const QUOTER_ORDER_BASE = 7_000_000_000_000_000n;

/**
 * Generar orden: one quoter order per quote, created once, as spec 1 §4 describes it: order_status
 * paid, status procesando_en_{brand} (the list shows "Procesando en {product}"), logistic type cotizador.
 */
export async function orderFromQuote(user: SessionUser, folio: string): Promise<ErpOutcome> {
  if (!can(user, "quotations.erpMode"))
    return { ok: false, reason: "forbidden", title: "Sin permiso", message: "Tu usuario no puede generar órdenes desde una cotización." };
  const quote = await getStoredQuote(folio);
  if (!quote) return { ok: false, reason: "missing", title: "Orden", message: "La cotización no existe." };
  const orderId = QUOTER_ORDER_BASE + BigInt(quote.row.id);
  return getDb().transaction(async (tx) => {
    const claimed = await tx
      .update(quotations)
      .set({ orderId, status: "convertida", updatedAt: new Date() })
      .where(and(eq(quotations.id, quote.row.id), isNull(quotations.orderId)))
      .returning({ id: quotations.id });
    if (claimed.length === 0)
      return {
        ok: false as const,
        reason: "conflict" as const,
        title: "Orden",
        message: `La cotización ya generó la orden ${quote.row.orderId}.`,
      };
    await tx.insert(orders).values({
      id: orderId,
      title: `Cotización ${folio} · ${quote.row.clientName}`,
      orderDate: new Date(),
      logisticType: "cotizador",
      status: processingStatusOf(getEnv().BRAND_NAME),
      orderStatus: "paid",
      totalAmount: Number(quote.row.total),
      orderItems: quote.lines.map((l) => ({
        id: l.sku ?? `L${l.position}`,
        title: l.description,
        price: Number(l.price),
        qty: Number(l.qty),
        sellerSku: l.sku,
      })),
    });
    await audit(
      {
        message: `Orden ${orderId} generada desde la cotización ${folio}`,
        type: "create",
        tags: ["quotations", "orders"],
        identifier: folio,
        userId: user.id,
      },
      tx,
    );
    return { ok: true as const, message: CREATED_TOASTS.order.message };
  });
}
