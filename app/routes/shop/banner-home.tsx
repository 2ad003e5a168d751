import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { useEffect, useState } from "react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { ErrorList, Field, TextareaField } from "~/components/Field";
import { PageHeader } from "~/components/PageHeader";
import { Toaster } from "~/components/Toast";
import { formatDateTime } from "@common/format";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import type { z } from "zod";
import { useLazyValidation } from "~/lib/lazy-validation";
import { useClearedFiles } from "~/lib/use-cleared-files";
import { BANNER_MIN_HEIGHT, BANNER_MIN_WIDTH, BANNER_TEXTS, BANNER_TEXT_MAX } from "~/modules/content/banner";
import { BannerSchema } from "~/modules/content/banner-form";
import { latestBanner, saveBanner } from "~/modules/content/banner.server";
import { CONTENT_CONSTRAINTS } from "~/modules/content/constraints.server";
import { SaveButton } from "~/components/SaveButton";
import { dialogToast } from "~/routes/shared/catalog/dialog-answer.server";
import { refuseNestedNames } from "~/lib/list-index-guard.server";
import { readForm } from "~/lib/http.server";

export const meta: MetaFunction = () => [{ title: "Ecommerce - Portada" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  return { banner: await latestBanner(), constraint: CONTENT_CONSTRAINTS.banner };
}

export async function action({ request, url }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const form = await readForm(request);
  refuseNestedNames(form);
  const submission = parseWithZod(form, { schema: BannerSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });
  const file = form.get("image");
  const saved = await saveBanner(submission.value, file instanceof File ? file : null, actor);
  if (!saved.ok) {
    // Said in the page and by the warning toast (spec 5/8 'Imagen no válida').
    const toast = dialogToast(saved.title, saved.message);
    return data(
      { result: submission.reply({ fieldErrors: { image: [`${saved.title}: ${saved.message}`] } }), toast },
      { status: saved.unavailable ? 503 : 400 },
    );
  }
  return redirectWithToast("/banner-home", { title: BANNER_TEXTS.savedTitle, message: BANNER_TEXTS.saved, variant: "success" });
}

/** "12/255": updates while typing with JavaScript; without it, the count when the page was served. */
function Counter({ fieldId, initial }: { fieldId: string; initial: number }) {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    const el = document.getElementById(fieldId) as HTMLInputElement | HTMLTextAreaElement | null;
    if (!el) return;
    const update = () => setCount(el.value.length);
    update();
    el.addEventListener("input", update);
    return () => el.removeEventListener("input", update);
  }, [fieldId]);
  return (
    <span className="tabular-nums" data-testid={`${fieldId}-count`}>
      {count}/{BANNER_TEXT_MAX}
    </span>
  );
}

