import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData, useLocation } from "react-router";
import { Badge } from "~/components/Badge";
import { type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { FilterBar, FilterSelect } from "~/components/FilterBar";
import { ListPage } from "~/components/ListPage";
import { can } from "~/lib/access";
import { formatDateTime } from "@common/format";
import { withParams } from "~/lib/list-url";
import { requireAccess } from "~/lib/auth/guard.server";
import {
  choicesWith,
  DAY_FILTERS,
  FILTER_PARAMS,
  MANAGEMENT_TYPES,
  URL_ONLY_TYPES,
  MOVEMENT_FILTERS,
  parseOrdersQuery,
  QUICK_STATUSES,
  type OrdersQuery,
} from "~/modules/orders/filters";
import { ORDER_CONSTRAINTS } from "~/modules/orders/constraints.server";
import { listOrders, type OrderListRow } from "~/modules/orders/orders.server";
import { logisticLabel } from "~/modules/orders/rules";
import { describeSearch } from "~/modules/orders/search";
import { redirectPastLastPage } from "~/lib/list.server";

export const meta: MetaFunction = () => [{ title: "Órdenes" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const query = parseOrdersQuery(url);
  const { rows, total, page, pageSize, search, range, rangeError } = await listOrders(query);
  redirectPastLastPage(url, { total, pageSize }, page);
  return {
    rows,
    total,
    page,
    pageSize,
    query: shownFilters(query),
    searchHint: describeSearch(search),
    range: range ? { start: range.start, end: range.end } : null,
    rangeError,
    canSalesReport: can(user, "orders.salesReport"),
    constraints: { search: ORDER_CONSTRAINTS.list.search },
  };
}

/** The filters the page's forms show, the empty ones left out: the page's data travels in its HTML too. */
function shownFilters(query: OrdersQuery): Partial<Pick<OrdersQuery, (typeof FILTER_PARAMS)[number]>> {
  return Object.fromEntries(FILTER_PARAMS.flatMap((name) => (query[name] === undefined ? [] : [[name, query[name]]])));
}

/** yyyy/mm/dd (URL) ⇄ yyyy-mm-dd (date input). */
const toInput = (v: string | undefined) => (v ? v.replace(/\//g, "-") : undefined);

export default function OrdersList() {
  const { rows, total, page, pageSize, query, searchHint, range, rangeError, canSalesReport, constraints } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const advancedCount = [query.order_status_filter, query.shipment_status_filter, query.claim_return_status_filter].filter(Boolean).length;

  const columns: Column<OrderListRow>[] = [
    {
      key: "select",
      header: <span className="sr-only">Seleccionar para imprimir</span>,
      cell: (o) =>
        o.printable ? (
          <input
            type="checkbox"
            name="ids"
            value={o.id}
            form="bulk-labels"
            className="h-4 w-4 rounded border-slate-300"
            aria-label={`Seleccionar la orden ${o.id} para imprimir su etiqueta`}
          />
        ) : null,
    },
    // Row links carry no `data-discover`: the whole route manifest is in the browser (decision 0027).
    {
      key: "detail",
      header: "Detalle",
      cell: (o) => (
        <Link
          to={`/orders/${o.id}${search}`}
          preventScrollReset
          discover="none"
          className="text-brand-700 underline"
          aria-label={`Ver detalle de la orden ${o.id}`}
        >
          Ver
        </Link>
      ),
    },
    {
      key: "sale",
      header: "No. de venta",
      className: "whitespace-nowrap font-mono text-xs",
      cell: (o) =>
        o.relatedOrderId ? (
          <span className="flex flex-col">
            <span>{o.id}</span>
            <span className="text-slate-500">V{o.relatedOrderId}</span>
          </span>
        ) : (
          o.id
        ),
    },
    {
      key: "date",
      header: "Fecha",
      sortName: "date",
      className: "whitespace-nowrap tabular-nums",
      cell: (o) => formatDateTime(o.orderDate),
    },
    { key: "type", header: "Tipo de gestión", className: "whitespace-nowrap", cell: (o) => logisticLabel(o.logisticType) },
    {
      key: "status",
      header: "Estatus",
      cell: (o) => {
        const status = (
          <Badge variant={o.status.variant} className="whitespace-nowrap">
            {o.status.label}
          </Badge>
        );
        return o.delayed ? (
          <span className="flex flex-col items-start gap-1">
            {status}
            <Badge variant="danger" className="whitespace-nowrap">
              Estás con demora
            </Badge>
          </span>
        ) : (
          status
        );
      },
    },
    { key: "ready", header: "Tiempo a listo", className: "whitespace-nowrap tabular-nums", cell: (o) => o.timeToReady ?? "—" },
    {
      key: "movement",
      header: "Movimiento",
      className: "whitespace-nowrap",
      cell: (o) =>
        o.intelisisMovement ? (
          <span className="font-mono">{o.intelisisMovement}</span>
        ) : (
          <span className="text-slate-500">Sin asignar</span>
        ),
    },
    {
      key: "comments",
      header: "Comentarios",
      className: "max-w-56 truncate",
      cell: (o) => (o.comments ? <span title={o.comments}>{o.comments}</span> : null),
    },
    {
      key: "owner",
      header: "Responsable",
      className: "whitespace-nowrap",
      cell: (o) => o.packageManager ?? <span className="text-slate-500">—</span>,
    },
    {
      key: "edit",
      header: <span className="sr-only">Editar</span>,
      cell: (o) => (
        <Link to={`/orders/${o.id}${search}`} preventScrollReset discover="none" className="btn-ghost px-2 py-1 text-xs">
          Editar
        </Link>
      ),
    },
  ];

  return (
    <ListPage
      texts={{ title: "Órdenes", empty: "No hay órdenes que coincidan con los filtros." }}
      basePath="/orders"
      list={{ rows, total, page, pageSize }}
      columns={columns}
      actions={
        <>
          {canSalesReport ? (
            <Link to={`/orders/reports${withParams(search, { report: "sales" })}`} preventScrollReset className="btn-secondary">
              Reporte de ventas
            </Link>
          ) : null}
          <Link to={`/orders/reports${withParams(search, { report: "customers" })}`} preventScrollReset className="btn-secondary">
            Reporte de clientes
          </Link>
          <button type="submit" form="bulk-labels" className="btn-primary">
            Imprimir etiquetas
          </button>
        </>
      }
      filters={
        <>
          {/* Bulk labels: a plain form (no client routing) so the PDF opens in a new window, JS or not. */}
          <form id="bulk-labels" method="post" action="/orders/labels" target="_blank" />
          <FilterBar
            clearTo="/orders"
            keep={["sortName", "sortValue", "order_status_filter", "shipment_status_filter", "claim_return_status_filter"]}
          >
            {/* Searched on Enter (or the button), not while typing. */}
            <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm">
              <span className="font-medium text-slate-700">Buscar</span>
              <input
                type="search"
                name="search"
                {...constraints.search}
                defaultValue={query.search ?? ""}
                className="input"
                placeholder="Orden, MLM…, V + orden, SKU o movimiento"
                aria-describedby="orders-search-hint"
              />
            </label>
            <FilterSelect
              name="filterLogisticType"
              label="Tipo de gestión"
              value={query.filterLogisticType}
              allLabel="Todos"
              options={choicesWith(MANAGEMENT_TYPES, URL_ONLY_TYPES, query.filterLogisticType)}
            />
            <FilterSelect
              name="assigned_move_filter"
              label="Movimiento"
              value={query.assigned_move_filter}
              allLabel="Todos"
              options={MOVEMENT_FILTERS}
            />
            <FilterSelect
              name="filterStatus"
              label="Reclamos y devoluciones"
              value={query.filterStatus}
              allLabel="Todas"
              options={QUICK_STATUSES}
            />
            <FilterSelect name="day_filter" label="Periodo" value={query.day_filter} allLabel="Cualquier fecha" options={DAY_FILTERS} />
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium text-slate-700">Desde</span>
              <input type="date" name="start_date" defaultValue={toInput(query.start_date) ?? ""} className="input" />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium text-slate-700">Hasta</span>
              <input type="date" name="end_date" defaultValue={toInput(query.end_date) ?? ""} className="input" />
            </label>
            <Link to={`/orders/filters${search}`} preventScrollReset className="btn-ghost">
              Filtros avanzados{advancedCount ? ` (${advancedCount})` : ""}
            </Link>
          </FilterBar>
          <p id="orders-search-hint" className="mt-2 text-xs text-slate-500">
            Busca por ID de orden, publicación con su prefijo (MLM…), V seguida del ID de orden, SKU o movimiento ERP.
            {searchHint ? <span className="ml-1 font-medium text-slate-700">Buscando: {searchHint}.</span> : null}
            {range ? (
              <span className="ml-1 font-medium text-slate-700">
                Del {range.start} al {range.end}.
              </span>
            ) : null}
          </p>
          {rangeError ? (
            <p role="alert" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="range-error">
              <strong>{rangeError.title}:</strong> {rangeError.message}
            </p>
          ) : null}
        </>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
