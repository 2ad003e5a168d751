import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { treeHtml } from "~/modules/catalog/tree-html";
import { nestTree, TREE_TEXTS, type TreeNode, type TreeTaxonomy } from "~/modules/catalog/tree-taxonomy";

/**
 * The tree list's markup as it was written with components (links as plain anchors): the string
 * renderer must give the same document, so pages, tests and styles see no difference.
 */
function Reference({
  kind,
  nodes,
  open,
  canDelete,
  search,
  root = false,
}: {
  kind: TreeTaxonomy;
  nodes: TreeNode[];
  open: boolean;
  canDelete: boolean;
  search: string;
  root?: boolean;
}) {
  const t = TREE_TEXTS[kind];
  return (
    <ul className={root ? "space-y-1" : "space-y-1 ml-5 border-l border-slate-200 pl-3"}>
      {nodes.map((n) => (
        <li key={n.id}>
          <div className="pl-4">
            <span className="inline-flex flex-wrap items-center gap-2">
              <span className="tabular-nums text-xs text-slate-500">{n.id}</span>
              <a
                className={
                  n.match
                    ? "min-w-0 break-all text-brand-700 hover:underline font-semibold"
                    : "min-w-0 break-all text-brand-700 hover:underline"
                }
                href={`${t.path}/${n.id}${search}`}
              >
                {n.name}
              </a>
              {n.children.length ? <span className="text-xs text-slate-500">({n.children.length})</span> : null}
              {canDelete && !t.protectedIds.includes(n.id) ? (
                <a
                  className="text-xs text-red-700 hover:underline"
                  aria-label={`Eliminar ${n.name}`}
                  href={`${t.path}/${n.id}/delete${search}`}
                >
                  Eliminar
                </a>
              ) : null}
            </span>
          </div>
          {n.children.length ? (
            <details open={open} className="pl-4">
              <summary className="cursor-pointer text-xs text-slate-600">
                {kind === "categories" ? "Subcategorías" : "Submarcas"}
                <span className="sr-only"> de {n.name}</span> ({n.children.length})
              </summary>
              <Reference kind={kind} nodes={n.children} open={open} canDelete={canDelete} search={search} />
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const rows = [
  { id: 192, name: "Iluminación", slug: "iluminacion", parentId: null },
  { id: 7, name: 'Cables <"gruesos"> & finos', slug: "cables", parentId: null, match: true },
  { id: 8, name: "Calibre 12", slug: "calibre-12", parentId: 7 },
  { id: 9, name: "Rollo d'100 m", slug: "rollo", parentId: 8, match: true },
  { id: 10, name: "Focos", slug: "focos", parentId: 192 },
];

describe("treeHtml", () => {
  it.each([
    ["categories", { open: false, canDelete: true, search: "" }],
    ["categories", { open: true, canDelete: false, search: "?search=cal&x=1" }],
    ["brands", { open: true, canDelete: true, search: "?search=a%20b" }],
  ] as const)("gives the component markup (%s, %j)", (kind, options) => {
    const roots = nestTree(rows);
    const expected = renderToStaticMarkup(
      <Reference kind={kind} nodes={roots} open={options.open} canDelete={options.canDelete} search={options.search} root />,
    );
    expect(treeHtml(kind, roots, options)).toBe(expected);
  });

  it("escapes names and keeps the list query (escaped) on every node and delete link", () => {
    const html = treeHtml("categories", nestTree(rows), { open: false, canDelete: true, search: "?search=a&page=2" });
    expect(html).toContain("Cables &lt;&quot;gruesos&quot;&gt; &amp; finos");
    expect(html).not.toContain('<"gruesos">');
    expect(html).toContain('href="/product-categories/8?search=a&amp;page=2"');
    expect(html).toContain('href="/product-categories/8/delete?search=a&amp;page=2"');
  });

  it("nests children in a closed <details> unless searching, and never offers deleting a protected node", () => {
    const closed = treeHtml("categories", nestTree(rows), { open: false, canDelete: true, search: "" });
    expect(closed).toContain('<details class="pl-4">');
    expect(closed).not.toContain("/product-categories/192/delete");
    expect(closed).toContain("/product-categories/10/delete");
    expect(closed.indexOf(">Calibre 12<")).toBeGreaterThan(closed.indexOf('>Subcategorías<span class="sr-only"> de Cables'));
    const open = treeHtml("brands", nestTree(rows), { open: true, canDelete: false, search: "" });
    expect(open).toContain('<details open="" class="pl-4">');
    expect(open).not.toContain("Eliminar");
    expect(open).toContain("Submarcas");
  });

  it("is empty for no nodes", () => {
    expect(treeHtml("brands", [], { open: true, canDelete: true, search: "" })).toBe("");
  });
});
