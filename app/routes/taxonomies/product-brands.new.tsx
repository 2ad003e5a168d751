import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TreeDialogErrorBoundary, TreeEditRoute } from "~/routes/taxonomies/tree-taxonomy-dialogs";
import { forKind } from "~/routes/taxonomies/taxonomy-kind-route";
import { treeItemLoader, treeSaveAction } from "~/routes/taxonomies/tree-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Nueva marca" }];

export const loader = ({ request, url }: LoaderFunctionArgs) => treeItemLoader("brands", request, url, null);

export const action = ({ request, url }: ActionFunctionArgs) => treeSaveAction("brands", request, url, null);

export default forKind(TreeEditRoute, "brands");

export const ErrorBoundary = forKind(TreeDialogErrorBoundary, "brands");
