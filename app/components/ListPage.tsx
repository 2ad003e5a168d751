import { Link, Outlet } from "react-router";
import { DataTable, type Column } from "~/components/DataTable";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";

/** One loaded page of a list (a list that is not paged leaves page and pageSize out). */
type LoadedList<T> = { rows: T[]; total: number; page?: number; pageSize?: number };

/**
 * The frame list screens share (orders, publications, content, blogs, assistants, web inventory,
 * users): the title with its count and its create links, the GET filters in a card, the table
 * (captioned with the title), the page links of a paged list, and the open dialog (the nested
 * route) over the list.
 */
export function ListPage<T extends { id: string | number }>({
  texts,
  basePath,
  list,
  columns,
  actions,
  filters,
}: {
  texts: { title: string; empty: string };
  basePath: string;
  list: LoadedList<T>;
  columns: Column<T>[];
  actions: React.ReactNode;
  filters?: React.ReactNode;
}) {
  const { rows, total, page, pageSize } = list;
  return (
    <div>
      <PageHeader title={texts.title} total={total} actions={actions} />
      {filters ? <div className="card mb-4 p-4">{filters}</div> : null}
      <DataTable basePath={basePath} rows={rows} columns={columns} rowKey={(r) => r.id} caption={texts.title} empty={texts.empty} />
      {page !== undefined && pageSize !== undefined ? (
        <Pagination page={page} total={total} pageSize={pageSize} basePath={basePath} />
      ) : null}
      <Outlet />
    </div>
  );
}

/** A list's create button: the dialog route, keeping the list's query so closing it comes back to the same page. */
export function CreateLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} preventScrollReset className="btn-primary">
      {children}
    </Link>
  );
}

/** The column of the row's name, a link to the row's dialog. */
export function nameColumn<T>(
  column: { key: string; header: string; sortName?: string },
  to: (row: T) => string,
  name: (row: T) => React.ReactNode,
): Column<T> {
  return {
    ...column,
    cell: (row) => (
      <Link to={to(row)} preventScrollReset className="font-medium text-brand-700 underline">
        {name(row)}
      </Link>
    ),
  };
}
