import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@server/db/client";
import { sessions, users } from "@server/db/schema";
import { canAccessPath } from "~/lib/access";
import type { Role } from "@common/roles";
import { hashPassword } from "~/modules/auth/password.server";
import { audit } from "~/modules/logs/audit.server";
import { generateConfirmCode } from "./confirm-code";
import { DEVELOPER_ONLY_ACCOUNT, DEVELOPER_ONLY_ROLE, mayManage } from "./manage-rule";
import { userIdentityColumns } from "./identity-columns.server";
import { USERS_PAGE_SIZE, type NewUser, type UserSort, type UserStatus, type UserUpdate } from "./schemas";
import { countOf, pageOf, windowTotal } from "~/lib/list.server";
import type { Refused } from "~/modules/results";
import { containsPattern } from "~/lib/like-pattern";

/**
 * Who runs a command: a signed-in user, with the role its session gives (its session is spared where
 * it matters), or the command line (null).
 */
export type Actor = { id: number; role: string; sessionId?: string } | null;

export type FieldErrors = Record<string, string[]>;
type Invalid = { ok: false; reason: "invalid"; fieldErrors: FieldErrors; formErrors: string[] };
export type CommandResult<T> = { ok: true; value: T } | Invalid | { ok: false; reason: "missing" } | Refused<"forbidden">;

export const EMAIL_TAKEN = "Ya existe un usuario con ese correo electrónico.";
export const SELF_DEACTIVATE = "No puedes desactivar tu propio usuario.";
export const SELF_LOCKOUT = "No puedes cambiar tu propio rol a uno sin acceso a Usuarios.";

const ok = <T>(value: T) => ({ ok: true, value }) as const;
const invalid = (fieldErrors: FieldErrors, formErrors: string[] = []) =>
  ({ ok: false, reason: "invalid", fieldErrors, formErrors }) as const;
const notFound = { ok: false, reason: "missing" } as const;
/** The account is a Developer's and the actor is not one: nothing is written. */
const developerOnly = { ok: false, reason: "forbidden", message: DEVELOPER_ONLY_ACCOUNT } as const;
const actorRole = (actor: Actor) => actor?.role ?? null;

// ---------------------------------------------------------------------------------------------------
// Queries

export type UserListQuery = {
  search?: string;
  role?: Role;
  status?: UserStatus;
  sortName?: UserSort;
  sortValue?: "asc" | "desc";
  page: number;
  pageSize?: number;
};

