import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CatalogDialog, CatalogDialogErrorBoundary } from "~/modules/content/catalog-dialogs";
import { catalogFormAction, catalogNewLoader } from "~/modules/content/catalogs.server";

export const meta: MetaFunction = () => [{ title: "Nuevo catálogo" }];

export const loader = ({ request }: LoaderFunctionArgs) => catalogNewLoader(request);

export const action = ({ request, params }: ActionFunctionArgs) => catalogFormAction(request, params, "create");

export default function NewCatalog() {
  const { form } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  return <CatalogDialog catalogId={null} state={posted?.form ?? form} canDelete={false} />;
}

export function ErrorBoundary() {
  return <CatalogDialogErrorBoundary />;
}
