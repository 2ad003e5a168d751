import { z } from "zod";
import { q } from "~/lib/query";
import { taxonomySlug } from "./taxonomy-slug";
import { TAXONOMY_MESSAGES, type TaxonomyScreenTexts } from "./taxonomy-texts";

/**
 * Categories and brands (spec 2 §2 'Categories, brands, sectors, applications', §3 'Category',
 * 'Brand', §4, §5, §6, §9): two trees by parent_id, each node with a name, a slug and its images.
 * Everything that differs between the two screens is here, so the list, the dialogs, the server and
 * the tests read one table. Pure: usable on the client.
 */
export const TREE_TAXONOMIES = ["categories", "brands"] as const;
export type TreeTaxonomy = (typeof TREE_TAXONOMIES)[number];

/** An image of a node: the column it is stored in, its label, and the minimum size of spec 5. */
export type ImageSlot = "cover" | "image" | "imgProduct";
export type SlotSpec = { slot: ImageSlot; label: string; shape: "cover" | "square"; hint: string };

const COVER: SlotSpec = { slot: "cover", label: "Imagen de encabezado", shape: "cover", hint: "mínimo 1800×600" };
const FEATURED: SlotSpec = { slot: "image", label: "Imagen destacada", shape: "square", hint: "mínimo 1500×1500" };
const BRAND_PRODUCT: SlotSpec = { slot: "imgProduct", label: "Imagen de la marca", shape: "square", hint: "mínimo 1500×1500" };

export type TreeTexts = TaxonomyScreenTexts & {
  children: string;
  /** The virtual node 0 (spec 3) and the parent choice that means "no parent" (spec 4). */
  none: string;
  parentLabel: string;
  cycle: string;
  parentMissing: string;
  slots: readonly SlotSpec[];
  /** Table page size (spec 9: categories 10; brands, like sectors and applications, limit 200). */
  pageSize: number;
  /** Nodes that can never be deleted (spec 6: categories 0 and 192). */
  protectedIds: readonly number[];
  /** The inventory filter of a node's products. */
  inventoryParam: "category" | "brand";
};

export const TREE_TEXTS: Record<TreeTaxonomy, TreeTexts> = {
  categories: {
    path: "/product-categories",
    title: "Categorías",
    param: "categoryId",
    newButton: "Nueva Categoría",
    singular: "Categoría",
    newTitle: "Nueva categoría",
    theOne: "la categoría",
    children: "subcategorías",
    none: "Sin categoría",
    parentLabel: "Categoría padre",
    nameTaken: "Ya existe una categoría con ese nombre.",
    slugTaken: (other) => `Ya existe una categoría con un nombre equivalente: «${other}».`,
    created: "Categoría creada",
    updated: "Categoría actualizada",
    deleted: "Categoría eliminada",
    deleteTitle: "Eliminar categoría",
    notFoundTitle: "Categoría no encontrada",
    notFoundText: "La categoría no existe o fue eliminada.",
    empty: "No hay categorías que coincidan con la búsqueda.",
    cycle: "Una categoría no puede quedar dentro de sí misma ni de una de sus subcategorías.",
    parentMissing: "La categoría padre elegida ya no existe.",
    slots: [COVER, FEATURED],
    pageSize: 10,
    protectedIds: [0, 192],
    inventoryParam: "category",
  },
  brands: {
    path: "/product-brands",
    title: "Marcas",
    param: "brandId",
    newButton: "Nueva Marca",
    singular: "Marca",
    newTitle: "Nueva marca",
    theOne: "la marca",
    children: "submarcas",
    none: "Sin marca",
    parentLabel: "Marca padre",
    nameTaken: "Ya existe una marca con ese nombre.",
    slugTaken: (other) => `Ya existe una marca con un nombre equivalente: «${other}».`,
    created: "Marca creada",
    updated: "Marca actualizada",
    deleted: "Marca eliminada",
    deleteTitle: "Eliminar marca",
    notFoundTitle: "Marca no encontrada",
    notFoundText: "La marca no existe o fue eliminada.",
    empty: "No hay marcas que coincidan con la búsqueda.",
    cycle: "Una marca no puede quedar dentro de sí misma ni de una de sus submarcas.",
    parentMissing: "La marca padre elegida ya no existe.",
    slots: [COVER, BRAND_PRODUCT, FEATURED],
    pageSize: 200,
    protectedIds: [0],
    inventoryParam: "brand",
  },
};

