import type { Column } from "~/components/DataTable";
import { FilterBar } from "~/components/FilterBar";
import { CreateLink, ListPage } from "~/components/ListPage";

/**
 * A list of records created in a dialog (catalogs, locations, promotions, blog posts, shop
 * sections, assistants): ListPage with the one create button (`<basePath>/new`, keeping the list's
 * query so closing the dialog comes back to the same page) and, when the route passes filter fields
 * as children, the GET filter form whose "Limpiar filtros" goes back to the bare list.
 */
export function RecordListPage<T extends { id: string | number }>({
  texts,
  basePath,
  list,
  columns,
  listSearch,
  keep = [],
  children,
}: {
  texts: { title: string; empty: string; newButton: string };
  basePath: string;
  list: { rows: T[]; total: number; page?: number; pageSize?: number };
  columns: Column<T>[];
  /** The list's query as the dialogs carry it (`?…`, or "" for the bare list). */
  listSearch: string;
  /** Parameters the filter form carries over (the sort, on sortable lists). */
  keep?: string[];
  children?: React.ReactNode;
}) {
  const filters = children ? (
    <FilterBar clearTo={basePath} keep={keep}>
      {children}
    </FilterBar>
  ) : undefined;
  return (
    <ListPage
      texts={texts}
      basePath={basePath}
      list={list}
      columns={columns}
      actions={<CreateLink to={`${basePath}/new${listSearch}`}>{texts.newButton}</CreateLink>}
      filters={filters}
    />
  );
}
