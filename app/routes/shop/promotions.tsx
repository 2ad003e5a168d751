import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData, useLocation } from "react-router";
import { Badge } from "~/components/Badge";
import { editColumn, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { FilterSelect, SearchInput } from "~/components/FilterBar";
import { requireAccess } from "~/lib/auth/guard.server";
import { PROMOTIONS_PATH, PROMOTION_STATUSES, PROMOTION_TEXTS, formatValidity } from "~/modules/content/promotion-texts";
import { parsePromotionListQuery, type PromotionRow } from "~/modules/content/promotions";
import { listPromotions } from "~/modules/content/promotions.server";
import { nameColumn } from "~/components/ListPage";
import { RecordListPage } from "~/components/RecordListPage";
import { loadListPage } from "~/lib/list.server";

export const meta: MetaFunction = () => [{ title: PROMOTION_TEXTS.title }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  return loadListPage(url, parsePromotionListQuery, listPromotions);
}

export default function PromotionsList() {
  const list = useLoaderData<typeof loader>();
  const { query } = list;
  const { search } = useLocation();
  const editTo = (r: PromotionRow) => `${PROMOTIONS_PATH}/${r.id}${search}`;
  const columns: Column<PromotionRow>[] = [
    { key: "id", header: "Número", className: "w-24 tabular-nums", cell: (r) => r.id },
    nameColumn({ key: "title", header: "Título" }, editTo, (r) => r.title),
    {
      key: "status",
      header: "Estatus",
      className: "w-28",
      cell: (r) => <Badge variant={r.visible ? "success" : "gray"}>{r.visible ? "Activa" : "Inactiva"}</Badge>,
    },
    {
      key: "validity",
      header: "Vigencia",
      className: "whitespace-nowrap tabular-nums",
      cell: (r) => formatValidity(r.startDate, r.endDate),
    },
    editColumn(editTo, (r) => r.title),
  ];
  return (
    <RecordListPage texts={PROMOTION_TEXTS} basePath={PROMOTIONS_PATH} list={list} columns={columns} listSearch={search}>
      <SearchInput defaultValue={query.search} placeholder="Título" label="Buscar" />
      <FilterSelect
        name="promo_status_filter"
        label="Estatus"
        value={query.promo_status_filter}
        allLabel="Todas"
        options={PROMOTION_STATUSES}
      />
    </RecordListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
