import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { useSearchButton } from "~/components/FilterBar";
import { Toaster } from "~/components/Toast";
import { useClearedFiles } from "~/lib/use-cleared-files";
import type { ImagePickState } from "~/modules/files/image-pick";

type PickedImage = { fileId: string; name?: string; alt?: string | null };

/**
 * The image part of a multipart dialog form: the chosen image with "Quitar imagen", a file to upload
 * on save, and a search of the "Archivos subidos" library whose results are submit buttons. Every
 * button posts the same form with its own `intent` (see image-pick.ts), so it all works without
 * JavaScript; the action answers with the typed values and an ImagePickState (a refused file is
 * said inline and by a toast, and the file input starts empty again, as a page drawn afresh would).
 */
export function ImagePickSection({
  formId,
  heading,
  testId,
  fallbackAlt,
  minimumHint,
  image,
  answer,
  busyIntent,
  className,
  children,
}: {
  formId: string;
  heading: string;
  /** data-testid of the chosen image's row. */
  testId: string;
  /** The preview's alt text when the image has neither alt text nor name. */
  fallbackAlt: string;
  /** What the upload accepts, e.g. "Mínimo 1500×1500 px." */
  minimumHint: string;
  image: PickedImage | null;
  answer: Pick<ImagePickState<unknown>, "library" | "imageError" | "toast"> | undefined;
  busyIntent: string | null;
  className?: string;
  /** Fields shown under the chosen image (e.g. its alt text). */
  children?: ReactNode;
}) {
  const librarySearch = useSearchButton();
  // Whatever the answer did with the chosen file (held it, or refused it), it is not posted again.
  useClearedFiles(formId, answer);
  const headingId = `${formId}-image-heading`;
  return (
    <section className={cn("rounded-lg border border-slate-200 p-3", className)} aria-labelledby={headingId}>
      {answer?.toast ? <Toaster key={answer.toast.id} toast={answer.toast} /> : null}
      <h3 id={headingId} className="text-sm font-medium text-slate-700">
        {heading}
      </h3>
      <input type="hidden" name="imageFileId" value={image?.fileId ?? ""} />
      {image ? (
        <div className="mt-2 flex items-center gap-3" data-testid={testId}>
          <img
            src={`/files/${image.fileId}?w=150`}
            alt={image.alt || image.name || fallbackAlt}
            width={96}
            height={96}
            className="h-24 w-24 rounded border border-slate-200 object-contain"
          />
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium">{image.name}</p>
            <button
              type="submit"
              name="intent"
              value="remove-image"
              formNoValidate
              className="btn-ghost mt-1 px-2 py-1 text-red-700"
              disabled={busyIntent !== null}
            >
              Quitar imagen
            </button>
          </div>
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-500">Sin imagen.</p>
      )}
      {children}

      <div className="mt-3 flex flex-col gap-1">
        <label htmlFor={`${formId}-upload`} className="text-sm font-medium text-slate-700">
          {image ? "Reemplazar con una imagen nueva" : "Subir una imagen nueva"}
        </label>
        <input
          id={`${formId}-upload`}
          type="file"
          name="imageUpload"
          accept="image/*"
          className="max-w-full text-sm"
          aria-invalid={answer?.imageError ? true : undefined}
          aria-describedby={`${formId}-upload-hint ${formId}-upload-error`}
        />
        <p id={`${formId}-upload-hint`} className="text-xs text-slate-500">
          {minimumHint} Se sube al guardar; un nombre de archivo que ya existe en la biblioteca se rechaza.
        </p>
        <div id={`${formId}-upload-error`} role="alert" className="min-h-5 text-xs text-red-600">
          {answer?.imageError ? (
            <>
              <strong>{answer.imageError.title}:</strong> {answer.imageError.message}
            </>
          ) : null}
        </div>
      </div>

      <div className="mt-2 flex flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">O elegir una imagen existente</span>
          <input
            type="search"
            name="librarySearch"
            defaultValue={answer?.library?.search ?? ""}
            placeholder="Nombre del archivo"
            className="input"
            // Enter here searches the library rather than saving the form.
            onKeyDown={librarySearch.onEnter}
          />
        </label>
        <button
          ref={librarySearch.button}
          type="submit"
          name="intent"
          value="library"
          formNoValidate
          className="btn-secondary"
          disabled={busyIntent !== null}
        >
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
  );
}
