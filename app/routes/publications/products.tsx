import type { LoaderFunctionArgs } from "react-router";
import { parseQuery, q } from "~/lib/query";
import { requireAccess } from "~/lib/auth/guard.server";
import { searchProducts } from "~/modules/publications/publications.server";

/** GET /publications/products?search=: the dialog's debounced product search (JSON, at most 40). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  const { search } = parseQuery(request, { search: q.search() });
  return { results: await searchProducts(search ?? "") };
}
