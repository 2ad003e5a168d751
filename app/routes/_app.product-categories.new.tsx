import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TreeDialogErrorBoundary, TreeEditRoute } from "~/modules/catalog/tree-taxonomy-dialogs";
import { forKind } from "~/web/catalog/taxonomy-kind-route";
import { treeItemLoader, treeSaveAction } from "~/web/catalog/tree-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Nueva categoría" }];

export const loader = ({ request }: LoaderFunctionArgs) => treeItemLoader("categories", request, null);

export const action = ({ request }: ActionFunctionArgs) => treeSaveAction("categories", request, null);

export default forKind(TreeEditRoute, "categories");

export const ErrorBoundary = forKind(TreeDialogErrorBoundary, "categories");
