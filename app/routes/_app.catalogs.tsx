import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { DataTable, editColumn, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { FilterBar, SearchInput } from "~/components/FilterBar";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { redirectPastLastPage } from "~/lib/list.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { parseCatalogListQuery } from "~/modules/content/catalogs";
import { CATALOGS_PATH, CATALOG_TEXTS, type CatalogRow } from "~/modules/content/catalogs-texts";
import { listCatalogs } from "~/modules/content/catalogs.server";

export const meta: MetaFunction = () => [{ title: CATALOG_TEXTS.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  const query = parseCatalogListQuery(request);
  const page = await listCatalogs(query);
  redirectPastLastPage(request, page, query.page);
  return { ...page, query };
}

export default function CatalogsList() {
  const { rows, total, page, pageSize, query } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const editTo = (r: CatalogRow) => `${CATALOGS_PATH}/${r.id}${search}`;
  const columns: Column<CatalogRow>[] = [
    { key: "id", header: "Número", sortName: "id", className: "w-24 tabular-nums", cell: (r) => r.id },
    {
      key: "title",
      header: "Título",
      sortName: "title",
      cell: (r) => (
        <Link to={editTo(r)} preventScrollReset className="font-medium text-brand-700 underline">
          {r.title}
        </Link>
      ),
    },
    { key: "subtitles", header: "Subtítulos", className: "w-28 tabular-nums", cell: (r) => r.subtitleCount },
    { key: "products", header: "Productos", className: "w-28 tabular-nums", cell: (r) => r.productCount },
    editColumn(editTo, (r) => r.title),
  ];
  return (
    <div>
      <PageHeader
        title={CATALOG_TEXTS.title}
        total={total}
        actions={
          <Link to={`${CATALOGS_PATH}/new${search}`} preventScrollReset className="btn-primary">
            {CATALOG_TEXTS.newButton}
          </Link>
        }
      />
      <div className="card mb-4 p-4">
        <FilterBar clearTo={CATALOGS_PATH} keep={["sortName", "sortValue"]}>
          <SearchInput defaultValue={query.search} placeholder="Título" label="Buscar" />
        </FilterBar>
      </div>
      <DataTable basePath={CATALOGS_PATH} rows={rows} columns={columns} rowKey={(r) => r.id} caption={CATALOG_TEXTS.title} empty={CATALOG_TEXTS.empty} />
      <Pagination page={page} total={total} pageSize={pageSize} basePath={CATALOGS_PATH} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
