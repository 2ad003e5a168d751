import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { richTextToPlain } from "~/lib/sanitize-html.server";
import { answerSave, refuse, type FieldErrors } from "~/lib/save.server";
import { requireAccess } from "~/modules/auth/guard.server";
import { uploadImage } from "~/modules/files/files.server";
import { audit } from "~/modules/logs/audit.server";
import {
  COMBO_DIALOG_TEXTS, COMBO_SEARCH_MIN, COMBO_TEXTS, ComboDraftSchema, checkComboLines, comboIsComplete, emptyComboDraft, parseComboIntent,
  summariseCombo, type ComboDraft, type ComboSummary, type QtyProblem,
} from "~/modules/catalog/combo-form";
import { componentsById, loadCombo, saveCombo, searchComponents, type ComponentMatch, type ComponentRow } from "~/modules/catalog/combo.server";
import { INVENTORY_PATH } from "~/modules/catalog/inventory";
import { flatOptions, treeOptions } from "~/modules/catalog/inventory.server";
import { applyPick, type DialogToast } from "./product-action.server";
import { applyListEdit } from "~/modules/catalog/product-form";
import { addComboLine, isComboId } from "~/modules/catalog/product-rules";

/** Route handlers of the combo dialog: /web-inventory/combos/new and /web-inventory/combos/$comboId. */
export const COMBO_BASE = `${INVENTORY_PATH}/combos`;

const toast = (title: string, message: string, variant: DialogToast["variant"] = "warning"): DialogToast => ({
  id: `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`,
  title,
  message,
  variant,
  durationMs: 5000,
});

function notFound(): never {
  throw new Response(COMBO_DIALOG_TEXTS.notFound, { status: 404 });
}

export function comboIdFrom(params: Record<string, string | undefined>) {
  const id = params.comboId ?? "";
  if (!isComboId(id)) notFound();
  return id;
}

function listUrlOf(request: Request) {
  const params = new URL(request.url).searchParams;
  for (const k of ["pick", "for"]) params.delete(k);
  const text = params.toString();
  return `${INVENTORY_PATH}${text ? `?${text}` : ""}`;
}

/** The lines with the catalogue's current name, price and stock; SKUs no longer there are dropped. */
async function resolveLines(draft: ComboDraft): Promise<{ lines: ComponentRow[]; dropped: number }> {
  const found = await componentsById(draft.components.map((c) => c.id));
  const lines: ComponentRow[] = [];
  for (const c of draft.components) {
    const row = found.get(c.id);
    if (row && !lines.some((l) => l.id === c.id)) lines.push({ ...row, qty: c.qty });
  }
  return { lines, dropped: draft.components.length - lines.length };
}

export type ComboView = {
  draft: ComboDraft;
  lines: ComponentRow[];
  summary: ComboSummary;
  matches: ComponentMatch[] | null;
  problems: QtyProblem[];
  fieldErrors: FieldErrors;
  toast: DialogToast | null;
  revision: string;
};

