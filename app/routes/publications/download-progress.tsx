import { useNavigate } from "react-router";
import { useEffect, useState, type ReactNode } from "react";
import { downloadOrFollow } from "~/lib/download";

/**
 * A spreadsheet download started from the page (with JavaScript): `busy` while the server generates
 * it; a second start while busy is ignored. The answer is the file, or a redirect carrying a toast.
 */
export function useDownload() {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  useEffect(() => () => setBusy(false), []);
  const download = async (url: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await downloadOrFollow(url, navigate);
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

/** A download control's label: a spinner and "Generando…" while the file is made. */
export function GeneratingLabel({ busy, children }: { busy: boolean; children: ReactNode }) {
  return busy ? (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden className="h-3 w-3 animate-spin rounded-full border-2 border-current border-r-transparent" />
      Generando…
    </span>
  ) : (
    <>{children}</>
  );
}
