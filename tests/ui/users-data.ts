import { constraintsOf } from "~/lib/constraints";
import type { ROLES } from "@common/roles";
import { parseUserListQuery, UserListQueryShape } from "~/modules/users/list-query";
import { assignableRoles } from "~/modules/users/manage-rule";
import { PasswordResetSchema, UserCreateSchema, UserUpdateSchema } from "~/modules/users/schemas";
import type { loader as editLoader } from "~/routes/users/$userId";
import type { loader as newLoader } from "~/routes/users/new";
import type { loader as listLoader } from "~/routes/users/route";

/**
 * What the users screens' loaders answer, built the way they build it (the query parsed from the URL,
 * the constraints read from the schemas) around rows a test chooses: the stubs stand in for the
 * database, not for the shapes.
 */
export type ListData = Awaited<ReturnType<typeof listLoader>>;
export type EditData = Awaited<ReturnType<typeof editLoader>>;
export type NewData = Awaited<ReturnType<typeof newLoader>>;
type Row = ListData["rows"][number];

export function userRow(id: number, firstName: string, lastName: string, role: keyof typeof ROLES = "practicante"): Row {
  return {
    id,
    email: `${firstName.toLowerCase()}@demo.mx`,
    firstName,
    lastName,
    phone: null,
    role,
    level: null,
    permissions: [],
    isActive: true,
    lastLoginAt: null,
    createdAt: new Date("2025-01-15T16:00:00Z"),
  };
}

export function listData(url: URL, rows: Row[], total = rows.length, pageSize = 20): ListData {
  const query = parseUserListQuery(url);
  return { rows, total, page: query.page, pageSize, query, searchConstraint: constraintsOf(UserListQueryShape).search };
}

export function editData(row: Row, actor: keyof typeof ROLES = "admin"): EditData {
  return {
    user: { ...row, confirmCodePdv: "k3v9q", intelisisAgent: null, erpUsers: [], updatedAt: row.createdAt },
    isSelf: false,
    mayChange: true,
    roles: assignableRoles(actor),
    constraints: { profile: constraintsOf(UserUpdateSchema), password: constraintsOf(PasswordResetSchema) },
  };
}

export function newData(actor: keyof typeof ROLES = "admin"): NewData {
  return { constraint: constraintsOf(UserCreateSchema), roles: assignableRoles(actor) };
}
