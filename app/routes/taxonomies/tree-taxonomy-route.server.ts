import { parseWithZod } from "@conform-to/zod";
import { data } from "react-router";
import { can } from "~/lib/access";
import { redirectPastLastPage } from "~/lib/list.server";
import { readForm } from "~/lib/http.server";
import { answerSave, refuse, type FieldErrors } from "~/lib/save.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess, requireFeature } from "~/lib/auth/guard.server";
import type { SessionUser } from "~/modules/auth/session-user";
import { COVER_IMAGE, SQUARE_IMAGE, libraryEntry, storeImage } from "~/modules/files/files.server";
import { libraryPage } from "~/routes/shared/files/library-route.server";
import { FILE_TEXTS, ORIGIN_LIBRARY } from "~/modules/files/rules";
import { audit } from "~/modules/logs/audit.server";
import { treeOptions } from "~/modules/catalog/inventory.server";
import { dialogToast, listUrlWithout, newRevision, type DialogToast } from "../shared/catalog/dialog-answer.server";
import {
  TREE_MESSAGES,
  TREE_TEXTS,
  TreeFormSchema,
  TreeIdSchema,
  checkTreeName,
  deleteRefusal,
  emptyTreeDraft,
  isBlocked,
  packTreeRows,
  parseTreeIntent,
  parseTreeListQuery,
  slotOf,
  type ImageDraft,
  type TreeDraft,
  type TreeTaxonomy,
} from "~/modules/catalog/tree-taxonomy";
import {
  countWithout,
  deleteBlockers,
  deleteTreeNode,
  getNode,
  imageRefOf,
  listTree,
  listTreeTable,
  saveTreeNode,
  type StoredNode,
  type TreeImages,
  type TreeSaveResult,
} from "~/modules/catalog/tree-taxonomy.server";

/** Route handlers of /product-categories and /product-brands: each route file passes its kind. */
type Params = Record<string, string | undefined>;

function missing(kind: TreeTaxonomy): never {
  throw new Response(TREE_TEXTS[kind].notFoundText, { status: 404 });
}

function idFrom(kind: TreeTaxonomy, params: Params) {
  const parsed = TreeIdSchema.safeParse(params[TREE_TEXTS[kind].param]);
  if (!parsed.success) missing(kind);
  return parsed.data;
}

/** The list with the query the dialog was opened from, without the library's own parameters. */
function listUrlOf(kind: TreeTaxonomy, url: URL) {
  return listUrlWithout(TREE_TEXTS[kind].path, url, ["pick", "for", "fileSearch", "filePage"]);
}

export async function treeListLoader(kind: TreeTaxonomy, request: Request, url: URL) {
  const user = await requireAccess(request, url);
  const query = parseTreeListQuery(url);
  const without = await countWithout(kind);
  if (query.view === "table") {
    const page = await listTreeTable(kind, query);
    redirectPastLastPage(url, page, query.page);
    return {
      view: "table" as const,
      query,
      table: page,
      tree: null,
      total: page.total,
      without,
      canDelete: can(user, "taxonomies.delete"),
    };
  }
  const tree = await listTree(kind, query.search);
  return {
    view: "tree" as const,
    query,
    table: null,
    tree: packTreeRows(tree.rows),
    total: tree.total,
    without,
    canDelete: can(user, "taxonomies.delete"),
  };
}

function draftOf(node: StoredNode): TreeDraft {
  const slot = (ref: StoredNode["images"]["cover"]): ImageDraft => ({
    fileId: ref?.fileId,
    name: ref?.name ?? "",
    alt: ref?.alt ?? "",
    origin: ref?.origin ?? "",
  });
  return {
    version: node.updatedAt.toISOString(),
    name: node.name,
    parentId: node.parentId ?? 0,
    cover: slot(node.images.cover),
    image: slot(node.images.image),
    imgProduct: slot(node.images.imgProduct),
  };
}

