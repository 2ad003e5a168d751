import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { TaxonomyList } from "~/routes/taxonomies/simple-taxonomy-list";
import { taxonomyListLoader } from "~/routes/taxonomies/simple-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Sectores" }];

export const loader = ({ request, url }: LoaderFunctionArgs) => taxonomyListLoader("sectors", request, url);

export default function SectorsList() {
  return <TaxonomyList kind="sectors" data={useLoaderData<typeof loader>()} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
