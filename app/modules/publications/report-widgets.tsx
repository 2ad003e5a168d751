import { useNavigate } from "@remix-run/react";
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
          const res = await fetch(`${action}?${params}`, { credentials: "same-origin" });
          const type = res.headers.get("content-type") ?? "";
          if (res.ok && type.includes("spreadsheetml")) {
            const blob = await res.blob();
            const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get("content-disposition") ?? "")?.[1];
            const url = URL.createObjectURL(blob);
            const a = document.createElement("a");
            a.href = url;
            a.download = name ? decodeURIComponent(name) : "reporte.xlsx";
            document.body.appendChild(a);
            a.click();
            a.remove();
            setTimeout(() => URL.revokeObjectURL(url), 1000);
          } else {
            const to = new URL(res.url);
            navigate(to.pathname + to.search, { preventScrollReset: true });
          }
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
