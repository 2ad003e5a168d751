import { z } from "zod";
import type { ImageRef } from "@server/db/schema/catalog";
import { parseImagePickIntent, type ImagePickIntent, type ImagePickState, type LibraryChoice } from "~/modules/files/image-pick";
import { formatInputDateTime } from "@common/format";
import type { ListPageData } from "~/lib/list-url";
import { parseQuery, q } from "~/lib/query";
import { BLOG_LIMITS } from "./blog-texts";
export * from "./blog-texts";

/**
 * The shop's blog (spec 2 §2 'Blogs', §3 'Blog post', §5 slug, §7 'Blogs', §8, §9): texts, the list's
 * URL, the dialog's messages (its schema is in blog-form.ts) and the status a post shows; the slug
 * rule, which the demo data follows too, is in common/blog-slug.ts. Pure: used by the form, the
 * action and the unit tests.
 */

/** The instant as a datetime-local value in Mexico City (no date library: the dialog draws it). */
export function publishAtInputValue(value: Date | string | null | undefined): string {
  if (!value) return "";
  return formatInputDateTime(value);
}

/** The columns the list may be sorted by (sortName); without one it is newest first (decision 0017). */
export const BLOG_SORTS = ["id", "title", "publishAt", "createdAt"] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];

export const ListQueryShape = { search: q.search(), ...q.sort(BLOG_SORTS), page: q.page() };
export type BlogListQuery = ReturnType<typeof parseBlogListQuery>;
export function parseBlogListQuery(source: URL | URLSearchParams) {
  return parseQuery(source, ListQueryShape);
}

export const BLOG_MESSAGES = {
  titleMissing: "Ingresa el título",
  titleLong: `Título: máximo ${BLOG_LIMITS.title} caracteres`,
  titleNoSlug: "El título debe tener al menos una letra o un número",
  contentLong: "El contenido es demasiado largo",
  publishAt: "Usa una fecha y hora válidas (aaaa-mm-dd hh:mm)",
  altLong: `Texto alternativo: máximo ${BLOG_LIMITS.alt} caracteres`,
} as const;

export type BlogIntent = ImagePickIntent;
export const parseBlogIntent = parseImagePickIntent;

export type BlogImage = ImageRef & { alt: string };

export type BlogRow = { id: number; title: string; slug: string; status: boolean; publishAt: string | null; createdAt: string };
export type BlogPost = BlogRow & { content: string; featuredImage: BlogImage | null };

export type BlogListData = ListPageData<BlogRow, BlogListQuery>;

export type { LibraryChoice };
export type BlogDialogState = ImagePickState<BlogImage>;

export const BlogIdSchema = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
