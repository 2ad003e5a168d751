import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ProductRoute } from "~/routes/web-inventory/product-dialog";
import { productDialogAction, productDialogLoader, skuFrom } from "~/routes/web-inventory/product-route.server";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data?.stored ? `Producto ${data.stored.id}` : "Producto" },
];

export const loader = ({ request, url, params }: LoaderFunctionArgs) => productDialogLoader(request, url, skuFrom(params));

export const action = ({ request, url, params }: ActionFunctionArgs) => productDialogAction(request, url, skuFrom(params));

export default function EditProduct() {
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
