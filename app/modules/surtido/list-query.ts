import { parseQuery, q } from "~/lib/query";

/** /surtido's URL: the search (a record number, an article or a location) and the page. */
export const SurtidoListQueryShape = { search: q.search(), page: q.page() };

export function parseSurtidoListQuery(source: URL | URLSearchParams) {
  return parseQuery(source, SurtidoListQueryShape);
}
