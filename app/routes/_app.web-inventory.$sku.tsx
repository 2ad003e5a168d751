import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { useAppUser } from "~/lib/use-app-user";
import { ProductDialog } from "~/modules/catalog/product-dialog";
import { productDialogAction, productDialogLoader, skuFrom } from "~/modules/catalog/product-route.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.stored ? `Producto ${data.stored.id}` : "Producto" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => productDialogLoader(request, skuFrom(params));

export const action = ({ request, params }: ActionFunctionArgs) => productDialogAction(request, skuFrom(params));

export default function ProductRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const user = useAppUser();
  return (
    <>
      <ProductDialog
        draft={answer?.draft ?? loaded.draft}
        stored={loaded.stored}
        stock={loaded.stock}
        options={loaded.options}
        fieldErrors={answer?.fieldErrors ?? {}}
        toast={answer?.toast ?? loaded.pickToast}
        ai={answer?.ai ?? null}
        revision={answer?.revision ?? "load"}
        closeTo={loaded.closeTo}
        selfPath={loaded.selfPath}
        user={user}
      />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/web-inventory" notFoundTitle="Producto no encontrado" notFoundText="El producto no existe o fue eliminado." />;
}
