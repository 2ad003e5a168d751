import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { requireAccess } from "~/lib/auth/guard.server";
import { COMBO_BASE } from "~/routes/web-inventory/combo-route.server";
import { ProductFilesDialog } from "~/components/catalog/product-files-route";
import { libraryPage } from "~/routes/shared/files/library-route.server";

export const meta: MetaFunction = () => [{ title: "Archivos subidos" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const page = await libraryPage(url, () => "image");
  return { ...page, openerPath: `${COMBO_BASE}/new` };
}

export default function ComboFiles() {
  return <ProductFilesDialog />;
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/web-inventory" notFoundTitle="Archivo no encontrado" notFoundText="El archivo no existe." />;
}