export default function BannerHome() {
  const { banner, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const validation = useLazyValidation(() => import("~/modules/content/banner-form").then((m) => m.BannerSchema));
  const [form, fields] = useForm<z.input<typeof BannerSchema>, z.output<typeof BannerSchema>>({
    id: "banner-home",
    lastResult: actionData?.result,
    constraint,
    defaultValue: {
      name: banner?.name ?? "",
      coverTitle: banner?.coverTitle ?? "",
      coverSubtitle: banner?.coverSubtitle ?? "",
      coverContent: banner?.coverContent ?? "",
    },
    ...validation,
    // Checked on Actualizar, then again as a refused field is typed.
    shouldValidate: "onSubmit",
  });
  // The image is a file next to the schema's text fields: its refusal comes back as a field error.
  const imageErrors = actionData?.result?.error?.image ?? undefined;
  // A refused image is not posted again with the next Actualizar (its answer carries the toast).
  useClearedFiles(form.id, actionData?.toast);
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const limit = { maxLength: BANNER_TEXT_MAX };
  return (
    <div>
      {actionData?.toast ? <Toaster key={actionData.toast.id} toast={actionData.toast} /> : null}
      <PageHeader title="Ecommerce - Portada">
        <p className="text-sm text-slate-500">
          La portada de la tienda en línea.
          {banner ? ` Última actualización: ${formatDateTime(banner.updatedAt)}.` : " Aún no hay portada guardada."}
        </p>
      </PageHeader>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <Form method="post" encType="multipart/form-data" className="card space-y-1 p-4" {...getFormProps(form)}>
          <div className="flex flex-col gap-1">
            <label htmlFor="banner-image" className="text-sm font-medium text-slate-700">
              Imagen destacada
            </label>
            <input
              id="banner-image"
              type="file"
              name="image"
              accept="image/*"
              className="input"
              aria-describedby="banner-image-hint banner-image-error"
              aria-invalid={imageErrors?.length ? true : undefined}
            />
            <p id="banner-image-hint" className="text-xs text-slate-500">
              Mínimo {BANNER_MIN_WIDTH}×{BANNER_MIN_HEIGHT} px; se guarda en WebP.{" "}
              {banner?.image ? "Déjalo vacío para conservar la imagen actual." : ""}
            </p>
            <ErrorList id="banner-image-error" errors={imageErrors} />
          </div>
          <Field
            label="Título de la imagen"
            meta={fields.name}
            inputProps={limit}
            hint={<Counter fieldId={fields.name.id} initial={text(fields.name.initialValue).length} />}
          />
          <Field
            label="Título de portada"
            meta={fields.coverTitle}
            inputProps={limit}
            hint={<Counter fieldId={fields.coverTitle.id} initial={text(fields.coverTitle.initialValue).length} />}
          />
          <Field
            label="Subtítulo de portada"
            meta={fields.coverSubtitle}
            inputProps={limit}
            hint={<Counter fieldId={fields.coverSubtitle.id} initial={text(fields.coverSubtitle.initialValue).length} />}
          />
          <TextareaField
            label="Contenido de portada"
            meta={fields.coverContent}
            textareaProps={{ ...limit, rows: 4 }}
            hint={<Counter fieldId={fields.coverContent.id} initial={text(fields.coverContent.initialValue).length} />}
          />
          <details className="rounded-md bg-slate-50 p-3 text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">Ayuda</summary>
            <p className="mt-2 text-slate-600">
              La imagen ocupa el ancho completo de la página de inicio: usa una foto horizontal de al menos {BANNER_MIN_WIDTH}×
              {BANNER_MIN_HEIGHT} px con el motivo al centro. Los textos se muestran sobre la imagen: el título en grande, el subtítulo
              debajo y el contenido como párrafo corto. Cada texto admite hasta {BANNER_TEXT_MAX} caracteres. Si el nombre del archivo ya
              existe, cámbialo en tu computadora antes de subirlo.
            </p>
          </details>
          <div className="flex justify-end gap-2 pt-3">
            <Link to="/" className="btn-ghost">
              Volver
            </Link>
            <SaveButton busy={busy} busyLabel="Actualizando…">
              Actualizar
            </SaveButton>
          </div>
        </Form>
        <section aria-label="Vista previa" className="card self-start overflow-hidden">
          <div className="relative aspect-[3/2] bg-slate-200">
            {banner?.image ? (
              <img
                src={`${banner.image.url}?w=1200`}
                alt={banner.name || "Portada actual"}
                className="absolute inset-0 h-full w-full object-cover"
              />
            ) : (
              <div className="absolute inset-0 flex items-center justify-center text-sm text-slate-700">Sin imagen de portada</div>
            )}
            <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-slate-900/80 to-transparent p-5 text-white">
              <p className="text-2xl font-semibold" data-testid="preview-title">
                {banner?.coverTitle}
              </p>
              <p className="text-lg">{banner?.coverSubtitle}</p>
              <p className="mt-1 text-sm opacity-90">{banner?.coverContent}</p>
            </div>
          </div>
          <p className="px-4 py-2 text-xs text-slate-500">Vista previa de la portada guardada.</p>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
