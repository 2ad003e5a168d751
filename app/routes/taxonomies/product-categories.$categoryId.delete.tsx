import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TreeDeleteRoute, TreeDialogErrorBoundary } from "~/routes/taxonomies/tree-taxonomy-dialogs";
import { forKind } from "~/routes/taxonomies/taxonomy-kind-route";
import { treeDeleteAction, treeDeleteLoader } from "~/routes/taxonomies/tree-taxonomy-route.server";
import { TREE_TEXTS } from "~/modules/catalog/tree-taxonomy";

export const meta: MetaFunction = () => [{ title: TREE_TEXTS.categories.deleteTitle }];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => treeDeleteLoader("categories", request, url, params);

export const action = ({ request, url, params }: ActionFunctionArgs) => treeDeleteAction("categories", request, url, params);

export default forKind(TreeDeleteRoute, "categories");

export const ErrorBoundary = forKind(TreeDialogErrorBoundary, "categories");