const listColumns = {
  ...userIdentityColumns,
  permissions: users.permissions,
  isActive: users.isActive,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

/** The text the trigram index covers: every word typed must appear in it. */
const searchText = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;

function listWhere(query: UserListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  const words = (query.search ?? "").split(/\s+/).filter(Boolean).slice(0, 6);
  for (const word of words) conditions.push(sql`${searchText} ilike ${containsPattern(word)}`);
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(eq(users.isActive, query.status === "active"));
  return conditions.length ? and(...conditions) : undefined;
}

function listOrder(sortName: UserSort = "name", sortValue: "asc" | "desc" = "asc"): SQL[] {
  const dir = sortValue === "desc" ? desc : asc;
  const nullsLast = (column: SQL | typeof users.level) =>
    sortValue === "desc" ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  switch (sortName) {
    case "email":
      return [dir(sql`lower(${users.email})`)];
    case "role":
      return [dir(users.role), asc(sql`lower(${users.firstName})`)];
    case "level":
      return [nullsLast(users.level)];
    case "status":
      return [dir(users.isActive), asc(sql`lower(${users.firstName})`)];
    case "lastLogin":
      return [nullsLast(sql`${users.lastLoginAt}`)];
    case "created":
      return [dir(users.createdAt)];
    case "name":
    default:
      return [dir(sql`lower(${users.firstName})`), dir(sql`lower(${users.lastName})`)];
  }
}

/** One page of users, filtered, sorted and counted by the database in one statement (the bench times it too). */
export function usersPageQuery(db: Pick<Db, "select">, query: UserListQuery) {
  const pageSize = query.pageSize ?? USERS_PAGE_SIZE;
  return db
    .select({ ...listColumns, total: windowTotal() })
    .from(users)
    .where(listWhere(query))
    .orderBy(...listOrder(query.sortName, query.sortValue), asc(users.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
}

/** The page with its total; a count of its own only past the end. */
export async function listUsers(query: UserListQuery) {
  const found = await usersPageQuery(getDb(), query);
  return pageOf(found, query.page, query.pageSize ?? USERS_PAGE_SIZE, countOf(users, listWhere(query)));
}

export type UserListRow = Awaited<ReturnType<typeof listUsers>>["rows"][number];

/** Everything the edit dialog shows; never the password hash. */
export async function getUser(id: number) {
  const [row] = await getDb()
    .select({
      ...listColumns,
      confirmCodePdv: users.confirmCodePdv,
      intelisisAgent: users.intelisisAgent,
      erpUsers: users.erpUsers,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

export type UserDetail = NonNullable<Awaited<ReturnType<typeof getUser>>>;

async function emailTaken(tx: Tx, email: string, exceptId?: number) {
  const conditions = [sql`lower(${users.email}) = ${email.toLowerCase()}`];
  if (exceptId !== undefined) conditions.push(ne(users.id, exceptId));
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .limit(1);
  return !!row;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e === "object" && (e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A user that could still open /users after the change (so an admin does not lock themselves out). */
function keepsUserAdmin(role: string) {
  return canAccessPath({ role, permissions: [] }, "/users");
}

// ---------------------------------------------------------------------------------------------------
// Commands

/** Creates a user; the e-mail is unique without regard to case. Only a Developer creates a Developer. */
export async function createUser(input: NewUser, actor: Actor): Promise<{ ok: true; value: { id: number } } | Invalid> {
  if (!mayManage(actorRole(actor), input.role)) return invalid({ role: [DEVELOPER_ONLY_ROLE] });
  const passwordHash = await hashPassword(input.password);
  try {
    return await getDb().transaction(async (tx) => {
      if (await emailTaken(tx, input.email)) return invalid({ email: [EMAIL_TAKEN] });
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          role: input.role,
          level: input.level,
          passwordHash,
          intelisisAgent: input.intelisisAgent,
          erpUsers: input.erpUsers,
          permissions: input.permissions,
          isActive: input.isActive,
        })
        .returning({ id: users.id });
      await audit(
        {
          message: `Usuario creado: ${input.email}`,
          type: "create",
          tags: ["users", ...(actor ? [] : ["cli"])],
          identifier: row.id,
          userId: actor?.id ?? null,
          detail: profileOf(input),
        },
        tx,
      );
      return ok({ id: row.id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return invalid({ email: [EMAIL_TAKEN] });
    throw error;
  }
}

type Profile = Pick<
  typeof users.$inferSelect,
  "email" | "firstName" | "lastName" | "phone" | "role" | "level" | "erpUsers" | "intelisisAgent" | "permissions" | "isActive"
>;

/** The editable columns of a user (what the audit entry records; never the password). */
function profileOf(u: Profile): Profile {
  return {
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    role: u.role,
    level: u.level,
    erpUsers: u.erpUsers,
    intelisisAgent: u.intelisisAgent,
    permissions: u.permissions,
    isActive: u.isActive,
  };
}

/** Saves the profile form. Deactivating through it follows the same rules as the status button. */
export async function updateUser(id: number, input: UserUpdate, actor: Actor): Promise<CommandResult<{ id: number }>> {
  try {
    return await getDb().transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, id)).for("update").limit(1);
      if (!current) return notFound;
      if (!mayManage(actorRole(actor), current.role)) return developerOnly;
      const errors: FieldErrors = {};
      if (!mayManage(actorRole(actor), input.role)) errors.role = [DEVELOPER_ONLY_ROLE];
      if (actor?.id === id) {
        if (!input.isActive) errors.isActive = [SELF_DEACTIVATE];
        if (input.role !== current.role && !keepsUserAdmin(input.role)) errors.role = [SELF_LOCKOUT];
      }
      if (await emailTaken(tx, input.email, id)) errors.email = [EMAIL_TAKEN];
      if (Object.keys(errors).length) return invalid(errors);

      const after = profileOf(input);
      const changes = diff(profileOf(current), after);
      await tx
        .update(users)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(users.id, id));
      const deactivated = current.isActive && !input.isActive;
      const endedSessions = deactivated ? await endSessions(tx, id) : 0;
      await audit(
        {
          message: `Usuario actualizado: ${input.email}`,
          type: "update",
          tags: deactivated ? ["users", "deactivate"] : ["users"],
          identifier: id,
          userId: actor?.id ?? null,
          detail: deactivated ? { changes, endedSessions } : { changes },
        },
        tx,
      );
      return ok({ id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return invalid({ email: [EMAIL_TAKEN] });
    throw error;
  }
}

function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

/** The account a command changes, locked so its role cannot change between the check and the write. */
async function lockTarget(tx: Tx, id: number) {
  const [row] = await tx.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, id)).for("update").limit(1);
  return row ?? null;
}

async function endSessions(tx: Tx, userId: number, keepSessionId?: string) {
  const where = keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId);
  const ended = await tx.delete(sessions).where(where).returning({ id: sessions.id });
  return ended.length;
}

/**
 * Sets a new password. The user's other open sessions end (whoever held the old password is signed
 * out); an admin resetting their own keeps the session they are using.
 */
export async function resetPassword(id: number, password: string, actor: Actor): Promise<CommandResult<{ email: string }>> {
  const passwordHash = await hashPassword(password);
  return getDb().transaction(async (tx) => {
    const row = await lockTarget(tx, id);
    if (!row) return notFound;
    if (!mayManage(actorRole(actor), row.role)) return developerOnly;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
    const endedSessions = await endSessions(tx, id, actor?.id === id ? actor.sessionId : undefined);
    await audit(
      {
        message: `Contraseña restablecida: ${row.email}`,
        type: "update",
        tags: ["users", "password"],
        identifier: id,
        userId: actor?.id ?? null,
        detail: { endedSessions },
      },
      tx,
    );
    return ok({ email: row.email });
  });
}

/**
 * A new PDV confirmation code, different from every code in use (the user's previous one included).
 * A transaction-scoped advisory lock keeps two simultaneous generations from drawing the same code.
 */
export async function regenerateConfirmCode(
  id: number,
  actor: Actor,
  draw: () => string = () => generateConfirmCode(),
): Promise<CommandResult<{ code: string; email: string }>> {
  return getDb().transaction(async (tx) => {
    const current = await lockTarget(tx, id);
    if (!current) return notFound;
    if (!mayManage(actorRole(actor), current.role)) return developerOnly;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('users.confirm_code_pdv'))`);
    let code: string | null = null;
    for (let attempt = 0; attempt < 50 && !code; attempt++) {
      const candidate = draw();
      const [clash] = await tx.select({ id: users.id }).from(users).where(eq(users.confirmCodePdv, candidate)).limit(1);
      if (!clash) code = candidate;
    }
    if (!code) throw new Error("No fue posible generar un código de confirmación único");
    await tx.update(users).set({ confirmCodePdv: code, updatedAt: new Date() }).where(eq(users.id, id));
    // The code itself is a secret that approves discounts: it is not written to the log.
    await audit(
      {
        message: `Código de confirmación PDV generado: ${current.email}`,
        type: "update",
        tags: ["users", "pdv", "confirm-code"],
        identifier: id,
        userId: actor?.id ?? null,
      },
      tx,
    );
    return ok({ code, email: current.email });
  });
}

/** Deactivates (ending every session of the user) or reactivates. Nobody deactivates themselves. */
export async function setUserActive(
  id: number,
  active: boolean,
  actor: Actor,
): Promise<CommandResult<{ email: string; endedSessions: number }>> {
  if (!active && actor?.id === id) return invalid({}, [SELF_DEACTIVATE]);
  return getDb().transaction(async (tx) => {
    const row = await lockTarget(tx, id);
    if (!row) return notFound;
    if (!mayManage(actorRole(actor), row.role)) return developerOnly;
    await tx.update(users).set({ isActive: active, updatedAt: new Date() }).where(eq(users.id, id));
    const endedSessions = active ? 0 : await endSessions(tx, id);
    await audit(
      {
        message: `${active ? "Usuario reactivado" : "Usuario desactivado"}: ${row.email}`,
        type: "update",
        tags: ["users", active ? "reactivate" : "deactivate"],
        identifier: id,
        userId: actor?.id ?? null,
        detail: active ? undefined : { endedSessions },
      },
      tx,
    );
    return ok({ email: row.email, endedSessions });
  });
}
