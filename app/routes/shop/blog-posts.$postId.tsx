import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { readForm } from "~/lib/http.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { BlogDialogErrorBoundary, BlogEditDialog } from "~/routes/shop/blog-dialogs";
import { BlogFormSchema, blogSchemaFor } from "~/modules/blogs/blog-form";
import { BLOG_PATH, BLOG_TEXTS, BlogIdSchema } from "~/modules/blogs/blog-posts";
import { BLOG_CONSTRAINTS } from "~/modules/blogs/constraints.server";
import { getBlogPost, libraryBlogImage, saveBlogPost, uploadBlogImage } from "~/modules/blogs/blog-posts.server";
import { answerDialogStep } from "~/routes/shop/dialog-answer.server";
import { imagePickStep } from "~/routes/shop/image-pick-step.server";
import { FILE_TEXTS } from "~/modules/files/rules";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [{ title: data ? `Blog ${data.post.id}` : "Blog" }];

function missing() {
  return new Response(BLOG_TEXTS.notFoundText, { status: 404 });
}

function postIdFrom(params: Record<string, string | undefined>) {
  const parsed = BlogIdSchema.safeParse(params.postId);
  if (!parsed.success) throw missing();
  return parsed.data;
}

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const post = await getBlogPost(postIdFrom(params));
  if (!post) throw missing();
  return { post, constraint: BLOG_CONSTRAINTS.post };
}

/**
 * Create (no postId: the `new` route uses this action too) and update: the dialog's post (see
 * imagePickStep), the module's commands find, upload and save.
 */
export async function action({ request, url, params }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const id = params.postId === undefined ? null : postIdFrom(params);
  const stored = id === null ? null : await getBlogPost(id);
  if (id !== null && !stored) throw missing();
  const step = await imagePickStep(await readForm(request), {
    stored: stored?.featuredImage ?? null,
    schema: BlogFormSchema,
    schemaFor: blogSchemaFor,
    fromLibrary: libraryBlogImage,
    upload: (file) => uploadBlogImage(file, actor),
    pickedMissing: { title: BLOG_TEXTS.imageMissingTitle, message: BLOG_TEXTS.imageMissing },
    save: async (value, image) => {
      const saved = await saveBlogPost(id, value, image, actor);
      return { ok: saved.ok, warning: saved.ok && saved.value.removedFileLinks ? FILE_TEXTS.foreignFileLinks : null };
    },
  });
  return answerDialogStep(url, step, {
    listPath: BLOG_PATH,
    notFoundText: BLOG_TEXTS.notFoundText,
    toast: { title: BLOG_TEXTS.savedTitle, message: BLOG_TEXTS.saved },
  });
}

export default function EditBlogPost() {
  const { post, constraint } = useLoaderData<typeof loader>();
  return <BlogEditDialog key={post.id} post={post} constraint={constraint} answer={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <BlogDialogErrorBoundary />;
}
