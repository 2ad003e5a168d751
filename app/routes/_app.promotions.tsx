import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Badge } from "~/components/Badge";
import { editColumn, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { FilterBar, FilterSelect, SearchInput } from "~/components/FilterBar";
import { requireAccess } from "~/modules/auth/guard.server";
import { PROMOTIONS_PATH, PROMOTION_STATUSES, PROMOTION_TEXTS, formatValidity } from "~/modules/content/promotion-texts";
import { parsePromotionListQuery, type PromotionRow } from "~/modules/content/promotions";
import { listPromotions } from "~/modules/content/promotions.server";
import { CreateLink, ListPage } from "~/web/content/list-page";
import { loadListPage } from "~/web/content/list-page.server";

export const meta: MetaFunction = () => [{ title: PROMOTION_TEXTS.title }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return loadListPage(request, parsePromotionListQuery, listPromotions);
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
    <ListPage
      title={PROMOTION_TEXTS.title}
      basePath={PROMOTIONS_PATH}
      total={total}
      actions={<CreateLink to={`${PROMOTIONS_PATH}/new${search}`}>{PROMOTION_TEXTS.newButton}</CreateLink>}
      filters={
        <FilterBar clearTo={PROMOTIONS_PATH} keep={[]}>
          <SearchInput defaultValue={query.search} placeholder="Título" label="Buscar" />
          <FilterSelect name="promo_status_filter" label="Estatus" value={query.promo_status_filter} allLabel="Todas" options={PROMOTION_STATUSES} />
        </FilterBar>
      }
      rows={rows}
      columns={columns}
      rowKey={(r) => r.id}
      empty={PROMOTION_TEXTS.empty}
      paging={{ page, pageSize }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
