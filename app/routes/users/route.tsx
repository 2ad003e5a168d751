import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData, useLocation } from "react-router";
import { Badge } from "~/components/Badge";
import type { Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { FilterBar, FilterSelect, SearchInput } from "~/components/FilterBar";
import { CreateLink, ListPage, nameColumn } from "~/components/ListPage";
import { constraintsOf } from "~/lib/constraints";
import { formatDateTime } from "@common/format";
import { ROLES, ROLE_KEYS, roleLabel } from "@common/roles";
import { requireAccess } from "~/lib/auth/guard.server";
import { USER_STATUSES } from "~/modules/users/list-options";
import { listUsers, type UserListRow } from "~/modules/users/users.server";
import { UserListQueryShape, parseUserListQuery } from "~/modules/users/list-query";
import { loadListPage } from "~/lib/list.server";

const USERS_TEXTS = { title: "Usuarios", empty: "No hay usuarios que coincidan con la búsqueda." };

export const meta: MetaFunction = () => [{ title: USERS_TEXTS.title }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const list = await loadListPage(url, parseUserListQuery, listUsers);
  return { ...list, searchConstraint: constraintsOf(UserListQueryShape).search };
}

export default function UsersList() {
  const list = useLoaderData<typeof loader>();
  const { query, searchConstraint } = list;
  const { search } = useLocation();
  const columns: Column<UserListRow>[] = [
    nameColumn(
      { key: "name", header: "Nombre", sortName: "name" },
      (u) => `/users/${u.id}${search}`,
      (u) => (
        <>
          {u.firstName} {u.lastName}
        </>
      ),
    ),
    { key: "email", header: "Correo electrónico", sortName: "email", cell: (u) => u.email },
    { key: "phone", header: "Teléfono", cell: (u) => u.phone ?? "", className: "whitespace-nowrap" },
    { key: "role", header: "Rol", sortName: "role", cell: (u) => roleLabel(u.role), className: "whitespace-nowrap" },
    { key: "level", header: "Nivel", sortName: "level", cell: (u) => u.level ?? "—" },
    {
      key: "permissions",
      header: "Permisos",
      cell: (u) =>
        u.role === "admin" || u.role === "developer" ? (
          <span className="text-slate-500">Todos</span>
        ) : u.permissions.length ? (
          <Badge variant="indigo">{u.permissions.length}</Badge>
        ) : (
          <span className="text-slate-500">—</span>
        ),
    },
    {
      key: "status",
      header: "Estado",
      sortName: "status",
      cell: (u) => (u.isActive ? <Badge variant="success">Activo</Badge> : <Badge variant="gray">Inactivo</Badge>),
    },
    {
      key: "lastLogin",
      header: "Último acceso",
      sortName: "lastLogin",
      className: "whitespace-nowrap",
      cell: (u) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt) : <span className="text-slate-500">Nunca</span>),
    },
  ];
  return (
    <ListPage
      texts={USERS_TEXTS}
      basePath="/users"
      list={list}
      columns={columns}
      actions={<CreateLink to={`/users/new${search}`}>Nuevo usuario</CreateLink>}
      filters={
        <FilterBar clearTo="/users">
          <SearchInput constraint={searchConstraint} defaultValue={query.search} placeholder="Nombre o correo electrónico" label="Buscar" />
          <FilterSelect
            name="role"
            label="Rol"
            value={query.role}
            allLabel="Todos los roles"
            options={ROLE_KEYS.map((r) => [r, ROLES[r]])}
          />
          <FilterSelect name="status" label="Estado" value={query.status} allLabel="Todos" options={Object.entries(USER_STATUSES)} />
        </FilterBar>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
