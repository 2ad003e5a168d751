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
 * Fetches a report URL: a spreadsheet is saved as a download. Anything else (the server redirected
 * with a flash toast: no rows, bad range, all in sync) is loaded by the browser itself, exactly as
 * without JavaScript. The fetch must not follow that redirect: following it would load the target
 * page inside the fetch, which reads the one-time toast and throws it away.
 */
export async function downloadOrFollow(url: string, _navigate?: (to: string, options?: { preventScrollReset?: boolean }) => void) {
  const res = await fetch(url, { credentials: "same-origin", redirect: "manual" });
  if (isSpreadsheet(res)) {
    saveBlob(await res.blob(), downloadFilename(res));
    return;
  }
  window.location.assign(url);
}