/** Spec 8: the same messages as the other taxonomies. */
export const TREE_MESSAGES = {
  ...TAXONOMY_MESSAGES,
  stale: "Otra persona guardó este registro mientras lo editabas. Cierra y vuelve a abrirlo para ver sus cambios.",
  protected: (singular: string, id: number) => `${singular} ${id} está protegida y no se puede eliminar.`,
} as const;

export const TREE_NAME_MAX = 100;
export const TREE_VIEWS = ["tree", "table"] as const;
export type TreeView = (typeof TREE_VIEWS)[number];
export const TREE_SORTS = ["id", "name"] as const;

const parseTreeParams = q.searchList({
  view: q.oneOf([...TREE_VIEWS]),
  sortName: q.oneOf([...TREE_SORTS]),
  sortValue: q.sortValueAnyCase(),
});
export type TreeListQuery = ReturnType<typeof parseTreeListQuery>;

/** The list's URL: tree (default) or table, search on the name, and for the table sort and page. */
export function parseTreeListQuery(source: URL | URLSearchParams) {
  const query = parseTreeParams(source);
  return { ...query, view: query.view ?? ("tree" as TreeView) };
}

export const TreeIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

const ImageDraftSchema = z.object({
  fileId: z.string().uuid().optional(),
  name: z.string().max(200).optional().default(""),
  alt: z.string().max(200).optional().default(""),
  origin: z.string().max(30).optional().default(""),
});
export type ImageDraft = z.infer<typeof ImageDraftSchema>;

/**
 * The dialog's form. `parentId` 0 (or empty) is no parent (spec 4: the virtual node 0 means none).
 * Every button posts the whole form, so the images travel as hidden fields.
 */
export const TreeFormSchema = z.object({
  version: z.string().max(40).optional().default(""),
  name: z
    .string()
    .max(TREE_NAME_MAX * 4)
    .optional()
    .default(""),
  parentId: z.coerce.number().int().min(0).max(2_147_483_647).optional().default(0),
  cover: ImageDraftSchema.optional().default({}),
  image: ImageDraftSchema.optional().default({}),
  imgProduct: ImageDraftSchema.optional().default({}),
});
export type TreeDraft = z.infer<typeof TreeFormSchema>;

export function emptyTreeDraft(): TreeDraft {
  return TreeFormSchema.parse({});
}

export const TREE_FIELD_TEXTS = {
  nameRequired: "Ingresa el nombre",
  nameTooLong: `Nombre: máximo ${TREE_NAME_MAX} caracteres`,
  nameNoSlug: "El nombre debe tener al menos una letra o un número",
} as const;

/** The name rule shared with sectors and applications: required, ≤ 100, and it must give a slug. */
export function checkTreeName(raw: string): { ok: true; name: string } | { ok: false; message: string } {
  const name = raw.trim().replace(/\s+/g, " ");
  if (!name) return { ok: false, message: TREE_FIELD_TEXTS.nameRequired };
  if (name.length > TREE_NAME_MAX) return { ok: false, message: TREE_FIELD_TEXTS.nameTooLong };
  if (!taxonomySlug(name)) return { ok: false, message: TREE_FIELD_TEXTS.nameNoSlug };
  return { ok: true, name };
}

export type TreeIntent = { kind: "save" } | { kind: "upload" } | { kind: "remove"; slot: ImageSlot };

