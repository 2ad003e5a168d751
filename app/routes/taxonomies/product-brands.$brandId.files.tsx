import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { ProductFilesDialog } from "~/components/catalog/product-files-route";
import { TreeDialogErrorBoundary } from "~/routes/taxonomies/tree-taxonomy-dialogs";
import { forKind } from "~/routes/taxonomies/taxonomy-kind-route";
import { treeFilesLoader } from "~/routes/taxonomies/tree-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Archivos subidos" }];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => treeFilesLoader("brands", request, url, params);

export default ProductFilesDialog;

export const ErrorBoundary = forKind(TreeDialogErrorBoundary, "brands");
