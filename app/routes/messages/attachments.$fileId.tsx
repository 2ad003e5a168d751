import type { LoaderFunctionArgs } from "react-router";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { storedFileResponse } from "~/lib/stored-file.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { contentDisposition } from "~/modules/files/file-access.server";
import { ORIGIN_MESSAGE } from "~/modules/files/rules";
import { fileKey } from "~/modules/files/storage.server";

const FileId = z.string().uuid();

/** Attachments sent from here: guarded like the Messages screen (the messages_access flag included). */
export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const id = FileId.safeParse(params.fileId);
  if (!id.success) throw new Response("El archivo no existe.", { status: 404 });
  const [file] = await getDb().select().from(files).where(eq(files.id, id.data)).limit(1);
  if (!file || file.origin !== ORIGIN_MESSAGE) throw new Response("El archivo no existe.", { status: 404 });
  const name = file.title ?? file.filenameDownload;
  return storedFileResponse(fileKey(file), {
    contentType: file.mimeType,
    contentDisposition: contentDisposition(file.mimeType, name),
    cacheControl: "private, no-store",
    missing: "El archivo no existe.",
  });
}
