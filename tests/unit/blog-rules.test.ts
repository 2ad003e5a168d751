import { describe, expect, it } from "vitest";
import { BlogFormSchema } from "~/modules/blogs/blog-form";
import { blogSlug, freeSlug } from "@common/blog-slug";
import { BLOG_PAGE_SIZE, BLOG_TEXTS, blogState, parseBlogListQuery, publishAtInputValue } from "~/modules/blogs/blog-posts";
import { parsePublishAt } from "~/modules/blogs/publish-at";
import { sanitizeRichText } from "~/lib/sanitize-html.server";

describe("blog slug (spec 5: title lowercased, *+~.¬=|°,?/%&$#()'\"!:@ removed, spaces to hyphens)", () => {
  it.each([
    ["Guía de Iluminación LED", "guía-de-iluminación-led"],
    ["¿Qué cable usar? 10% más barato!", "¿qué-cable-usar-10-más-barato"],
    ["a*b+c~d.e¬f=g|h°i,j?k/l%m&n$o#p(q)r's\"t!u:v@w", "abcdefghijklmnopqrstuvw"],
    ["  Dos   espacios  ", "dos-espacios"],
    ["Uno : dos", "uno-dos"],
    ["@@@", ""],
  ])("%s → %s", (title, slug) => {
    expect(blogSlug(title)).toBe(slug);
  });

  it("a clash gets the first free numeric suffix", () => {
    expect(freeSlug("luz", new Set())).toBe("luz");
    expect(freeSlug("luz", new Set(["luz"]))).toBe("luz-2");
    expect(freeSlug("luz", new Set(["luz", "luz-2", "luz-3"]))).toBe("luz-4");
    expect(freeSlug("luz", new Set(["luz-2"]))).toBe("luz");
  });
});

describe("blog status shown", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  it.each([
    [{ status: false, publishAt: null }, "draft"],
    [{ status: false, publishAt: "2026-07-01T00:00:00Z" }, "draft"],
    [{ status: true, publishAt: null }, "published"],
    [{ status: true, publishAt: "2026-05-01T00:00:00Z" }, "published"],
    [{ status: true, publishAt: "2026-06-01T12:00:01Z" }, "scheduled"],
  ] as const)("%o → %s", (post, state) => {
    expect(blogState(post, now)).toBe(state);
  });
});

describe("publish date is Mexico City wall time", () => {
  it("reads and writes datetime-local values", () => {
    expect(parsePublishAt("2026-12-01T09:30")?.toISOString()).toBe("2026-12-01T15:30:00.000Z");
    expect(publishAtInputValue("2026-12-01T15:30:00.000Z")).toBe("2026-12-01T09:30");
    // Mexico City kept summer time until 2022 (UTC−5): a July instant of 2021 reads an hour later.
    expect(publishAtInputValue(new Date("2021-07-01T17:05:00.000Z"))).toBe("2021-07-01T12:05");
    expect(publishAtInputValue("2026-01-01T05:59:00.000Z")).toBe("2025-12-31T23:59");
    expect(publishAtInputValue(null)).toBe("");
    expect(parsePublishAt("2026-02-30T09:30")).toBeNull();
    expect(parsePublishAt("mañana")).toBeNull();
  });
});

describe("list query and form", () => {
  it("pages by 10 and falls back on bad values", () => {
    expect(BLOG_PAGE_SIZE).toBe(10);
    expect(parseBlogListQuery(new URLSearchParams("page=abc&search=%20luz%20"))).toEqual({ page: 1, search: "luz" });
  });
  it("the saved message is the spec's", () => {
    expect(BLOG_TEXTS.saved).toBe("Blog Guardado! Obteniendo información...");
  });
  it("refuses a title with no letter or digit and a bad date", () => {
    const r = BlogFormSchema.safeParse({ title: "!!!", publishAt: "ayer" });
    expect(r.success).toBe(false);
    expect(r.error?.flatten().fieldErrors).toMatchObject({
      title: ["El título debe tener al menos una letra o un número"],
      publishAt: [expect.any(String)],
    });
  });
});

describe("blog content goes through the shared rich-text sanitiser (its table: sanitize-html.test.ts)", () => {
  it.each([
    "<p>Hola<script>alert(1)</script></p>",
    '<p onclick="x()">a</p>',
    '<a href="javascript:alert(1)">x</a>',
    '<img src="https://x.mx/a.png" onerror="x()">',
    "<style>p{}</style><iframe src=x></iframe><b>n</b>",
  ])("%s keeps no script, handler, style or frame", (input) => {
    expect(sanitizeRichText(input)).not.toMatch(/<script|onclick|onerror|javascript:|<style|<iframe/i);
  });
  it("keeps the structure the editor writes", () => {
    const html = "<h2>S</h2><ul><li>uno</li></ul><blockquote>c</blockquote><p><strong>n</strong></p>";
    expect(sanitizeRichText(html)).toBe(html);
  });
});
