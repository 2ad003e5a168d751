import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import { getEnv } from "@server/env";
import { can } from "~/lib/access";
import { answerSave, refuse } from "~/lib/save.server";
import type { SessionUser } from "~/modules/auth/session.server";
import { libraryEntry, storePdf, uploadImage } from "~/modules/files/files.server";
import { FILE_TEXTS, ORIGIN_LIBRARY } from "~/modules/files/rules";
import { audit } from "~/modules/logs/audit.server";
import { INVENTORY_PATH } from "~/modules/catalog/inventory";
import {
  PRODUCT_TEXTS, ProductDraftSchema, applyListEdit, emptyDraft, parseProductIntent, validateProduct, type FieldErrors, type ProductDraft,
} from "~/modules/catalog/product-form";
import { mergeProperties } from "~/modules/catalog/product-rules";
import { loadProduct, saveProduct, syncProduct } from "~/modules/catalog/product.server";

export type DialogToast = { id: string; title: string; message: string; variant: "success" | "info" | "warning" | "danger"; durationMs: number };
export type AiResult = { description: string; skipped: string[]; note: string | null };
export type ProductActionData = { draft: ProductDraft; fieldErrors: FieldErrors; toast: DialogToast | null; ai: AiResult | null; revision: string };

const toast = (title: string, message: string, variant: DialogToast["variant"] = "warning", durationMs = 5000): DialogToast => ({
  id: `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`,
  title,
  message,
  variant,
  durationMs,
});

const revisionId = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;

function notFound(): never {
  throw new Response("El producto no existe o fue eliminado.", { status: 404 });
}

/** A pick from "Archivos subidos" (?pick=<fileId>&for=gallery|sheet) added to the dialog's first view. */
export async function applyPick(draft: ProductDraft, url: URL): Promise<{ draft: ProductDraft; toast: DialogToast | null }> {
  const pick = url.searchParams.get("pick");
  const target = url.searchParams.get("for");
  if (!pick) return { draft, toast: null };
  const entry = await libraryEntry(pick, target === "sheet" ? "pdf" : "image");
  if (!entry) return { draft, toast: toast(FILE_TEXTS.title, FILE_TEXTS.missing) };
  if (target === "sheet") return { draft: { ...draft, dataSheetId: entry.fileId, dataSheetName: entry.name }, toast: null };
  if (draft.gallery.some((g) => g.fileId === entry.fileId)) return { draft, toast: null };
  return { draft: { ...draft, gallery: [...draft.gallery, { fileId: entry.fileId, url: entry.url, name: entry.name, alt: "", origin: ORIGIN_LIBRARY }] }, toast: null };
}

/** The dialog's first view: the stored product (404 when unknown) or an empty one, plus a library pick. */
export async function loadProductDialog(sku: string | null, request: Request) {
  const loaded = sku === null ? null : await loadProduct(sku);
  if (sku !== null && !loaded) notFound();
  const picked = await applyPick(loaded?.draft ?? emptyDraft(), new URL(request.url));
  return { draft: picked.draft, stored: loaded?.stored ?? null, pickToast: picked.toast };
}

function listUrl(request: Request) {
  const params = new URL(request.url).searchParams;
  params.delete("pick");
  params.delete("for");
  const text = params.toString();
  return `${INVENTORY_PATH}${text ? `?${text}` : ""}`;
}

/**
 * Every button of the product dialog posts the whole form here with its `intent`; the answer is the
 * draft to show again, or a redirect to the list once saved. Only "save" and "sync" write records;
 * an upload writes to the files library, as it did in the old app.
 */
