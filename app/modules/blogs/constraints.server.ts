import { constraintsOf } from "~/lib/constraints";
import { BlogFormSchema } from "./blog-form";

/**
 * The blog dialog's native constraints, read on the server from the schema its action validates
 * with: the dialog loads no Zod to draw its form (its checks arrive after the page,
 * app/lib/lazy-validation.ts), so the loaders send these.
 */
export const BLOG_CONSTRAINTS = {
  post: constraintsOf(BlogFormSchema),
};
