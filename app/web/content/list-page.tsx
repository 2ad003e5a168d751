import { Link, Outlet } from "@remix-run/react";
import { DataTable, type Column } from "~/components/DataTable";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";

/**
 * The frame every list screen of the content, blog, assistant and web-inventory areas shares: the
 * title with its count and its create links, the GET filters in a card, the table (captioned with
 * the title), the page links, and the open dialog (the nested route) drawn over the list.
 * A list with no filters or no paging leaves `filters` or `paging` out.
 */
export function ListPage<T>({
  title,
  basePath,
  total,
  actions,
  filters,
  rows,
  columns,
  rowKey,
  empty,
  paging,
}: {
  title: string;
  basePath: string;
  total: number;
  actions: React.ReactNode;
  filters?: React.ReactNode;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  empty: React.ReactNode;
  paging?: { page: number; pageSize: number };
}) {
  return (
    <div>
      <PageHeader title={title} total={total} actions={actions} />
      {filters ? <div className="card mb-4 p-4">{filters}</div> : null}
      <DataTable basePath={basePath} rows={rows} columns={columns} rowKey={rowKey} caption={title} empty={empty} />
      {paging ? <Pagination page={paging.page} total={total} pageSize={paging.pageSize} basePath={basePath} /> : null}
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
