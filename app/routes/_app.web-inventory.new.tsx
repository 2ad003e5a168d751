import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { useAppUser } from "~/lib/use-app-user";
import { PRODUCT_TEXTS } from "~/modules/catalog/product-form";
import { ProductDialog } from "~/modules/catalog/product-dialog";
import { productDialogAction, productDialogLoader } from "~/modules/catalog/product-route.server";

export const meta: MetaFunction = () => [{ title: PRODUCT_TEXTS.newTitle }];

export const loader = ({ request }: LoaderFunctionArgs) => productDialogLoader(request, null);

export const action = ({ request }: ActionFunctionArgs) => productDialogAction(request, null);

export default function NewProductRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const user = useAppUser();
  return (
    <>
      <ProductDialog
        draft={answer?.draft ?? loaded.draft}
        stored={null}
        stock={null}
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