export async function handleProductAction(request: Request, sku: string | null, user: SessionUser) {
  const loaded = sku === null ? null : await loadProduct(sku);
  if (sku !== null && !loaded) notFound();
  const stored = loaded?.stored ?? null;

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("No se pudo leer el formulario.", { status: 400 });
  }
  const intent = parseProductIntent(form.get("intent"));
  const files = {
    images: form.getAll("uploads").filter((f): f is File => f instanceof File && f.size > 0 && f.name !== ""),
    sheet: form.get("sheetUpload"),
  };
  const aiText = String(form.get("aiDescription") ?? "").slice(0, 200_000);
  for (const key of ["uploads", "sheetUpload", "intent", "aiDescription"]) form.delete(key);
  const parsed = parseWithZod(form, { schema: ProductDraftSchema });
  if (parsed.status !== "success") {
    throw new Response("El formulario no es válido.", { status: 400 });
  }
  let draft: ProductDraft = parsed.value;
  // The URL decides which product this is, never a hidden field.
  if (stored) draft = { ...draft, sku: stored.id, version: draft.version || stored.updatedAt.toISOString() };
  // Spec 4: the e-commerce switch is not Iluminacion's to change.
  if (user.role === "iluminacion") draft = { ...draft, isActive: loaded?.draft.isActive ?? false };
  let fieldErrors: FieldErrors = {};
  let message: DialogToast | null = null;
  let ai: AiResult | null = null;
  let status = 200;

  const uploadImages = async () => {
    for (const file of files.images) {
      const uploaded = await uploadImage(file, user.id);
      if (!uploaded.ok) {
        message = toast(uploaded.title, uploaded.message);
        fieldErrors = { ...fieldErrors, uploads: [uploaded.message] };
        status = 422;
        continue;
      }
      draft = { ...draft, gallery: [...draft.gallery, { ...uploaded.image, alt: "" }] };
      await audit({ message: `Imagen ${uploaded.image.name} subida`, type: "create", tags: ["archivos", "products"], identifier: uploaded.image.fileId, userId: user.id });
    }
  };
  const uploadSheet = async () => {
    const file = files.sheet;
    if (!(file instanceof File) || file.size === 0 || file.name === "") return;
    const stored = await storePdf({ name: file.name, data: new Uint8Array(await file.arrayBuffer()) }, user.id);
    if (!stored.ok) {
      const text = stored.reason === "exists" ? FILE_TEXTS.documentExists(stored.name) : FILE_TEXTS.documentInvalid;
      message = toast(stored.reason === "exists" ? FILE_TEXTS.documentExistsTitle : FILE_TEXTS.documentInvalidTitle, text);
      fieldErrors = { ...fieldErrors, sheetUpload: [text] };
      status = 422;
      return;
    }
    draft = { ...draft, dataSheetId: stored.file.fileId, dataSheetName: stored.file.name };
    await audit({ message: `Ficha técnica ${stored.file.name} subida`, type: "create", tags: ["archivos", "products"], identifier: stored.file.fileId, userId: user.id });
  };

  switch (intent.kind) {
    case "upload":
      await uploadImages();
      break;
    case "sheet-upload":
      await uploadSheet();
      break;
    case "sheet-remove":
      draft = { ...draft, dataSheetId: undefined, dataSheetName: "" };
      break;
    case "image-remove":
    case "image-move":
    case "property-add":
    case "property-remove":
      draft = applyListEdit(draft, intent);
      break;
    case "sync": {
      if (!stored) break;
      const synced = await syncProduct(stored.id, user);
      message = toast(synced.ok ? "Sincronización" : "Error al sincronizar", synced.message, synced.ok ? "success" : "danger");
      break;
    }
    case "ai-use":
      // The generated text the dialog showed; it is sanitised with the rest on save.
      if (can(user, "products.aiDescription") && aiText.trim()) draft = { ...draft, description: aiText };
      break;
    case "ai": {
      if (!can(user, "products.aiDescription")) {
        message = toast("Sin permiso", "Tu usuario no tiene permiso para realizar esta acción.", "danger");
        status = 403;
        break;
      }
      const generated = await generateDescription(draft);
      ai = generated.ai;
      message = generated.toast;
      if (generated.properties) draft = { ...draft, properties: generated.properties };
      break;
    }
    case "save": {
      await uploadImages();
      await uploadSheet();
      if (status !== 200) break;
      const checked = validateProduct(draft, stored ? { sku: stored.id, manufacturerSku: stored.manufacturerSku } : null);
      const saved = checked.ok
        ? await saveProduct(stored ? { sku: stored.id, version: draft.version } : null, checked.values, user)
        : refuse("rules", PRODUCT_TEXTS.fixFields, checked.errors);
      const shown = draft;
      return answerSave(saved, {
        saved: async ({ sku, created }) => {
          // Spec 4: a new product (never a combo here) is synced to the ERP after it is created, outside the transaction.
          const synced = created ? await syncProduct(sku, user) : null;
          return {
            to: listUrl(request),
            toast: {
              title: PRODUCT_TEXTS.savedTitle,
              message: synced && !synced.ok ? `${PRODUCT_TEXTS.saved} ${synced.message}` : PRODUCT_TEXTS.saved,
              variant: synced && !synced.ok ? "warning" : "success",
            },
          };
        },
        refused: (refusal): ProductActionData => ({
          draft: shown,
          fieldErrors: refusal.fieldErrors ?? {},
          toast:
            refusal.reason === "stale"
              ? toast(PRODUCT_TEXTS.notSavedTitle, refusal.message, "danger", 10000)
              : toast(checked.ok ? PRODUCT_TEXTS.duplicateTitle : PRODUCT_TEXTS.notSavedTitle, refusal.message),
          ai: null,
          revision: revisionId(),
        }),
      });
    }
  }
  const answer: ProductActionData = { draft, fieldErrors, toast: message, ai, revision: revisionId() };
  return data(answer, { status });
}

/**
 * Spec 7 + 8: POST ask-description with the data sheet and the product's name. The generated
 * properties are merged into the rows (names equal after normalisation are skipped).
 */
async function generateDescription(draft: ProductDraft): Promise<
  { ok: true; ai: AiResult; toast: DialogToast | null; properties: ProductDraft["properties"] | null } | { ok: false; ai: AiResult; toast: DialogToast; properties: null }
> {
  if (!draft.dataSheetId) {
    return { ok: false, ai: { description: PRODUCT_TEXTS.aiFailedText, skipped: [], note: PRODUCT_TEXTS.aiNeedsSheet }, toast: toast(PRODUCT_TEXTS.aiTitleError, PRODUCT_TEXTS.aiFailed), properties: null };
  }
  const sheet = await libraryEntry(draft.dataSheetId, "pdf");
  if (!sheet) {
    return { ok: false, ai: { description: PRODUCT_TEXTS.aiFailedText, skipped: [], note: null }, toast: toast(PRODUCT_TEXTS.aiTitleError, PRODUCT_TEXTS.aiFailed), properties: null };
  }
  try {
    const base = getEnv().PUBLIC_URL ?? "http://localhost";
    const result = await getIntegrations().ai.generateDescription({ productName: draft.name, file: { url: new URL(sheet.url, base).toString(), name: sheet.name } });
    const { merged, skipped } = mergeProperties(draft.properties, result.features);
    const note = result.features.length === 0 ? PRODUCT_TEXTS.aiNoProperties : null;
    return { ok: true, ai: { description: result.description, skipped: skipped.map((s) => s.name), note }, toast: null, properties: merged };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { ok: false, ai: { description: PRODUCT_TEXTS.aiFailedText, skipped: [], note: PRODUCT_TEXTS.aiNon200 }, toast: toast(PRODUCT_TEXTS.aiTitleError, PRODUCT_TEXTS.aiFailed), properties: null };
  }
}
