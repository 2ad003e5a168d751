/**
 * How a report fetched by the page (app/lib/download.ts) and the server (server/http/router-handler.ts)
 * speak: the page marks its fetch, and the server then answers a redirect as a header, which a fetch
 * can read (a fetch cannot read a redirect's target).
 */
export const DOWNLOAD_FETCH_HEADER = "x-download-fetch";
export const FOLLOW_HEADER = "x-follow";
