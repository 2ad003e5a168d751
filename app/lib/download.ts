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