/** A pick from "Archivos subidos" (?pick=<fileId>&for=<slot>) placed in the dialog's first view. */
async function applyPick(kind: TreeTaxonomy, draft: TreeDraft, url: URL): Promise<{ draft: TreeDraft; toast: DialogToast | null }> {
  const pick = url.searchParams.get("pick");
  const slot = slotOf(url.searchParams.get("for"));
  if (!pick || !slot || !TREE_TEXTS[kind].slots.some((s) => s.slot === slot)) return { draft, toast: null };
  const entry = await libraryEntry(pick, "image");
  if (!entry) return { draft, toast: dialogToast(FILE_TEXTS.title, FILE_TEXTS.missing) };
  return {
    draft: { ...draft, [slot]: { fileId: entry.fileId, name: entry.name, alt: draft[slot].alt, origin: ORIGIN_LIBRARY } },
    toast: null,
  };
}

/** The edit dialog (id) or the create dialog (null): the stored node as a draft, the parent choices. */
export async function treeItemLoader(kind: TreeTaxonomy, request: Request, url: URL, params: Params | null) {
  const user = await requireAccess(request, url);
  const id = params === null ? null : idFrom(kind, params);
  const node = id === null ? null : await getNode(kind, id);
  if (id !== null && !node) missing(kind);
  const picked = await applyPick(kind, node ? draftOf(node) : emptyTreeDraft(), url);
  return {
    node: node ? { id: node.id, name: node.name, slug: node.slug } : null,
    draft: picked.draft,
    pickToast: picked.toast,
    parents: await treeOptions(kind),
    canDelete: !!node && can(user, "taxonomies.delete") && !TREE_TEXTS[kind].protectedIds.includes(node.id),
    closeTo: listUrlOf(kind, url),
  };
}

export type TreeActionData = { draft: TreeDraft; fieldErrors: FieldErrors; toast: DialogToast | null; revision: string };

/**
 * Every button of the dialog posts the whole form with its intent: `upload` stores the chosen images
 * and shows the dialog again, `remove:<slot>` empties one image, `save` stores what was chosen and
 * saves. Uploads are checked whole in memory before anything is written (files module), so a
 * refused image leaves nothing behind.
 */
