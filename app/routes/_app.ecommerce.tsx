import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { DataTable, editColumn, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { PageHeader } from "~/components/PageHeader";
import { SectionStatusSwitch } from "~/modules/content/shop-section-dialogs";
import { SHOP_SECTIONS_PATH, SHOP_SECTION_TEXTS, type ShopSectionRow } from "~/modules/content/shop-sections";
import { shopSectionListAction, shopSectionListLoader } from "~/modules/content/shop-sections.server";

export const meta: MetaFunction = () => [{ title: SHOP_SECTION_TEXTS.title }];

export const loader = ({ request }: LoaderFunctionArgs) => shopSectionListLoader(request);

export const action = ({ request }: ActionFunctionArgs) => shopSectionListAction(request);

export default function ShopSectionsList() {
  const { rows, total } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const editTo = (r: ShopSectionRow) => `${SHOP_SECTIONS_PATH}/${r.id}${search}`;
  const columns: Column<ShopSectionRow>[] = [
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
    { key: "products", header: "Productos", className: "w-28 tabular-nums", cell: (r) => r.productCount },
    { key: "status", header: "Activa", className: "w-24", cell: (r) => <SectionStatusSwitch row={r} /> },
    editColumn(editTo, (r) => r.title),
  ];
  return (
    <div>
      <PageHeader
        title={SHOP_SECTION_TEXTS.title}
        total={total}
        actions={
          <Link to={`${SHOP_SECTIONS_PATH}/new${search}`} preventScrollReset className="btn-primary">
            {SHOP_SECTION_TEXTS.newButton}
          </Link>
        }
      />
      <DataTable basePath={SHOP_SECTIONS_PATH} rows={rows} columns={columns} rowKey={(r) => r.id} caption={SHOP_SECTION_TEXTS.title} empty={SHOP_SECTION_TEXTS.empty} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
