import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { TaxonomyList } from "~/routes/taxonomies/simple-taxonomy-list";
import { taxonomyListLoader } from "~/routes/taxonomies/simple-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Aplicaciones" }];

export const loader = ({ request, url }: LoaderFunctionArgs) => taxonomyListLoader("applications", request, url);

export default function ApplicationsList() {
  return <TaxonomyList kind="applications" data={useLoaderData<typeof loader>()} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
