import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { useEffect, useMemo, useRef } from "react";
import { DataTable, type Column } from "~/components/DataTable";
import { FilterBar, SearchInput } from "~/components/FilterBar";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { cn } from "~/lib/cn";
import { withParams } from "~/lib/list-url";
import { useCanFollow } from "~/lib/use-can-follow";
import { taxonomyColumns } from "./taxonomy-screen";
import { treeHtml } from "~/modules/catalog/tree-html";
import { TREE_TEXTS, unpackTree, type TreeListQuery, type TreeTaxonomy } from "~/modules/catalog/tree-taxonomy";
import type { TreeTableRow } from "~/modules/catalog/tree-taxonomy.server";

export type TreeListData = {
  view: "tree" | "table";
  query: TreeListQuery;
  /** The tree view's rows, packed (`packTreeRows`). */
  tree: string | null;
  table: { rows: TreeTableRow[]; total: number; page: number; pageSize: number } | null;
  total: number;
  without: number;
  canDelete: boolean;
};

/**
 * Categorías / Marcas: the tree (default) as nested lists with <details>, so it opens and closes
 * without JavaScript, or the table; the view, search, sort and page live in the URL.
 */
export function TreeList({ kind, data }: { kind: TreeTaxonomy; data: TreeListData }) {
  const { search } = useLocation();
  const t = TREE_TEXTS[kind];
  const tab = (view: "tree" | "table", label: string) => (
    <Link
      to={`${t.path}${withParams(search, { view: view === "tree" ? undefined : view, page: undefined, sortName: undefined, sortValue: undefined })}`}
      aria-current={data.view === view ? "page" : undefined}
      className={cn("rounded-md px-3 py-1.5 text-sm", data.view === view ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100")}
    >
      {label}
    </Link>
  );
  return (
    <div>
      <PageHeader
        title={t.title}
        total={data.total}
        actions={
          <Link to={`${t.path}/new${search}`} preventScrollReset className="btn-primary">
            {t.newButton}
          </Link>
        }
      />
      <div className="card mb-4 flex flex-wrap items-end justify-between gap-3 p-4">
        <FilterBar clearTo={data.view === "table" ? `${t.path}?view=table` : t.path} keep={["view", "sortName", "sortValue"]}>
          <SearchInput defaultValue={data.query.search} placeholder="Nombre" label="Buscar" />
        </FilterBar>
        <nav aria-label="Vista" className="flex gap-1 rounded-lg border border-slate-200 p-1">
          {tab("tree", "Árbol")}
          {tab("table", "Tabla")}
        </nav>
      </div>
      {data.view === "tree" ? <TreeView kind={kind} data={data} /> : <TableView kind={kind} data={data} />}
      <Outlet />
    </div>
  );
}

/** The virtual node 0 (spec 3): not stored, not editable; it leads to the products without one. */
function VirtualNode({ kind, count }: { kind: TreeTaxonomy; count: number }) {
  const t = TREE_TEXTS[kind];
  const canFollow = useCanFollow();
  const productsHref = `/web-inventory?${t.inventoryParam}=0`;
  return (
    <span className="flex flex-wrap items-center gap-2 text-slate-600" data-testid="virtual-node">
      <span className="tabular-nums text-xs text-slate-500">0</span>
      <span className="italic">{t.none}</span>
      {canFollow(productsHref) ? (
        <Link to={productsHref} className="text-xs text-brand-700 underline">
          {count.toLocaleString("es-MX")} productos
        </Link>
      ) : (
        <span className="text-xs">{count.toLocaleString("es-MX")} productos</span>
      )}
    </span>
  );
}

function TreeView({ kind, data }: { kind: TreeTaxonomy; data: TreeListData }) {
  const t = TREE_TEXTS[kind];
  const searching = !!data.query.search;
  const { search } = useLocation();
  const html = useMemo(
    () => (data.tree ? treeHtml(kind, unpackTree(data.tree), { open: searching, canDelete: data.canDelete, search }) : ""),
    [kind, data.tree, data.canDelete, searching, search],
  );
  const navigate = useNavigate();
  const tree = useRef<HTMLDivElement>(null);
  // The nodes are an HTML string (tree-html.ts), not <Link>s: one handler gives their plain clicks the
  // in-place navigation a <Link preventScrollReset> has; modified clicks keep the browser's own.
  useEffect(() => {
    const el = tree.current;
    if (!el) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest("a") : null;
      const href = link?.getAttribute("href");
      if (!link || !href?.startsWith("/") || !el.contains(link)) return;
      e.preventDefault();
      navigate(href, { preventScrollReset: true });
    };
    el.addEventListener("click", onClick);
    return () => el.removeEventListener("click", onClick);
  }, [navigate, html]);
  return (
    <div className="card p-4" data-testid="taxonomy-tree">
      {!searching ? (
        <div className="mb-2 border-b border-slate-100 pb-2">
          <VirtualNode kind={kind} count={data.without} />
        </div>
      ) : null}
      {html ? <div ref={tree} dangerouslySetInnerHTML={{ __html: html }} /> : <p className="py-6 text-center text-slate-500">{t.empty}</p>}
    </div>
  );
}

function TableView({ kind, data }: { kind: TreeTaxonomy; data: TreeListData }) {
  const { search } = useLocation();
  const t = TREE_TEXTS[kind];
  const page = data.table!;
  const { id, name, actions } = taxonomyColumns<TreeTableRow>(t.path, search, (r) => data.canDelete && !t.protectedIds.includes(r.id));
  const parent: Column<TreeTableRow> = {
    key: "parent",
    header: t.parentLabel,
    cell: (r) => r.parentName ?? <span className="text-slate-400">—</span>,
  };
  const columns = [id, name, parent, actions];
  return (
    <>
      {page.page === 1 && !data.query.search ? (
        <div className="mb-2 px-1">
          <VirtualNode kind={kind} count={data.without} />
        </div>
      ) : null}
      <DataTable basePath={t.path} rows={page.rows} columns={columns} rowKey={(r) => r.id} caption={t.title} empty={t.empty} />
      <Pagination page={page.page} total={page.total} pageSize={page.pageSize} basePath={t.path} />
    </>
  );
}
