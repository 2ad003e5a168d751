import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TreeDialogErrorBoundary, TreeEditRoute } from "~/routes/taxonomies/tree-taxonomy-dialogs";
import { forKind } from "~/routes/taxonomies/taxonomy-kind-route";
import { treeItemLoader, treeSaveAction } from "~/routes/taxonomies/tree-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Nueva categoría" }];

export const loader = ({ request, url }: LoaderFunctionArgs) => treeItemLoader("categories", request, url, null);

export const action = ({ request, url }: ActionFunctionArgs) => treeSaveAction("categories", request, url, null);

export default forKind(TreeEditRoute, "categories");

export const ErrorBoundary = forKind(TreeDialogErrorBoundary, "categories");