async function viewOf(draft: ComboDraft, lines: ComponentRow[], extra: Partial<ComboView> = {}): Promise<ComboView> {
  return {
    draft: { ...draft, components: lines.map((l) => ({ id: l.id, qty: l.qty })) },
    lines,
    summary: summariseCombo(lines),
    matches: null,
    problems: [],
    fieldErrors: {},
    toast: null,
    revision: `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
    ...extra,
  };
}

export async function comboDialogLoader(request: Request, id: string | null) {
  const user = await requireAccess(request);
  const loaded = id === null ? null : await loadCombo(id);
  if (id !== null && !loaded) notFound();
  const picked = await applyPick({ ...emptyProductShape(), gallery: (loaded?.draft ?? emptyComboDraft()).gallery }, new URL(request.url));
  const draft = { ...(loaded?.draft ?? emptyComboDraft()), gallery: picked.draft.gallery };
  const { lines } = await resolveLines(draft);
  const [categories, brands, sectors, applications] = await Promise.all([treeOptions("categories"), treeOptions("brands"), flatOptions("sectors"), flatOptions("applications")]);
  return {
    view: await viewOf(draft, lines, { toast: picked.toast, revision: "load" }),
    comboId: loaded?.stored.id ?? null,
    options: { categories, brands, sectors, applications },
    closeTo: listUrlOf(request),
    selfPath: id === null ? `${COMBO_BASE}/new` : `${COMBO_BASE}/${id}`,
    userRole: user.role,
  };
}

/** applyPick works on the product draft's gallery; only that part is used here. */
function emptyProductShape() {
  return { version: "", sku: "", manufacturerSku: "", name: "", description: "", price: 0, eanUpc: "", tall: 0, long: 0, wide: 0, weight: 0, isActive: false, globalDescription: false, dataSheetName: "", gallery: [], properties: [] };
}

/**
 * Every button of the combo dialog posts the whole form with its intent. Only `save` writes the
 * combo; `search` answers the typeahead's matches (no JavaScript needed), `add:<sku>` adds a
 * component or +1 to one already there (spec 5).
 */
export async function comboDialogAction(request: Request, id: string | null) {
  const user = await requireAccess(request);
  const loaded = id === null ? null : await loadCombo(id);
  if (id !== null && !loaded) notFound();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("No se pudo leer el formulario.", { status: 400 });
  }
  const intent = parseComboIntent(form.get("intent"));
  const uploads = form.getAll("uploads").filter((f): f is File => f instanceof File && f.size > 0 && f.name !== "");
  for (const key of ["intent", "uploads"]) form.delete(key);
  const parsed = parseWithZod(form, { schema: ComboDraftSchema });
  if (parsed.status !== "success") throw new Response("El formulario no es válido.", { status: 400 });
  let draft = parsed.value;
  // Spec 4: a saved combo's components are read-only, whatever was posted.
  if (loaded) draft = { ...draft, components: loaded.draft.components, version: draft.version || loaded.stored.updatedAt.toISOString() };
  // Spec 5: the e-commerce switch is not Iluminacion's to change.
  if (user.role === "iluminacion") draft = { ...draft, isActive: loaded?.draft.isActive ?? false };
  let { lines } = await resolveLines(draft);
  let message: DialogToast | null = null;
  let matches: ComponentMatch[] | null = null;
  let fieldErrors: Record<string, string[]> = {};
  let status = 200;

  switch (intent.kind) {
    case "search":
      matches = draft.componentSearch.trim().length >= COMBO_SEARCH_MIN ? await searchComponents(draft.componentSearch) : [];
      break;
    case "add": {
      if (loaded) {
        message = toast("Publicación", COMBO_DIALOG_TEXTS.readOnly, "info");
        break;
      }
      const found = (await componentsById([intent.sku])).get(intent.sku);
      if (!found) {
        message = toast(COMBO_TEXTS.qtyOverStockTitle, COMBO_DIALOG_TEXTS.productGone);
        break;
      }
      if (found.stock <= 0) {
        message = toast(COMBO_TEXTS.qtyOverStockTitle, COMBO_TEXTS.noStock);
        break;
      }
      const added = addComboLine(lines, found);
      lines = added.map((l) => ({ ...l, thumb: lines.find((x) => x.id === l.id)?.thumb ?? found.thumb }));
      draft = { ...draft, componentSearch: "" };
      break;
    }
    case "line-remove":
      if (!loaded) lines = lines.filter((_, k) => k !== intent.index);
      break;
    case "upload":
      for (const file of uploads) {
        const stored = await uploadImage(file, user.id);
        if (!stored.ok) {
          message = toast(stored.title, stored.message);
          fieldErrors = { ...fieldErrors, uploads: [stored.message] };
          status = 422;
          continue;
        }
        draft = { ...draft, gallery: [...draft.gallery, { ...stored.image, alt: "" }] };
        await audit({ message: `Imagen ${stored.image.name} subida`, type: "create", tags: ["archivos", "combos"], identifier: stored.image.fileId, userId: user.id });
      }
      break;
    case "image-remove":
    case "image-move":
    case "property-add":
    case "property-remove":
      draft = applyListEdit(draft, intent);
      break;
    case "save":
      break;
  }

  // Spec 5 quantities: above 0, not above the stock; a refused one goes back to 1 with its message.
  const checked = checkComboLines(lines);
  const thumbs = new Map(lines.map((l) => [l.id, l.thumb]));
  lines = checked.lines.map((l) => ({ ...l, thumb: thumbs.get(l.id) ?? null }));
  if (checked.problems.length && !loaded) {
    const first = checked.problems[0];
    message = toast(first.title, first.message);
    for (const p of checked.problems) fieldErrors[`components[${p.index}].qty`] = [p.message];
    status = 422;
  }

  if (intent.kind === "save" && status === 200) {
    const summary = summariseCombo(lines);
    const saved = comboIsComplete(draft, summary, richTextToPlain(draft.description), lines.length)
      ? await saveCombo(loaded ? { id: loaded.stored.id, version: draft.version } : null, draft, { lines, price: summary.price, stock: summary.stock }, user)
      : refuse("rules", COMBO_TEXTS.required);
    const view = await viewOf(draft, lines, { matches, problems: checked.problems, fieldErrors });
    return answerSave(saved, {
      saved: ({ id }) => ({ to: listUrlOf(request), toast: { title: COMBO_DIALOG_TEXTS.savedTitle, message: `${COMBO_DIALOG_TEXTS.saved} (${id})`, variant: "success" } }),
      refused: (refusal): ComboView => ({
        ...view,
        fieldErrors: { ...fieldErrors, ...refusal.fieldErrors },
        toast: refusal.reason === "rules" ? toast(COMBO_TEXTS.requiredTitle, refusal.message, "info") : toast("No se guardó", refusal.message, "danger"),
      }),
    });
  }
  return data(await viewOf(draft, lines, { matches, problems: checked.problems, fieldErrors, toast: message }), { status });
}
