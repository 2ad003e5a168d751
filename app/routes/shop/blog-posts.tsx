import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData, useLocation } from "react-router";
import { Badge } from "~/components/Badge";
import { editColumn, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { SearchInput } from "~/components/FilterBar";
import { constraintsOf, type InputConstraint } from "~/lib/constraints";
import { formatDateTime } from "@common/format";
import { requireAccess } from "~/lib/auth/guard.server";
import { BLOG_PATH, BLOG_STATE_LABELS, BLOG_TEXTS, blogState } from "~/modules/blogs/blog-texts";
import { ListQueryShape, parseBlogListQuery, type BlogListData, type BlogRow } from "~/modules/blogs/blog-posts";
import { listBlogPosts } from "~/modules/blogs/blog-posts.server";
import { RecordListPage } from "~/components/RecordListPage";
import { loadListPage } from "~/lib/list.server";

export const meta: MetaFunction = () => [{ title: BLOG_TEXTS.title }];

export async function loader({
  request,
  url,
}: LoaderFunctionArgs): Promise<BlogListData & { now: string; searchConstraint: InputConstraint }> {
  await requireAccess(request, url);
  const page = await loadListPage(url, parseBlogListQuery, listBlogPosts);
  return { ...page, now: new Date().toISOString(), searchConstraint: constraintsOf(ListQueryShape).search };
}

const STATE_BADGE = { draft: "gray", scheduled: "warning", published: "success" } as const;

export default function BlogList() {
  const list = useLoaderData<typeof loader>();
  const { query, now, searchConstraint } = list;
  const { search } = useLocation();
  const editTo = (r: BlogRow) => `${BLOG_PATH}/${r.id}${search}`;
  const columns: Column<BlogRow>[] = [
    { key: "id", header: "No. Blog", sortName: "id", className: "w-24 tabular-nums", cell: (r) => r.id },
    {
      key: "title",
      header: "Título",
      sortName: "title",
      cell: (r) => (
        <Link to={editTo(r)} preventScrollReset className="font-medium text-brand-700 hover:underline">
          {r.title}
        </Link>
      ),
    },
    {
      key: "status",
      header: "Estatus",
      className: "w-32",
      cell: (r) => {
        const state = blogState(r, new Date(now));
        return <Badge variant={STATE_BADGE[state]}>{BLOG_STATE_LABELS[state]}</Badge>;
      },
    },
    {
      key: "publishAt",
      header: "Publicación",
      sortName: "publishAt",
      className: "whitespace-nowrap tabular-nums",
      cell: (r) => (r.publishAt ? formatDateTime(r.publishAt) : "—"),
    },
    {
      key: "createdAt",
      header: "Creado",
      sortName: "createdAt",
      className: "whitespace-nowrap tabular-nums",
      cell: (r) => formatDateTime(r.createdAt),
    },
    editColumn(editTo, (r) => r.title),
  ];
  return (
    <RecordListPage
      texts={BLOG_TEXTS}
      basePath={BLOG_PATH}
      list={list}
      columns={columns}
      listSearch={search}
      keep={["sortName", "sortValue"]}
    >
      <SearchInput constraint={searchConstraint} defaultValue={query.search} placeholder="Título" label="Buscar" />
    </RecordListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
