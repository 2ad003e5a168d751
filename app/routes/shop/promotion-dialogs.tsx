import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import { usePostingIntent } from "~/lib/use-posting-intent";
import type { z } from "zod";
import { EditDialogFooter, EnterSaves, RouteDialog } from "~/components/Dialog";
import { ListRecordDeleteDialog } from "~/components/ListRecordDeleteDialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorList, Field, TextareaField } from "~/components/Field";
import { SwitchField } from "~/components/Switch";
import type { FormConstraints } from "~/lib/constraints";
import { checksAttribute, useLazyValidation } from "~/lib/lazy-validation";
import { judgingOnlySave } from "~/modules/files/image-pick-checks";
import { ImagePickSection } from "~/routes/shop/image-pick-section";
import {
  PROMOTIONS_PATH,
  PROMOTION_LIMITS,
  PROMOTION_TEXTS,
  formatValidity,
  type Promotion,
  type PromotionDialogState,
} from "~/modules/content/promotions";
import type { PromotionFormSchema } from "~/modules/content/promotion-form";
import { promotionPermalink, shopSlug } from "@common/shop-path";

type ActionAnswer = ({ result: SubmissionResult<string[]> } & PromotionDialogState) | undefined;

/**
 * "Promoción {id}" and the create form. One multipart form: Guardar uploads the chosen file (if
 * any) and saves; the image buttons (Quitar, Buscar en la biblioteca, a thumbnail) post the same form
 * with their own `intent` and come back with the typed values and the new image choice, so all of
 * it works without JavaScript.
 */
export function PromotionEditDialog({
  promotion,
  today,
  constraint,
  answer,
}: {
  promotion: Promotion | null;
  today: string;
  constraint: FormConstraints<typeof PromotionFormSchema>;
  answer: ActionAnswer;
}) {
  const { search } = useLocation();
  const closeTo = `${PROMOTIONS_PATH}${search}`;
  // Only Guardar is judged; the image buttons carry the form back as it is.
  const validation = judgingOnlySave(
    useLazyValidation(() => import("~/modules/content/promotion-form").then((m) => m.PromotionFormSchema)),
  );
  const [form, fields] = useForm<z.input<typeof PromotionFormSchema>, z.output<typeof PromotionFormSchema>>({
    id: `promotion-${promotion?.id ?? "new"}`,
    lastResult: answer?.result,
    constraint,
    defaultValue: {
      title: promotion?.title ?? "",
      description: promotion?.description ?? "",
      link: promotion?.link ?? "",
      visible: promotion?.visible ?? false,
      startDate: promotion?.startDate ?? today,
      endDate: promotion?.endDate ?? "",
    },
    ...validation,
  });
  const image = answer ? answer.image : (promotion?.image ?? null);
  const busyIntent = usePostingIntent();
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
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        {...getFormProps(form)}
        className="grid grid-cols-1 gap-x-4 sm:grid-cols-2"
        {...checksAttribute(validation)}
      >
        <EnterSaves />
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
          <SwitchField
            meta={fields.visible}
            label="Visible en la tienda"
            hint="Activa: la tienda la muestra durante su vigencia. Inactiva: oculta."
          />
        </div>

        <ImagePickSection
          className="sm:col-span-2"
          formId={form.id}
          heading="Imagen"
          testId="promotion-image"
          fallbackAlt="Imagen de la promoción"
          minimumHint="Mínimo 1500×1500 px."
          image={image}
          answer={answer}
          busyIntent={busyIntent}
        />
      </Form>
    </RouteDialog>
  );
}

export function PromotionDeleteDialog({ promotion }: { promotion: Promotion }) {
  return (
    <ListRecordDeleteDialog title={PROMOTION_TEXTS.deleteTitle} listPath={PROMOTIONS_PATH}>
      <p>
        ¿Eliminar la promoción <strong>{promotion.title}</strong> (número {promotion.id})? No se puede deshacer.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Vigencia: {formatValidity(promotion.startDate, promotion.endDate)}. Su imagen seguirá en la biblioteca de archivos.
      </p>
    </ListRecordDeleteDialog>
  );
}

export function PromotionDialogErrorBoundary() {
  return (
    <DialogErrorBoundary
      listPath={PROMOTIONS_PATH}
      notFoundTitle={PROMOTION_TEXTS.notFoundTitle}
      notFoundText={PROMOTION_TEXTS.notFoundText}
    />
  );
}
