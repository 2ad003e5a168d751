import { data } from "@remix-run/node";
import { getDb } from "@server/db/client";
import { publications } from "@server/db/schema";
import { getIntegrations, isIntegrationError, type CategoryPrediction } from "@server/integrations";
import { eq, sql } from "drizzle-orm";
import type { Toast } from "~/lib/toast";
import { answerSave, replyErrors } from "~/lib/save.server";
import { redirectWithToast } from "~/lib/toast.server";
import { audit } from "~/modules/logs/audit.server";
import { GALLERY_MAX_PER_PRODUCT, TEXTS } from "~/modules/publications/constants";
import {
  addProduct, addRow, addVariation, moveDraftImage, newDraft, readDraft, removeImage, removeRow, removeVariation, setAllWarehouses, type Draft,
} from "~/modules/publications/draft";
import { defaultGallery } from "~/modules/publications/default-gallery.server";
import { buildView, draftFromRecord, type EditorView } from "~/modules/publications/editor.server";
import { libraryImage, listLibraryImages, uploadImage, type LibraryImage } from "~/modules/files/files.server";
import { loadPublication, searchProducts, sellerFooter, touchSync, type ProductInfo } from "~/modules/publications/publications.server";
import { savePublication } from "~/modules/publications/save.server";
import type { FieldErrors } from "~/modules/publications/validation";

export type EditorActionData = {
  view: EditorView;
  fieldErrors: FieldErrors;
  toast: (Pick<Toast, "title" | "message" | "variant"> & { id: string; durationMs: number }) | null;
  library: { sku: string; images: LibraryImage[]; search: string } | null;
  /** Changes on every answer, so the form's uncontrolled inputs take the draft's values again. */
  revision: string;
};

function notFound(): never {
  throw new Response("La publicación no existe.", { status: 404 });
}

