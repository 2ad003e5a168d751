/**
 * Pieces of the answers the catalogue's dialogs (product, combo, category and brand) give to a post
 * that keeps them open: the toast shown inside the dialog, the revision that makes the form start
 * again from the server's draft, and the list the dialog goes back to.
 */
export type DialogToast = {
  id: string;
  title: string;
  message: string;
  variant: "success" | "info" | "warning" | "danger";
  durationMs: number;
};

export const dialogToast = (
  title: string,
  message: string,
  variant: DialogToast["variant"] = "warning",
  durationMs = 5000,
): DialogToast => ({
  id: `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`,
  title,
  message,
  variant,
  durationMs,
});

/** A new revision: the form was filled again by the server and starts over from its draft. */
export const newRevision = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;

/** The list the dialog was opened from, with its query but without the files library's own parameters. */
export function listUrlWithout(listPath: string, url: URL, libraryParams: readonly string[]) {
  const params = new URLSearchParams(url.search);
  for (const k of libraryParams) params.delete(k);
  const text = params.toString();
  return `${listPath}${text ? `?${text}` : ""}`;
}
