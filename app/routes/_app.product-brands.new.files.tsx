import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { ProductFilesDialog } from "~/modules/catalog/product-files-route";
import { TreeDialogErrorBoundary } from "~/modules/catalog/tree-taxonomy-dialogs";
import { forKind } from "~/web/catalog/taxonomy-kind-route";
import { treeFilesLoader } from "~/web/catalog/tree-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Archivos subidos" }];

export const loader = ({ request }: LoaderFunctionArgs) => treeFilesLoader("brands", request, null);

export default ProductFilesDialog;

export const ErrorBoundary = forKind(TreeDialogErrorBoundary, "brands");
