import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { useAppUser } from "~/lib/use-app-user";
import { ComboDialog } from "~/modules/catalog/combo-dialog";
import { COMBO_DIALOG_TEXTS } from "~/modules/catalog/combo-form";
import { comboDialogAction, comboDialogLoader, comboIdFrom } from "~/modules/catalog/combo-route.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.comboId ? COMBO_DIALOG_TEXTS.title(data.comboId) : COMBO_DIALOG_TEXTS.newTitle }];

export const loader = ({ request, params }: LoaderFunctionArgs) => comboDialogLoader(request, comboIdFrom(params));

export const action = ({ request, params }: ActionFunctionArgs) => comboDialogAction(request, comboIdFrom(params));

export default function EditCombo() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const user = useAppUser();
  return (
    <>
      <ComboDialog view={answer ?? loaded.view} comboId={loaded.comboId} options={loaded.options} closeTo={loaded.closeTo} selfPath={loaded.selfPath} user={user} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath="/web-inventory" notFoundTitle="Publicación no encontrada" notFoundText={COMBO_DIALOG_TEXTS.notFound} />;
}
