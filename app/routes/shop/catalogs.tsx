import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData, useLocation } from "react-router";
import { editColumn, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { SearchInput } from "~/components/FilterBar";
import { requireAccess } from "~/lib/auth/guard.server";
import { parseCatalogListQuery } from "~/modules/content/catalogs";
import { CATALOGS_PATH, CATALOG_TEXTS, type CatalogRow } from "~/modules/content/catalogs-texts";
import { listCatalogs } from "~/modules/content/catalogs.server";
import { nameColumn } from "~/components/ListPage";
import { RecordListPage } from "~/components/RecordListPage";
import { loadListPage } from "~/lib/list.server";

export const meta: MetaFunction = () => [{ title: CATALOG_TEXTS.title }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  return loadListPage(url, parseCatalogListQuery, listCatalogs);
}

export default function CatalogsList() {
  const list = useLoaderData<typeof loader>();
  const { query } = list;
  const { search } = useLocation();
  const editTo = (r: CatalogRow) => `${CATALOGS_PATH}/${r.id}${search}`;
  const columns: Column<CatalogRow>[] = [
    { key: "id", header: "Número", sortName: "id", className: "w-24 tabular-nums", cell: (r) => r.id },
    nameColumn({ key: "title", header: "Título", sortName: "title" }, editTo, (r) => r.title),
    { key: "subtitles", header: "Subtítulos", className: "w-28 tabular-nums", cell: (r) => r.subtitleCount },
    { key: "products", header: "Productos", className: "w-28 tabular-nums", cell: (r) => r.productCount },
    editColumn(editTo, (r) => r.title),
  ];
  return (
    <RecordListPage
      texts={CATALOG_TEXTS}
      basePath={CATALOGS_PATH}
      list={list}
      columns={columns}
      listSearch={search}
      keep={["sortName", "sortValue"]}
    >
      <SearchInput defaultValue={query.search} placeholder="Título" label="Buscar" />
    </RecordListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
