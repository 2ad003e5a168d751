import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { requireAccess } from "~/lib/auth/guard.server";
import { BlogDialogErrorBoundary, BlogEditDialog } from "~/routes/shop/blog-dialogs";
import { BLOG_TEXTS } from "~/modules/blogs/blog-posts";
import { BLOG_CONSTRAINTS } from "~/modules/blogs/constraints.server";
import { action } from "./blog-posts.$postId";

export { action };

export const meta: MetaFunction = () => [{ title: BLOG_TEXTS.newTitle }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  return { constraint: BLOG_CONSTRAINTS.post };
}

export default function NewBlogPost() {
  const { constraint } = useLoaderData<typeof loader>();
  return <BlogEditDialog post={null} constraint={constraint} answer={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <BlogDialogErrorBoundary />;
}
