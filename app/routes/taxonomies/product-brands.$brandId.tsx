import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { TreeDialogErrorBoundary, TreeEditRoute } from "~/routes/taxonomies/tree-taxonomy-dialogs";
import { forKind } from "~/routes/taxonomies/taxonomy-kind-route";
import { treeItemLoader, treeSaveAction } from "~/routes/taxonomies/tree-taxonomy-route.server";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [{ title: data?.node ? `Marca ${data.node.id}` : "Marca" }];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => treeItemLoader("brands", request, url, params);

export const action = ({ request, url, params }: ActionFunctionArgs) => treeSaveAction("brands", request, url, params);

export default forKind(TreeEditRoute, "brands");

export const ErrorBoundary = forKind(TreeDialogErrorBoundary, "brands");
