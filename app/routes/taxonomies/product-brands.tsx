import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { TreeList } from "~/routes/taxonomies/tree-taxonomy-list";
import { treeListLoader } from "~/routes/taxonomies/tree-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Marcas" }];

export const loader = ({ request, url }: LoaderFunctionArgs) => treeListLoader("brands", request, url);

export default function BrandList() {
  return <TreeList kind="brands" data={useLoaderData<typeof loader>()} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
