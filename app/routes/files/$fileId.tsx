import type { LoaderFunctionArgs } from "react-router";
import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { eq } from "drizzle-orm";
import { storedFileResponse } from "~/lib/stored-file.server";
import { requireUser } from "~/lib/auth/guard.server";
import { contentDisposition, maySeeFile } from "~/modules/files/file-access.server";
import { fileKey, variantKey } from "~/modules/files/files.server";

/**
 * GET /files/:fileId[?w=150|800]: an uploaded file (or its resized variant), for a user who may open
 * the record it belongs to. Someone who may not is told it does not exist, as for an unknown id.
 */
export async function loader({ request, url, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, url);
  const id = params.fileId ?? "";
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw new Response("Archivo no encontrado", { status: 404 });
  const [row] = await getDb().select().from(files).where(eq(files.id, id)).limit(1);
  if (!row || !(await maySeeFile(user, row))) throw new Response("Archivo no encontrado", { status: 404 });
  const width = url.searchParams.get("w");
  const variant = width ? row.variants.find((v) => v.name === width) : undefined;
  return storedFileResponse(variant ? variantKey(variant.disk) : fileKey(row), {
    contentType: row.mimeType,
    contentDisposition: contentDisposition(row.mimeType, row.filenameDownload),
    cacheControl: "private, max-age=86400",
    missing: "Archivo no encontrado",
  });
}
