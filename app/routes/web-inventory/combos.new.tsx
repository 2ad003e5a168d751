import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { ComboRoute } from "~/routes/web-inventory/combo-dialog";
import { COMBO_DIALOG_TEXTS } from "~/modules/catalog/combo-lines";
import { comboDialogAction, comboDialogLoader } from "~/routes/web-inventory/combo-route.server";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data?.comboId ? COMBO_DIALOG_TEXTS.title(data.comboId) : COMBO_DIALOG_TEXTS.newTitle },
];

export const loader = ({ request, url }: LoaderFunctionArgs) => comboDialogLoader(request, url, null);

export const action = ({ request, url }: ActionFunctionArgs) => comboDialogAction(request, url, null);

export default function NewCombo() {
  return <ComboRoute />;
}

export function ErrorBoundary() {
  return (
    <DialogErrorBoundary listPath="/web-inventory" notFoundTitle="Publicación no encontrada" notFoundText={COMBO_DIALOG_TEXTS.notFound} />
  );
}
