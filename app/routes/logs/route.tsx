import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, Outlet, useLoaderData, useLocation } from "react-router";
import { Badge } from "~/components/Badge";
import { DataTable, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { FilterBar, FilterSelect, SearchInput } from "~/components/FilterBar";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { constraintsOf } from "~/lib/constraints";
import { formatDateTime } from "@common/format";
import { requireAccess } from "~/lib/auth/guard.server";
import { listLogs, type LogListRow } from "~/modules/logs/logs.server";
import { LogListQueryShape, parseLogListQuery } from "~/modules/logs/list-query";
import { LOG_TYPES, LOG_TYPE_KEYS, logTypeInfo } from "~/modules/logs/types";
import { loadListPage } from "~/lib/list.server";

export const meta: MetaFunction = () => [{ title: "Actividad" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const list = await loadListPage(url, parseLogListQuery, listLogs);
  return { ...list, searchConstraint: constraintsOf(LogListQueryShape).search };
}

export default function Logs() {
  const { rows, total, page, pageSize, query, searchConstraint } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const columns: Column<LogListRow>[] = [
    {
      key: "date",
      header: "Fecha",
      sortName: "date",
      className: "whitespace-nowrap tabular-nums",
      cell: (r) => formatDateTime(r.createdAt),
    },
    {
      key: "user",
      header: "Usuario",
      className: "whitespace-nowrap",
      cell: (r) => r.userName ?? r.userEmail ?? <span className="text-slate-500">{r.userId ? `#${r.userId}` : "Sistema"}</span>,
    },
    {
      key: "type",
      header: "Tipo",
      cell: (r) => {
        const info = logTypeInfo(r.type);
        return <Badge variant={info.variant}>{info.label}</Badge>;
      },
    },
    {
      key: "message",
      header: "Mensaje",
      className: "min-w-64",
      cell: (r) => (
        <Link to={`/logs/${r.id}${search}`} preventScrollReset className="text-brand-700 underline">
          {r.message}
        </Link>
      ),
    },
    { key: "identifier", header: "Identificador", className: "whitespace-nowrap font-mono text-xs", cell: (r) => r.identifier ?? "" },
    {
      key: "tags",
      header: "Tags",
      cell: (r) => (
        <span className="flex flex-wrap gap-1">
          {r.tags.map((t) => (
            <Badge key={t} variant="gray">
              {t}
            </Badge>
          ))}
        </span>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="Actividad"
        total={total}
        actions={
          <Link to="/logs/feedback" className="btn-secondary">
            Comentarios enviados
          </Link>
        }
      />
      <div className="card mb-4 p-4">
        <FilterBar clearTo="/logs">
          <SearchInput constraint={searchConstraint} defaultValue={query.search} placeholder="Mensaje o identificador" />
          <FilterSelect
            name="type"
            label="Tipo"
            value={query.type}
            allLabel="Todos los tipos"
            options={LOG_TYPE_KEYS.map((t) => [t, LOG_TYPES[t].label] as const)}
          />
        </FilterBar>
      </div>
      <DataTable
        basePath="/logs"
        rows={rows}
        columns={columns}
        rowKey={(r) => r.id}
        caption="Registro de actividad"
        empty="No hay actividad que coincida con la búsqueda."
      />
      <Pagination page={page} total={total} pageSize={pageSize} basePath="/logs" />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
