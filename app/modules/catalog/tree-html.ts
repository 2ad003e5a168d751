import { escapeHtml } from "~/lib/escape-html";
import { TREE_TEXTS, type TreeNode, type TreeTaxonomy } from "./tree-taxonomy";

/**
 * The category / brand tree as one HTML string, with the markup the list had as React components.
 * A 2k-node tree as components cost React ~16k elements to render on the server and to hydrate in
 * the browser; the string is built in a few milliseconds on both sides from the packed rows of the
 * loader (`packTreeRows`) and inserted whole (the list attaches one click handler so its links still
 * navigate in place). The HTML itself is not loader data: inside the document's data script every
 * `<` and `>` would be escaped one by one.
 */

export type TreeHtmlOptions = {
  /** Every <details> open (a search shows the path to each match). */
  open: boolean;
  canDelete: boolean;
  /** The list's query string ("" or "?…"), carried by every node link as the dialog's way back. */
  search: string;
};

/** "" for an empty tree (the list then says nothing matched). */
export function treeHtml(kind: TreeTaxonomy, roots: TreeNode[], options: TreeHtmlOptions): string {
  if (roots.length === 0) return "";
  const t = TREE_TEXTS[kind];
  const search = escapeHtml(options.search);
  const toggle = kind === "categories" ? "Subcategorías" : "Submarcas";
  const out: string[] = [];
  const branch = (nodes: TreeNode[], root: boolean) => {
    out.push(root ? '<ul class="space-y-1">' : '<ul class="space-y-1 ml-5 border-l border-slate-200 pl-3">');
    for (const n of nodes) {
      const name = escapeHtml(n.name);
      const count = n.children.length;
      out.push(
        '<li><div class="pl-4"><span class="inline-flex flex-wrap items-center gap-2">',
        `<span class="tabular-nums text-xs text-slate-500">${n.id}</span>`,
        `<a class="min-w-0 break-all text-brand-700 hover:underline${n.match ? " font-semibold" : ""}" href="${t.path}/${n.id}${search}">${name}</a>`,
      );
      if (count) out.push(`<span class="text-xs text-slate-500">(${count})</span>`);
      if (options.canDelete && !t.protectedIds.includes(n.id)) {
        out.push(
          `<a class="text-xs text-red-700 hover:underline" aria-label="Eliminar ${name}" href="${t.path}/${n.id}/delete${search}">Eliminar</a>`,
        );
      }
      out.push("</span></div>");
      if (count) {
        // The toggle is a summary of its own: a summary holding the node's links would nest
        // interactive elements (axe: nested-interactive).
        out.push(
          `<details${options.open ? ' open=""' : ""} class="pl-4"><summary class="cursor-pointer text-xs text-slate-600">`,
          `${toggle}<span class="sr-only"> de ${name}</span> (${count})</summary>`,
        );
        branch(n.children, false);
        out.push("</details>");
      }
      out.push("</li>");
    }
    out.push("</ul>");
  };
  branch(roots, true);
  return out.join("");
}