export async function treeSaveAction(kind: TreeTaxonomy, request: Request, url: URL, params: Params | null) {
  const user = await requireAccess(request, url);
  const t = TREE_TEXTS[kind];
  const id = params === null ? null : idFrom(kind, params);
  const node = id === null ? null : await getNode(kind, id);
  if (id !== null && !node) missing(kind);
  const form = await readForm(request);
  const intent = parseTreeIntent(form.get("intent"));
  if (!intent) throw new Response("Acción desconocida.", { status: 400 });
  const uploads = new Map<string, File>();
  for (const { slot } of t.slots) {
    const file = form.get(`${slot}Upload`);
    if (file instanceof File && file.size > 0 && file.name !== "") uploads.set(slot, file);
  }
  for (const key of ["intent", "coverUpload", "imageUpload", "imgProductUpload"]) form.delete(key);
  const parsed = parseWithZod(form, { schema: TreeFormSchema });
  if (parsed.status !== "success") throw new Response("El formulario no es válido.", { status: 400 });
  let draft = parsed.value;
  let fieldErrors: Record<string, string[]> = {};
  let message: DialogToast | null = null;
  let status = 200;

  const storeUploads = async (who: SessionUser) => {
    for (const spec of t.slots) {
      const file = uploads.get(spec.slot);
      if (!file) continue;
      const stored = await storeImage(file, who.id, spec.shape === "cover" ? COVER_IMAGE : SQUARE_IMAGE);
      if (!stored.ok) {
        message = dialogToast(stored.title, stored.message);
        fieldErrors = { ...fieldErrors, [`${spec.slot}Upload`]: [stored.message] };
        // The file store not answering is a 503; an image the rules refuse, 422.
        status = stored.reason === "unavailable" || status === 503 ? 503 : 422;
        continue;
      }
      draft = {
        ...draft,
        [spec.slot]: { fileId: stored.image.fileId, name: stored.image.name, alt: draft[spec.slot].alt, origin: stored.image.origin },
      };
      await audit({
        message: `Imagen ${stored.image.name} subida`,
        type: "create",
        tags: ["archivos", kind],
        identifier: stored.image.fileId,
        userId: who.id,
      });
    }
  };

  if (intent.kind === "remove") {
    draft = { ...draft, [intent.slot]: { fileId: undefined, name: "", alt: "", origin: "" } };
  } else {
    await storeUploads(user);
  }
  if (intent.kind === "save" && status === 200) {
    const name = checkTreeName(draft.name);
    let saved: TreeSaveResult;
    if (!name.ok) saved = refuse("invalid", name.message, { name: [name.message] });
    else {
      const images: TreeImages = {};
      for (const { slot } of t.slots) images[slot] = await imageRefOf(draft[slot]);
      saved = await saveTreeNode(
        kind,
        id,
        {
          version: draft.version || (node?.updatedAt.toISOString() ?? ""),
          name: name.name,
          parentId: draft.parentId > 0 ? draft.parentId : null,
          images,
        },
        user,
      );
    }
    const shown = draft;
    return answerSave(saved, {
      saved: ({ created }) => ({
        to: listUrlOf(kind, url),
        toast: {
          title: created ? t.created : t.updated,
          message: created ? TREE_MESSAGES.created : TREE_MESSAGES.updated,
          variant: "success",
        },
      }),
      refused: (refusal): TreeActionData => ({
        draft: shown,
        fieldErrors: { ...fieldErrors, ...refusal.fieldErrors },
        toast: refusal.reason === "conflict" ? dialogToast("No se guardó", refusal.message, "danger") : message,
        revision: newRevision(),
      }),
    });
  }
  const answer: TreeActionData = { draft, fieldErrors, toast: message, revision: newRevision() };
  return data(answer, { status });
}

/** The delete confirmation: Admin and Developer only; what blocks the delete is said up front. */
export async function treeDeleteLoader(kind: TreeTaxonomy, request: Request, url: URL, params: Params) {
  await requireFeature(request, url, "taxonomies.delete", listUrlOf(kind, url));
  const id = idFrom(kind, params);
  const node = await getNode(kind, id);
  if (!node) missing(kind);
  const blockers = await deleteBlockers(kind, id);
  return { node: { id: node.id, name: node.name }, refusal: deleteRefusal(kind, node, blockers), closeTo: listUrlOf(kind, url) };
}

export async function treeDeleteAction(kind: TreeTaxonomy, request: Request, url: URL, params: Params) {
  const listUrl = listUrlOf(kind, url);
  const actor = await requireFeature(request, url, "taxonomies.delete", listUrl);
  const id = idFrom(kind, params);
  const deleted = await deleteTreeNode(kind, id, actor);
  if (!deleted.ok) {
    if (deleted.reason === "missing") missing(kind);
    if (isBlocked(deleted.blockers)) return data({ refusal: deleteRefusal(kind, deleted.node, deleted.blockers) }, { status: 409 });
  }
  // Spec 8: a delete's toast is titled by the noun alone ("Sector", "Categoría").
  return redirectWithToast(listUrl, { title: TREE_TEXTS[kind].singular, message: TREE_MESSAGES.deleted, variant: "success" });
}

/** "Archivos subidos" opened from a node's dialog: images only (every slot is an image). */
export async function treeFilesLoader(kind: TreeTaxonomy, request: Request, url: URL, params: Params | null) {
  await requireAccess(request, url);
  const t = TREE_TEXTS[kind];
  const openerPath = params === null ? `${t.path}/new` : `${t.path}/${idFrom(kind, params)}`;
  const page = await libraryPage(url, () => "image");
  return { ...page, openerPath };
}
