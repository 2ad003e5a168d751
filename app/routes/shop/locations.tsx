import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData, useLocation } from "react-router";
import { Badge } from "~/components/Badge";
import { editColumn, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { FilterSelect, SearchInput } from "~/components/FilterBar";
import { LOCATIONS_PATH, LOCATION_STATUSES, LOCATION_TEXTS } from "~/modules/content/location-texts";
import { listLocations } from "~/modules/content/locations.server";
import { parseLocationListQuery, type LocationRow } from "~/modules/content/locations";
import { requireAccess } from "~/lib/auth/guard.server";
import { nameColumn } from "~/components/ListPage";
import { RecordListPage } from "~/components/RecordListPage";
import { loadListPage } from "~/lib/list.server";

export const meta: MetaFunction = () => [{ title: LOCATION_TEXTS.title }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  return loadListPage(url, parseLocationListQuery, listLocations);
}

export default function LocationsList() {
  const list = useLoaderData<typeof loader>();
  const { query } = list;
  const { search } = useLocation();
  const editTo = (r: LocationRow) => `${LOCATIONS_PATH}/${r.id}${search}`;
  const columns: Column<LocationRow>[] = [
    nameColumn({ key: "name", header: "Sucursal" }, editTo, (r) => r.name),
    {
      key: "address",
      header: "Dirección",
      className: "max-w-xl text-slate-700",
      cell: (r) => <span className="line-clamp-2">{r.address}</span>,
    },
    {
      key: "status",
      header: "Estado",
      className: "w-28",
      cell: (r) => <Badge variant={r.isActive ? "success" : "gray"}>{r.isActive ? "Activa" : "Inactiva"}</Badge>,
    },
    editColumn(editTo, (r) => r.name),
  ];
  return (
    <RecordListPage texts={LOCATION_TEXTS} basePath={LOCATIONS_PATH} list={list} columns={columns} listSearch={search}>
      <SearchInput defaultValue={query.search} placeholder="Sucursal o dirección" label="Buscar" />
      <FilterSelect
        name="location_status_filter"
        label="Estado"
        value={query.location_status_filter}
        allLabel="Todas"
        options={LOCATION_STATUSES}
      />
    </RecordListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
