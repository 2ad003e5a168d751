import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

/** The one file a form carried: its bytes, or only its name when it was over the cap. */
export type PostedFile = { name: string; type: string; data: Uint8Array } | { name: string; tooBig: true } | null;

/**
 * Reads a form that may carry one file in its `file` field (a reply attachment, a PDF sheet). Only
 * the first non-empty file is kept; one over `maxBytes` is drained (never held whole in memory) and
 * reported as too big, so the typed fields survive and the form can say why. The other fields come
 * back as FormData; a form sent without multipart is read as usual.
 */
export async function readFormWithFile(request: Request, maxBytes: number): Promise<{ formData: FormData; file: PostedFile }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data")) return { formData: await request.formData(), file: null };
  let file: PostedFile = null;
  const fileHandler: UploadHandler = async ({ filename, contentType, data }) => {
    if (!filename) {
      for await (const _chunk of data) void _chunk;
      return undefined;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= maxBytes && file === null) chunks.push(chunk);
    }
    if (file !== null || size === 0) return "";
    file = size > maxBytes ? { name: filename, tooBig: true } : { name: filename, type: contentType || "application/octet-stream", data: Buffer.concat(chunks) };
    return "";
  };
  const textHandler = unstable_createMemoryUploadHandler({ maxPartSize: 64 * 1024 });
  const formData = await unstable_parseMultipartFormData(request, async (part) => (part.name === "file" ? fileHandler(part) : textHandler(part)));
  return { formData, file };
}
