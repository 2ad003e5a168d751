import { parseWithZod, type SubmissionResult } from "@conform-to/zod";
import { data } from "react-router";
import type { z } from "zod";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import { getEnv } from "@server/env";
import { STORAGE_DOWN_MESSAGE } from "@server/storage";
import { can } from "~/lib/access";
import { readForm } from "~/lib/http.server";
import { differ, replyWithLists, rewrittenFields } from "~/lib/list-reply.server";
import { answerSave, refuse } from "~/lib/save.server";
import type { SessionUser } from "~/modules/auth/session-user";
import { PRODUCT_IMAGE, discardFile, libraryEntry, storeImage, storePdf, type StoredPdf } from "~/modules/files/files.server";
import { FILE_TEXTS, ORIGIN_LIBRARY } from "~/modules/files/rules";
import { audit } from "~/modules/logs/audit.server";
import { INVENTORY_PATH } from "~/modules/catalog/inventory";
import { dialogToast, listUrlWithout, type DialogToast } from "./dialog-answer.server";
import {
  ProductDraftSchema,
  ProductPostSchema,
  addToGallery,
  catalogErrorMap,
  emptyDraft,
  validateProduct,
  type FieldErrors,
  type GalleryDraft,
  type ProductDraft,
} from "~/modules/catalog/product-form";
import { PRODUCT_TEXTS } from "~/modules/catalog/product-texts";
import { mergeProperties } from "~/modules/catalog/product-rules";
import { loadProduct, saveProduct, syncProduct, type ProductSaveResult } from "~/modules/catalog/product.server";
import { refuseHugeListIndex } from "~/lib/list-index-guard.server";

export type { DialogToast };
export type AiResult = { description: string; skipped: string[]; note: string | null };

/**
 * The answer to every post of the product dialog that does not close it. `result` is Conform's
 * reply: the values as posted (with a list edit applied) and the field errors; the fields the server
 * itself rewrote (an upload, the data sheet, the AI's properties or text) travel in it as
 * `replyWithLists` puts them, so a page drawn afresh starts from them and a browser showing the form
 * redraws just those fields, keeping what is being typed.
 */
export type ProductAnswer = {
  result: SubmissionResult<string[]>;
  /** Refusals of the chosen files, which are not fields of the draft. */
  fileErrors: FieldErrors;
  toast: DialogToast | null;
  ai: AiResult | null;
};

/** A library pick (?pick=<fileId>&for=gallery|sheet) that the dialog adds to what it shows. */
export type LibraryPick = { target: "gallery"; item: GalleryDraft } | { target: "sheet"; fileId: string; name: string };

function notFound(): never {
  throw new Response("El producto no existe o fue eliminado.", { status: 404 });
}

/**
 * Conform reads the dialog's form with its schema and applies an add/remove/move button to it. A
 * control value no button of ours sends (Conform throws on it) is a 400, never a 500.
 */
export function parseDialogForm<Schema extends z.ZodTypeAny>(form: FormData, schema: Schema) {
  refuseHugeListIndex(form, ["uploads"]);
  try {
    return parseWithZod(form, { schema, errorMap: catalogErrorMap });
  } catch {
    throw new Response("El formulario no es válido.", { status: 400 });
  }
}

