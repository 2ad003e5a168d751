import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TreeDeleteRoute, TreeDialogErrorBoundary } from "~/routes/taxonomies/tree-taxonomy-dialogs";
import { forKind } from "~/routes/taxonomies/taxonomy-kind-route";
import { treeDeleteAction, treeDeleteLoader } from "~/routes/taxonomies/tree-taxonomy-route.server";
import { TREE_TEXTS } from "~/modules/catalog/tree-taxonomy";

export const meta: MetaFunction = () => [{ title: TREE_TEXTS.brands.deleteTitle }];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => treeDeleteLoader("brands", request, url, params);

export const action = ({ request, url, params }: ActionFunctionArgs) => treeDeleteAction("brands", request, url, params);

export default forKind(TreeDeleteRoute, "brands");

export const ErrorBoundary = forKind(TreeDialogErrorBoundary, "brands");
