import type { LoaderFunctionArgs } from "react-router";
import { parseQuery, q } from "~/lib/query";
import { requireAccess } from "~/lib/auth/guard.server";
import { searchProducts } from "~/modules/publications/publications.server";

/** GET /publications/products?search=: the dialog's debounced product search (JSON, at most 40). */
export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const { search } = parseQuery(url, { search: q.search() });
  return { results: await searchProducts(search ?? "") };
}
