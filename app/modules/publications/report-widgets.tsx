import { useNavigate } from "@remix-run/react";
import { downloadOrFollow } from "~/lib/download";
import { useState } from "react";

/**
 * A GET form that downloads a spreadsheet. Without JavaScript the browser downloads the file or
 * follows the redirect that carries the toast (no rows, bad range). With it, the button shows
 * progress while the server generates the file.
 */
export function DownloadForm({ action, submitLabel, children }: { action: string; submitLabel: string; children: React.ReactNode }) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  return (
    <form
      method="get"
      action={action}
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        if (busy) return;
        const params = new URLSearchParams(new FormData(e.currentTarget) as unknown as Record<string, string>);
        setBusy(true);
        try {
          await downloadOrFollow(`${action}?${params}`, navigate);
        } finally {
          setBusy(false);
        }
      }}
    >
      {children}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? (
            <span className="inline-flex items-center gap-2">
              <span aria-hidden className="h-3 w-3 animate-spin rounded-full border-2 border-current border-r-transparent" />
              Generando…
            </span>
          ) : (
            submitLabel
          )}
        </button>
      </div>
    </form>
  );
}
