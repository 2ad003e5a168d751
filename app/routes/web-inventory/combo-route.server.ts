import type { SubmissionResult } from "@conform-to/zod";
import { data } from "react-router";
import { z } from "zod";
import { readForm } from "~/lib/http.server";
import { richTextToPlain } from "~/lib/sanitize-html.server";
import { answerSave, refuse, type FieldErrors } from "~/lib/save.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { uploadImage } from "~/modules/files/files.server";
import { audit } from "~/modules/logs/audit.server";
import {
  COMBO_DIALOG_TEXTS,
  COMBO_SEARCH_MIN,
  COMBO_TEXTS,
  ComboDraftSchema,
  ComboPostSchema,
  checkComboLines,
  comboIsComplete,
  emptyComboDraft,
  summariseCombo,
  type ComboDraft,
  type ComponentInfo,
} from "~/modules/catalog/combo-form";
import { componentsById, loadCombo, saveCombo, searchComponents, type ComponentMatch } from "~/modules/catalog/combo.server";
import { INVENTORY_PATH } from "~/modules/catalog/inventory";
import { taxonomyChoices } from "~/modules/catalog/inventory.server";
import { addToGallery } from "~/modules/catalog/product-form";
import { addComboLine, isComboId, type ComboLine } from "~/modules/catalog/product-rules";
import { dialogToast, type DialogToast } from "../shared/catalog/dialog-answer.server";
import { conformErrors, inventoryListUrl, parseDialogForm, readPick, replyWithDraft } from "../shared/catalog/product-action.server";
import { COMBO_CONSTRAINT } from "~/modules/catalog/constraints.server";
import { FILE_TEXTS } from "~/modules/files/rules";

/** Route handlers of the combo dialog: /web-inventory/combos/new and /web-inventory/combos/$comboId. */
export const COMBO_BASE = `${INVENTORY_PATH}/combos`;

function notFound(): never {
  throw new Response(COMBO_DIALOG_TEXTS.notFound, { status: 404 });
}

export function comboIdFrom(params: Record<string, string | undefined>) {
  const id = params.comboId ?? "";
  if (!isComboId(id)) notFound();
  return id;
}

/**
 * The combo dialog as the server answers it. `result` is Conform's reply (the values as posted, a
 * list edit applied, and the errors); the fields the server rewrote (an added match, an upload, the
 * quantities checked) travel in it as `replyWithLists` puts them. `catalogue` has today's name,
 * price and stock of every component shown; the dialog adds up price and stock from it (spec 5).
 */
export type ComboView = {
  result: SubmissionResult<string[]>;
  catalogue: Record<string, ComponentInfo>;
  matches: ComponentMatch[] | null;
  /** Refusals of the chosen images, which are not fields of the draft. */
  fileErrors: FieldErrors;
  toast: DialogToast | null;
};

/** The lines with the catalogue's current name, price and stock; SKUs no longer there (or repeated) are dropped. */
async function resolveLines(components: ComboDraft["components"]): Promise<ComboLine[]> {
  const found = await componentsById(components.map((c) => c.id));
  const lines: ComboLine[] = [];
  for (const c of components) {
    const row = found.get(c.id);
    if (row && !lines.some((l) => l.id === c.id))
      lines.push({ id: row.id, name: row.name, price: row.price, priceNote: row.priceNote, stock: row.stock, qty: c.qty });
  }
  return lines;
}

const catalogueOf = (lines: ComponentInfo[]): Record<string, ComponentInfo> =>
  Object.fromEntries(lines.map((l) => [l.id, { id: l.id, name: l.name, price: l.price, priceNote: l.priceNote ?? null, stock: l.stock }]));

/** The component SKUs of a post that the server answers as posted (a list edit without JavaScript, a refused form). */
const PostedComponents = z
  .object({
    components: z
      .array(z.object({ id: z.string().max(60).catch("") }).catch({ id: "" }))
      .max(100)
      .catch([]),
  })
  .catch({ components: [] });

