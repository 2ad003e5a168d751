import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TreeDialogErrorBoundary, TreeEditRoute } from "~/modules/catalog/tree-taxonomy-dialogs";
import { forKind } from "~/web/catalog/taxonomy-kind-route";
import { treeItemLoader, treeSaveAction } from "~/web/catalog/tree-taxonomy-route.server";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [{ title: data?.node ? `Categoría ${data.node.id}` : "Categoría" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => treeItemLoader("categories", request, params);

export const action = ({ request, params }: ActionFunctionArgs) => treeSaveAction("categories", request, params);

export default forKind(TreeEditRoute, "categories");

export const ErrorBoundary = forKind(TreeDialogErrorBoundary, "categories");
