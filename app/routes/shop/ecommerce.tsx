import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData, useLocation } from "react-router";
import { editColumn, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { SectionStatusSwitch } from "~/routes/shop/shop-section-switch";
import { listUrlOf, readForm } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { SectionToggleSchema } from "~/modules/content/shop-sections";
import { SHOP_SECTIONS_PATH, SHOP_SECTION_TEXTS, type ShopSectionRow } from "~/modules/content/shop-section-texts";
import { listShopSections, setShopSectionStatus } from "~/modules/content/shop-sections.server";
import { nameColumn } from "~/components/ListPage";
import { RecordListPage } from "~/components/RecordListPage";

export const meta: MetaFunction = () => [{ title: SHOP_SECTION_TEXTS.title }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const rows = await listShopSections();
  return { rows, total: rows.length };
}

/**
 * The switch of a row. Bad input or a missing section come back to the list with a warning toast
 * (never a 400 page): without JavaScript that is where the user is, and with it the redirect
 * reloads the list, undoing the optimistic switch.
 */
export async function action({ request, url }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const parsed = SectionToggleSchema.safeParse(Object.fromEntries(await readForm(request)));
  const to = listUrlOf(SHOP_SECTIONS_PATH, url);
  if (!parsed.success)
    return redirectWithToast(to, { title: SHOP_SECTION_TEXTS.toggleFailed, message: SHOP_SECTION_TEXTS.toggleInvalid, variant: "danger" });
  const changed = await setShopSectionStatus(parsed.data.id, parsed.data.status, actor);
  if (!changed.ok)
    return redirectWithToast(to, { title: SHOP_SECTION_TEXTS.toggleFailed, message: SHOP_SECTION_TEXTS.notFoundText, variant: "danger" });
  return redirectWithToast(to, {
    title: parsed.data.status ? SHOP_SECTION_TEXTS.activated : SHOP_SECTION_TEXTS.deactivated,
    message: `${changed.value.title} · ${SHOP_SECTION_TEXTS.savedMessage}`,
    variant: "success",
  });
}

export default function ShopSectionsList() {
  const list = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const editTo = (r: ShopSectionRow) => `${SHOP_SECTIONS_PATH}/${r.id}${search}`;
  const columns: Column<ShopSectionRow>[] = [
    { key: "id", header: "Número", className: "w-24 tabular-nums", cell: (r) => r.id },
    nameColumn({ key: "title", header: "Título" }, editTo, (r) => r.title),
    { key: "products", header: "Productos", className: "w-28 tabular-nums", cell: (r) => r.productCount },
    { key: "status", header: "Activa", className: "w-24", cell: (r) => <SectionStatusSwitch row={r} /> },
    editColumn(editTo, (r) => r.title),
  ];
  return <RecordListPage texts={SHOP_SECTION_TEXTS} basePath={SHOP_SECTIONS_PATH} list={list} columns={columns} listSearch={search} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