async function catalogueFor(ids: string[]) {
  return catalogueOf([...(await componentsById(ids.filter(Boolean))).values()]);
}

export async function comboDialogLoader(request: Request, url: URL, id: string | null) {
  const user = await requireAccess(request, url);
  const loaded = id === null ? null : await loadCombo(id);
  if (id !== null && !loaded) notFound();
  const { pick, toast: pickToast } = await readPick(url);
  // A combo has no data sheet: only a gallery pick is used here.
  const picked = pick?.target === "gallery" ? pick : null;
  const stored = loaded?.draft ?? emptyComboDraft();
  const draft = picked ? { ...stored, gallery: addToGallery(stored.gallery, picked.item) } : stored;
  const lines = await resolveLines(draft.components);
  return {
    draft: { ...draft, components: lines.map((l) => ({ id: l.id, qty: l.qty })) },
    catalogue: catalogueOf(lines),
    pickToast,
    pick: picked,
    constraint: COMBO_CONSTRAINT,
    comboId: loaded?.stored.id ?? null,
    options: await taxonomyChoices(),
    closeTo: inventoryListUrl(url),
    selfPath: id === null ? `${COMBO_BASE}/new` : `${COMBO_BASE}/${id}`,
    userRole: user.role,
  };
}

/**
 * Every button of the combo dialog posts the whole form. Conform's own buttons (remove a component,
 * move or remove an image, add or remove a property) reach the server only without JavaScript: the
 * reply carries the edited lists back. Of the others only `save` writes the combo; `search` answers
 * the typeahead's matches (no JavaScript needed), a match's `add` adds its product or +1 to one
 * already there (spec 5), `upload` stores images in the files library.
 */
