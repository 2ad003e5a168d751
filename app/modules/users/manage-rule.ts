import { ROLE_KEYS, type Role } from "@common/roles";

/*
 * Who may manage whom in the users admin. Developer is the highest role (it alone reaches /theme and
 * holds everything an Admin holds): an Admin who could make a Developer, or reset a Developer's
 * password and sign in as them, would hold more than the role they were given. So a Developer
 * account, and the Developer role itself, are a Developer's alone. The command line (no signed-in
 * actor) is how the first accounts are made and stays unrestricted.
 */

/** The role that only its own holders may give or change. */
export const GUARDED_ROLE: Role = "developer";

export const DEVELOPER_ONLY_ACCOUNT = "Solo un Developer puede modificar esta cuenta.";
export const DEVELOPER_ONLY_ROLE = "Solo un Developer puede asignar el rol Developer.";

/**
 * Whether a user of `actorRole` may act on an account of `targetRole`: create it with that role,
 * give that role, or change the account as it is (profile, password, status, PDV code).
 * `null` is the command line.
 */
export function mayManage(actorRole: string | null, targetRole: string): boolean {
  if (actorRole === null) return true;
  return targetRole !== GUARDED_ROLE || actorRole === GUARDED_ROLE;
}

/** The roles a user of `actorRole` may give, in the order the role select lists them. */
export function assignableRoles(actorRole: string | null): Role[] {
  return ROLE_KEYS.filter((role) => mayManage(actorRole, role));
}
