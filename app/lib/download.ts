/**
 * Browser-side helpers for report downloads fetched with JavaScript (to show progress): the file
 * name the server gave in Content-Disposition, and saving a Blob as a download.
 */
export function isSpreadsheet(res: Response) {
  return res.ok && (res.headers.get("content-type") ?? "").includes("spreadsheetml");
}

export function downloadFilename(res: Response, fallback = "reporte.xlsx") {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get("content-disposition") ?? "")?.[1];
  return encoded ? decodeURIComponent(encoded) : fallback;
}

export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches a report URL: a spreadsheet is saved as a download; anything else (the server redirected
 * back with a toast: no rows, bad range) is shown by navigating to where the server sent us.
 */
export async function downloadOrFollow(url: string, navigate: (to: string, options?: { preventScrollReset?: boolean }) => void) {
  const res = await fetch(url, { credentials: "same-origin" });
  if (isSpreadsheet(res)) {
    saveBlob(await res.blob(), downloadFilename(res));
    return;
  }
  const to = new URL(res.url);
  navigate(to.pathname + to.search, { preventScrollReset: true });
}
