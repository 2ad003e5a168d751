import fs from "node:fs";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "react-router";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@server/db/client";
import { files } from "@server/db/schema";
import { requireAccess } from "~/lib/auth/guard.server";
import { contentDisposition } from "~/modules/files/file-access.server";
import { attachmentPath } from "~/modules/messages/upload.server";

const FileId = z.string().uuid();

/** Attachments sent from here: guarded like the Messages screen (the messages_access flag included). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAccess(request);
  const id = FileId.safeParse(params.fileId);
  if (!id.success) throw new Response("El archivo no existe.", { status: 404 });
  const [file] = await getDb().select().from(files).where(eq(files.id, id.data)).limit(1);
  const disk = file ? attachmentPath(file.filenameDisk) : null;
  if (!file || !disk || file.origin !== "message" || !fs.existsSync(disk)) throw new Response("El archivo no existe.", { status: 404 });
  const name = file.title ?? file.filenameDownload;
  const stream = Readable.toWeb(fs.createReadStream(disk)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      "Content-Type": file.mimeType,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(file.mimeType, name),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
