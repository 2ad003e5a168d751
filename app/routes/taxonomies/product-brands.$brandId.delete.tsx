import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TreeDeleteRoute, TreeDialogErrorBoundary } from "~/routes/taxonomies/tree-taxonomy-dialogs";
import { forKind } from "~/routes/taxonomies/taxonomy-kind-route";
import { treeDeleteAction, treeDeleteLoader } from "~/routes/taxonomies/tree-taxonomy-route.server";
import { TREE_TEXTS } from "~/modules/catalog/tree-taxonomy";

export const meta: MetaFunction = () => [{ title: TREE_TEXTS.brands.deleteTitle }];

export const loader = ({ request, params }: LoaderFunctionArgs) => treeDeleteLoader("brands", request, params);

export const action = ({ request, params }: ActionFunctionArgs) => treeDeleteAction("brands", request, params);

export default forKind(TreeDeleteRoute, "brands");

export const ErrorBoundary = forKind(TreeDialogErrorBoundary, "brands");
