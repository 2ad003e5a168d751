import { Link, Outlet, useLocation } from "@remix-run/react";
import { DataTable, type Column } from "~/components/DataTable";
import { FilterBar, SearchInput } from "~/components/FilterBar";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { TAXONOMY_TEXTS, type SimpleTaxonomy } from "./simple-taxonomy-texts";
import type { TaxonomyListData, TaxonomyRow } from "./simple-taxonomy";

/** The Sectores / Aplicaciones screen: search, sortable ID and Nombre, edit and delete as dialog routes. */
export function TaxonomyList({ kind, data }: { kind: SimpleTaxonomy; data: TaxonomyListData }) {
  const { rows, total, page, pageSize, query, canDelete } = data;
  const { search } = useLocation();
  const texts = TAXONOMY_TEXTS[kind];
  const columns: Column<TaxonomyRow>[] = [
    { key: "id", header: "ID", sortName: "id", className: "w-24 tabular-nums", cell: (r) => r.id },
    {
      key: "name",
      header: "Nombre",
      sortName: "name",
      cell: (r) => (
        <Link to={`${texts.path}/${r.id}${search}`} preventScrollReset className="font-medium text-brand-700 underline">
          {r.name}
        </Link>
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">Acciones</span>,
      className: "w-48 text-right whitespace-nowrap",
      cell: (r) => (
        <span className="inline-flex gap-1">
          <Link to={`${texts.path}/${r.id}${search}`} preventScrollReset className="btn-ghost px-2 py-1" aria-label={`Editar ${r.name}`}>
            Editar
          </Link>
          {canDelete ? (
            <Link
              to={`${texts.path}/${r.id}/delete${search}`}
              preventScrollReset
              className="btn-ghost px-2 py-1 text-red-700"
              aria-label={`Eliminar ${r.name}`}
            >
              Eliminar
            </Link>
          ) : null}
        </span>
      ),
    },
  ];
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
