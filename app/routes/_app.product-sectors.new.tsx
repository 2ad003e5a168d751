import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { TaxonomyDialogErrorBoundary, TaxonomyEditRoute } from "~/modules/catalog/simple-taxonomy-dialogs";
import { taxonomyNewLoader, taxonomySaveAction } from "~/web/catalog/simple-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Nuevo sector" }];

export const loader = ({ request }: LoaderFunctionArgs) => taxonomyNewLoader("sectors", request);

export const action = ({ request, params }: ActionFunctionArgs) => taxonomySaveAction("sectors", request, params, "create");

export default function NewSector() {
  return <TaxonomyEditRoute kind="sectors" />;
}

export function ErrorBoundary() {
  return <TaxonomyDialogErrorBoundary kind="sectors" />;
}
