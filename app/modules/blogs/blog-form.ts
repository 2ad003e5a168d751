import { z } from "zod";
import { blogSlug } from "@common/blog-slug";
import { BLOG_LIMITS, BLOG_MESSAGES, parseBlogIntent } from "./blog-posts";
import { parsePublishAt } from "./publish-at";

/*
 * The blog dialog's form, apart from the list's module: the browser fetches it only when the dialog
 * checks its fields (app/lib/lazy-validation.ts), so the page loads no Zod to draw the form.
 */

export const BlogFormSchema = z.object({
  title: z
    .string({ required_error: BLOG_MESSAGES.titleMissing })
    .trim()
    .min(1, BLOG_MESSAGES.titleMissing)
    .max(BLOG_LIMITS.title, BLOG_MESSAGES.titleLong)
    .refine((v) => v === "" || blogSlug(v) !== "", BLOG_MESSAGES.titleNoSlug),
  content: z.string().max(BLOG_LIMITS.content, BLOG_MESSAGES.contentLong).optional().default(""),
  status: z.boolean().optional().default(false),
  publishAt: z
    .string()
    .trim()
    .optional()
    .default("")
    .refine((v) => v === "" || parsePublishAt(v) !== null, BLOG_MESSAGES.publishAt),
  imageAlt: z.string().trim().max(BLOG_LIMITS.alt, BLOG_MESSAGES.altLong).optional().default(""),
});
export type BlogInput = z.output<typeof BlogFormSchema>;

/** The image buttons post the same form and come back with what was typed, unjudged. */
const BlogDraftSchema = z.object({}).passthrough();

export function blogSchemaFor(intent: FormDataEntryValue | null | undefined): typeof BlogFormSchema {
  return parseBlogIntent(intent)?.kind === "save" ? BlogFormSchema : (BlogDraftSchema as unknown as typeof BlogFormSchema);
}