/** The dialog's first view: the stored publication, or the section 3 defaults (with the two default images) for a new one. */
export async function loadEditor(id: string | null) {
  const loaded = await loadPublication(id);
  if (id && !loaded.publication) notFound();
  const footer = loaded.footer || (await sellerFooter());
  const draft = loaded.publication ? draftFromRecord(loaded.publication, loaded.variations) : { ...newDraft(), gallery: await defaultGallery() };
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

/**
 * Every button of the dialog posts the whole form here with its `intent`; the answer is the draft
 * to show again (or a redirect once saved). Nothing but "save", "sync-price" and "premium" writes.
 */
export async function handleEditorAction(request: Request, id: string | null, userId: number) {
  const url = new URL(request.url);
  const listUrl = `/publications${url.search}`;
  const selfUrl = `${url.pathname}${url.search}`;
  const loaded = await loadPublication(id);
  if (id && !loaded.publication) notFound();
  const stored = loaded.publication;
  const footer = loaded.footer || (await sellerFooter());

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("No se pudo leer el formulario.", { status: 400 });
  }
  const intent = String(form.get("intent") ?? "save");
  let draft: Draft = readDraft(form);
  // The URL decides which publication this is, never a hidden field.
  draft = { ...draft, id: stored?.id ?? null, version: draft.version || stored?.version || 0 };

  let searchResults: ProductInfo[] | null = null;
  let predictions: CategoryPrediction[] | null = null;
  let message: EditorActionData["toast"] = null;
  let library: EditorActionData["library"] = null;
  let status = 200;
  const notices: string[] = [];
  const [verb, ...args] = intent.split(":");

  switch (verb) {
    case "add-row":
      draft = addRow(draft, args[0] ?? "flat");
      break;
    case "remove-row":
      draft = removeRow(draft, args[0] ?? "flat", Number(args[1]));
      break;
    case "add-variation":
      draft = addVariation(draft);
      break;
    case "remove-variation":
      draft = removeVariation(draft, Number(args[0]));
      break;
    case "warehouses-all":
    case "warehouses-none":
      draft = setAllWarehouses(draft, verb === "warehouses-all");
      break;
    case "search-products":
      searchResults = await searchProducts(draft.productSearch);
      break;
    case "add-product":
      draft = addProduct(draft, args[0] === "selected" ? draft.searchTarget : args[0] ?? "flat", args.slice(1).join(":"));
      break;
    case "predict":
      if (!draft.title.trim()) {
        message = toast("Escribe el título", "El predictor sugiere categorías a partir del título.");
        break;
      }
      try {
        predictions = await getIntegrations().marketplace.predictCategory(draft.title);
      } catch (error) {
        if (!isIntegrationError(error)) throw error;
        message = toast("No se pudo predecir la categoría", error.message, "danger");
      }
      break;
    case "set-category":
      draft = { ...draft, categoryId: (args[0] ?? "").toUpperCase().slice(0, 30) };
      break;
    case "upload": {
      const sku = (args.join(":") || "").toUpperCase();
      const file = form.get(`upload.${sku}`);
      if (!(file instanceof File) || file.size === 0) {
        message = toast(TEXTS.imageInvalidTitle, "Elige una imagen para subir.");
        break;
      }
      if (draft.gallery.filter((g) => g.sku === sku).length >= GALLERY_MAX_PER_PRODUCT) {
        message = toast("Galería completa", `Cada producto vinculado admite ${GALLERY_MAX_PER_PRODUCT} imágenes.`);
        break;
      }
      const uploaded = await uploadImage(file, userId);
      if (!uploaded.ok) {
        message = toast(uploaded.title, uploaded.message);
        status = 400;
        break;
      }
      draft = { ...draft, gallery: [...draft.gallery, { ...uploaded.image, sku, alt: "" }] };
      await audit({ message: `Imagen ${uploaded.image.name} subida`, type: "create", tags: ["archivos", "publicaciones"], identifier: uploaded.image.fileId, userId });
      break;
    }
    case "library": {
      const sku = (args.join(":") || "").toUpperCase();
      const search = String(form.get("librarySearch") ?? "").slice(0, 100);
      library = { sku, search, images: await listLibraryImages(search) };
      break;
    }
    case "pick-image": {
      const [sku, fileId] = [(args[0] ?? "").toUpperCase(), args[1] ?? ""];
      const image = await libraryImage(fileId);
      if (!image) {
        message = toast("Imagen no encontrada", "La imagen ya no existe en la biblioteca.");
        break;
      }
      if (draft.gallery.filter((g) => g.sku === sku).length >= GALLERY_MAX_PER_PRODUCT) {
        message = toast("Galería completa", `Cada producto vinculado admite ${GALLERY_MAX_PER_PRODUCT} imágenes.`);
        break;
      }
      if (!draft.gallery.some((g) => g.sku === sku && g.fileId === image.fileId)) {
        draft = { ...draft, gallery: [...draft.gallery, { ...image, sku, origin: "directus", alt: "" }] };
      }
      break;
    }
    case "remove-image":
      draft = removeImage(draft, Number(args[0]));
      break;
    case "move-image":
      if (args[1] === "up" || args[1] === "down") draft = moveDraftImage(draft, Number(args[0]), args[1]);
      break;
    case "sync-price": {
      if (!stored) break;
      try {
        const synced = await getIntegrations().marketplace.syncPost({ id: stored.id });
        await touchSync(stored.id, new Date(synced.syncedAt), userId);
      } catch (error) {
        if (!isIntegrationError(error)) throw error;
        return redirectWithToast(selfUrl, { title: "No se sincronizó el precio", message: error.message, variant: "danger" });
      }
      return redirectWithToast(selfUrl, { title: "Precio sincronizado", message: `Se sincronizó el precio de ${stored.id} con Mercado Libre.`, variant: "success" });
    }
    case "premium": {
      if (!stored) break;
      try {
        await getIntegrations().marketplace.updatePremium({ id: stored.id, account: stored.officialStore ? "brand" : "main" });
      } catch (error) {
        if (!isIntegrationError(error)) throw error;
        return redirectWithToast(selfUrl, { title: "No se cambió a Premium", message: error.message, variant: "danger" });
      }
      await getDb().transaction(async (tx) => {
        await tx.update(publications).set({ listingType: "gold_pro", premium: true, version: sql`${publications.version} + 1`, lastUpdate: new Date() }).where(eq(publications.id, stored.id));
        await audit({ message: `Publicación ${stored.id} cambiada a Premium`, type: "update", tags: ["publicaciones"], identifier: stored.id, userId }, tx);
      });
      return redirectWithToast(selfUrl, { title: "Publicación Premium", message: `${stored.id} ahora es Premium.`, variant: "success" });
    }
    case "save": {
      const view = await buildView(draft, { footer, record: stored, notices });
      const saved = await savePublication(
        view,
        stored ? { version: draft.version || stored.version, title: stored.title, categoryId: stored.categoryId, description: stored.description, listingType: stored.listingType } : null,
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
        refused: (refusal): EditorActionData => ({
          view,
          fieldErrors: replyErrors(refusal).fieldErrors,
          toast:
            refusal.reason === "rules"
              ? toast(TEXTS.insufficientTitle, refusal.message, "warning", 5000)
              : refusal.reason === "stale"
                ? toast("Publicación modificada", refusal.message, "warning", 8000)
                : toast("Mercado Libre rechazó la publicación", refusal.message, "danger", 8000),
          library: null,
          revision: String(Date.now()),
        }),
      });
    }
    case "recalc":
    case "reorder-images": // drag and drop: the new order is already in the posted `g.<k>.sort` fields
    case "load-category":
    default:
      break;
  }

  const view = await buildView(draft, { footer, record: stored, searchResults, predictions, notices });
  const fieldErrors: FieldErrors = {};
  if ((verb === "set-category" || verb === "load-category") && view.categoryError) fieldErrors.categoryId = [view.categoryError];
  if (verb === "search-products" && draft.productSearch.trim().length <= 1) {
    fieldErrors.productSearch = ["Escribe al menos dos caracteres."];
  }
  return data<EditorActionData>({ view, fieldErrors, toast: message, library, revision: String(Date.now()) }, { status: fieldErrors.categoryId ? 400 : status });
}
