import { expect } from "vitest";
import type { Role } from "@common/roles";
import { loginAs } from "./auth";

type Session = Awaited<ReturnType<typeof loginAs>>;

/**
 * Each role, signed in, is sent to its home by every call of a screen it is not for: `calls` makes
 * the screen's requests (loaders and actions) with the role's session; a write gets fresh values each
 * time, and the caller checks that nothing was saved.
 */
export async function expectRolesSentHome(
  roleHomes: Iterable<readonly [Role, string]>,
  calls: Record<string, (session: Session) => Promise<unknown>>,
) {
  for (const [role, home] of roleHomes) {
    const session = await loginAs(role);
    for (const [name, call] of Object.entries(calls)) {
      const res = await call(session);
      expect(res, `${role} ${name}`).toBeInstanceOf(Response);
      expect((res as Response).headers.get("Location"), `${role} ${name}`).toBe(home);
    }
  }
}