type Posted = {
  payload: Record<string, unknown>;
  reply: (options?: { fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>;
};

/**
 * Conform's reply for the form as the server worked it out (`draft`), with these errors: the fields
 * a button rewrote (`draft` against `posted`, the post as read) go back through `replyWithLists`.
 * Only those: a value the schema merely filled in (an empty measure read as 0) is not a rewrite, and
 * sending it would redraw the whole form.
 */
export function replyWithDraft<D extends Record<string, unknown>>(
  submission: Posted,
  posted: D,
  draft: D,
  fieldErrors?: Record<string, string[]>,
) {
  const rewritten = Object.fromEntries(Object.entries(draft).filter(([name, value]) => differ(value, posted[name])));
  const { lists, changed } = rewrittenFields(submission.payload, rewritten);
  return replyWithLists(submission, lists, changed, fieldErrors && Object.keys(fieldErrors).length ? { fieldErrors } : {});
}

/** Field errors as Conform takes them (the rules' map may hold empty entries). */
export function conformErrors(errors: FieldErrors | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(errors ?? {})) if (list?.length) out[name] = list;
  return out;
}

/** The pick in the URL, read from the files library; a file that is gone is a toast. */
export async function readPick(url: URL): Promise<{ pick: LibraryPick | null; toast: DialogToast | null }> {
  const fileId = url.searchParams.get("pick");
  const target = url.searchParams.get("for") === "sheet" ? "sheet" : "gallery";
  if (!fileId) return { pick: null, toast: null };
  const entry = await libraryEntry(fileId, target === "sheet" ? "pdf" : "image");
  if (!entry) return { pick: null, toast: dialogToast(FILE_TEXTS.title, FILE_TEXTS.missing) };
  if (target === "sheet") return { pick: { target, fileId: entry.fileId, name: entry.name }, toast: null };
  return {
    pick: { target, item: { fileId: entry.fileId, url: entry.url, name: entry.name, alt: "", origin: ORIGIN_LIBRARY } },
    toast: null,
  };
}

/** The dialog's first view: the stored product (404 when unknown) or an empty one, with a library pick added. */
export async function loadProductDialog(sku: string | null, url: URL) {
  const loaded = sku === null ? null : await loadProduct(sku);
  if (sku !== null && !loaded) notFound();
  const { pick, toast: pickToast } = await readPick(url);
  let draft = loaded?.draft ?? emptyDraft();
  if (pick?.target === "gallery") draft = { ...draft, gallery: addToGallery(draft.gallery, pick.item) };
  if (pick?.target === "sheet") draft = { ...draft, dataSheetId: pick.fileId, dataSheetName: pick.name };
  return { draft, stored: loaded?.stored ?? null, pickToast, pick };
}

/** What a pick from the files library adds to the dialog's URL. */
const PICK_PARAMS = ["pick", "for"] as const;

/** The inventory list the product and combo dialogs go back to. */
export const inventoryListUrl = (url: URL) => listUrlWithout(INVENTORY_PATH, url, PICK_PARAMS);

/** `status`: 422 for a file the rules refuse, 503 when the file store did not answer. */
type Uploaded = {
  images: GalleryDraft[];
  sheet: StoredPdf | null;
  refusal: { toast: DialogToast; fileErrors: FieldErrors; status: 422 | 503 } | null;
};

/** Stores the chosen images and data sheet in the files library; each refusal is said once. */
async function storeChosenFiles(chosen: { images: File[]; sheet: File | null }, user: SessionUser): Promise<Uploaded> {
  const out: Uploaded = { images: [], sheet: null, refusal: null };
  const refused = (field: "uploads" | "sheetUpload", title: string, message: string, unavailable = false) => {
    const fileErrors = out.refusal?.fileErrors ?? {};
    const status = unavailable || out.refusal?.status === 503 ? 503 : 422;
    out.refusal = {
      toast: dialogToast(title, message),
      fileErrors: { ...fileErrors, [field]: [...(fileErrors[field] ?? []), message] },
      status,
    };
  };
  for (const file of chosen.images) {
    const uploaded = await storeImage(file, user.id, PRODUCT_IMAGE);
    if (uploaded.ok) out.images.push({ ...uploaded.image, alt: "" });
    else refused("uploads", uploaded.title, uploaded.message, uploaded.reason === "unavailable");
  }
  if (chosen.sheet) {
    const stored = await storePdf({ name: chosen.sheet.name, data: new Uint8Array(await chosen.sheet.arrayBuffer()) }, user.id);
    if (stored.ok) out.sheet = stored.file;
    else if (stored.reason === "exists") refused("sheetUpload", FILE_TEXTS.documentExistsTitle, FILE_TEXTS.documentExists(stored.name));
    else if (stored.reason === "unavailable") refused("sheetUpload", FILE_TEXTS.storageDownTitle, STORAGE_DOWN_MESSAGE, true);
    else refused("sheetUpload", FILE_TEXTS.documentInvalidTitle, FILE_TEXTS.documentInvalid);
  }
  return out;
}

/** The files are kept in the library from here on: the upload is logged. */
async function logUploads(uploaded: Uploaded, user: SessionUser) {
  for (const image of uploaded.images) {
    await audit({
      message: `Imagen ${image.name} subida`,
      type: "create",
      tags: ["archivos", "products"],
      identifier: image.fileId,
      userId: user.id,
    });
  }
  if (uploaded.sheet) {
    await audit({
      message: `Ficha técnica ${uploaded.sheet.name} subida`,
      type: "create",
      tags: ["archivos", "products"],
      identifier: uploaded.sheet.fileId,
      userId: user.id,
    });
  }
}

/** A save that did not happen keeps none of the files it uploaded. */
async function discardUploads(uploaded: Uploaded) {
  for (const fileId of [...uploaded.images.map((i) => i.fileId), ...(uploaded.sheet ? [uploaded.sheet.fileId] : [])])
    await discardFile(fileId);
}

function chosenFiles(form: FormData) {
  const isChosen = (f: FormDataEntryValue | null): f is File => f instanceof File && f.size > 0 && f.name !== "";
  const sheet = form.get("sheetUpload");
  return { images: form.getAll("uploads").filter(isChosen), sheet: isChosen(sheet) ? sheet : null };
}

/**
 * Every button of the product dialog posts the whole form here. Conform's own buttons (add, remove,
 * move a row) reach the server only without JavaScript: the reply carries the edited lists back.
 * The others are `PRODUCT_INTENTS`: the answer is the form to show again, or a redirect to the list
 * once saved. Only "save" and "sync" write the product; "upload" and "sheet-upload" write to the
 * files library, as the old app did.
 */
export async function handleProductAction(request: Request, url: URL, sku: string | null, user: SessionUser) {
  const loaded = sku === null ? null : await loadProduct(sku);
  if (sku !== null && !loaded) notFound();
  const stored = loaded?.stored ?? null;

  const form = await readForm(request);
  const read = ProductPostSchema.safeParse({ intent: form.get("intent"), aiDescription: form.get("aiDescription") });
  if (!read.success) throw new Response("Acción desconocida.", { status: 400 });
  const post = read.data;
  const chosen = chosenFiles(form);
  for (const key of ["uploads", "sheetUpload", "intent", "aiDescription"]) form.delete(key);
  const submission = parseDialogForm(form, ProductDraftSchema);
  // A list edit posted without JavaScript, or a form the schema refuses: the form as posted, with its errors.
  if (submission.status !== "success") {
    const answer: ProductAnswer = { result: submission.reply(), fileErrors: {}, toast: null, ai: null };
    return data(answer, { status: submission.status === "error" ? 400 : 200 });
  }

  // The URL decides which product this is, never a hidden field.
  let posted: ProductDraft = submission.value;
  if (stored) posted = { ...posted, sku: stored.id, version: posted.version || stored.updatedAt.toISOString() };
  // Spec 4: the e-commerce switch is not Iluminacion's to change.
  if (user.role === "iluminacion") posted = { ...posted, isActive: loaded?.draft.isActive ?? false };
  // Spec 6: a user who may not see the description never had it in the form; the stored one stays.
  if (!can(user, "products.description")) posted = { ...posted, description: loaded?.draft.description ?? "" };
  let draft = posted;
  let status = 200;
  let message: DialogToast | null = null;
  let fileErrors: FieldErrors = {};
  let ai: AiResult | null = null;

  switch (post.intent) {
    case "upload":
    case "sheet-upload": {
      const uploaded = await storeChosenFiles(
        post.intent === "upload" ? { images: chosen.images, sheet: null } : { images: [], sheet: chosen.sheet },
        user,
      );
      await logUploads(uploaded, user);
      for (const image of uploaded.images) draft = { ...draft, gallery: [...draft.gallery, image] };
      if (uploaded.sheet) draft = { ...draft, dataSheetId: uploaded.sheet.fileId, dataSheetName: uploaded.sheet.name };
      if (uploaded.refusal) ({ toast: message, fileErrors, status } = uploaded.refusal);
      break;
    }
    case "sheet-remove":
      draft = { ...draft, dataSheetId: undefined, dataSheetName: "" };
      break;
    case "sync": {
      if (!stored) break;
      const synced = await syncProduct(stored.id, user);
      message = dialogToast(synced.ok ? "Sincronización" : "Error al sincronizar", synced.message, synced.ok ? "success" : "danger");
      break;
    }
    case "ai-use":
      // The generated text the dialog showed; it is sanitised with the rest on save.
      if (can(user, "products.aiDescription") && can(user, "products.description") && post.aiDescription.trim())
        draft = { ...draft, description: post.aiDescription };
      break;
    case "ai": {
      if (!can(user, "products.aiDescription")) {
        message = dialogToast("Sin permiso", "Tu usuario no tiene permiso para realizar esta acción.", "danger");
        status = 403;
        break;
      }
      const generated = await generateDescription(draft);
      ai = generated.ai;
      message = generated.toast;
      if (generated.properties) draft = { ...draft, properties: generated.properties };
      break;
    }
    case "save":
      return save(url, posted, chosen, {
        stored,
        user,
        reply: (fieldErrors) => replyWithDraft(submission, posted, posted, fieldErrors),
      });
  }
  const answer: ProductAnswer = { result: replyWithDraft(submission, posted, draft), fileErrors, toast: message, ai };
  return data(answer, { status });
}

/**
 * Guardar: the spec 5 rules first (a refusal there stores nothing), then the chosen files, then the
 * one save. A refused save discards the files it uploaded, so nothing of it stays in the library;
 * the form comes back as typed (with JavaScript the chosen files are still chosen).
 */
async function save(
  url: URL,
  draft: ProductDraft,
  chosen: { images: File[]; sheet: File | null },
  ctx: {
    stored: { id: string; manufacturerSku: string } | null;
    user: SessionUser;
    reply: (fieldErrors: Record<string, string[]>) => SubmissionResult<string[]>;
  },
) {
  const { stored, user } = ctx;
  const refusedAnswer = (fieldErrors: FieldErrors, shown: DialogToast, extra: Partial<ProductAnswer> = {}): ProductAnswer => ({
    result: ctx.reply(conformErrors(fieldErrors)),
    fileErrors: {},
    toast: shown,
    ai: null,
    ...extra,
  });
  const checked = validateProduct(draft, stored ? { sku: stored.id, manufacturerSku: stored.manufacturerSku } : null);
  let saved: ProductSaveResult;
  if (!checked.ok) saved = refuse("invalid", PRODUCT_TEXTS.fixFields, checked.errors);
  else {
    const uploaded = await storeChosenFiles(chosen, user);
    if (uploaded.refusal) {
      await discardUploads(uploaded);
      return data(refusedAnswer({}, uploaded.refusal.toast, { fileErrors: uploaded.refusal.fileErrors }), {
        status: uploaded.refusal.status,
      });
    }
    const values = {
      ...checked.values,
      gallery: [...checked.values.gallery, ...uploaded.images],
      dataSheetId: uploaded.sheet?.fileId ?? checked.values.dataSheetId,
    };
    saved = await saveProduct(stored ? { sku: stored.id, version: draft.version } : null, values, user);
    if (saved.ok) await logUploads(uploaded, user);
    else await discardUploads(uploaded);
  }
  return answerSave(saved, {
    saved: async ({ sku, created, removedFileLinks }) => {
      // Spec 4: a new product (never a combo here) is synced to the ERP after it is created, outside the transaction.
      const synced = created ? await syncProduct(sku, user) : null;
      const warnings = [...(synced && !synced.ok ? [synced.message] : []), ...(removedFileLinks ? [FILE_TEXTS.foreignFileLinks] : [])];
      return {
        to: inventoryListUrl(url),
        toast: {
          title: PRODUCT_TEXTS.savedTitle,
          message: [PRODUCT_TEXTS.saved, ...warnings].join(" "),
          variant: warnings.length ? "warning" : "success",
        },
      };
    },
    refused: (refusal): ProductAnswer =>
      refusedAnswer(
        refusal.fieldErrors ?? {},
        refusal.reason === "conflict"
          ? dialogToast(PRODUCT_TEXTS.notSavedTitle, refusal.message, "danger", 10000)
          : // Spec 8: a taken SKU is said by the toast "Lo sentimos." (the field keeps spec 5's text).
            refusal.fieldErrors?.sku?.includes(PRODUCT_TEXTS.skuTaken)
            ? dialogToast(PRODUCT_TEXTS.duplicateTitle, PRODUCT_TEXTS.duplicate)
            : dialogToast(checked.ok ? PRODUCT_TEXTS.duplicateTitle : PRODUCT_TEXTS.notSavedTitle, refusal.message),
      ),
  });
}

/**
 * Spec 7 + 8: POST ask-description with the data sheet and the product's name. The generated
 * properties are merged into the rows (names equal after normalisation are skipped).
 */
async function generateDescription(
  draft: ProductDraft,
): Promise<
  | { ok: true; ai: AiResult; toast: DialogToast | null; properties: ProductDraft["properties"] | null }
  | { ok: false; ai: AiResult; toast: DialogToast; properties: null }
> {
  if (!draft.dataSheetId) {
    return {
      ok: false,
      ai: { description: PRODUCT_TEXTS.aiFailedText, skipped: [], note: PRODUCT_TEXTS.aiNeedsSheet },
      toast: dialogToast(PRODUCT_TEXTS.aiTitleError, PRODUCT_TEXTS.aiFailed),
      properties: null,
    };
  }
  const sheet = await libraryEntry(draft.dataSheetId, "pdf");
  if (!sheet) {
    return {
      ok: false,
      ai: { description: PRODUCT_TEXTS.aiFailedText, skipped: [], note: null },
      toast: dialogToast(PRODUCT_TEXTS.aiTitleError, PRODUCT_TEXTS.aiFailed),
      properties: null,
    };
  }
  try {
    const base = getEnv().PUBLIC_URL ?? "http://localhost";
    const result = await getIntegrations().ai.generateDescription({
      productName: draft.name,
      file: { url: new URL(sheet.url, base).toString(), name: sheet.name },
    });
    const { merged, skipped } = mergeProperties(draft.properties, result.features);
    const note = result.features.length === 0 ? PRODUCT_TEXTS.aiNoProperties : null;
    return {
      ok: true,
      ai: { description: result.description, skipped: skipped.map((s) => s.name), note },
      toast: null,
      properties: merged,
    };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return {
      ok: false,
      ai: { description: PRODUCT_TEXTS.aiFailedText, skipped: [], note: PRODUCT_TEXTS.aiNon200 },
      toast: dialogToast(PRODUCT_TEXTS.aiTitleError, PRODUCT_TEXTS.aiFailed),
      properties: null,
    };
  }
}
