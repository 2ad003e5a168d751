import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { getDb } from "@server/db/client";
import { publications } from "@server/db/schema";
import { getIntegrations, isIntegrationError, type CategoryPrediction } from "@server/integrations";
import { eq, sql } from "drizzle-orm";
import { readForm } from "~/lib/http.server";
import { replyWithLists, rewrittenFields } from "~/lib/list-reply.server";
import type { Toast } from "~/lib/toast";
import { answerSave, replyErrors } from "~/lib/save.server";
import { redirectWithToast } from "~/lib/toast.server";
import { audit } from "~/modules/logs/audit.server";
import { CATEGORY_TYPEAHEAD_LIMIT, GALLERY_MAX_PER_PRODUCT, TEXTS } from "~/modules/publications/constants";
import { formDefaults, newDraft, type Draft } from "~/modules/publications/draft";
import { hasForgedListIndex } from "@common/forged-list-index";
import { parseDraftForm, PublicationFields } from "~/modules/publications/draft-form";
import { refuseHugeListIndex } from "~/lib/list-index-guard.server";
import { z } from "zod";
import { addImage, addProduct, addVariation, canAddImage, readCategorySearch, readEditorIntent } from "~/modules/publications/draft-intent";
import { CATEGORY_SEARCH_FIELD, uploadFieldName } from "~/modules/publications/editor-buttons";
import { browseCategories, type CategoryPickerView } from "~/modules/publications/category-picker.server";
import { defaultGallery } from "~/modules/publications/default-gallery.server";
import { buildView, draftFromRecord, type EditorView } from "~/modules/publications/editor.server";
import { libraryImage, listLibraryImages, uploadImage, type LibraryImage } from "~/modules/files/files.server";
import { loadPublication, searchProducts, sellerFooter, touchSync, type ProductInfo } from "~/modules/publications/publications.server";
import { savePublication } from "~/modules/publications/save.server";
import type { FieldErrors } from "~/modules/publications/validation";

export type EditorActionData = {
  view: EditorView;
  /** Conform's answer: the field errors, and the fields the server rewrote (`replyWithLists`). */
  result: SubmissionResult<string[]>;
  toast: (Pick<Toast, "title" | "message" | "variant"> & { id: string; durationMs: number }) | null;
  library: { sku: string; images: LibraryImage[]; search: string } | null;
};

function notFound(): never {
  throw new Response("La publicación no existe.", { status: 404 });
}

/** The dialog's first view: the stored publication, or the section 3 defaults (with the two default images) for a new one. */
export async function loadEditor(id: string | null) {
  const loaded = await loadPublication(id);
  if (id && !loaded.publication) notFound();
  const footer = loaded.footer || (await sellerFooter());
  const draft = loaded.publication
    ? draftFromRecord(loaded.publication, loaded.variations)
    : { ...newDraft(), gallery: await defaultGallery() };
  const view = await buildView(draft, { footer, record: loaded.publication, products: loaded.products });
  return { view, stored: loaded.publication };
}

const toast = (title: string, message: string, variant: Toast["variant"] = "warning", durationMs = 5000) => ({
  id: `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`,
  title,
  message,
  variant,
  durationMs,
});

type Submission = ReturnType<typeof parseDraftForm>["submission"];

/**
 * Conform's answer for the form as the server worked it out (`draft`), with its errors: the fields
 * that differ from the post — a product added, rows moved into a variation, an image uploaded, a
 * category set, a value the server recomputes — travel back through `replyWithLists`, so a page
 * drawn afresh starts from the draft and a browser showing the form redraws just those fields.
 */
function replyFor(submission: Submission, draft: Draft, fieldErrors?: FieldErrors, formErrors?: string[]): SubmissionResult<string[]> {
  const { lists, changed } = rewrittenFields(submission.payload, formDefaults(draft));
  return replyWithLists(submission, lists, changed, { fieldErrors, formErrors });
}

/** The editor's checkbox groups (arrays of plain values in its schema: channels, warehouses) post a name once per box ticked. */
const REPEATABLE = Object.entries(PublicationFields.shape).flatMap(([name, type]) => {
  let inner: z.ZodTypeAny = type;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional || inner instanceof z.ZodEffects)
    inner = inner instanceof z.ZodEffects ? inner.innerType() : inner._def.innerType;
  return inner instanceof z.ZodArray && !(inner.element instanceof z.ZodObject) ? [name] : [];
});

const fullGallery = () => toast("Galería completa", `Cada producto vinculado admite ${GALLERY_MAX_PER_PRODUCT} imágenes.`);

/**
 * Every button of the dialog posts the whole form here. Conform's list buttons (add, remove or move a
 * row or an image, all/none warehouses) come already applied to the parsed form; the other buttons
 * carry an `intent`. The answer is the draft to show again (or a redirect once saved). Nothing but
 * "save", "sync-price" and "premium" writes.
 */
