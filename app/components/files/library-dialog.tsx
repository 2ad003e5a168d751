import { Form, Link } from "react-router";
import { RouteDialog } from "~/components/Dialog";
import { Pagination } from "~/components/Pagination";
import { FILE_TEXTS, type LibraryEntry } from "~/modules/files/rules";

/**
 * "Archivos subidos" (spec 2): search, a grid of thumbnails (a PDF shows a generic icon), 18 a page.
 * Picking is a link back to the dialog that opened it with `pick=<fileId>`, so it works without
 * JavaScript; the opener adds the file to its form.
 */
export function FilesLibraryDialog({
  rows,
  total,
  page,
  pageSize,
  search,
  selfPath,
  keep,
  pickTo,
  closeTo,
}: {
  rows: LibraryEntry[];
  total: number;
  page: number;
  pageSize: number;
  search: string;
  selfPath: string;
  /** Query parameters of the opener carried through the search form (list filters, `for`). */
  keep: Array<[string, string]>;
  pickTo: (fileId: string) => string;
  closeTo: string;
}) {
  return (
    <RouteDialog title={`${FILE_TEXTS.title} (${total.toLocaleString("es-MX")})`} closeTo={closeTo} size="lg">
      <Form method="get" action={selfPath} className="mb-4 flex flex-wrap items-end gap-2" role="search">
        {keep.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Buscar archivo</span>
          <input type="search" name="fileSearch" defaultValue={search} maxLength={100} className="input" />
        </label>
        <button type="submit" className="btn-secondary">
          Buscar
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="py-8 text-center text-slate-500">{FILE_TEXTS.empty}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="files-grid">
          {rows.map((f) => (
            <li key={f.fileId}>
              <Link
                to={pickTo(f.fileId)}
                preventScrollReset
                className="block rounded-md border border-slate-200 p-2 text-center hover:border-brand-500 focus:border-brand-500"
                aria-label={`Elegir ${f.name}`}
              >
                {f.kind === "image" && f.thumb ? (
                  <img src={f.thumb} alt="" loading="lazy" className="mx-auto h-24 w-full object-contain" />
                ) : (
                  <span
                    aria-hidden
                    className="mx-auto flex h-24 w-20 items-center justify-center rounded border-2 border-red-300 bg-red-50 text-sm font-bold text-red-700"
                  >
                    PDF
                  </span>
                )}
                <span className="mt-1 block truncate text-xs" title={f.name}>
                  {f.name}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} total={total} pageSize={pageSize} basePath={selfPath} param="filePage" />
    </RouteDialog>
  );
}
