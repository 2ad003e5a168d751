import { SEARCH_FOLD } from "../../app/lib/folded-search";
import { queryOf, type BenchList } from "./types";

/**
 * /blog-posts (app/modules/blogs/blog-posts.server.ts): newest first, 10 a page, the title searched
 * case- and accent-insensitively. The bench seed holds 5 000 posts (server/db/seed/bench/blogs.ts).
 */
const columns = "id, title, slug, status, publish_at, created_at, count(*) over() as total";
const folded = `translate(lower(title), '${SEARCH_FOLD.from}', '${SEARCH_FOLD.to}')`;

export const BLOG_LISTS: BenchList[] = [
  { route: "/blog-posts", query: "", sql: `select ${columns} from blog_posts order by created_at desc, id desc limit 10`, params: [] },
  { route: "/blog-posts", query: queryOf({ page: 40 }), sql: `select ${columns} from blog_posts order by created_at desc, id desc limit 10 offset 390`, params: [] },
  {
    route: "/blog-posts",
    query: queryOf({ search: "iluminacion" }),
    sql: `select ${columns} from blog_posts where ${folded} like $1 order by created_at desc, id desc limit 10`,
    params: ["%iluminacion%"],
  },
];
