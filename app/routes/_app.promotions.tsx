import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { Badge } from "~/components/Badge";
import { DataTable, editColumn, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { FilterBar, FilterSelect, SearchInput } from "~/components/FilterBar";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { redirectPastLastPage } from "~/lib/list.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { PROMOTIONS_PATH, PROMOTION_STATUSES, PROMOTION_TEXTS, formatValidity } from "~/modules/content/promotion-texts";
import { parsePromotionListQuery, type PromotionRow } from "~/modules/content/promotions";
import { listPromotions } from "~/modules/content/promotions.server";

export const meta: MetaFunction = () => [{ title: PROMOTION_TEXTS.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  const query = parsePromotionListQuery(request);
  const page = await listPromotions(query);
  redirectPastLastPage(request, page, query.page);
  return { ...page, query };
}

export default function PromotionsList() {
  const { rows, total, page, pageSize, query } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const editTo = (r: PromotionRow) => `${PROMOTIONS_PATH}/${r.id}${search}`;
  const columns: Column<PromotionRow>[] = [
    { key: "id", header: "Número", className: "w-24 tabular-nums", cell: (r) => r.id },
    {
      key: "title",
      header: "Título",
      cell: (r) => (
        <Link to={editTo(r)} preventScrollReset className="font-medium text-brand-700 underline">
          {r.title}
        </Link>
      ),
    },
    {
      key: "status",
      header: "Estatus",
      className: "w-28",
      cell: (r) => <Badge variant={r.visible ? "success" : "gray"}>{r.visible ? "Activa" : "Inactiva"}</Badge>,
    },
    { key: "validity", header: "Vigencia", className: "whitespace-nowrap tabular-nums", cell: (r) => formatValidity(r.startDate, r.endDate) },
    editColumn(editTo, (r) => r.title),
  ];
  return (
    <div>
      <PageHeader
        title={PROMOTION_TEXTS.title}
        total={total}
        actions={
          <Link to={`${PROMOTIONS_PATH}/new${search}`} preventScrollReset className="btn-primary">
            {PROMOTION_TEXTS.newButton}
          </Link>
        }
      />
      <div className="card mb-4 p-4">
        <FilterBar clearTo={PROMOTIONS_PATH} keep={[]}>
          <SearchInput defaultValue={query.search} placeholder="Título" label="Buscar" />
          <FilterSelect name="promo_status_filter" label="Estatus" value={query.promo_status_filter} allLabel="Todas" options={PROMOTION_STATUSES} />
        </FilterBar>
      </div>
      <DataTable basePath={PROMOTIONS_PATH} rows={rows} columns={columns} rowKey={(r) => r.id} caption={PROMOTION_TEXTS.title} empty={PROMOTION_TEXTS.empty} />
      <Pagination page={page} total={total} pageSize={pageSize} basePath={PROMOTIONS_PATH} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
