/** The blog list's paths, texts and post states, apart from the form schema (the list loads no zod or luxon). */

export const BLOG_PATH = "/blog-posts";

/** Spec 9: the list offsets by 10. */
export const BLOG_PAGE_SIZE = 10;

export const BLOG_TEXTS = {
  title: "Blogs",
  newButton: "Nuevo Blog",
  newTitle: "Nuevo Blog",
  singular: "Blog",
  /** Spec 8: the success message of a blog save. */
  saved: "Blog Guardado! Obteniendo información...",
  savedTitle: "Obteniendo información",
  notFoundTitle: "Blog no encontrado",
  notFoundText: "El blog no existe o fue eliminado.",
  empty: "No hay blogs que coincidan con la búsqueda.",
  imageMissingTitle: "Imagen no encontrada",
  imageMissing: "La imagen ya no existe en la biblioteca.",
  preview: "Vista previa",
} as const;

export const BLOG_LIMITS = { title: 200, content: 200_000, alt: 200 } as const;

export type BlogState = "draft" | "scheduled" | "published";

export const BLOG_STATE_LABELS: Record<BlogState, string> = {
  draft: "Borrador",
  scheduled: "Programado",
  published: "Publicado",
};

/**
 * What the shop does with a post now: a draft is never shown; a published post with a publish date
 * still ahead waits for it (scheduled); otherwise it is live.
 */
export function blogState(post: { status: boolean; publishAt: Date | string | null }, now: Date = new Date()): BlogState {
  if (!post.status) return "draft";
  if (post.publishAt && new Date(post.publishAt).getTime() > now.getTime()) return "scheduled";
  return "published";
}
