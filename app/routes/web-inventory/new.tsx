import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { PRODUCT_TEXTS } from "~/modules/catalog/product-texts";
import { ProductRoute } from "~/routes/web-inventory/product-dialog";
import { productDialogAction, productDialogLoader } from "~/routes/web-inventory/product-route.server";

export const meta: MetaFunction = () => [{ title: PRODUCT_TEXTS.newTitle }];

export const loader = ({ request, url }: LoaderFunctionArgs) => productDialogLoader(request, url, null);

export const action = ({ request, url }: ActionFunctionArgs) => productDialogAction(request, url, null);

export default function NewProduct() {
  return <ProductRoute />;
}

export function ErrorBoundary() {
  return (
    <DialogErrorBoundary
      listPath="/web-inventory"
      notFoundTitle="Producto no encontrado"
      notFoundText="El producto no existe o fue eliminado."
    />
  );
}
