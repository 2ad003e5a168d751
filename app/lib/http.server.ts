import { data } from "react-router";
import type { ZodType, ZodTypeDef } from "zod";
import { xlsxResponse } from "@server/documents/xlsx.server";
import type { Reason } from "~/modules/results";
import type { ToastInput } from "./toast";
import { redirectWithToast } from "./toast.server";

/**
 * The web side of the modules' typed results: routes read the Request with these and turn a result
 * into a Response, so the modules never see either.
 */

/** Stops the loader or action with a 404 that the route's ErrorBoundary shows. */
export function notFound(message: string): never {
  throw new Response(message, { status: 404 });
}

/** A URL parameter checked with its schema; anything else is the record's 404. */
export function paramOr404<T>(schema: ZodType<T, ZodTypeDef, unknown>, raw: string | undefined, message: string): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) notFound(message);
  return parsed.data;
}

/** The list with the query the dialog was opened from (the dialog's URL carries it). */
export function listUrlOf(listPath: string, url: URL) {
  return `${listPath}${url.search}`;
}

/** What a person sees when the body of a post cannot be read as a form. */
/**
 * Whether the router answers a browser's data request (a navigation or a revalidation with JavaScript,
 * `….data`) rather than a whole page. The request reaches loaders as the browser sent it
 * (`v8_passThroughRequests`). Data may then arrive after the rest (a promise the page awaits);
 * a whole page must carry everything, since a browser without JavaScript shows only what it has.
 */
export function isDataRequest(request: Request) {
  // eslint-disable-next-line no-restricted-syntax -- the data URL itself is the question here, not the page
  return new URL(request.url).pathname.endsWith(".data");
}

export const UNREADABLE_FORM = "El formulario llegó incompleto o dañado. Vuelve a enviarlo.";

/** The 400 every action answers a body it cannot read with (a broken multipart, a wrong content type). */
export function unreadableForm(): Response {
  return new Response(UNREADABLE_FORM, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The posted form: the one way an action reads its body (a lint rule enforces it, eslint.config.js;
 * a form with a file uses `readFormWithFile`, which comes here for the rest). The request
 * layer (server/http/bounded-body.ts) already refuses most broken bodies, but the parser of the
 * platform is stricter than the one it checks with (a multipart body without its boundary, a part
 * header out of form): whatever it cannot read is a 400 with a Spanish message, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw unreadableForm();
  }
}

/** The HTTP status of each reason a module refuses with (app/modules/results.ts). */
export const REASON_STATUS = {
  invalid: 400,
  forbidden: 403,
  missing: 404,
  conflict: 409,
  refused: 422,
  throttled: 429,
  integration: 502,
  unavailable: 503,
} as const satisfies Record<Reason, number>;

export const statusOf = (refusal: { reason: Reason }) => REASON_STATUS[refusal.reason];

/** A refused command shown on the page that posted it: its message with its reason's status. */
export function refusedWith(refusal: { reason: Reason; message: string }) {
  return data({ error: refusal.message }, { status: statusOf(refusal) });
}

/** A file a module produced (PDF, spreadsheet…), as the browser should receive it. */
export type FileResult = {
  bytes: Buffer | Uint8Array;
  filename: string;
  contentType: string;
  disposition: "inline" | "attachment";
  cacheControl: string;
};

export function fileResponse(file: FileResult) {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      // The name reaches a header: anything outside a plain file name becomes "_".
      "Content-Disposition": `${file.disposition}; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": file.cacheControl,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A printable page (tickets, slips): never cached, it holds a sale. */
export function htmlResponse(html: string) {
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

/** A plain-text failure the browser shows as is (a printer fault, a missing document). */
export function textResponse(text: string, status: number) {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * A printable document as the browser gets it: the print window's HTML, the PDF inline, a printer
 * fault as a 503 message; a refusal or a missing record stops with its status.
 */
export function printResponse(
  result:
    | { ok: true; kind: "html"; html: string }
    | { ok: true; kind: "pdf"; bytes: Uint8Array; filename: string }
    | { ok: false; reason: Reason; message: string },
) {
  if (result.ok) {
    if (result.kind === "html") return htmlResponse(result.html);
    return fileResponse({
      bytes: result.bytes,
      filename: result.filename,
      contentType: "application/pdf",
      disposition: "inline",
      cacheControl: "no-store",
    });
  }
  if (result.reason === "unavailable") return textResponse(result.message, statusOf(result));
  throw new Response(result.message, { status: statusOf(result) });
}

/**
 * A document download (a quotation's PDF shown inline, or its spreadsheet), or back to the page
 * that asked for it with the reason.
 */
export function downloadOrBack(
  result: { ok: true; format: "pdf" | "xlsx"; bytes: Uint8Array; filename: string } | { ok: false; toast: ToastInput },
  back: string,
) {
  if (!result.ok) return redirectWithToast(back, result.toast);
  if (result.format === "xlsx") return xlsxResponse(result.bytes, result.filename);
  return fileResponse({
    bytes: result.bytes,
    filename: result.filename,
    contentType: "application/pdf",
    disposition: "inline",
    cacheControl: "private, no-store",
  });
}
