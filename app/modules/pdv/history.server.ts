import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { getDb, type Db } from "@server/db/client";
import { pdvOutbox, pdvSaleLines, pdvSales, pdvSessions, users } from "@server/db/schema";
import { getIntegrations } from "@server/integrations";
import { ZONE } from "@common/format";
import { countOf, pageOf, windowTotal } from "~/lib/list.server";
import { audit } from "~/modules/logs/audit.server";
import type { PdvResult } from "./box.server";
import { checkCode } from "./codes.server";
import { CANCEL_MANAGER_MAX, CANCEL_REASON_MAX, CANCEL_TOO_LONG, erpReference } from "./rules";

export const SESSIONS_PAGE = 10;
export const SALES_PAGE = 5;
export const FILL_ALL = "Llena todos los campos para procesar la cancelación";
export const HAS_INVOICE = "La venta ya tiene asociada una factura";
export const PREVIOUS_DAY = "No puedes cancelar ventas de días anteriores";
export const ERP_DOWN = "Ocurrió un error al conectar con sistema";

type SessionsQuery = { page: number; start?: Date | null; end?: Date | null };

const sessionsWhere = (query: SessionsQuery) =>
  and(query.start ? gte(pdvSessions.dateOpen, query.start) : undefined, query.end ? lt(pdvSessions.dateOpen, query.end) : undefined);

/** Sessions newest first, the total as a window; the range filters the opening date (end exclusive, already one day ahead). */
export function sessionsPageQuery(db: Pick<Db, "select">, query: SessionsQuery) {
  return db
    .select({
      id: pdvSessions.id,
      dateOpen: pdvSessions.dateOpen,
      dateClose: pdvSessions.dateClose,
      amountOpen: pdvSessions.amountOpen,
      firstName: users.firstName,
      lastName: users.lastName,
      total: windowTotal(),
    })
    .from(pdvSessions)
    .innerJoin(users, eq(users.id, pdvSessions.userId))
    .where(sessionsWhere(query))
    .orderBy(desc(pdvSessions.dateOpen), desc(pdvSessions.id))
    .limit(SESSIONS_PAGE)
    .offset((query.page - 1) * SESSIONS_PAGE);
}

export async function listSessions(query: SessionsQuery) {
  const rows = await sessionsPageQuery(getDb(), query);
  const { rows: sessions, ...paging } = await pageOf(rows, query.page, SESSIONS_PAGE, countOf(pdvSessions, sessionsWhere(query)));
  return { sessions, ...paging };
}

/** A session's sales: active first, then newest (spec), five a page, the total as a window. */
export function sessionSalesPageQuery(db: Pick<Db, "select">, sessionId: number, page: number) {
  return db
    .select({
      id: pdvSales.id,
      saleCode: pdvSales.saleCode,
      dateCreated: pdvSales.dateCreated,
      total: pdvSales.total,
      subtotal: pdvSales.subtotal,
      amountCash: pdvSales.amountCash,
      amountCardCredit: pdvSales.amountCardCredit,
      amountCardDebit: pdvSales.amountCardDebit,
      isActive: pdvSales.isActive,
      intelisisStatus: pdvSales.intelisisStatus,
      intelisisMovs: pdvSales.intelisisMovs,
      totalCount: sql<number>`count(*) over ()`.mapWith(Number).as("total_count"),
    })
    .from(pdvSales)
    .where(eq(pdvSales.sessionId, sessionId))
    .orderBy(desc(pdvSales.isActive), desc(pdvSales.dateCreated), desc(pdvSales.id))
    .limit(SALES_PAGE)
    .offset((page - 1) * SALES_PAGE);
}

export async function listSessionSales(sessionId: number, page: number) {
  const rows = await sessionSalesPageQuery(getDb(), sessionId, page);
  const total =
    rows[0]?.totalCount ??
    (page > 1 ? (await getDb().select({ n: count() }).from(pdvSales).where(eq(pdvSales.sessionId, sessionId)))[0].n : 0);
  return { sales: rows.map(({ totalCount: _t, ...r }) => r), total, page, pageSize: SALES_PAGE };
}

export async function saleById(saleId: number) {
  const [row] = await getDb().select().from(pdvSales).where(eq(pdvSales.id, saleId)).limit(1);
  return row ?? null;
}

export async function saleLines(saleId: number) {
  return getDb().select().from(pdvSaleLines).where(eq(pdvSaleLines.saleId, saleId)).orderBy(pdvSaleLines.id);
}

const sameMexicoDay = (a: Date, b: Date) => DateTime.fromJSDate(a, { zone: ZONE }).hasSame(DateTime.fromJSDate(b, { zone: ZONE }), "day");

export type CancelInput = { code: string; manager: string; reason: string };

/**
 * Cancel: code, manager name and reason are all required; a sale with an invoice or from a previous
 * day cannot be cancelled. The ERP is asked about the invoice before the transaction; the cancel
 * detail reaches it through the outbox after commit.
 */
