import { DOWNLOAD_FETCH_HEADER, FOLLOW_HEADER } from "@common/download-headers";

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

/** Where the server sent a report fetch, when it is a path of this site. */
export function followTarget(res: Response): string | null {
  const to = res.headers.get(FOLLOW_HEADER);
  return to && to.startsWith("/") && !to.startsWith("//") && !to.startsWith("/\\") ? to : null;
}

/**
 * Fetches a report URL: a spreadsheet is saved as a download. Anything else (the server redirected
 * with a flash toast: no rows, bad range, all in sync) sends the browser where the server said, as
 * without JavaScript. A fetch cannot read a redirect's target, and asking the report URL again
 * would build the report a second time: the server gives the target in a header instead (its flash
 * cookie comes with it), and the page that opens reads the toast.
 */
export async function downloadOrFollow(url: string, _navigate?: (to: string, options?: { preventScrollReset?: boolean }) => void) {
  const res = await fetch(url, { credentials: "same-origin", redirect: "manual", headers: { [DOWNLOAD_FETCH_HEADER]: "1" } });
  if (isSpreadsheet(res)) {
    saveBlob(await res.blob(), downloadFilename(res));
    return;
  }
  window.location.assign(followTarget(res) ?? url);
}
