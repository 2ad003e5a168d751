import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { requireFeature } from "~/lib/auth/guard.server";
import { ProductFilesDialog } from "~/components/catalog/product-files-route";
import { skuFrom } from "~/routes/web-inventory/product-route.server";
import { libraryPage } from "~/routes/shared/files/library-route.server";

export const meta: MetaFunction = () => [{ title: "Archivos subidos" }];

export async function loader({ request, url, params }: LoaderFunctionArgs) {
  await requireFeature(request, url, "products.edit", "/web-inventory");
  void skuFrom(params);
  const page = await libraryPage(url, (target) => (target === "sheet" ? "pdf" : "image"));
  return { ...page, openerPath: `/web-inventory/${encodeURIComponent(skuFrom(params))}` };
}

export default function ProductFiles() {
  return <ProductFilesDialog />;
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/web-inventory" notFoundTitle="Archivo no encontrado" notFoundText="El archivo no existe." />;
}
