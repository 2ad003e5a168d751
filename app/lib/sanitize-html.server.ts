import sanitizeHtml from "sanitize-html";

/**
 * The only HTML kept from a rich-text field: what the editor can produce (paragraphs, headings,
 * lists, emphasis, links, quotes, code, rules). Anything else — scripts, styles, event handlers,
 * iframes, `javascript:` links — is dropped on every save, whatever the browser sent.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "h2", "h3", "h4", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "a", "blockquote", "code", "pre", "hr",
  ],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Links leave the back office in a new tab without handing it the opener.
    a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }),
    h1: "h2",
  },
};

export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html ?? "", OPTIONS).trim();
  // An editor left empty posts "<p></p>": store it as no description at all.
  return clean.replace(/^(<p>(\s|&nbsp;|<br \/>)*<\/p>)+$/, "");
}

/** The visible text of rich text, for length rules and plain listings. */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html ?? "", { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
}
