import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData, useLocation } from "react-router";
import { RouteDialog } from "~/components/Dialog";
import { Badge } from "~/components/Badge";
import { formatDateTime } from "@common/format";
import { sanitizeRichText } from "~/lib/sanitize-html.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { BlogDialogErrorBoundary } from "~/routes/shop/blog-dialogs";
import { BLOG_PATH, BLOG_STATE_LABELS, BLOG_TEXTS, BlogIdSchema, blogState } from "~/modules/blogs/blog-posts";
import { getBlogPost } from "~/modules/blogs/blog-posts.server";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data ? `${BLOG_TEXTS.preview}: ${data.post.title}` : BLOG_TEXTS.preview },
];

/** The post as the shop will show it, rendered on the server from what is stored. */
export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const id = BlogIdSchema.safeParse(params.postId);
  const post = id.success ? await getBlogPost(id.data) : null;
  if (!post) throw new Response(BLOG_TEXTS.notFoundText, { status: 404 });
  // Stored content is already clean; cleaning it again keeps a row written by other means harmless.
  return { post: { ...post, content: sanitizeRichText(post.content) }, state: blogState(post) };
}

export default function BlogPreview() {
  const { post, state } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <RouteDialog
      title={`${BLOG_TEXTS.preview}: ${post.title}`}
      description={`/${post.slug}`}
      closeTo={`${BLOG_PATH}${search}`}
      size="lg"
      footer={
        <Link to={`${BLOG_PATH}/${post.id}${search}`} preventScrollReset className="btn-secondary">
          Editar
        </Link>
      }
    >
      <article data-testid="blog-preview" className="flex flex-col gap-3">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
          <Badge variant={state === "published" ? "success" : state === "scheduled" ? "warning" : "gray"}>{BLOG_STATE_LABELS[state]}</Badge>
          {post.publishAt ? <span>Publicación: {formatDateTime(post.publishAt)}</span> : null}
        </p>
        {post.featuredImage ? (
          <img
            src={`/files/${post.featuredImage.fileId}?w=800`}
            alt={post.featuredImage.alt}
            className="max-h-80 w-full rounded object-contain"
          />
        ) : null}
        <h1 className="text-2xl font-semibold">{post.title}</h1>
        <div className="rich-text max-w-none break-words text-slate-800" dangerouslySetInnerHTML={{ __html: post.content }} />
      </article>
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <BlogDialogErrorBoundary />;
}