/** The button that posted the node dialog; none (Enter in a field) saves; null for a value no button posts. */
export function parseTreeIntent(raw: FormDataEntryValue | null): TreeIntent | null {
  if (raw === null || raw === "save") return { kind: "save" };
  if (raw === "upload") return { kind: "upload" };
  const [verb, slot] = typeof raw === "string" ? raw.split(":") : [];
  if (verb === "remove" && (slot === "cover" || slot === "image" || slot === "imgProduct")) return { kind: "remove", slot };
  return null;
}

/** A node as the list shows it; `children` is filled by `nestTree`. */
export type TreeNode = { id: number; name: string; slug: string; parentId: number | null; match?: boolean; children: TreeNode[] };

/**
 * Nests flat rows (already in display order) under their parents; a row whose parent is not among
 * them becomes a root, so a search result or a broken chain still shows every row once.
 */
export function nestTree(rows: Array<Omit<TreeNode, "children">>): TreeNode[] {
  const byId = new Map<number, TreeNode>();
  for (const r of rows) byId.set(r.id, { ...r, children: [] });
  const roots: TreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The tree's rows (display order) as one JSON string of [id, parentId, name, match] tuples: a
 * document carries its loader data inside a script, and thousands of nested objects cost far more
 * to serialise and escape there than one string.
 */
export function packTreeRows(rows: Array<Omit<TreeNode, "children">>): string {
  return JSON.stringify(rows.map((r) => [r.id, r.parentId, r.name, r.match ? 1 : 0]));
}

/** The nested tree back from `packTreeRows` (slugs are not sent: the list does not show them). */
export function unpackTree(packed: string): TreeNode[] {
  const tuples = JSON.parse(packed) as Array<[number, number | null, string, 0 | 1]>;
  return nestTree(tuples.map(([id, parentId, name, match]) => ({ id, parentId, name, slug: "", ...(match ? { match: true } : {}) })));
}

/** Where a pick from "Archivos subidos" goes: which image slot of the dialog. */
export function slotOf(target: string | null | undefined): ImageSlot | null {
  return target === "cover" || target === "image" || target === "imgProduct" ? target : null;
}

/** What keeps a node from being deleted (spec 6 and the brief's rule: never one in use). */
export type DeleteBlockers = {
  protected: boolean;
  children: { total: number; names: string[] };
  products: { total: number; skus: string[] };
};

export function isBlocked(b: DeleteBlockers) {
  return b.protected || b.children.total > 0 || b.products.total > 0;
}

function listed(total: number, shown: string[]) {
  const more = total - shown.length;
  return shown.map((s) => `«${s}»`).join(", ") + (more > 0 ? ` y ${more.toLocaleString("es-MX")} más` : "");
}

/** The refusal, naming what is in the way, or null when the node can go. */
export function deleteRefusal(kind: TreeTaxonomy, node: { id: number; name: string }, b: DeleteBlockers): string | null {
  const t = TREE_TEXTS[kind];
  if (b.protected) return TREE_MESSAGES.protected(t.singular, node.id);
  const parts: string[] = [];
  if (b.children.total > 0)
    parts.push(
      `${b.children.total.toLocaleString("es-MX")} ${b.children.total === 1 ? t.children.replace(/s$/, "") : t.children} (${listed(b.children.total, b.children.names)})`,
    );
  if (b.products.total > 0)
    parts.push(
      `${b.products.total.toLocaleString("es-MX")} ${b.products.total === 1 ? "producto" : "productos"} (${listed(b.products.total, b.products.skus)})`,
    );
  if (!parts.length) return null;
  return `No se puede eliminar ${t.theOne} «${node.name}»: tiene ${parts.join(" y ")}. ${moveThem(b)} a otra ${kind === "categories" ? "categoría" : "marca"} primero.`;
}

/** "Muévelos" agrees with what is in the way: subcategorías and submarcas are feminine, products masculine. */
function moveThem(b: DeleteBlockers): string {
  if (b.children.total > 0 && b.products.total > 0) return "Muévelos";
  if (b.children.total > 0) return b.children.total === 1 ? "Muévela" : "Muévelas";
  return b.products.total === 1 ? "Muévelo" : "Muévelos";
}
