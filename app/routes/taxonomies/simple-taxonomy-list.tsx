import { Link, Outlet, useLocation } from "react-router";
import { DataTable } from "~/components/DataTable";
import { FilterBar, SearchInput } from "~/components/FilterBar";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { TAXONOMY_TEXTS, type SimpleTaxonomy } from "~/modules/catalog/simple-taxonomy-texts";
import type { TaxonomyListData, TaxonomyRow } from "~/modules/catalog/simple-taxonomy";
import { taxonomyColumns } from "./taxonomy-screen";

/** The Sectores / Aplicaciones screen: search, sortable ID and Nombre, edit and delete as dialog routes. */
export function TaxonomyList({ kind, data }: { kind: SimpleTaxonomy; data: TaxonomyListData }) {
  const { rows, total, page, pageSize, query, canDelete } = data;
  const { search } = useLocation();
  const texts = TAXONOMY_TEXTS[kind];
  const { id, name, actions } = taxonomyColumns<TaxonomyRow>(texts.path, search, () => canDelete);
  const columns = [id, name, actions];
  return (
    <div>
      <PageHeader
        title={texts.title}
        total={total}
        actions={
          <Link to={`${texts.path}/new${search}`} preventScrollReset className="btn-primary">
            {texts.newButton}
          </Link>
        }
      />
      <div className="card mb-4 p-4">
        <FilterBar clearTo={texts.path}>
          <SearchInput defaultValue={query.search} placeholder="Nombre" label="Buscar" />
        </FilterBar>
      </div>
      <DataTable basePath={texts.path} rows={rows} columns={columns} rowKey={(r) => r.id} caption={texts.title} empty={texts.empty} />
      <Pagination page={page} total={total} pageSize={pageSize} basePath={texts.path} />
      <Outlet />
    </div>
  );
}
