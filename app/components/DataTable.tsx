import { Link, useLocation } from "react-router";
import { withParams } from "~/lib/list-url";
import { cn } from "~/lib/cn";
import { ScrollBox } from "./ScrollBox";

export type Column<T> = {
  key: string;
  header: React.ReactNode;
  cell: (row: T) => React.ReactNode;
  /** The sortName sent in the URL when this column is sortable. */
  sortName?: string;
  className?: string;
};

/** The trailing "Editar" column: a link to the row's dialog route, named after the row for screen readers. */
export function editColumn<T>(to: (row: T) => string, name: (row: T) => string): Column<T> {
  return {
    key: "actions",
    header: <span className="sr-only">Acciones</span>,
    className: "w-24 text-right",
    cell: (row) => (
      <Link to={to(row)} preventScrollReset className="btn-ghost px-2 py-1" aria-label={`Editar ${name(row)}`}>
        Editar
      </Link>
    ),
  };
}

/** A server-sorted table: sort headers are links that toggle sortName/sortValue and reset the page. */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  empty = "Sin resultados",
  caption,
  basePath,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  empty?: React.ReactNode;
  caption?: string;
  /** The list's own path, so sorting from an open dialog closes it instead of keeping it. */
  basePath?: string;
}) {
  return (
    <ScrollBox label={caption ?? "Tabla"} className="card">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={cn("whitespace-nowrap px-3 py-2.5 text-left font-semibold text-slate-700", c.className)}
              >
                {c.sortName ? (
                  <SortHeader name={c.sortName} basePath={basePath}>
                    {c.header}
                  </SortHeader>
                ) : (
                  c.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-10 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="data-row">
                {columns.map((c) => (
                  <td key={c.key} className={cn("data-cell", c.className)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollBox>
  );
}

export function SortHeader({ name, children, basePath }: { name: string; children: React.ReactNode; basePath?: string }) {
  const location = useLocation();
  const search = location.search;
  const pathname = basePath ?? location.pathname;
  const params = new URLSearchParams(search);
  const active = params.get("sortName") === name;
  const current = active ? params.get("sortValue") : null;
  const next = current === "asc" ? "desc" : "asc";
  const to = pathname + withParams(search, { sortName: name, sortValue: next, page: undefined });
  return (
    <Link
      to={to}
      preventScrollReset
      className="inline-flex items-center gap-1 hover:text-brand-700"
      aria-sort={active ? (current === "asc" ? "ascending" : "descending") : undefined}
    >
      {children}
      {/* The link's name keeps the column's label (what is seen is what is said) and says what a press does. */}
      <span className="sr-only">{`, ordenar ${next === "asc" ? "ascendente" : "descendente"}`}</span>
      <span aria-hidden className={cn("text-xs", active ? "text-brand-600" : "text-slate-300")}>
        {active ? (current === "asc" ? "▲" : "▼") : "↕"}
      </span>
    </Link>
  );
}
