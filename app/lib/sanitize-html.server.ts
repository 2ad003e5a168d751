import sanitizeHtml from "sanitize-html";

/**
 * The one allowlist for rich text typed in the back office (product descriptions, blog posts): the
 * shop renders it as HTML, so anything else (scripts, styles, event attributes, javascript: links)
 * is removed on the server before it is stored.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "u", "s", "a", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "code", "pre", "img"],
  allowedAttributes: { a: ["href", "target", "rel"], img: ["src", "alt"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // Script and style bodies go with their tags rather than surviving as text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object"],
  transformTags: {
    // A link opening a new tab must not hand the shop's window to the target page.
    a: (tagName, attribs) => {
      const target = attribs.target === "_blank" ? "_blank" : undefined;
      const out: Record<string, string> = {};
      if (attribs.href) out.href = attribs.href;
      if (target) {
        out.target = target;
        out.rel = "noopener noreferrer";
      } else if (attribs.rel) out.rel = attribs.rel;
      return { tagName, attribs: out };
    },
    b: "strong",
    i: "em",
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
