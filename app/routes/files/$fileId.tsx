import fs from "node:fs/promises";
import path from "node:path";
import type { LoaderFunctionArgs } from "react-router";
import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { eq } from "drizzle-orm";
import { requireUser } from "~/lib/auth/guard.server";
import { contentDisposition, maySeeFile } from "~/modules/files/file-access.server";
import { uploadsDir } from "~/modules/files/files.server";

/**
 * GET /files/:fileId[?w=150|800]: an uploaded file (or its resized variant), for a user who may open
 * the record it belongs to. Someone who may not is told it does not exist, as for an unknown id.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = params.fileId ?? "";
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new Response("Archivo no encontrado", { status: 404 });
  const [row] = await getDb().select().from(files).where(eq(files.id, id)).limit(1);
  if (!row || !(await maySeeFile(user, row))) throw new Response("Archivo no encontrado", { status: 404 });
  const width = new URL(request.url).searchParams.get("w");
  const variant = width ? row.variants.find((v) => v.name === width) : undefined;
  const disk = path.basename(variant?.disk ?? row.filenameDisk);
  let body: Buffer;
  try {
    body = await fs.readFile(path.join(uploadsDir(), disk));
  } catch {
    throw new Response("Archivo no encontrado", { status: 404 });
  }
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": row.mimeType,
      "Content-Length": String(body.byteLength),
      "Cache-Control": "private, max-age=86400",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": contentDisposition(row.mimeType, row.filenameDownload),
    },
  });
}
