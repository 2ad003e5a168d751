import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "react-router";
import { usePostingIntent } from "~/lib/use-posting-intent";
import type { z } from "zod";
import { EditDialogFooter, EnterSaves, RouteDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorList, Field } from "~/components/Field";
import { RichTextEditor } from "~/components/RichTextEditor";
import type { FormConstraints } from "~/lib/constraints";
import { useLazyValidation } from "~/lib/lazy-validation";
import { judgingOnlySave } from "~/modules/files/image-pick-checks";
import { ImagePickSection } from "~/routes/shop/image-pick-section";
import type { BlogFormSchema } from "~/modules/blogs/blog-form";
import { blogSlug } from "@common/blog-slug";
import { BLOG_LIMITS, BLOG_PATH, BLOG_TEXTS, publishAtInputValue, type BlogDialogState, type BlogPost } from "~/modules/blogs/blog-posts";

type ActionAnswer = ({ result: SubmissionResult<string[]> } & BlogDialogState) | undefined;

/**
 * "Blog {id}" and the create form (spec 2 'Blogs': title in the header, rich-text content, Publicado
 * switch, one featured image with remove; Volver, Guardar). One multipart form: Guardar uploads the
 * chosen file and saves; the image buttons post the same form with their own `intent` and come back
 * with the typed values, so everything works without JavaScript.
 */
export function BlogEditDialog({
  post,
  constraint,
  answer,
}: {
  post: BlogPost | null;
  constraint: FormConstraints<typeof BlogFormSchema>;
  answer: ActionAnswer;
}) {
  const { search } = useLocation();
  const closeTo = `${BLOG_PATH}${search}`;
  // Only Guardar is judged; the image buttons carry the form back as it is.
  const validation = judgingOnlySave(useLazyValidation(() => import("~/modules/blogs/blog-form").then((m) => m.BlogFormSchema)));
  const [form, fields] = useForm<z.input<typeof BlogFormSchema>, z.output<typeof BlogFormSchema>>({
    id: `blog-${post?.id ?? "new"}`,
    lastResult: answer?.result,
    constraint,
    defaultValue: {
      title: post?.title ?? "",
      content: post?.content ?? "",
      status: post?.status ?? false,
      publishAt: publishAtInputValue(post?.publishAt),
      imageAlt: post?.featuredImage?.alt ?? "",
    },
    ...validation,
  });
  const image = answer ? answer.image : (post?.featuredImage ?? null);
  const busyIntent = usePostingIntent();
  // A repeated title field comes back as a list: only a text names the slug.
  const typedTitle = typeof fields.title.value === "string" ? fields.title.value : (post?.title ?? "");
  const contentValue = typeof fields.content.initialValue === "string" ? fields.content.initialValue : (post?.content ?? "");
  return (
    <RouteDialog
      title={post ? post.title || `${BLOG_TEXTS.singular} ${post.id}` : BLOG_TEXTS.newTitle}
      description={post ? `${BLOG_TEXTS.singular} ${post.id} · /${post.slug}` : undefined}
      closeTo={closeTo}
      size="lg"
      footer={
        <>
          {post ? (
            <Link to={`${BLOG_PATH}/${post.id}/preview${search}`} preventScrollReset className="btn-secondary mr-auto">
              {BLOG_TEXTS.preview}
            </Link>
          ) : null}
          <EditDialogFooter closeTo={closeTo} formId={form.id} busy={busyIntent === "save"} saveIntent="save" />
        </>
      }
    >
      <Form method="post" encType="multipart/form-data" preventScrollReset {...getFormProps(form)} className="flex flex-col gap-1">
        <EnterSaves />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Título"
          meta={fields.title}
          hint={
            <>
              Slug: <code data-testid="blog-slug">{blogSlug(typedTitle) || "—"}</code> (si ya existe se agrega un número).
            </>
          }
          inputProps={{ autoComplete: "off", autoFocus: !post, maxLength: BLOG_LIMITS.title }}
        />
        <div className="flex flex-col gap-1">
          <RichTextEditor
            // Drawn again only when an answer rewrote the content: a refusal keeps what was typed.
            key={fields.content.key}
            id={fields.content.id}
            name={fields.content.name}
            label="Contenido"
            defaultValue={contentValue}
            errorId={`${fields.content.id}-hint ${fields.content.errorId}`}
            invalid={!!fields.content.errors}
          />
          <p id={`${fields.content.id}-hint`} className="text-xs text-slate-500">
            Se guarda como HTML; scripts, estilos y enlaces no seguros se eliminan al guardar.
          </p>
          <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
        </div>
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1 pt-6">
            <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-700">
              <input {...getInputProps(fields.status, { type: "checkbox" })} className="h-5 w-5 rounded border-slate-300 text-brand-600" />
              Publicado
            </label>
            <p className="text-xs text-slate-500">Sin marcar: borrador, la tienda no lo muestra.</p>
            <ErrorList id={fields.status.errorId} errors={fields.status.errors} />
          </div>
          <Field
            label="Fecha de publicación"
            meta={fields.publishAt}
            inputProps={{ type: "datetime-local" }}
            hint="Opcional, hora de la Ciudad de México. Una fecha futura en un blog publicado lo deja programado."
          />
        </div>

        <ImagePickSection
          formId={form.id}
          heading="Imagen destacada"
          testId="blog-image"
          fallbackAlt="Imagen destacada"
          minimumHint="Mínimo 1500×1500 px."
          image={image}
          answer={answer}
          busyIntent={busyIntent}
        >
          <Field
            label="Texto alternativo"
            meta={fields.imageAlt}
            className="mt-2"
            hint="Describe la imagen para quien no puede verla."
            inputProps={{ autoComplete: "off", maxLength: BLOG_LIMITS.alt }}
          />
        </ImagePickSection>
      </Form>
    </RouteDialog>
  );
}

export function BlogDialogErrorBoundary() {
  return <DialogErrorBoundary listPath={BLOG_PATH} notFoundTitle={BLOG_TEXTS.notFoundTitle} notFoundText={BLOG_TEXTS.notFoundText} />;
}
