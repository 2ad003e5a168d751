import { Readable } from "node:stream";
import { getStorage, isStorageUnavailable, storageRedirects, STORAGE_DOWN_MESSAGE } from "@server/storage";
import { textResponse } from "./http.server";

/** How long a redirected download's address works: enough to start it, too short to pass around. */
const SIGNED_URL_SECONDS = 60;

/** A store that is down: the user is told to try again (a 503 with a hint of when), never a 500. */
export function storageDownResponse() {
  const response = textResponse(STORAGE_DOWN_MESSAGE, 503);
  response.headers.set("Retry-After", "60");
  return response;
}

/**
 * A stored file as the browser gets it, once the route has checked who may have it. Streamed from
 * the store with the route's headers (type, disposition, nosniff, cache); with STORAGE_REDIRECT on
 * S3, a redirect to a one-minute address of the bucket carrying the same type and disposition
 * (docs/decisions/0045-object-storage.md). A missing object is the route's 404; a store that is down,
 * a 503.
 */
export async function storedFileResponse(
  key: string,
  headers: { contentType: string; contentDisposition: string; cacheControl: string; missing: string },
) {
  try {
    if (storageRedirects()) {
      // Asked first, so a missing file is still our 404 and not the bucket's XML.
      if (!(await getStorage().head(key))) return textResponse(headers.missing, 404);
      const url = await getStorage().signedGetUrl(key, {
        expiresInSeconds: SIGNED_URL_SECONDS,
        contentType: headers.contentType,
        contentDisposition: headers.contentDisposition,
      });
      if (url) return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "no-store" } });
    }
    const object = await getStorage().get(key);
    if (!object) return textResponse(headers.missing, 404);
    return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
      headers: {
        "Content-Type": headers.contentType,
        "Content-Length": String(object.size),
        "Content-Disposition": headers.contentDisposition,
        "Cache-Control": headers.cacheControl,
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (isStorageUnavailable(error)) return storageDownResponse();
    throw error;
  }
}