export async function handleEditorAction(request: Request, url: URL, id: string | null, userId: number) {
  const listUrl = `/publications${url.search}`;
  const selfUrl = `${url.pathname}${url.search}`;
  const loaded = await loadPublication(id);
  if (id && !loaded.publication) notFound();
  const stored = loaded.publication;
  const footer = loaded.footer || (await sellerFooter());

  const form = await readForm(request);
  // A name posted twice where the form has one field (only a hand-made post does it), whatever the
  // button: Conform would read it as a list the dialog cannot draw.
  refuseHugeListIndex(form, REPEATABLE);
  const intent = readEditorIntent(form.get("intent"));

  // Premium and price sync act on the stored publication (their buttons post no draft).
  if (intent?.type === "sync-price" && stored) {
    try {
      const synced = await getIntegrations().marketplace.syncPost({ id: stored.id });
      await touchSync(stored.id, new Date(synced.syncedAt), userId);
    } catch (error) {
      if (!isIntegrationError(error)) throw error;
      return redirectWithToast(selfUrl, { title: "No se sincronizó el precio", message: error.message, variant: "danger" });
    }
    return redirectWithToast(selfUrl, {
      title: "Precio sincronizado",
      message: `Se sincronizó el precio de ${stored.id} con Mercado Libre.`,
      variant: "success",
    });
  }
  if (intent?.type === "premium" && stored) {
    try {
      await getIntegrations().marketplace.updatePremium({ id: stored.id, account: stored.officialStore ? "brand" : "main" });
    } catch (error) {
      if (!isIntegrationError(error)) throw error;
      return redirectWithToast(selfUrl, { title: "No se cambió a Premium", message: error.message, variant: "danger" });
    }
    await getDb().transaction(async (tx) => {
      await tx
        .update(publications)
        .set({ listingType: "gold_pro", premium: true, version: sql`${publications.version} + 1`, lastUpdate: new Date() })
        .where(eq(publications.id, stored.id));
      await audit(
        { message: `Publicación ${stored.id} cambiada a Premium`, type: "update", tags: ["publicaciones"], identifier: stored.id, userId },
        tx,
      );
    });
    return redirectWithToast(selfUrl, { title: "Publicación Premium", message: `${stored.id} ahora es Premium.`, variant: "success" });
  }

  // A forged list index would make Conform build a list that long (common/forged-list-index.ts).
  if (hasForgedListIndex(form)) throw new Response("No se pudo leer el formulario.", { status: 400 });
  let parsed: ReturnType<typeof parseDraftForm>;
  try {
    parsed = parseDraftForm(form);
  } catch {
    // A list button Conform cannot read (its JSON broken, or aimed at a field that is no list).
    throw new Response("No se pudo leer el formulario.", { status: 400 });
  }
  const { submission, value } = parsed;
  if (!value) {
    // A value the form's inputs do not allow (a stored title over 55 characters, a forged post): the
    // form comes back as it was posted, with its errors.
    const view = await buildView(stored ? draftFromRecord(stored, loaded.variations) : newDraft(), {
      footer,
      record: stored,
      products: loaded.products,
    });
    return data<EditorActionData>(
      {
        view,
        result: submission.reply(),
        toast: toast("Revisa los datos", "Hay datos que no son válidos: corrígelos y vuelve a intentar."),
        library: null,
      },
      { status: 400 },
    );
  }
  // The URL decides which publication this is, never a field.
  let draft: Draft = { ...value, id: stored?.id ?? null, version: value.version || stored?.version || 0 };

  const answer = async (
    extras: Partial<Pick<EditorActionData, "toast" | "library">> & {
      fieldErrors?: FieldErrors;
      searchResults?: ProductInfo[] | null;
      predictions?: CategoryPrediction[] | null;
      picker?: CategoryPickerView | null;
    } = {},
    status = 200,
  ) => {
    const view = await buildView(draft, {
      footer,
      record: stored,
      searchResults: extras.searchResults,
      predictions: extras.predictions,
      picker: extras.picker,
    });
    return data<EditorActionData>(
      { view, result: replyFor(submission, draft, extras.fieldErrors), toast: extras.toast ?? null, library: extras.library ?? null },
      { status },
    );
  };

  /** The draft's category as the marketplace knows it, with its attributes ("Cargar categoría", a category chosen). */
  const loadCategory = async () => {
    const view = await buildView(draft, { footer, record: stored });
    const fieldErrors: FieldErrors | undefined = view.categoryError ? { categoryId: [view.categoryError] } : undefined;
    return data<EditorActionData>(
      { view, result: replyFor(submission, draft, fieldErrors), toast: null, library: null },
      { status: fieldErrors ? 400 : 200 },
    );
  };

  // An intent no button of the form posts is refused, even beside a list button's change.
  const unknownIntent = () =>
    answer({ toast: toast("Acción desconocida", "El botón no corresponde a ninguna acción del formulario.") }, 400);
  if (!intent && form.get("intent") !== null) return unknownIntent();
  // A list button (Conform's insert/remove/reorder/update) is already in `value`: show the changed form.
  if (submission.status !== "success") return answer();
  if (!intent) return unknownIntent();

  switch (intent.type) {
    case "recalc":
    case "premium": // a new publication has nothing to change to Premium or to sync yet
    case "sync-price":
      return answer();
    case "add-variation":
      draft = addVariation(draft);
      return answer();
    case "add-product":
      draft = addProduct(draft, draft.searchTarget, intent.sku);
      return answer();
    case "search-products":
      if (draft.productSearch.trim().length <= 1)
        return answer({ searchResults: [], fieldErrors: { productSearch: ["Escribe al menos dos caracteres."] } });
      return answer({ searchResults: await searchProducts(draft.productSearch) });
    case "predict": {
      if (!draft.title.trim()) return answer({ toast: toast("Escribe el título", "El predictor sugiere categorías a partir del título.") });
      try {
        // Shown in a dialog over the editor, at most the typeahead limit (spec 2 §9).
        const predictions = await getIntegrations().marketplace.predictCategory(draft.title);
        return answer({ predictions: predictions.slice(0, CATEGORY_TYPEAHEAD_LIMIT) });
      } catch (error) {
        if (!isIntegrationError(error)) throw error;
        return answer({ toast: toast("No se pudo predecir la categoría", error.message, "danger") });
      }
    }
    case "set-category":
    case "load-category": {
      if (intent.type === "set-category") draft = { ...draft, categoryId: intent.categoryId };
      return loadCategory();
    }
    case "browse-category":
    case "filter-categories": {
      // The picker: a level of the tree over the editor, or — a final category opened — that category chosen.
      const filter =
        intent.type === "filter-categories" ? readCategorySearch(form.get(CATEGORY_SEARCH_FIELD)) : { ok: true as const, search: "" };
      if (!filter.ok) {
        const step = await browseCategories(intent.parent);
        if (step.kind === "level") return answer({ picker: { ...step.picker, error: filter.message } }, 400);
        return answer({}, 400);
      }
      const step = await browseCategories(intent.parent, filter.search);
      if (step.kind === "final") {
        draft = { ...draft, categoryId: step.categoryId };
        return loadCategory();
      }
      return answer({ picker: step.picker });
    }
    case "upload": {
      const file = form.get(uploadFieldName(intent.sku));
      if (!(file instanceof File) || file.size === 0)
        return answer({ toast: toast(TEXTS.imageInvalidTitle, "Elige una imagen para subir.") });
      if (!canAddImage(draft.gallery, intent.sku)) return answer({ toast: fullGallery() });
      const uploaded = await uploadImage(file, userId);
      // An image the rules refuse is a 400; the file store not answering, a 503.
      if (!uploaded.ok) return answer({ toast: toast(uploaded.title, uploaded.message) }, uploaded.reason === "unavailable" ? 503 : 400);
      const added = addImage(draft, { ...uploaded.image, sku: intent.sku, alt: "" });
      if (added.ok) draft = added.draft;
      await audit({
        message: `Imagen ${uploaded.image.name} subida`,
        type: "create",
        tags: ["archivos", "publicaciones"],
        identifier: uploaded.image.fileId,
        userId,
      });
      return answer();
    }
    case "library":
      return answer({ library: { sku: intent.sku, search: draft.librarySearch, images: await listLibraryImages(draft.librarySearch) } });
    case "pick-image": {
      const image = await libraryImage(intent.fileId);
      if (!image) return answer({ toast: toast("Imagen no encontrada", "La imagen ya no existe en la biblioteca.") });
      const added = addImage(draft, { ...image, sku: intent.sku, origin: "directus", alt: "" });
      if (!added.ok) return answer({ toast: fullGallery() });
      draft = added.draft;
      return answer();
    }
    case "save": {
      const view = await buildView(draft, { footer, record: stored });
      const saved = await savePublication(
        view,
        stored
          ? {
              version: draft.version || stored.version,
              title: stored.title,
              categoryId: stored.categoryId,
              description: stored.description,
              listingType: stored.listingType,
              mlStore: stored.mlStore,
              gallery: stored.gallery,
            }
          : null,
        userId,
      );
      return answerSave(saved, {
        saved: ({ id, created }) => ({
          to: listUrl,
          toast: {
            title: created ? "Publicación creada" : "Publicación actualizada",
            message: created ? `Se publicó ${id} en Mercado Libre.` : `Se guardaron los cambios de ${id}.`,
            variant: "success",
          },
        }),
        refused: (refusal): EditorActionData => {
          const errors = replyErrors(refusal);
          return {
            view,
            result: replyFor(submission, draft, errors.fieldErrors, errors.formErrors),
            toast:
              refusal.reason === "invalid"
                ? toast(TEXTS.insufficientTitle, refusal.message, "warning", 5000)
                : refusal.reason === "conflict"
                  ? toast("Publicación modificada", refusal.message, "warning", 8000)
                  : toast("Mercado Libre rechazó la publicación", refusal.message, "danger", 8000),
            library: null,
          };
        },
      });
    }
  }
}
