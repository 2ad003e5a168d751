import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { can } from "~/lib/access";
import { useAppUser } from "~/lib/use-app-user";
import { CatalogDialog, CatalogDialogErrorBoundary } from "~/modules/content/catalog-dialogs";
import { catalogFormAction, catalogItemLoader } from "~/modules/content/catalogs.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Catálogo ${data.catalog.id}` : "Catálogo" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => catalogItemLoader(request, params);

export const action = ({ request, params }: ActionFunctionArgs) => catalogFormAction(request, params, "update");

export default function EditCatalog() {
  const { catalog, form } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const user = useAppUser();
  return <CatalogDialog key={catalog.id} catalogId={catalog.id} state={posted?.form ?? form} canDelete={can(user, "catalogs.delete")} />;
}

export function ErrorBoundary() {
  return <CatalogDialogErrorBoundary />;
}
