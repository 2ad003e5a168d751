import sanitizeHtml from "sanitize-html";

/**
 * The stored files a rich text may point at by URL (`/files/<id>…`): files of the library, and of
 * those the images, the only files an `<img>` may show. A conversation's attachment or an
 * assistant's document is no file of the library: rich text never links or embeds it.
 */
export type StoredFileRefs = { files: ReadonlySet<string>; images: ReadonlySet<string> };

const NO_FILES: StoredFileRefs = { files: new Set(), images: new Set() };

/**
 * The stored file a URL names: `/files/<id>` on this server however it is written (relative,
 * `../`, escaped, any case, on an absolute http(s) URL), lower-cased; "" for a `/files/` URL whose
 * id is no file id; null for a URL that is not a stored file's.
 */
export function storedFileOf(url: string): string | null {
  let path: string;
  try {
    const parsed = new URL(url.trim(), "http://local.invalid/");
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  const match = /^\/files(?:\/([^/]*))?(?:\/|$)/i.exec(path);
  if (!match) return null;
  const id = (match[1] ?? "").toLowerCase();
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? id : "";
}

function options(allowed: StoredFileRefs, removed: { count: number }, seen?: Set<string>): sanitizeHtml.IOptions {
  const note = (id: string | null) => {
    if (id) seen?.add(id);
  };
  return {
    allowedTags: [
      "p",
      "br",
      "h2",
      "h3",
      "h4",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "s",
      "ul",
      "ol",
      "li",
      "a",
      "blockquote",
      "code",
      "pre",
      "hr",
      "img",
    ],
    allowedAttributes: { a: ["href", "target", "rel"], img: ["src", "alt"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
    transformTags: {
      // Links leave the back office in a new tab without handing it the opener. A link to a stored
      // file that is not the library's loses its address, as a `javascript:` one does: its text stays.
      a: (tagName, attribs) => {
        const file = attribs.href === undefined ? null : storedFileOf(attribs.href);
        note(file);
        const foreign = file !== null && !allowed.files.has(file);
        if (foreign) removed.count++;
        const { href: _dropped, ...withoutHref } = attribs;
        return { tagName: "a", attribs: { ...(foreign ? withoutHref : attribs), target: "_blank", rel: "noopener noreferrer" } };
      },
      // Only an image of the library is shown; any other picture (another site's, a stored file
      // that is not a library image) loses its address and, with it, its place (exclusiveFilter).
      img: (tagName, attribs) => {
        const file = attribs.src === undefined ? null : storedFileOf(attribs.src);
        note(file);
        if (file !== null && allowed.images.has(file)) return { tagName: "img", attribs };
        if (file !== null) removed.count++;
        return { tagName: "img", attribs: {} };
      },
      h1: "h2",
    },
  };
}

/**
 * The only HTML kept from a rich-text field: what the editor can produce (paragraphs, headings,
 * lists, emphasis, links, quotes, code, rules) and images of the library. Anything else — scripts,
 * styles, event handlers, iframes, `javascript:` links, links to or images of stored files that are
 * not in `allowed` — is dropped on every save, whatever the browser sent. `removed` counts the
 * stored-file references taken out.
 */
export function sanitizeRichTextWithFiles(html: string, allowed: StoredFileRefs): { html: string; removed: number } {
  const removed = { count: 0 };
  const clean = sanitizeHtml(html ?? "", options(allowed, removed)).trim();
  // An editor left empty posts "<p></p>": store it as no description at all.
  return { html: clean.replace(/^(<p>(\s|&nbsp;|<br \/>)*<\/p>)+$/, ""), removed: removed.count };
}

/** `sanitizeRichTextWithFiles` when the text may point at no stored file (or the caller knows none). */
export function sanitizeRichText(html: string, allowed: StoredFileRefs = NO_FILES): string {
  return sanitizeRichTextWithFiles(html, allowed).html;
}

/** The stored files (ids) a rich text's links and images point at, as the sanitiser reads them. */
export function storedFilesIn(html: string): string[] {
  const seen = new Set<string>();
  sanitizeHtml(html ?? "", options(NO_FILES, { count: 0 }, seen));
  return [...seen];
}

/** The visible text of rich text, for length rules and plain listings. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html ?? "", { allowedTags: [], allowedAttributes: {} })
    .replace(/\s+/g, " ")
    .trim();
}
