/**
 * How big a request body may be, decided from the path before a byte of it is read. Forms sent as
 * application/x-www-form-urlencoded are small everywhere; multipart forms carry files and get the
 * limits of the upload they hold. A screen with its own upload adds a line here.
 */
export type BodyLimits = {
  /** The whole body, headers of the parts included. */
  maxBytes: number;
  /** One file part. */
  maxFileBytes: number;
  /** One text part (a field typed by a person). */
  maxTextBytes: number;
  /** Parts in one form, files and fields together. */
  maxParts: number;
  /** File parts in one form. */
  maxFiles: number;
};

const MB = 1024 * 1024;
export const FORM_MAX_BYTES = 1 * MB;

// The upload rules themselves (25 MB per attachment, 20 MB per PDF, 15 MB per image) stay in the
// modules, which answer with the spec's own warning; the transport allows one extra megabyte for
// the other fields so that warning can still be shown for a file just over the line. Reply
// attachments get twice their rule: a file of 26–50 MB, posted without JavaScript, still gets
// "Tamaño máximo 25M" instead of a refusal page (with JavaScript the page refuses it before upload).
const IMAGES: BodyLimits = { maxBytes: 16 * MB, maxFileBytes: 16 * MB, maxTextBytes: 1 * MB, maxParts: 1000, maxFiles: 20 };
const MULTIPART_BY_PATH: Array<[RegExp, BodyLimits]> = [
  [/^\/messages(\/|$)/, { maxBytes: 50 * MB, maxFileBytes: 50 * MB, maxTextBytes: 64 * 1024, maxParts: 50, maxFiles: 5 }],
  [/^\/chatbot-documents(\/|$)/, { maxBytes: 21 * MB, maxFileBytes: 21 * MB, maxTextBytes: 64 * 1024, maxParts: 50, maxFiles: 5 }],
];

/**
 * Limits for a multipart body posted to this path; any other screen gets the image-upload limits.
 * With JavaScript a form posts to the route's data URL (`/messages.data`): the same screen, the
 * same limits.
 */
export function multipartLimitsFor(pathname: string): BodyLimits {
  const screen = pathname.replace(/\.data$/, "");
  return MULTIPART_BY_PATH.find(([pattern]) => pattern.test(screen))?.[1] ?? IMAGES;
}

export function formatMegabytes(bytes: number) {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`;
}
