import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { PDF_MAX_BYTES } from "./rules";

/**
 * A form that carries one PDF (a technical sheet, an assistant document): the file part is read
 * with a size cap and handed to storePdf; the other fields come back as FormData.
 */
export type UploadedPdf = { name: string; data: Uint8Array } | { name: string; tooBig: true } | null;

/**
 * Reads the add-document form. Only the first non-empty `file` part is kept; one over 20 MB is
 * drained (never held whole in memory) and reported as too big, so the typed SKU survives.
 */
export async function parseDocumentForm(request: Request): Promise<{ formData: FormData; file: UploadedPdf }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data")) return { formData: await request.formData(), file: null };
  let file: UploadedPdf = null;
  const fileHandler: UploadHandler = async ({ name, filename, data }) => {
    if (name !== "file" || !filename) {
      for await (const _chunk of data) void _chunk;
      return undefined;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= PDF_MAX_BYTES && file === null) chunks.push(chunk);
    }
    if (file !== null || size === 0) return "";
    file = size > PDF_MAX_BYTES ? { name: filename, tooBig: true } : { name: filename, data: Buffer.concat(chunks) };
    return "";
  };
  const textHandler = unstable_createMemoryUploadHandler({ maxPartSize: 64 * 1024 });
  const formData = await unstable_parseMultipartFormData(request, async (part) => (part.name === "file" ? fileHandler(part) : textHandler(part)));
  return { formData, file };
}

