import { useLocation } from "react-router";
import { CloseLink } from "~/components/CloseLink";
import { RouteDialog } from "~/components/Dialog";
import { GeneratingLabel, useDownload } from "./download-progress";

/**
 * A GET form that downloads a spreadsheet. Without JavaScript the browser downloads the file or
 * follows the redirect that carries the toast (no rows, bad range). With it, the button shows
 * progress while the server generates the file.
 */
export function DownloadForm({ action, submitLabel, children }: { action: string; submitLabel: string; children: React.ReactNode }) {
  const { busy, download } = useDownload();
  return (
    <form
      method="get"
      action={action}
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        const params = new URLSearchParams(new FormData(e.currentTarget) as unknown as Record<string, string>);
        await download(`${action}?${params}`);
      }}
    >
      {children}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
          <GeneratingLabel busy={busy}>{submitLabel}</GeneratingLabel>
        </button>
      </div>
    </form>
  );
}

/**
 * A report dialog over the publications list, with Cancelar to close it. Closing keeps the list's
 * query, except when the URL holds the report's own fields (`reportParams`: a toast sent the user
 * back here), which the list does not read.
 */
export function ReportDialog({
  title,
  description,
  reportParams,
  children,
}: {
  title: string;
  description: string;
  reportParams: string[];
  children: React.ReactNode;
}) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const closeTo = `/publications${reportParams.some((name) => params.has(name)) ? "" : search}`;
  return (
    <RouteDialog title={title} description={description} closeTo={closeTo} footer={<CloseLink to={closeTo}>Cancelar</CloseLink>}>
      {children}
    </RouteDialog>
  );
}
