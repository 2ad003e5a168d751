import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { requireAccess } from "~/modules/auth/guard.server";
import { BlogDialogErrorBoundary, BlogEditDialog } from "~/modules/blogs/blog-dialogs";
import { BLOG_TEXTS } from "~/modules/blogs/blog-posts";
import { action } from "./_app.blog-posts.$postId";

export { action };

export const meta: MetaFunction = () => [{ title: BLOG_TEXTS.newTitle }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  return null;
}

export default function NewBlogPost() {
  return <BlogEditDialog post={null} answer={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <BlogDialogErrorBoundary />;
}
