import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData, useLocation } from "react-router";
import { Badge } from "~/components/Badge";
import { editColumn, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { FilterBar, FilterSelect, SearchInput } from "~/components/FilterBar";
import { can } from "~/lib/access";
import { formatNumber } from "@common/format";
import { redirectPastLastPage } from "~/lib/list.server";
import { useAppUser } from "~/lib/use-app-user";
import { requireAccess } from "~/lib/auth/guard.server";
import {
  COMPLETENESS_MAX,
  INVENTORY_PATH,
  INVENTORY_TEXTS,
  parseInventoryQuery,
  productPath,
  rowDescription,
  type InventoryRow,
} from "~/modules/catalog/inventory";
import { filterOptions, listInventory } from "~/modules/catalog/inventory.server";
import { PriceCell } from "~/components/pricing/price-cell";
import { CreateLink, ListPage } from "~/components/ListPage";

export const meta: MetaFunction = () => [{ title: INVENTORY_TEXTS.title }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const query = parseInventoryQuery(url);
  const [page, brandOptions, categoryOptions] = await Promise.all([
    listInventory(query),
    filterOptions("brands"),
    filterOptions("categories"),
  ]);
  redirectPastLastPage(url, page, query.page);
  return { ...page, query, brandOptions, categoryOptions };
}

export default function WebInventory() {
  const list = useLoaderData<typeof loader>();
  const { query, brandOptions, categoryOptions } = list;
  const { search } = useLocation();
  const user = useAppUser();
  const editTo = (r: InventoryRow) => productPath(r, search);
  const columns: Column<InventoryRow>[] = [
    {
      key: "image",
      header: <span className="sr-only">Imagen</span>,
      className: "w-14",
      cell: (r) =>
        r.thumb ? (
          <img
            src={r.thumb}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="h-10 w-10 rounded border border-slate-200 object-contain"
          />
        ) : (
          <span aria-hidden className="block h-10 w-10 rounded border border-dashed border-slate-300 bg-slate-50" />
        ),
    },
    {
      key: "id",
      header: "SKU",
      sortName: "id",
      className: "whitespace-nowrap font-mono text-xs",
      cell: (r) => (
        <Link to={editTo(r)} preventScrollReset className="font-medium text-brand-700 hover:underline">
          {r.id}
        </Link>
      ),
    },
    {
      key: "manufacturer",
      header: "Clave de fabricante",
      sortName: "manufacturer_sku",
      className: "whitespace-nowrap font-mono text-xs",
      cell: (r) => r.manufacturerSku,
    },
    {
      key: "description",
      header: "Descripción",
      className: "min-w-64",
      cell: (r) => (
        <span>
          {r.isCombo ? <Badge variant="info">Combo</Badge> : null} {rowDescription(r)}
        </span>
      ),
    },
    { key: "stock", header: "Stock", sortName: "stock", className: "text-right tabular-nums", cell: (r) => formatNumber(r.stockTotal) },
    { key: "price", header: "Precio", className: "whitespace-nowrap text-right tabular-nums", cell: (r) => <PriceCell view={r} /> },
    {
      key: "completeness",
      header: "Completo",
      sortName: "completeness",
      className: "whitespace-nowrap text-right tabular-nums",
      cell: (r) => (
        <span
          title={`${r.completeness} de ${COMPLETENESS_MAX} puntos`}
          className={r.completeness < COMPLETENESS_MAX ? "text-amber-700" : "text-emerald-700"}
        >
          {r.completeness}/{COMPLETENESS_MAX}
        </span>
      ),
    },
    editColumn(editTo, (r) => r.id),
  ];
  return (
    <ListPage
      texts={INVENTORY_TEXTS}
      basePath={INVENTORY_PATH}
      list={list}
      columns={columns}
      actions={
        <>
          {/* Spec 2: Nueva publicación (a combo) for every role of the screen. */}
          <Link to={`${INVENTORY_PATH}/combos/new${search}`} preventScrollReset className="btn-secondary">
            {INVENTORY_TEXTS.newCombo}
          </Link>
          {can(user, "products.edit") ? <CreateLink to={`${INVENTORY_PATH}/new${search}`}>{INVENTORY_TEXTS.newProduct}</CreateLink> : null}
        </>
      }
      filters={
        <FilterBar clearTo={INVENTORY_PATH} keep={["sortName", "sortValue"]}>
          <SearchInput defaultValue={query.search} placeholder="SKU, clave o descripción" label="Buscar" />
          <TaxonomyFilter name="brand" selected={query.brand} packedOptions={brandOptions} />
          <TaxonomyFilter name="category" selected={query.category} packedOptions={categoryOptions} />
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input type="checkbox" name="incomplete" value="1" defaultChecked={!!query.incomplete} className="h-4 w-4" />
            {INVENTORY_TEXTS.incompleteOnly}
          </label>
        </FilterBar>
      }
    />
  );
}

const TAXONOMY_FILTERS = {
  brand: { label: "Marca", allLabel: INVENTORY_TEXTS.allBrands, noneLabel: "Sin marca" },
  category: { label: "Categoría", allLabel: INVENTORY_TEXTS.allCategories, noneLabel: "Sin categoría" },
} as const;

/** The filter by brand or by category: all of them, "0" for the products without one, then each (packed: there are thousands). */
function TaxonomyFilter({
  name,
  selected,
  packedOptions,
}: {
  name: keyof typeof TAXONOMY_FILTERS;
  selected: number | undefined;
  packedOptions: string;
}) {
  const { label, allLabel, noneLabel } = TAXONOMY_FILTERS[name];
  return (
    <FilterSelect
      name={name}
      label={label}
      value={selected === undefined ? undefined : String(selected)}
      allLabel={allLabel}
      options={[["0", noneLabel]]}
      packedOptions={packedOptions}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
