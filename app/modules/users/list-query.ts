import { parseQuery, q } from "~/lib/query";
import { ROLE_KEYS, type Role } from "@common/roles";
import { USER_SORTS, USER_STATUSES, type UserStatus } from "./list-options";

/** /users's URL: search, role, status, sort and page (a bad value falls back, the rest stay). */
export const UserListQueryShape = {
  search: q.search(),
  role: q.oneOf(ROLE_KEYS as [Role, ...Role[]]),
  status: q.oneOf(Object.keys(USER_STATUSES) as [UserStatus, ...UserStatus[]]),
  sortName: q.oneOf([...USER_SORTS]),
  sortValue: q.sortValue(),
  page: q.page(),
};

export function parseUserListQuery(source: URL | URLSearchParams) {
  return parseQuery(source, UserListQueryShape);
}
