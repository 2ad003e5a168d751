import { eq, sql } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { users } from "@server/db/schema";
import { audit } from "~/modules/logs/audit.server";
import { spendPasswordCheck, verifyPassword } from "./password.server";
import { clearLoginFailures, loginBlockedFor, recordLoginFailure } from "./rate-limit.server";
import { waitMessage } from "@common/throttle-rules";

export const INVALID_CREDENTIALS = "Correo o contraseña incorrectos.";

export type LoginResult = { ok: true; userId: number; role: string } | { ok: false; message: string };

/** Checks credentials with the per-IP and per-e-mail limits; every outcome is audited. */
export async function attemptLogin(email: string, password: string, ip: string): Promise<LoginResult> {
  const wait = await loginBlockedFor(ip, email);
  if (wait > 0) {
    await audit({ message: `Inicio de sesión bloqueado para ${email}`, type: "auth", tags: ["login", "rate-limit"], detail: { ip } });
    return { ok: false, message: waitMessage(wait) };
  }
  const [user] = await getDb()
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  // An unknown e-mail costs one bcrypt comparison too, so the answer time does not reveal accounts.
  const valid = user ? await verifyPassword(password, user.passwordHash) : await spendPasswordCheck(password);
  if (!user || !valid || !user.isActive) {
    await recordLoginFailure(ip, email);
    await audit({ message: `Inicio de sesión fallido para ${email}`, type: "auth", tags: ["login", "failure"], detail: { ip } });
    return { ok: false, message: INVALID_CREDENTIALS };
  }
  await clearLoginFailures(ip, email);
  await getDb().update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  await audit({ message: "Inicio de sesión", type: "auth", tags: ["login"], userId: user.id, identifier: user.id, detail: { ip } });
  return { ok: true, userId: user.id, role: user.role };
}
