import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { Badge } from "~/components/Badge";
import { DataTable, editColumn, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { FilterBar, FilterSelect, SearchInput } from "~/components/FilterBar";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { LOCATIONS_PATH, LOCATION_STATUSES, LOCATION_TEXTS } from "~/modules/content/location-texts";
import { listLocations } from "~/modules/content/locations.server";
import { parseLocationListQuery, type LocationRow } from "~/modules/content/locations";
import { redirectPastLastPage } from "~/lib/list.server";
import { requireAccess } from "~/modules/auth/guard.server";

export const meta: MetaFunction = () => [{ title: LOCATION_TEXTS.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  const query = parseLocationListQuery(request);
  const page = await listLocations(query);
  redirectPastLastPage(request, page, query.page);
  return { ...page, query };
}

export default function LocationsList() {
  const { rows, total, page, pageSize, query } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const editTo = (r: LocationRow) => `${LOCATIONS_PATH}/${r.id}${search}`;
  const columns: Column<LocationRow>[] = [
    {
      key: "name",
      header: "Sucursal",
      cell: (r) => (
        <Link to={editTo(r)} preventScrollReset className="font-medium text-brand-700 underline">
          {r.name}
        </Link>
      ),
    },
    { key: "address", header: "Dirección", className: "max-w-xl text-slate-700", cell: (r) => <span className="line-clamp-2">{r.address}</span> },
    {
      key: "status",
      header: "Estado",
      className: "w-28",
      cell: (r) => <Badge variant={r.isActive ? "success" : "gray"}>{r.isActive ? "Activa" : "Inactiva"}</Badge>,
    },
    editColumn(editTo, (r) => r.name),
  ];
  return (
    <div>
      <PageHeader
        title={LOCATION_TEXTS.title}
        total={total}
        actions={
          <Link to={`${LOCATIONS_PATH}/new${search}`} preventScrollReset className="btn-primary">
            {LOCATION_TEXTS.newButton}
          </Link>
        }
      />
      <div className="card mb-4 p-4">
        <FilterBar clearTo={LOCATIONS_PATH} keep={[]}>
          <SearchInput defaultValue={query.search} placeholder="Sucursal o dirección" label="Buscar" />
          <FilterSelect name="location_status_filter" label="Estado" value={query.location_status_filter} allLabel="Todas" options={LOCATION_STATUSES} />
        </FilterBar>
      </div>
      <DataTable basePath={LOCATIONS_PATH} rows={rows} columns={columns} rowKey={(r) => r.id} caption={LOCATION_TEXTS.title} empty={LOCATION_TEXTS.empty} />
      <Pagination page={page} total={total} pageSize={pageSize} basePath={LOCATIONS_PATH} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