export async function cancelSale(
  actorId: number,
  saleId: number,
  input: CancelInput,
  now = new Date(),
): Promise<PdvResult<{ saleCode: string }>> {
  const code = input.code.trim();
  const manager = input.manager.trim();
  const reason = input.reason.trim();
  if (!code || !manager || !reason) return { ok: false, message: FILL_ALL, reason: "invalid" };
  if (manager.length > CANCEL_MANAGER_MAX || reason.length > CANCEL_REASON_MAX)
    return { ok: false, message: CANCEL_TOO_LONG, reason: "invalid" };
  const sale = await saleById(saleId);
  if (!sale) return { ok: false, message: "Venta no encontrada", reason: "missing" };
  if (!sale.isActive) return { ok: false, message: "La venta ya está cancelada.", reason: "conflict" };
  if (!sameMexicoDay(sale.dateCreated, now)) return { ok: false, message: PREVIOUS_DAY, reason: "conflict" };
  let invoiced: boolean;
  try {
    invoiced = (await getIntegrations().erp.checkInvoice(erpReference(sale.id, sale.sessionId))).invoiced;
  } catch {
    return { ok: false, message: ERP_DOWN, reason: "conflict" };
  }
  if (invoiced) return { ok: false, message: HAS_INVOICE, reason: "conflict" };
  return getDb().transaction(async (tx) => {
    const check = await checkCode(tx, sale.sessionId, code, `la cancelación de la venta ${sale.saleCode}`, actorId);
    if (!check.ok) return { ok: false as const, message: check.message, reason: "refused" as const };
    const detail = `Folio ${sale.saleCode} S-${sale.sessionId}. Autorizó: ${manager}. Motivo: ${reason}`;
    const rows = await tx
      .update(pdvSales)
      .set({ isActive: false, cancelDetail: detail, lastUpdated: new Date() })
      .where(and(eq(pdvSales.id, sale.id), eq(pdvSales.isActive, true)))
      .returning({ id: pdvSales.id });
    if (rows.length === 0) return { ok: false as const, message: "La venta ya está cancelada.", reason: "conflict" as const };
    await tx.insert(pdvOutbox).values({ kind: "cancel", saleId: sale.id, payload: { cancelDetail: detail } });
    await audit(
      {
        message: `PDV: venta ${sale.saleCode} cancelada, autorizó ${check.approver.name}`,
        type: "update",
        tags: ["pdv", "sale", "cancel"],
        identifier: sale.id,
        userId: actorId,
        detail: { approverId: check.approver.id, manager, reason },
      },
      tx,
    );
    return { ok: true as const, value: { saleCode: sale.saleCode } };
  });
}

export async function activateSale(actorId: number, saleId: number, code: string): Promise<PdvResult<{ saleCode: string }>> {
  if (!code.trim()) return { ok: false, message: "Ingresa el código de confirmación.", reason: "invalid" };
  const sale = await saleById(saleId);
  if (!sale) return { ok: false, message: "Venta no encontrada", reason: "missing" };
  if (sale.isActive) return { ok: false, message: "La venta ya está activa.", reason: "conflict" };
  return getDb().transaction(async (tx) => {
    const check = await checkCode(tx, sale.sessionId, code, `reactivar la venta ${sale.saleCode}`, actorId);
    if (!check.ok) return { ok: false as const, message: check.message, reason: "refused" as const };
    await tx.update(pdvSales).set({ isActive: true, lastUpdated: new Date() }).where(eq(pdvSales.id, sale.id));
    await audit(
      {
        message: `PDV: venta ${sale.saleCode} reactivada, autorizó ${check.approver.name}`,
        type: "update",
        tags: ["pdv", "sale", "activate"],
        identifier: sale.id,
        userId: actorId,
        detail: { approverId: check.approver.id },
      },
      tx,
    );
    return { ok: true as const, value: { saleCode: sale.saleCode } };
  });
}

/** Asks the ERP for the sale's movements and keeps them on the sale. */
export async function refreshMovements(actorId: number, saleId: number): Promise<PdvResult<{ count: number }>> {
  const sale = await saleById(saleId);
  if (!sale) return { ok: false, message: "Venta no encontrada", reason: "missing" };
  let movements;
  try {
    movements = await getIntegrations().erp.getMovementsInfo(erpReference(sale.id, sale.sessionId));
  } catch {
    return { ok: false, message: "Error al actualizar el movimiento de intelisis", reason: "conflict" };
  }
  await getDb().transaction(async (tx) => {
    await tx
      .update(pdvSales)
      .set({
        intelisisMovs: movements.map((m) => ({ mov: m.mov, movid: m.movId, ultimocambio: m.lastChange })),
        intelisisStatus: movements.length > 0 || sale.intelisisStatus,
      })
      .where(eq(pdvSales.id, sale.id));
    await audit(
      {
        message: `PDV: movimientos de la venta ${sale.saleCode} actualizados`,
        type: "integration",
        tags: ["pdv", "erp"],
        identifier: sale.id,
        userId: actorId,
      },
      tx,
    );
  });
  return { ok: true, value: { count: movements.length } };
}

export async function lastSaleOf(userId: number) {
  const [row] = await getDb()
    .select({ id: pdvSales.id })
    .from(pdvSales)
    .where(eq(pdvSales.userId, userId))
    .orderBy(sql`${pdvSales.dateCreated} desc nulls last`, desc(pdvSales.id))
    .limit(1);
  return row?.id ?? null;
}

export async function lastBoxCutOf(userId: number) {
  const [row] = await getDb()
    .select({ id: pdvSessions.id })
    .from(pdvSessions)
    .where(and(eq(pdvSessions.userId, userId), sql`${pdvSessions.dateClose} is not null`))
    .orderBy(sql`${pdvSessions.dateClose} desc nulls last`)
    .limit(1);
  return row?.id ?? null;
}
