import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { CloseLink } from "~/components/CloseLink";
import { Form, useLoaderData, useLocation } from "react-router";
import { RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { requireAccess } from "~/lib/auth/guard.server";
import {
  choicesWith,
  URL_ONLY_ORDER_STATUSES,
  CLAIM_STATUS_FILTERS,
  FILTER_PARAMS,
  ORDER_STATUS_FILTERS,
  parseOrdersQuery,
  SHIPMENT_STATUS_FILTERS,
} from "~/modules/orders/filters";

export const meta: MetaFunction = () => [{ title: "Filtros avanzados · Órdenes" }];

const ADVANCED = ["order_status_filter", "shipment_status_filter", "claim_return_status_filter"] as const;

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  return { query: parseOrdersQuery(url) };
}

function RadioGroup({
  name,
  legend,
  value,
  options,
}: {
  name: string;
  legend: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <fieldset className="mb-4">
      <legend className="mb-2 text-sm font-semibold text-slate-700">{legend}</legend>
      <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-3">
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={name} value="" defaultChecked={!value} /> Todos
        </label>
        {options.map(([key, label]) => (
          <label key={key} className="flex items-center gap-2 text-sm">
            <input type="radio" name={name} value={key} defaultChecked={value === key} /> {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The advanced filters: radio groups submitted as a GET to the list, the other filters kept. */
export default function OrdersAdvancedFilters() {
  const { query } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const closeTo = `/orders${search}`;
  const kept = [...FILTER_PARAMS.filter((k) => !(ADVANCED as readonly string[]).includes(k)), "sortName", "sortValue"];
  const values = query as Record<string, unknown>;
  return (
    <RouteDialog title="Filtros avanzados" closeTo={closeTo} size="lg">
      <Form method="get" action="/orders" preventScrollReset id="advanced-filters">
        {kept.map((k) => (values[k] ? <input key={k} type="hidden" name={k} value={String(values[k])} /> : null))}
        <RadioGroup
          name="order_status_filter"
          legend="Estatus de la orden"
          value={query.order_status_filter}
          options={choicesWith(ORDER_STATUS_FILTERS, URL_ONLY_ORDER_STATUSES, query.order_status_filter)}
        />
        <RadioGroup
          name="shipment_status_filter"
          legend="Estatus del envío"
          value={query.shipment_status_filter}
          options={SHIPMENT_STATUS_FILTERS}
        />
        <RadioGroup
          name="claim_return_status_filter"
          legend="Reclamo o devolución"
          value={query.claim_return_status_filter}
          options={CLAIM_STATUS_FILTERS}
        />
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-3">
          <CloseLink to={closeTo}>Cancelar</CloseLink>
          <button type="submit" className="btn-primary">
            Aplicar filtros
          </button>
        </div>
      </Form>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/orders" notFoundTitle="No encontrado" notFoundText="La página no existe." />;
}
