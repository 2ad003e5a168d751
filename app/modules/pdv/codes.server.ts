import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "@server/db/client";
import { pdvSessions, users } from "@server/db/schema";
import { audit } from "~/modules/logs/audit.server";

export const WRONG_CODE = "El código ingresado es erróneo";
export const MAX_CODE_FAILURES = 5;
const LOCK_MINUTES = 5;

export type CodeCheck = { ok: true; approver: { id: number; name: string } } | { ok: false; message: string };

/**
 * Checks a manager's confirmation code for an open session (spec: valid if some user holds it).
 * Wrong codes count per session: after five in a row the session accepts none for five minutes.
 * A wrong code also ends delete mode. Every approval is written to the activity log.
 */
export async function checkCode(tx: Tx, sessionId: number, rawCode: string, purpose: string, actorId: number): Promise<CodeCheck> {
  const code = rawCode.trim().toLowerCase();
  const [session] = await tx
    .select({ lockedUntil: pdvSessions.codeLockedUntil })
    .from(pdvSessions)
    .where(eq(pdvSessions.id, sessionId))
    .limit(1);
  if (session?.lockedUntil && session.lockedUntil > new Date()) {
    const minutes = Math.max(1, Math.ceil((session.lockedUntil.getTime() - Date.now()) / 60000));
    return { ok: false, message: `Demasiados códigos erróneos. Intenta de nuevo en ${minutes} min.` };
  }
  const [approver] = code
    ? await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(isNotNull(users.confirmCodePdv), eq(users.confirmCodePdv, code), eq(users.isActive, true)))
        .limit(1)
    : [];
  if (!approver) {
    await tx
      .update(pdvSessions)
      .set({
        deleteModeBy: null,
        codeFailures: sql`${pdvSessions.codeFailures} + 1`,
        codeLockedUntil: sql`case when ${pdvSessions.codeFailures} + 1 >= ${MAX_CODE_FAILURES} then now() + interval '${sql.raw(String(LOCK_MINUTES))} minutes' else null end`,
      })
      .where(eq(pdvSessions.id, sessionId));
    await audit(
      {
        message: `PDV: código de confirmación erróneo (${purpose})`,
        type: "auth",
        tags: ["pdv", "confirm-code"],
        identifier: sessionId,
        userId: actorId,
      },
      tx,
    );
    return { ok: false, message: WRONG_CODE };
  }
  await tx.update(pdvSessions).set({ codeFailures: 0, codeLockedUntil: null }).where(eq(pdvSessions.id, sessionId));
  const name = `${approver.firstName} ${approver.lastName}`.trim();
  await audit(
    {
      message: `PDV: ${name} autorizó ${purpose}`,
      type: "update",
      tags: ["pdv", "approval"],
      identifier: sessionId,
      userId: actorId,
      detail: { approverId: approver.id, purpose },
    },
    tx,
  );
  return { ok: true, approver: { id: approver.id, name } };
}
