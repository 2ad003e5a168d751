import { and, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "@server/db/client";
import { pdvCartLines, pdvSales, pdvSessions, users } from "@server/db/schema";
import { audit } from "~/modules/logs/audit.server";
import { BOX_CLOSED, lockOpenBox, type PdvResult } from "./box.server";
import { checkCode } from "./codes.server";
import {
  CLOSE_REASON_MAX,
  closeCheck,
  denominationCents,
  toCents,
  type CloseCheck,
  type CloseExpected,
  type DenominationCount,
} from "./rules";

export const CLOSED_OK = "Caja cerrada correctamente";
export const MISMATCH = "Los montos contados no coinciden con lo esperado (tolerancia de 0.50).";

export type SessionFigures = CloseExpected & {
  salesCount: number;
  cancelledCount: number;
  discountCents: number;
  byWay: Array<{ way: string; count: number; cents: number }>;
};

/** What the box should hold: the fund plus active sales by payment form (cash net of change). */
export async function sessionFigures(sessionId: number, tx: Tx = getDb()): Promise<SessionFigures> {
  const [s] = await tx.select({ amountOpen: pdvSessions.amountOpen }).from(pdvSessions).where(eq(pdvSessions.id, sessionId)).limit(1);
  const [agg] = await tx
    .select({
      cash: sql<string>`coalesce(sum(${pdvSales.amountCash} - ${pdvSales.changeMoney}) filter (where ${pdvSales.isActive}), 0)`,
      debit: sql<string>`coalesce(sum(${pdvSales.amountCardDebit}) filter (where ${pdvSales.isActive}), 0)`,
      credit: sql<string>`coalesce(sum(${pdvSales.amountCardCredit}) filter (where ${pdvSales.isActive}), 0)`,
      discount: sql<string>`coalesce(sum(${pdvSales.totalDiscount}) filter (where ${pdvSales.isActive}), 0)`,
      active: sql<number>`count(*) filter (where ${pdvSales.isActive})`.mapWith(Number),
      cancelled: sql<number>`count(*) filter (where not ${pdvSales.isActive})`.mapWith(Number),
    })
    .from(pdvSales)
    .where(eq(pdvSales.sessionId, sessionId));
  const ways = await tx
    .select({ way: pdvSales.paymentWay, count: sql<number>`count(*)`.mapWith(Number), total: sql<string>`sum(${pdvSales.total})` })
    .from(pdvSales)
    .where(and(eq(pdvSales.sessionId, sessionId), eq(pdvSales.isActive, true)))
    .groupBy(pdvSales.paymentWay)
    .orderBy(pdvSales.paymentWay);
  return {
    fundCents: toCents(s?.amountOpen ?? 0),
    cashCents: toCents(Number(agg.cash)),
    debitCents: toCents(Number(agg.debit)),
    creditCents: toCents(Number(agg.credit)),
    discountCents: toCents(Number(agg.discount)),
    salesCount: agg.active,
    cancelledCount: agg.cancelled,
    byWay: ways.map((w) => ({ way: w.way, count: w.count, cents: toCents(Number(w.total)) })),
  };
}

export type CloseInput = {
  sessionId: number;
  denominations: DenominationCount;
  fundCents: number;
  debitCents: number;
  creditCents: number;
  /** A manager's code and a written reason let the box close with a difference. */
  code?: string;
  reason?: string;
};

export type CloseRefusal = { check: CloseCheck };

export async function closeBox(
  userId: number,
  input: CloseInput,
): Promise<PdvResult<{ sessionId: number; check: CloseCheck }> & { check?: CloseCheck }> {
  return getDb().transaction(async (tx) => {
    const box = await lockOpenBox(tx, userId);
    if (!box) return { ok: false as const, message: BOX_CLOSED, reason: "conflict" as const };
    if (box.id !== input.sessionId)
      return { ok: false as const, message: "La caja que intentas cerrar ya no está abierta.", reason: "conflict" as const };
    const figures = await sessionFigures(box.id, tx);
    const drawerCents = denominationCents(input.denominations);
    const check = closeCheck(figures, {
      drawerCents,
      fundCents: input.fundCents,
      debitCents: input.debitCents,
      creditCents: input.creditCents,
    });
    let approvedBy: number | null = null;
    const reason = (input.reason ?? "").trim();
    if (!check.matches) {
      if (!input.code?.trim() && !reason) return { ok: false as const, message: MISMATCH, reason: "refused" as const, check };
      if (!input.code?.trim() || !reason)
        return {
          ok: false as const,
          message: "Para cerrar con diferencia escribe el motivo y el código de un gerente.",
          reason: "refused" as const,
          check,
        };
      if (reason.length > CLOSE_REASON_MAX)
        return { ok: false as const, message: `El motivo admite ${CLOSE_REASON_MAX} caracteres.`, reason: "refused" as const, check };
      const code = await checkCode(tx, box.id, input.code, "cerrar la caja con diferencia", userId);
      if (!code.ok) return { ok: false as const, message: code.message, reason: "refused" as const, check };
      approvedBy = code.approver.id;
    }
    const detail: Record<string, number> = {};
    for (const [k, v] of Object.entries(input.denominations)) detail[k] = Math.max(0, Math.floor(v ?? 0));
    const cash = (drawerCents - input.fundCents) / 100;
    await tx
      .update(pdvSessions)
      .set({
        dateClose: new Date(),
        amountCash: cash,
        amountCardDebit: input.debitCents / 100,
        amountCardCredit: input.creditCents / 100,
        amountBoxCut: (drawerCents - input.fundCents + input.debitCents + input.creditCents) / 100,
        amountClose: drawerCents / 100,
        amountDetail: detail,
        closeDifference: check.differenceCents / 100,
        closeReason: approvedBy ? reason : null,
        closeApprovedBy: approvedBy,
        deleteModeBy: null,
        expectedShownBy: null,
        cartDiscount: 0,
      })
      .where(eq(pdvSessions.id, box.id));
    // A closed box keeps no cart: whatever was not sold is dropped with the session.
    await tx.delete(pdvCartLines).where(eq(pdvCartLines.sessionId, box.id));
    await audit(
      {
        message: approvedBy ? `PDV: caja cerrada con diferencia de ${(check.differenceCents / 100).toFixed(2)}` : "PDV: caja cerrada",
        type: "update",
        tags: ["pdv", "session", "close"],
        identifier: box.id,
        userId,
        detail: {
          expected: figures,
          counted: { drawerCents, fund: input.fundCents, debit: input.debitCents, credit: input.creditCents },
          approvedBy,
          reason: approvedBy ? reason : undefined,
        },
      },
      tx,
    );
    return { ok: true as const, value: { sessionId: box.id, check } };
  });
}

export async function sessionWithUser(sessionId: number) {
  const [row] = await getDb()
    .select({ session: pdvSessions, firstName: users.firstName, lastName: users.lastName })
    .from(pdvSessions)
    .innerJoin(users, eq(users.id, pdvSessions.userId))
    .where(eq(pdvSessions.id, sessionId))
    .limit(1);
  return row ?? null;
}
