import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { redirect } from "react-router";
import { Link, Outlet, useLoaderData, useLocation } from "react-router";
import { Badge } from "~/components/Badge";
import { DataTable, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { DayRangeInputs, FilterBar, SearchInput } from "~/components/FilterBar";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { constraintsOf } from "~/lib/constraints";
import { canonicalDayRange } from "~/lib/day-range";
import { formatDateTime } from "@common/format";
import { parseQuery } from "~/lib/query";
import type { InvoiceFeedbackRecord } from "@server/integrations";
import { requireAccess } from "~/lib/auth/guard.server";
import { listFeedbackInvoices } from "~/modules/invoices/invoices.server";
import { feedbackErrorMessage, feedbackStatus } from "~/modules/invoices/rules";
import { FeedbackQuery } from "~/modules/invoices/schemas";
import { redirectPastLastPage } from "~/lib/list.server";

export const meta: MetaFunction = () => [{ title: "Facturación v2" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const canonical = canonicalDayRange(url);
  if (canonical) throw redirect(canonical);
  const query = parseQuery(url, FeedbackQuery);
  const { answer, page, pageSize } = await listFeedbackInvoices(query);
  if (answer.ok) redirectPastLastPage(url, { total: answer.total, pageSize }, page);
  return { answer, page, pageSize, query, searchConstraint: constraintsOf(FeedbackQuery).search };
}

export default function FeedbackInvoices() {
  const { answer, page, pageSize, query, searchConstraint } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const columns: Column<InvoiceFeedbackRecord>[] = [
    {
      key: "sale",
      header: "Venta",
      className: "whitespace-nowrap",
      cell: (r) => (
        <a href={r.permalink} target="_blank" rel="noreferrer" className="font-mono text-brand-700 underline">
          {r.id}
        </a>
      ),
    },
    { key: "date", header: "Fecha", className: "whitespace-nowrap tabular-nums", cell: (r) => formatDateTime(r.dateCreated) },
    {
      key: "customer",
      header: "Cliente",
      cell: (r) => (
        <span>
          {r.invoiceData.name || <span className="text-slate-500">Sin nombre</span>}
          <span className="block font-mono text-xs text-slate-500">{r.invoiceData.rfc}</span>
        </span>
      ),
    },
    {
      key: "status",
      header: "Estado",
      cell: (r) => {
        const status = feedbackStatus(r.errorInfo);
        const problem = feedbackErrorMessage(r.errorInfo);
        return (
          <span className="flex flex-col items-start gap-0.5">
            <Badge variant={status.variant}>{status.label}</Badge>
            {problem ? <span className="text-xs text-red-700">{problem}</span> : null}
          </span>
        );
      },
    },
    {
      key: "edit",
      header: <span className="sr-only">Acciones</span>,
      className: "text-right",
      cell: (r) => (
        <Link
          to={`/feedback-invoices/${r.id}${search}`}
          preventScrollReset
          className="btn-ghost px-2 py-1 text-sm"
          aria-label={`Ver la factura de la venta ${r.id}`}
        >
          Ver
        </Link>
      ),
    },
  ];
  return (
    <div>
      <PageHeader title="Facturación v2" total={answer.ok ? answer.total : undefined} />
      <div className="card mb-4 p-4">
        <FilterBar clearTo="/feedback-invoices" keep={["status_filter"]}>
          <SearchInput constraint={searchConstraint} defaultValue={query.search} placeholder="Venta, nombre o RFC" />
          <DayRangeInputs range={query} />
        </FilterBar>
      </div>
      {answer.ok ? (
        <>
          {answer.copy ? (
            <div className="card mb-4 border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" role="status">
              <p className="font-medium">
                El back end de facturas no responde: se muestra la copia local del {formatDateTime(answer.copy.syncedAt)}.
              </p>
              <p className="mt-1">{answer.copy.message}</p>
            </div>
          ) : null}
          <DataTable
            basePath="/feedback-invoices"
            rows={answer.data}
            columns={columns}
            rowKey={(r) => r.id}
            caption="Facturas de ventas"
            empty="No hay facturas que coincidan con los filtros."
          />
          <Pagination page={page} total={answer.total} pageSize={pageSize} basePath="/feedback-invoices" />
        </>
      ) : (
        <div className="card border-red-200 bg-red-50 p-4 text-sm text-red-800" role="alert">
          <p className="font-medium">No se pudieron consultar las facturas.</p>
          <p className="mt-1">{answer.message}</p>
        </div>
      )}
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
