import { parseBlogListQuery } from "../../app/modules/blogs/blog-posts";
import { blogPostsPageQuery } from "../../app/modules/blogs/blog-posts.server";
import { builtLine, mock } from "./built";
import { queryOf, type BenchList } from "./types";

/**
 * /blog-posts (app/modules/blogs/blog-posts.server.ts): the URL goes through the loader's parser and
 * page builder; one statement, newest first, 10 a page, the total as a window. The bench seed holds
 * 5 000 posts (server/db/seed/bench/blogs.ts).
 */
const line = (shape: Record<string, string | number | undefined>) => {
  const query = queryOf(shape);
  return builtLine("/blog-posts", query, blogPostsPageQuery(mock, parseBlogListQuery(new URLSearchParams(query))));
};

export const BLOG_LISTS: BenchList[] = [
  line({}),
  line({ page: 40 }),
  // One bench post in eight is titled "Iluminación LED …": the search matches 626 of 5 007 (checked on the bench database).
  line({ search: "iluminacion" }),
  // A chosen column: title and publication date have no index of their own (a few thousand posts).
  line({ sortName: "title", sortValue: "asc" }),
  line({ sortName: "publishAt", sortValue: "desc", page: 40 }),
];
