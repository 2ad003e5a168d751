import { redirect, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { Link, Outlet, useLoaderData, useLocation } from "react-router";
import { Badge } from "~/components/Badge";
import { DataTable, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { DayRangeInputs, FilterBar, FilterSelect, SearchInput } from "~/components/FilterBar";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { formatDateTime, formatMoney } from "@common/format";
import { canonicalDayRange } from "~/lib/day-range";
import { requireAccess } from "~/lib/auth/guard.server";
import { STATUS_LABELS, STORED_STATUSES } from "~/modules/quotations/status";
import { listStoredQuotes } from "~/modules/quotations/stored.server";
import { parseStoredQuotesQuery } from "~/routes/products/stored-list-query.server";
import { redirectPastLastPage } from "~/lib/list.server";

export const meta: MetaFunction = () => [{ title: "Cotizaciones guardadas" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const canonical = canonicalDayRange(url);
  if (canonical) throw redirect(canonical);
  const { query, list: wanted } = parseStoredQuotesQuery(url);
  const list = await listStoredQuotes(wanted, user.id);
  redirectPastLastPage(url, list, list.page);
  return { query, list };
}

type Row = Awaited<ReturnType<typeof listStoredQuotes>>["rows"][number];

export default function StoredQuotes() {
  const { query, list } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const columns: Column<Row>[] = [
    {
      key: "folio",
      header: "Número",
      className: "whitespace-nowrap",
      cell: (r) => (
        <Link to={`/products/quotes/${r.folio}${search}`} preventScrollReset className="font-medium text-brand-700 hover:underline">
          {r.folio}
        </Link>
      ),
    },
    { key: "client", header: "Cliente", cell: (r) => `${r.clientName}${r.clientKey ? ` (${r.clientKey})` : ""}` },
    { key: "total", header: "Total", className: "whitespace-nowrap text-right tabular-nums", cell: (r) => formatMoney(r.total) },
    {
      key: "status",
      header: "Estado",
      cell: (r) => (
        <Badge variant={r.shownStatus === "vencida" ? "danger" : r.shownStatus === "convertida" ? "success" : "info"}>
          {STATUS_LABELS[r.shownStatus] ?? r.shownStatus}
        </Badge>
      ),
    },
    { key: "date", header: "Fecha", className: "whitespace-nowrap", cell: (r) => formatDateTime(r.createdAt) },
    { key: "author", header: "Autor", cell: (r) => r.author ?? "—" },
  ];
  return (
    <div className="min-w-0">
      <PageHeader
        title="Cotizaciones guardadas"
        total={list.total}
        actions={
          <Link to="/products" className="btn-secondary">
            Cotizador v3
          </Link>
        }
      />
      <div className="card mb-4 p-4">
        <FilterBar clearTo="/products/quotes" keep={[]}>
          <SearchInput defaultValue={query.search} placeholder="Número (COT-2026-000123) o cliente" />
          <FilterSelect
            name="status"
            label="Estado"
            value={query.status}
            allLabel="Todos"
            options={STORED_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)}
          />
          <FilterSelect
            name="mine"
            label="Autor"
            value={query.mine ? "true" : undefined}
            allLabel="Todos"
            options={[["true", "Mis cotizaciones"]]}
          />
          <DayRangeInputs range={query} />
        </FilterBar>
      </div>
      <DataTable
        rows={list.rows}
        columns={columns}
        rowKey={(r) => r.id}
        basePath="/products/quotes"
        caption="Cotizaciones guardadas"
        empty="No hay cotizaciones que coincidan."
      />
      <Pagination page={list.page} total={list.total} pageSize={list.pageSize} basePath="/products/quotes" />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