export async function comboDialogAction(request: Request, url: URL, id: string | null) {
  const user = await requireAccess(request, url);
  const loaded = id === null ? null : await loadCombo(id);
  if (id !== null && !loaded) notFound();
  const form = await readForm(request);
  const read = ComboPostSchema.safeParse({ intent: form.get("intent"), add: form.get("add") });
  if (!read.success) throw new Response("Acción desconocida.", { status: 400 });
  const { action } = read.data;
  const uploads = form.getAll("uploads").filter((f): f is File => f instanceof File && f.size > 0 && f.name !== "");
  for (const key of ["intent", "add", "uploads"]) form.delete(key);
  const submission = parseDialogForm(form, ComboDraftSchema);
  if (submission.status !== "success") {
    const posted = loaded
      ? loaded.draft.components.map((c) => c.id)
      : PostedComponents.parse(submission.payload).components.map((c) => c.id);
    const view: ComboView = {
      result: submission.reply(),
      catalogue: await catalogueFor(posted),
      matches: null,
      fileErrors: {},
      toast: null,
    };
    return data(view, { status: submission.status === "error" ? 400 : 200 });
  }
  let posted = submission.value;
  // Spec 4: a saved combo's components are read-only, whatever was posted.
  if (loaded) posted = { ...posted, components: loaded.draft.components, version: posted.version || loaded.stored.updatedAt.toISOString() };
  // Spec 5: the e-commerce switch is not Iluminacion's to change.
  if (user.role === "iluminacion") posted = { ...posted, isActive: loaded?.draft.isActive ?? false };
  let draft = posted;
  let lines = await resolveLines(draft.components);
  let message: DialogToast | null = null;
  let matches: ComponentMatch[] | null = null;
  const fieldErrors: Record<string, string[]> = {};
  const fileErrors: Record<string, string[]> = {};
  let status = 200;

  switch (action.kind) {
    case "search":
      matches = draft.componentSearch.trim().length >= COMBO_SEARCH_MIN ? await searchComponents(draft.componentSearch) : [];
      break;
    case "add": {
      if (loaded) {
        message = dialogToast("Publicación", COMBO_DIALOG_TEXTS.readOnly, "info");
        break;
      }
      // Spec 5: components are added once the combo has a name (the buttons are disabled before).
      if (!draft.name.trim()) {
        message = dialogToast(COMBO_TEXTS.requiredTitle, COMBO_DIALOG_TEXTS.nameFirst, "info");
        fieldErrors.name = [COMBO_DIALOG_TEXTS.nameFirst];
        status = 400;
        break;
      }
      const found = (await componentsById([action.sku])).get(action.sku);
      if (!found) {
        message = dialogToast(COMBO_TEXTS.qtyOverStockTitle, COMBO_DIALOG_TEXTS.productGone);
        break;
      }
      if (found.stock <= 0) {
        message = dialogToast(COMBO_TEXTS.qtyOverStockTitle, COMBO_TEXTS.noStock);
        break;
      }
      lines = addComboLine(lines, found);
      draft = { ...draft, componentSearch: "" };
      break;
    }
    case "upload":
      for (const file of uploads) {
        const stored = await uploadImage(file, user.id);
        if (!stored.ok) {
          message = dialogToast(stored.title, stored.message);
          fileErrors.uploads = [...(fileErrors.uploads ?? []), stored.message];
          // The file store not answering is a 503; a file the rules refuse, 422.
          status = stored.reason === "unavailable" || status === 503 ? 503 : 422;
          continue;
        }
        draft = { ...draft, gallery: [...draft.gallery, { ...stored.image, alt: "" }] };
        await audit({
          message: `Imagen ${stored.image.name} subida`,
          type: "create",
          tags: ["archivos", "combos"],
          identifier: stored.image.fileId,
          userId: user.id,
        });
      }
      break;
    case "save":
      break;
  }

  // Spec 5 quantities: above 0, not above the stock; a refused one goes back to 1 with its message.
  const checked = checkComboLines(lines);
  lines = checked.lines;
  if (checked.problems.length && !loaded) {
    const first = checked.problems[0];
    message = dialogToast(first.title, first.message);
    for (const p of checked.problems) fieldErrors[`components[${p.index}].qty`] = [p.message];
    status = 422;
  }
  draft = { ...draft, components: lines.map((l) => ({ id: l.id, qty: l.qty })) };
  const view: ComboView = {
    result: replyWithDraft(submission, posted, draft, fieldErrors),
    catalogue: catalogueOf(lines),
    matches,
    fileErrors,
    toast: message,
  };

  if (action.kind === "save" && status === 200) {
    const summary = summariseCombo(lines);
    // A component with no price in pesos (decision 0038) stops the save with the reason, never a total without it.
    const saved =
      summary.price === null
        ? refuse("invalid", summary.priceProblem ?? COMBO_TEXTS.required)
        : comboIsComplete(draft, summary, richTextToPlain(draft.description), lines.length)
          ? await saveCombo(
              loaded ? { id: loaded.stored.id, version: draft.version } : null,
              draft,
              { lines, price: summary.price, stock: summary.stock },
              user,
            )
          : refuse("invalid", COMBO_TEXTS.required);
    return answerSave(saved, {
      saved: ({ id, removedFileLinks }) => ({
        to: inventoryListUrl(url),
        toast: removedFileLinks
          ? {
              title: COMBO_DIALOG_TEXTS.savedTitle,
              message: `${COMBO_DIALOG_TEXTS.saved} (${id}) ${FILE_TEXTS.foreignFileLinks}`,
              variant: "warning",
            }
          : { title: COMBO_DIALOG_TEXTS.savedTitle, message: `${COMBO_DIALOG_TEXTS.saved} (${id})`, variant: "success" },
      }),
      refused: (refusal): ComboView => ({
        ...view,
        result: replyWithDraft(submission, posted, draft, { ...fieldErrors, ...conformErrors(refusal.fieldErrors) }),
        toast:
          refusal.reason === "invalid"
            ? dialogToast(COMBO_TEXTS.requiredTitle, refusal.message, "info")
            : dialogToast("No se guardó", refusal.message, "danger"),
      }),
    });
  }
  return data(view, { status });
}
