import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { ConfirmDialog, EditDialogFooter, RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorList, Field, TextareaField } from "~/components/Field";
import { SwitchField } from "./location-dialogs";
import {
  PROMOTIONS_PATH,
  PROMOTION_LIMITS,
  PROMOTION_TEXTS,
  PromotionFormSchema,
  formatValidity,
  promotionSchemaFor,
  type Promotion,
  type PromotionDialogState,
} from "./promotions";
import { promotionPermalink, shopSlug } from "./shop-path";

type ActionAnswer = ({ result: SubmissionResult<string[]> } & PromotionDialogState) | undefined;

/**
 * "Promoción {id}" and the create form. One multipart form: Guardar uploads the chosen file (if
 * any) and saves; the image buttons (Quitar, Buscar en la biblioteca, a thumbnail) post the same form
 * with their own `intent` and come back with the typed values and the new image choice, so all of
 * it works without JavaScript.
 */
export function PromotionEditDialog({ promotion, today, answer }: { promotion: Promotion | null; today: string; answer: ActionAnswer }) {
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const libraryButton = useRef<HTMLButtonElement>(null);
  const closeTo = `${PROMOTIONS_PATH}${search}`;
  const [form, fields] = useForm({
    id: `promotion-${promotion?.id ?? "new"}`,
    lastResult: answer?.result,
    constraint: getZodConstraint(PromotionFormSchema),
    defaultValue: {
      title: promotion?.title ?? "",
      description: promotion?.description ?? "",
      link: promotion?.link ?? "",
      visible: promotion?.visible ?? false,
      startDate: promotion?.startDate ?? today,
      endDate: promotion?.endDate ?? "",
    },
    // Only Guardar is judged; the image buttons carry the form back as it is.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promotionSchemaFor(formData.get("intent")) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const image = answer ? answer.image : promotion?.image ?? null;
  const busyIntent = navigation.state === "submitting" && navigation.formAction?.startsWith(pathname) ? String(navigation.formData?.get("intent") ?? "save") : null;
  const typedTitle = fields.title.value ?? promotion?.title ?? "";
  const permalink = shopSlug(typedTitle) ? promotionPermalink(typedTitle) : "—";
  return (
    <RouteDialog
      title={promotion ? `${PROMOTION_TEXTS.singular} ${promotion.id}` : PROMOTION_TEXTS.newTitle}
      description={promotion ? `Vigencia: ${formatValidity(promotion.startDate, promotion.endDate)}` : undefined}
      closeTo={closeTo}
      size="lg"
      footer={
        <EditDialogFooter
          closeTo={closeTo}
          formId={form.id}
          busy={busyIntent === "save"}
          deleteTo={promotion ? `${PROMOTIONS_PATH}/${promotion.id}/delete${search}` : null}
          saveIntent="save"
        />
      }
    >
      <Form method="post" encType="multipart/form-data" preventScrollReset {...getFormProps(form)} className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        {/* Enter in any field saves: the first submit button of a form is the one Enter presses. */}
        <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden>
          Guardar
        </button>
        <div className="sm:col-span-2">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Field
          label="Título"
          meta={fields.title}
          className="sm:col-span-2"
          hint={
            <>
              Máximo {PROMOTION_LIMITS.title} caracteres. Enlace en la tienda: <code data-testid="promotion-permalink">{permalink}</code>
            </>
          }
          inputProps={{ autoComplete: "off", autoFocus: !promotion, maxLength: PROMOTION_LIMITS.title }}
        />
        <TextareaField label="Descripción" meta={fields.description} className="sm:col-span-2" textareaProps={{ rows: 5 }} />
        <Field
          label="Link"
          meta={fields.link}
          className="sm:col-span-2"
          hint="Una dirección http(s):// o una ruta de la tienda, por ejemplo /categorias/iluminacion."
          inputProps={{ autoComplete: "off", inputMode: "url" }}
        />
        <fieldset className="grid grid-cols-1 gap-x-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Vigencia</legend>
          <Field label="Fecha inicial" meta={fields.startDate} type="date" />
          <Field label="Fecha final" meta={fields.endDate} type="date" />
        </fieldset>
        <div className="sm:col-span-2">
          <SwitchField meta={fields.visible} label="Visible en la tienda" hint="Activa: la tienda la muestra durante su vigencia. Inactiva: oculta." />
        </div>

        <section className="rounded-lg border border-slate-200 p-3 sm:col-span-2" aria-labelledby="promotion-image-heading">
          <h3 id="promotion-image-heading" className="text-sm font-medium text-slate-700">
            Imagen
          </h3>
          <input type="hidden" name="imageFileId" value={image?.fileId ?? ""} />
          {image ? (
            <div className="mt-2 flex items-center gap-3" data-testid="promotion-image">
              <img src={`/files/${image.fileId}?w=150`} alt={image.alt || image.name || "Imagen de la promoción"} width={96} height={96} className="h-24 w-24 rounded border border-slate-200 object-contain" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium">{image.name}</p>
                <button type="submit" name="intent" value="remove-image" formNoValidate className="btn-ghost mt-1 px-2 py-1 text-red-700" disabled={busyIntent !== null}>
                  Quitar imagen
                </button>
              </div>
            </div>
          ) : (
            <p className="mt-1 text-sm text-slate-500">Sin imagen.</p>
          )}

          <div className="mt-3 flex flex-col gap-1">
            <label htmlFor={`${form.id}-upload`} className="text-sm font-medium text-slate-700">
              {image ? "Reemplazar con una imagen nueva" : "Subir una imagen nueva"}
            </label>
            <input
              id={`${form.id}-upload`}
              type="file"
              name="imageUpload"
              accept="image/*"
              className="text-sm"
              aria-invalid={answer?.imageError ? true : undefined}
              aria-describedby={`${form.id}-upload-hint ${form.id}-upload-error`}
            />
            <p id={`${form.id}-upload-hint`} className="text-xs text-slate-500">
              Mínimo 1500×1500 px. Se sube al guardar; un nombre de archivo que ya existe en la biblioteca se rechaza.
            </p>
            <div id={`${form.id}-upload-error`} role="alert" className="min-h-5 text-xs text-red-600">
              {answer?.imageError ? (
                <>
                  <strong>{answer.imageError.title}:</strong> {answer.imageError.message}
                </>
              ) : null}
            </div>
          </div>

          <div className="mt-2 flex flex-wrap items-end gap-2">
            <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
              <span className="font-medium text-slate-700">O elegir una imagen existente</span>
              <input
                type="search"
                name="librarySearch"
                defaultValue={answer?.library?.search ?? ""}
                placeholder="Nombre del archivo"
                className="input"
                onKeyDown={(e) => {
                  // Enter here searches the library rather than saving the promotion.
                  if (e.key === "Enter") {
                    e.preventDefault();
                    libraryButton.current?.click();
                  }
                }}
              />
            </label>
            <button ref={libraryButton} type="submit" name="intent" value="library" formNoValidate className="btn-secondary" disabled={busyIntent !== null}>
              {busyIntent === "library" ? "Buscando…" : "Buscar en la biblioteca"}
            </button>
          </div>
          {answer?.library ? (
            answer.library.images.length ? (
              <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Imágenes de la biblioteca">
                {answer.library.images.map((img) => (
                  <li key={img.fileId}>
                    <button
                      type="submit"
                      name="intent"
                      value={`pick:${img.fileId}`}
                      formNoValidate
                      className="flex w-full flex-col items-center gap-1 rounded border border-slate-200 p-1 text-xs hover:border-brand-500 aria-pressed:border-brand-600"
                      aria-pressed={image?.fileId === img.fileId}
                      aria-label={`Elegir ${img.name}`}
                      disabled={busyIntent !== null}
                    >
                      <img src={`${img.url}?w=150`} alt="" width={80} height={80} loading="lazy" className="h-20 w-20 object-contain" />
                      <span className="w-full truncate">{img.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-500">No hay imágenes que coincidan.</p>
            )
          ) : null}
        </section>
      </Form>
    </RouteDialog>
  );
}

export function PromotionDeleteDialog({ promotion }: { promotion: Promotion }) {
  const { search } = useLocation();
  return (
    <ConfirmDialog title={PROMOTION_TEXTS.deleteTitle} closeTo={`${PROMOTIONS_PATH}${search}`} confirmLabel="Eliminar" busyLabel="Eliminando…">
      <p>
        ¿Eliminar la promoción <strong>{promotion.title}</strong> (número {promotion.id})? No se puede deshacer.
      </p>
      <p className="mt-2 text-sm text-slate-600">Vigencia: {formatValidity(promotion.startDate, promotion.endDate)}. Su imagen seguirá en la biblioteca de archivos.</p>
    </ConfirmDialog>
  );
}

export function PromotionDialogErrorBoundary() {
  return <DialogErrorBoundary listPath={PROMOTIONS_PATH} notFoundTitle={PROMOTION_TEXTS.notFoundTitle} notFoundText={PROMOTION_TEXTS.notFoundText} />;
}
