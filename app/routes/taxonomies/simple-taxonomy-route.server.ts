import { parseWithZod } from "@conform-to/zod";
import { data } from "react-router";
import { can } from "~/lib/access";
import { constraintsOf } from "~/lib/constraints";
import { redirectPastLastPage } from "~/lib/list.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess, requireFeature } from "~/lib/auth/guard.server";
import {
  TAXONOMY_MESSAGES,
  TAXONOMY_TEXTS,
  TaxonomyIdSchema,
  parseTaxonomyListQuery,
  type SimpleTaxonomy,
  type TaxonomyListData,
} from "~/modules/catalog/simple-taxonomy";
import { TaxonomyFormSchema } from "~/modules/catalog/simple-taxonomy-form";
import {
  countProductsUsing,
  deleteTaxonomyItem,
  getTaxonomyItem,
  listTaxonomy,
  saveTaxonomyItem,
} from "~/modules/catalog/simple-taxonomy.server";
import { refuseNestedNames } from "~/lib/list-index-guard.server";
import { listUrlOf, readForm } from "~/lib/http.server";

/**
 * The sector and application routes' shared bodies (eight route files, two taxonomies): they read
 * the Request, call the typed commands of app/modules/catalog/simple-taxonomy.server.ts and shape
 * each answer.
 */

/** The name field's native checks, read from the schema here so the dialog's script carries no Zod. */
const constraint = constraintsOf(TaxonomyFormSchema);

function itemIdFrom(kind: SimpleTaxonomy, params: Record<string, string | undefined>) {
  const parsed = TaxonomyIdSchema.safeParse(params[TAXONOMY_TEXTS[kind].param]);
  if (!parsed.success) throw missing(kind);
  return parsed.data;
}

function missing(kind: SimpleTaxonomy) {
  return new Response(TAXONOMY_TEXTS[kind].notFoundText, { status: 404 });
}

export async function taxonomyListLoader(kind: SimpleTaxonomy, request: Request, url: URL): Promise<TaxonomyListData> {
  const user = await requireAccess(request, url);
  const query = parseTaxonomyListQuery(url);
  const page = await listTaxonomy(kind, query);
  redirectPastLastPage(url, page, query.page);
  return { ...page, query, canDelete: can(user, "taxonomies.delete") };
}

export async function taxonomyItemLoader(kind: SimpleTaxonomy, request: Request, url: URL, params: Record<string, string | undefined>) {
  await requireAccess(request, url);
  const item = await getTaxonomyItem(kind, itemIdFrom(kind, params));
  if (!item) throw missing(kind);
  return { item, constraint };
}

export async function taxonomyNewLoader(_kind: SimpleTaxonomy, request: Request, url: URL) {
  await requireAccess(request, url);
  return { item: null, constraint };
}

/** Create (no id param) or update: validate, save, back to the list with a toast; 400 keeps what was typed. */
export async function taxonomySaveAction(
  kind: SimpleTaxonomy,
  request: Request,
  url: URL,
  params: Record<string, string | undefined>,
  mode: "create" | "update",
) {
  const actor = await requireAccess(request, url);
  const id = mode === "update" ? itemIdFrom(kind, params) : null;
  const form = await readForm(request);
  refuseNestedNames(form);
  const submission = parseWithZod(form, { schema: TaxonomyFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await saveTaxonomyItem(kind, id, submission.value, actor);
  if (!saved.ok) {
    if (saved.reason === "missing") throw missing(kind);
    return data({ result: submission.reply({ fieldErrors: saved.fieldErrors }) }, { status: 400 });
  }
  const texts = TAXONOMY_TEXTS[kind];
  return redirectWithToast(listUrlOf(TAXONOMY_TEXTS[kind].path, url), {
    title: id === null ? texts.created : texts.updated,
    message: id === null ? TAXONOMY_MESSAGES.created : TAXONOMY_MESSAGES.updated,
    variant: "success",
  });
}

/** The delete confirmation: Admin and Developer only (others go back to the list with 'Sin permiso'). */
export async function taxonomyDeleteLoader(kind: SimpleTaxonomy, request: Request, url: URL, params: Record<string, string | undefined>) {
  await requireFeature(request, url, "taxonomies.delete", listUrlOf(TAXONOMY_TEXTS[kind].path, url));
  const id = itemIdFrom(kind, params);
  const item = await getTaxonomyItem(kind, id);
  if (!item) throw missing(kind);
  return { item, productCount: await countProductsUsing(kind, id) };
}

export async function taxonomyDeleteAction(kind: SimpleTaxonomy, request: Request, url: URL, params: Record<string, string | undefined>) {
  const listUrl = listUrlOf(TAXONOMY_TEXTS[kind].path, url);
  const actor = await requireFeature(request, url, "taxonomies.delete", listUrl);
  const deleted = await deleteTaxonomyItem(kind, itemIdFrom(kind, params), actor);
  if (!deleted.ok) throw missing(kind);
  // Spec 8: a delete's toast is titled by the noun alone ("Sector", "Categoría").
  return redirectWithToast(listUrl, { title: TAXONOMY_TEXTS[kind].singular, message: TAXONOMY_MESSAGES.deleted, variant: "success" });
}
